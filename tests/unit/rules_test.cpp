// The rules of RULES.md sections 3, 4 and 6 on hand-built positions (section 5, Ordo X, is in
// rules_ordox_test.cpp), each drawn as a board (rank 8 at the top; W white, B black, . empty)
// above its FEN, with the exact set of legal tokens or the presence and absence of specific
// ones, and the game status. Ends with random-play properties.
#include <doctest/doctest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "connectivity.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "rules_checks.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;
using namespace ordo::testing::rules;

TEST_SUITE("rules") {

// ---------------------------------------------------------------- section 3: singletons

TEST_CASE("a singleton slides forward and sideways any distance but never backward") {
  // 8 B . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . W . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "B9/10/10/10/4W5/10/10/10 w 0 1";
  const std::vector<std::string> all = {
      "e4e5", "e4e6", "e4e7", "e4e8",                  // forward; e8 reaches the target row
      "e4f5", "e4g6", "e4h7", "e4i8",                  // forward right
      "e4d5", "e4c6", "e4b7", "e4a8",                  // forward left, a8 captures
      "e4f4", "e4g4", "e4h4", "e4i4", "e4j4",          // sideways
      "e4d4", "e4c4", "e4b4", "e4a4"};
  check_tokens(fen, CLASSIC, all);
  // Ordo X: the same parts; the sideways ones now open a two-part turn.
  const auto x = tokens_of(fen, ORDOX);
  CHECK(joined(first_parts(x)) == joined(sorted(all)));
  CHECK(joined(continuations(x, "e4a4")) == "a4a5 a4a6 a4a7 a4a8 a4b5 a4c6 a4d7 a4e8");
  check_has(x, {"e4e5", "e4a8", "e4j4,j4j8"}, {"e4j4", "e4e3", "e4d3", "e4f3", "e4a4,a4b4"});
}

TEST_CASE("own pieces block a singleton") {
  // e4 cannot pass its own f5 to g6 (which would touch f5): pieces never jump.
  // 8 B . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . W . . . .
  // 4 . . . . W . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("B9/10/10/5W4/4W5/10/10/10 w 0 1", CLASSIC, {"e4e5", "e4e6", "e4f4", "e4g4", "f5e5", "f5d5"});
}

TEST_CASE("a singleton captures forward and sideways and never backward") {
  // White d4 takes the first enemy piece of each forward or sideways ray; c3 e3 and d2 behind it
  // are safe.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B . B . B . . . .
  // 5 . . . . . . . . . .
  // 4 B . . W . . B . . .
  // 3 . . B . B . . . . .
  // 2 . . . B . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "10/10/1B1B1B4/10/B2W2B3/2B1B5/3B6/10 w 0 1";
  const std::vector<std::string> expected = {"d4d5", "d4d6", "d4e5", "d4f6", "d4c5", "d4b6",
                                             "d4e4", "d4f4", "d4g4", "d4c4", "d4b4", "d4a4"};
  check_tokens(fen, CLASSIC, expected);
  CHECK(joined(first_parts(tokens_of(fen, ORDOX))) == joined(sorted(expected)));

  // The same for Black, whose forward is toward rank 1.
  // 8 . . . . . . . . . .
  // 7 . . . W . . . . . .
  // 6 . . W . W . . . . .
  // 5 W . . B . . W . . .
  // 4 . . . . . . . . . .
  // 3 . W . W . W . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("10/3W6/2W1W5/W2B2W3/10/1W1W1W4/10/10 b 0 1", CLASSIC,
               {"d5d4", "d5d3", "d5e4", "d5f3", "d5c4", "d5b3", "d5e5", "d5f5", "d5g5", "d5c5", "d5b5", "d5a5"});
}

TEST_CASE("taking the last enemy piece wins") {
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . B . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . W . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/10/4B5/10/4W5/10/10 w 0 1", CLASSIC);
  const Position after = play(pos, "e3e5");
  CHECK(after.pieces(WHITE) == squares({E5}));
  CHECK(after.pieces(BLACK).empty());
  check_won(after, WHITE, WinReason::NoPieces);
}

// ---------------------------------------------------------------- section 3-5: ordos

TEST_CASE("classic: a horizontal ordo moves straight forward only") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W W . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("9B/10/10/10/2WW6/10/10/10 w 0 1", CLASSIC,
               {"c4d4c5", "c4d4c6", "c4d4c7", "c4d4c8",  // the ordo: straight forward only
                "c4c5", "c4d5", "d4d5", "d4c5"});        // singletons that keep the pair touching
}

TEST_CASE("classic: a vertical ordo moves sideways only") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("9B/10/10/10/3W6/3W6/10/10 w 0 1", CLASSIC,
               {"d3d4a3", "d3d4b3", "d3d4c3", "d3d4e3", "d3d4f3", "d3d4g3", "d3d4h3", "d3d4i3", "d3d4j3",
                "d3c3", "d3c4", "d3e3", "d3e4", "d4c4", "d4e4"});
}

TEST_CASE("Ordo X: a horizontal ordo moves in five directions") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W W . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const auto x = tokens_of("9B/10/10/10/2WW6/10/10/10 w 0 1", ORDOX);
  CHECK(joined(first_parts(x)) ==
        joined(sorted({"c4d4c5", "c4d4c6", "c4d4c7", "c4d4c8",                                // forward
                       "c4d4d5", "c4d4e6", "c4d4f7", "c4d4g8", "c4d4b5", "c4d4a6",            // diagonally forward
                       "c4d4d4", "c4d4e4", "c4d4f4", "c4d4g4", "c4d4h4", "c4d4i4",            // right, single file
                       "c4d4b4", "c4d4a4",                                                    // left, single file
                       "c4c5", "c4d5", "d4d5", "d4c5"})));
  // After the single-file step c4d4d4 (now d4 e4) every forward part of the new pair may follow.
  CHECK(joined(continuations(x, "c4d4d4")) ==
        joined(sorted({"d4e4d5", "d4e4d6", "d4e4d7", "d4e4d8", "d4e4e5", "d4e4f6", "d4e4g7", "d4e4h8",
                       "d4e4c5", "d4e4b6", "d4e4a7", "d4d5", "d4e5", "e4e5", "e4d5"})));
  check_has(x, {}, {"c4d4d4", "c4d4c3", "c4d4d3"});  // never alone, never backward
}

TEST_CASE("Ordo X: a vertical ordo moves in five directions") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const auto x = tokens_of("9B/10/10/10/3W6/3W6/10/10 w 0 1", ORDOX);
  CHECK(joined(first_parts(x)) ==
        joined(sorted({"d3d4d4", "d3d4d5", "d3d4d6", "d3d4d7",                              // forward, single file
                       "d3d4e4", "d3d4f5", "d3d4g6", "d3d4h7", "d3d4c4", "d3d4b5", "d3d4a6",  // diagonally forward
                       "d3d4e3", "d3d4f3", "d3d4g3", "d3d4h3", "d3d4i3", "d3d4j3",          // sideways
                       "d3d4c3", "d3d4b3", "d3d4a3",
                       "d3c4", "d3e4", "d3c3", "d3e3", "d4c4", "d4e4"})));
  check_has(x, {"d3d4d4", "d3d4d7", "d4c4,d3d5", "d3d4a3,a3a4a7"}, {"d3d4d8", "d3d4d3", "d3d4d2"});
}

TEST_CASE("Ordo X: a single-file step over the ordo's own vacated square") {
  // d3-e3 one step right is written d3e3e3: end d3 lands on e3, which e3 has just left.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W W . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("9B/10/10/10/10/3WW5/10/10 w 0 1", ORDOX);
  const auto x = tokens_of(pos);
  CHECK(joined(first_parts(x)) ==
        joined(sorted({"d3e3d4", "d3e3d5", "d3e3d6", "d3e3d7", "d3e3d8", "d3e3e4", "d3e3f5", "d3e3g6",
                       "d3e3h7", "d3e3c4", "d3e3b5", "d3e3a6", "d3e3e3", "d3e3f3", "d3e3g3", "d3e3h3",
                       "d3e3i3", "d3e3c3", "d3e3b3", "d3e3a3", "d3d4", "d3e4", "e3e4", "e3d4"})));
  const Position after = play(pos, "d3e3e3,e3f3e4");
  CHECK(after.pieces(WHITE) == squares({E4, F4}));
  CHECK(after.side_to_move() == BLACK);
}

TEST_CASE("ordos never capture") {
  // Classic: c4-d4 stops below d6; Ordo X: c4-d4 also stops before f4 moving right.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . B . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W W . B . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string h = "10/10/3B6/10/2WW1B4/10/10/10 w 0 1";
  check_tokens(h, CLASSIC, {"c4d4c5", "c4c5", "c4d5", "d4c5", "d4d5"});
  check_has(first_parts(tokens_of(h, ORDOX)), {"c4d4c5", "c4d4d4", "c4d4g8"}, {"c4d4c6", "c4d4c7", "c4d4e4", "c4d4f4"});
  // Classic: d3-d4 stops beside f4; Ordo X: d3-d4 also stops below d6 moving forward.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . B . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . B . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string v = "10/10/3B6/10/3W1B4/3W6/10/10 w 0 1";
  check_tokens(v, CLASSIC, {"d3d4e3", "d3d4c3", "d3d4b3", "d3d4a3", "d3c3", "d3c4", "d3e3", "d3e4", "d4c4", "d4e4"});
  check_has(first_parts(tokens_of(v, ORDOX)), {"d3d4d4", "d3d4e3", "d3d4e4"}, {"d3d4d5", "d3d4d6", "d3d4f3", "d3d4g3"});
}

TEST_CASE("every sub-run of a longer line is an ordo") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . W W W W . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "9B/10/10/10/10/2WWWW4/10/10 w 0 1";
  check_tokens(fen, CLASSIC,
               {"c3d3c4", "d3e3d4", "e3f3e4", "c3e3c4", "d3f3d4",             // the sub-runs, one step
                "c3f3c4", "c3f3c5", "c3f3c6", "c3f3c7", "c3f3c8",             // the whole line
                "c3c4", "c3d4", "d3d4", "e3e4", "f3f4", "f3e4"});
  // Ordo X: the sub-runs also move diagonally; the whole line also sideways.
  check_has(first_parts(tokens_of(fen, ORDOX)),
            {"c3d3d4", "c3e3d4", "d3f3c4", "e3f3d4", "c3f3a3", "c3f3g3", "c3f3a5", "c3f3g7"},
            {"c3d3b3", "e3f3g3", "c3f3h3", "c3d3c5"});
}

// ---------------------------------------------------------------- section 3: connection

TEST_CASE("only the final squares count for the connection rule") {
  // d3 may slide to f3, g3 or h3 (touching g4) and to f5 (touching e6 f6 g4 g5 g6) although e3
  // and e4 on the way touch nothing; it may not stop on e3, e4 or i3.
  // 8 B . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . W W W W W . . .
  // 5 . . W . . . W . . .
  // 4 . . W . . . W . . .
  // 3 . . W W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const auto tokens = tokens_of("B9/10/2WWWWW3/2W3W3/2W3W3/2WW6/10/10 w 0 1", CLASSIC);
  check_has(tokens, {"d3f3", "d3g3", "d3h3", "d3f5", "d3d4", "d3d5"}, {"d3e3", "d3e4", "d3i3", "d3j3", "d3g6"});
  CHECK(tokens.size() == 41);
}

TEST_CASE("a winning move must keep the side connected") {
  // d6-d8 wins (d8 touches e7); e7-e8, e7-d8 and e7-f8 would leave d6 alone.
  // 8 . . . . . . . . . .
  // 7 . . . . W . . . . .
  // 6 . . . W . . . . . .
  // 5 B . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "10/4W5/3W6/B9/10/10/10/10 w 0 1";
  check_tokens(fen, CLASSIC, {"d6d7", "d6d8", "d6e6", "d6f6", "e7d7", "e7c7"});
  const auto x = tokens_of(fen, ORDOX);
  CHECK(joined(first_parts(x)) == "d6d7 d6d8 d6e6 d6f6 e7c7 e7d7");
  check_has(x, {"d6f6,f6f8", "e7c7,d6d8"}, {"e7e8", "e7d8", "e7f8", "d6e6,e6e8"});
  for (Variant v : {CLASSIC, ORDOX}) {
    const Position pos = pos_of(fen, v);
    check_ongoing(pos);
    check_won(play(pos, "d6d8"), WHITE, WinReason::TargetRow);
  }
}

// ---------------------------------------------------------------- section 4: classic reconnection

TEST_CASE("classic: a split side must reconnect and may move singletons backward") {
  // White is split (c4 | e2). Only d3 joins them: c4 reaches it backward, e2 forward.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W . . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . W . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("9B/10/10/10/2W7/10/4W5/10 w 0 1", CLASSIC, {"c4d3", "e2d3"});
  // Connected, c4-d4 has no backward move, although c3 or d3 would touch the other piece.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W W . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_has(tokens_of("9B/10/10/10/2WW6/10/10/10 w 0 1", CLASSIC), {"c4c5", "d4d5"},
            {"c4c3", "c4d3", "d4d3", "d4c3", "c4d4c3"});
}

TEST_CASE("classic: a split side may move a horizontal ordo straight backward") {
  // c4-d4 | e2: the ordo steps back 1, 2 or 3 ranks (d3, d2, d1 touch e2); it may not go forward.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W W . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . W . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("9B/10/10/10/2WW6/10/4W5/10 w 0 1", CLASSIC,
               {"c4d4c3", "c4d4c2", "c4d4c1", "c4d3", "d4d3", "e2d3", "e2e3", "e2e4", "e2e5"});
}

TEST_CASE("classic: a split side may capture backward to reconnect") {
  // c5 | e2: c5 takes e3 diagonally backward (e3 touches e2); e2 reconnects forward.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . W . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . B . . . . .
  // 2 . . . . W . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("9B/10/10/2W7/10/4B5/4W5/10 w 0 1", CLASSIC);
  check_tokens(to_fen(pos), CLASSIC, {"c5e3", "e2c4", "e2b5"});
  const Position after = play(pos, "c5e3");
  CHECK(after.pieces(WHITE) == squares({E2, E3}));
  CHECK(after.pieces(BLACK) == squares({J8}));
  check_ongoing(after);
}

TEST_CASE("classic: a split side that cannot reconnect has no legal move and loses") {
  // a4 and j4 can only capture the pieces around them, and no capture joins them.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 B B . . . . . . B B
  // 4 W B . . . . . . B W
  // 3 B B . . . . . . B B
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/10/BB6BB/WB6BW/BB6BB/10/10 w 0 1", CLASSIC);
  check_tokens(to_fen(pos), CLASSIC, {});
  check_won(pos, BLACK, WinReason::NoLegalMove);
  check_won(pos.colour_flipped(), WHITE, WinReason::NoLegalMove);
  // Not in Ordo X's rules either: there a split side also needs a connecting part.
  check_won(pos_of(to_fen(pos), ORDOX), BLACK, WinReason::NoLegalMove);
}

TEST_CASE("classic: a capture may split the victim who must then reconnect") {
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . B . B . . . . .
  // 5 . . . B . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/2B1B5/3B6/10/3W6/10/10 w 0 1", CLASSIC);
  const Position after = play(pos, "d3d5");
  CHECK(after.pieces(BLACK) == squares({C6, E6}));  // no removal in classic
  // Black (c6 | e6) must reconnect: onto d5 (taking White's piece), d6, or backward onto d7.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . B . B . . . . .
  // 5 . . . W . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  CHECK(to_fen(after) == "10/10/2B1B5/3W6/10/10/10/10 b 0 1");
  check_tokens(to_fen(after), CLASSIC, {"c6d5", "c6d6", "c6d7", "e6d5", "e6d6", "e6d7"});
  check_won(play(after, "c6d5"), BLACK, WinReason::NoPieces);
}

// ---------------------------------------------------------------- section 6: end of the game

TEST_CASE("finished positions have no legal turns") {
  struct Case {
    const char* fen;
    Color winner;
    WinReason reason;
  };
  const Case cases[] = {
      // 8 . . . W . . . . . .
      // 7 . . . . . . . . . .
      // 6 . . . . . . . . . .
      // 5 . . . B . . . . . .
      // 4 . . . B . . . . . .
      // 3 . . . . . . . . . .
      // 2 . . . . . . . . . .
      // 1 . . . . . . . . . .
      //   a b c d e f g h i j
      {"3W6/10/10/3B6/3B6/10/10/10 b 0 1", WHITE, WinReason::TargetRow},
      // White to move, but Black already stands on rank 1.
      // 8 . . . . . . . . . .
      // 7 . . . . . . . . . .
      // 6 . . . . . . . . . .
      // 5 . . . W . . . . . .
      // 4 . . . W . . . . . .
      // 3 . . . . . . . . . .
      // 2 . . . . . . . . . .
      // 1 . . . . . B . . . .
      //   a b c d e f g h i j
      {"10/10/10/3W6/3W6/10/10/5B4 w 0 1", BLACK, WinReason::TargetRow},
      {"10/10/10/3W6/3W6/10/10/10 b 0 1", WHITE, WinReason::NoPieces},
      {"10/10/10/3B6/3B6/10/10/10 w 0 1", BLACK, WinReason::NoPieces},
      {"10/10/10/3B6/3B6/10/10/10 b 0 1", BLACK, WinReason::NoPieces},
  };
  for (const Case& c : cases)
    for (Variant v : {CLASSIC, ORDOX}) check_won(pos_of(c.fen, v), c.winner, c.reason);
}

TEST_CASE("the game ends after the move that reaches the target row") {
  // Classic: Black's c2-c1 ends it. Ordo X: Black's sideways d2-c2 must be followed by a forward
  // part, and c2-c1 then ends it.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . . . W . . .
  // 2 . . . B . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "10/10/10/10/10/6W3/3B6/10 b 0 1";
  check_won(play(pos_of(fen, CLASSIC), "d2d1"), BLACK, WinReason::TargetRow);
  check_won(play(pos_of(fen, ORDOX), "d2c2,c2c1"), BLACK, WinReason::TargetRow);
  check_ongoing(pos_of(fen, ORDOX));
}

// ---------------------------------------------------------------- counters

TEST_CASE("quiet-ply and fullmove counters") {
  Position pos = Position::start(CLASSIC);
  pos = play(pos, "b3c3");  // sideways
  CHECK(pos.quiet_plies() == 1);
  CHECK(pos.fullmove() == 1);
  pos = play(pos, "b6c6");  // sideways
  CHECK(pos.quiet_plies() == 2);
  CHECK(pos.fullmove() == 2);
  pos = play(pos, "e3e4");  // forward
  CHECK(pos.quiet_plies() == 0);
  CHECK(pos.fullmove() == 2);
  // A capture resets the counter too, even a sideways one.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . B . . . . .
  // 4 . . . W B . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position cap = pos_of("10/10/10/4B5/3WB5/3W6/10/10 w 5 9", CLASSIC);
  const Position taken = play(cap, "d4e4");
  CHECK(taken.quiet_plies() == 0);
  CHECK(taken.fullmove() == 9);
  CHECK(play(taken, "e5d5").fullmove() == 10);
  CHECK(play(taken, "e5d5").quiet_plies() == 1);
  // Ordo X: every complete turn ends with a forward part, or with a capture.
  Position x = Position::start(ORDOX);
  x = play(x, "a3b3b3,b3b4");
  CHECK(x.quiet_plies() == 0);
  CHECK(x.fullmove() == 1);
}

// ---------------------------------------------------------------- properties of random play

TEST_CASE("random play: who may be split and what a capture takes") {
  // Thousands of turns per variant. The side that moved is always connected; the side to move is
  // never split in Ordo X, and in classic only right after a capture (which takes one piece and
  // keeps all others). Ordo X captures leave the victim connected. Classic split sides only
  // have reconnecting moves.
  for (Variant v : {CLASSIC, ORDOX}) {
    Rng rng(v == CLASSIC ? 31 : 32);
    const Position start = Position::start(v);
    Position pos = start;
    int split_seen = 0, captures = 0;
    for (int i = 0; i < (v == CLASSIC ? 4000 : 1500); ++i) {
      const auto turns = legal_turns(pos);
      if (turns.empty()) {
        pos = start;
        continue;
      }
      const Turn t = turns[rng.below(turns.size())];
      const Position next = pos.after(t);
      const Color us = pos.side_to_move(), them = ~us;
      INFO(to_fen(pos) << " " << format_turn(t));
      CHECK(is_connected(next.pieces(us)));
      CHECK(next.pieces(us).count() == pos.pieces(us).count());
      const bool captured = next.pieces(them) != pos.pieces(them);
      captures += captured;
      if (v == ORDOX) {
        CHECK(is_connected(next.pieces(them)));
      } else {
        if (captured) CHECK(next.pieces(them).count() == pos.pieces(them).count() - 1);
        if (!is_connected(next.pieces(them))) {
          CHECK(captured);
          ++split_seen;
          for (const Turn& r : legal_turns(next)) CHECK(is_connected(next.after(r).pieces(them)));
        }
      }
      pos = next;
    }
    CHECK(captures > 50);
    if (v == CLASSIC) CHECK(split_seen > 10);
  }
}

}  // TEST_SUITE
