// The rules of RULES.md section 5 (Ordo X) on hand-built positions, drawn and checked as in
// rules_test.cpp: split captures and ties, the sideways part and the forward part it owes, and
// split sides.
#include <doctest/doctest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "rules_checks.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;
using namespace ordo::testing::rules;

TEST_SUITE("rules") {

// ---------------------------------------------------------------- section 5: Ordo X

TEST_CASE("Ordo X: no backward moves even for a split side") {
  // The classic reconnection c4d3 does not exist; e2d3 (forward) is the only turn.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . W . . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . W . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_tokens("9B/10/10/10/2W7/10/4W5/10 w 0 1", ORDOX, {"e2d3"});
}

TEST_CASE("Ordo X: a capture removes the enemy groups smaller than the largest") {
  // e3 takes e5: b6 c6 d6 (3) stay, f4 (1) goes. e3 takes f4: Black stays connected.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B B . . . . . .
  // 5 . . . . B . . . . .
  // 4 . . . . . B . . . .
  // 3 . . . . W . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/1BBB6/4B5/5B4/4W5/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  check_has(tokens, {"e3e5", "e3f4", "e3e4", "e3a3,a3d6=b6", "e3a3,a3d6=f4"}, {"e3e5=b6", "e3e6"});
  CHECK(play(pos, "e3e5").pieces(BLACK) == squares({B6, C6, D6}));
  CHECK(play(pos, "e3f4").pieces(BLACK) == squares({B6, C6, D6, E5}));
  // In classic the same capture removes only e5.
  CHECK(play(pos_of(to_fen(pos), CLASSIC), "e3e5").pieces(BLACK) == squares({B6, C6, D6, F4}));
}

TEST_CASE("Ordo X: tied largest groups give one move per group that stays") {
  // d3 takes d5: b6 c6 and e6 f6 tie; the capturer picks the survivor, named by its lowest square.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B . B B . . . .
  // 5 . . . B . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/1BB1BB4/3B6/10/3W6/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  check_has(tokens, {"d3d5=b6", "d3d5=e6", "d3f3,f3d5=b6", "d3f3,f3d5=e6", "d3b3,b3d5=e6"},
            {"d3d5", "d3d5=c6", "d3d5=f6", "d3f3,f3d5"});
  CHECK(play(pos, "d3d5=b6").pieces(BLACK) == squares({B6, C6}));
  CHECK(play(pos, "d3d5=e6").pieces(BLACK) == squares({E6, F6}));
  check_consistent(pos);
}

TEST_CASE("Ordo X: a four-way tie gives four moves") {
  // d3 takes d5 and leaves c4, e4, c6, e6 alone: any one of them may stay.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . B . B . . . . .
  // 5 . . . B . . . . . .
  // 4 . . B . B . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/2B1B5/3B6/2B1B5/3W6/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  std::vector<std::string> captures_on_d5;
  for (const auto& t : tokens)
    if (t.rfind("d3d5", 0) == 0) captures_on_d5.push_back(t);
  CHECK(joined(captures_on_d5) == "d3d5=c4 d3d5=c6 d3d5=e4 d3d5=e6");
  CHECK(play(pos, "d3d5=e4").pieces(BLACK) == squares({E4}));
  // Taking c4 or e4 leaves Black connected through d5: no choice.
  check_has(tokens, {"d3c4", "d3e4"}, {"d3c4=e4"});
}

TEST_CASE("Ordo X: a smaller group goes also when the largest groups tie") {
  // d3 takes d5: b6 c6 (2), e6 f6 (2), c4 (1). Two choices; c4 goes either way.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B . B B . . . .
  // 5 . . . B . . . . . .
  // 4 . . B . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/1BB1BB4/3B6/2B7/3W6/10/10 w 0 1", ORDOX);
  check_has(tokens_of(pos), {"d3d5=b6", "d3d5=e6"}, {"d3d5", "d3d5=c4"});
  CHECK(play(pos, "d3d5=b6").pieces(BLACK) == squares({B6, C6}));
}

TEST_CASE("Ordo X: a capture against an already split side removes its smaller groups") {
  // Black is already split: a7 b7 | e7 f7 | i6. i3 takes i6: the two pairs tie.
  // i3 takes e7 instead: a7 b7 is the unique largest group; f7 and i6 go.
  // 8 . . . . . . . . . .
  // 7 B B . . B B . . . .
  // 6 . . . . . . . . B .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . . . . . W .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/BB2BB4/8B1/10/10/8W1/10/10 w 0 1", ORDOX);
  check_has(tokens_of(pos), {"i3i6=a7", "i3i6=e7", "i3e7"}, {"i3i6", "i3e7=a7"});
  CHECK(play(pos, "i3i6=a7").pieces(BLACK) == squares({A7, B7}));
  CHECK(play(pos, "i3e7").pieces(BLACK) == squares({A7, B7}));
}

TEST_CASE("Ordo X: a capture against a split side may leave more than four tied groups") {
  // Black is split into six singletons (a FEN may say so, RULES.md section 7). d3 takes d5 and
  // the five singletons on rank 8 tie: five moves, each keeping one of them.
  // (Removing one piece of a connected side leaves at most four groups; an already split side
  // can leave up to 19.)
  // 8 B . B . B . B . B .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . B . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("B1B1B1B1B1/10/10/3B6/10/3W6/10/10 w 0 1", ORDOX);
  std::vector<std::string> captures_on_d5;
  for (const auto& t : tokens_of(pos))
    if (t.rfind("d3d5", 0) == 0) captures_on_d5.push_back(t);
  CHECK(joined(captures_on_d5) == "d3d5=a8 d3d5=c8 d3d5=e8 d3d5=g8 d3d5=i8");
  for (Square keep : {A8, C8, E8, G8, I8}) {
    const Position after = play(pos, "d3d5=" + square_name(keep));
    CHECK(after.pieces(BLACK) == squares({keep}));
    check_ongoing(after);
  }
  check_consistent(pos);
}

TEST_CASE("Ordo X: a sideways part is followed by a forward part of the same or another piece") {
  // d3-e3 sideways; then c3 (another piece) or e3 (the same piece) forward. d4 cannot move
  // forward without leaving c3 and e3 apart.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . W W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("9B/10/10/10/3W6/2WW6/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  CHECK(joined(continuations(tokens, "d3e3")) == "c3c4 c3c5 e3e4 e3e5");
  // An ordo sideways, then a singleton forward.
  check_has(tokens, {"c3d3b3,b3b4", "c3d3b3,c3c4", "c3d3e3,f3f4", "d4e4,c3d3c4"},
            {"d3e3", "c3d3b3", "d3e3,e3f3", "d3e3,d4d5", "d3e3,e3e2"});
  // Every two-part turn is sideways then forward; every one-part turn is forward.
  for (const auto& t : tokens) {
    const Turn turn = *parse_turn(pos, t);
    if (turn.parts() == 2) {
      CHECK(turn.first.delta_rank() == 0);
      CHECK(turn.second.delta_rank() > 0);
    } else {
      CHECK(turn.first.delta_rank() > 0);
    }
  }
  const Position after = play(pos, "d3e3,c3c4");
  CHECK(after.pieces(WHITE) == squares({C4, D4, E3}));
  CHECK(after.side_to_move() == BLACK);
  CHECK_FALSE(after.mid_turn());
}

TEST_CASE("Ordo X: a sideways capture removes groups before the forward part") {
  // b5 takes c5 sideways: d4 e4 f4 stay, c6 goes at once, so c5 may then go forward to c6, c7
  // (passing the removed c6) or c8.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . B . . . . . . .
  // 5 . W B . . . . . . .
  // 4 . . . B B B . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/2B7/1WB7/3BBB4/10/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  CHECK(joined(continuations(tokens, "b5c5")) == "c5a7 c5b6 c5c6 c5c7 c5c8 c5d6 c5e7 c5f8");
  check_has(tokens, {"b5c6"}, {"b5c5"});
  const Position after = play(pos, "b5c5,c5c7");
  CHECK(after.pieces(BLACK) == squares({D4, E4, F4}));
  CHECK(after.pieces(WHITE) == squares({C7}));
  check_won(play(pos, "b5c5,c5c8"), WHITE, WinReason::TargetRow);
}

TEST_CASE("Ordo X: a sideways capture of the last enemy piece is a one-part winning turn") {
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . W B . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/10/1WB7/10/10/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  check_has(tokens, {"b5c5", "b5a5,a5a6", "b5c6"}, {"b5a5"});
  for (const auto& t : tokens) CHECK(t.rfind("b5c5,", 0) != 0);
  const Turn t = *parse_turn(pos, "b5c5");
  CHECK(t.parts() == 1);
  const Position after = pos.after(t);
  CHECK_FALSE(after.mid_turn());
  CHECK(after.side_to_move() == BLACK);
  check_won(after, WHITE, WinReason::NoPieces);
  CHECK_FALSE(parse_turn(pos, "b5c5,c5c6").ok());
}

TEST_CASE("Ordo X: a split side may reconnect only by a sideways part") {
  // a3 | d3: no forward part joins them; the sideways a3-c3 and d3-b3 do (d3-c3 does not), each
  // followed by a forward part.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 W . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("9B/10/10/10/10/W2W6/10/10 w 0 1", ORDOX);
  const auto tokens = tokens_of(pos);
  CHECK(joined(first_parts(tokens)) == "a3c3 d3b3");
  CHECK(joined(continuations(tokens, "a3c3")) ==
        "c3c4 c3d3a5 c3d3b4 c3d3c4 c3d3c5 c3d3c6 c3d3c7 c3d3c8 c3d3d4 c3d3e5 c3d3f6 c3d3g7 c3d3h8 c3d4 d3c4 d3d4");
  check_ongoing(pos);
}

TEST_CASE("Ordo X: a split side with no connecting part has no legal turn and loses") {
  // a3 | d3 with b3 c3 in between: taking b3 or c3 sideways does not join them.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 W B B W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position pos = pos_of("10/10/10/10/10/WBBW6/10/10 w 0 1", ORDOX);
  check_tokens(to_fen(pos), ORDOX, {});
  check_won(pos, BLACK, WinReason::NoLegalMove);
  check_won(pos.colour_flipped(), WHITE, WinReason::NoLegalMove);
  check_won(pos.mirrored(), BLACK, WinReason::NoLegalMove);
}

TEST_CASE("Ordo X: the no-continuation Decision never applies to a connected side") {
  // RULES.md section 5 makes a sideways part illegal when no forward part can follow. After a
  // sideways part the side is connected, and a connected side always has a forward part: this
  // enumerates every connected set of up to 6 pieces in a1-e4 (edge cases included) with every
  // square in front of it taken by Black, which leaves only one-step captures, and asks the
  // generator for forward parts.
  Bitboard region;
  for (int f = 0; f < 5; ++f)
    for (int r = 1; r < 5; ++r) region |= Bitboard::square(make_square(f, r));
  std::vector<Bitboard> layer;
  for (Square s : region) layer.push_back(Bitboard::square(s));
  std::size_t checked = 0;
  for (int size = 1; size <= 6; ++size) {
    for (Bitboard w : layer) {
      const Bitboard black = (shift<N>(w) | shift<NE>(w) | shift<NW>(w)) & ~w;
      const Position pos = Position::from_board(ORDOX, w, black, WHITE, 0, 1);
      MoveList forward;
      generate_forward_parts(pos, forward);
      INFO(to_fen(pos));
      CHECK_FALSE(forward.empty());
      ++checked;
    }
    if (size == 6) break;
    std::vector<Bitboard> next;
    std::unordered_set<u64> seen;
    for (Bitboard w : layer)
      for (Square s : dilate(w) & ~w & region) {
        const Bitboard grown = w | Bitboard::square(s);
        if (seen.insert(grown.lo()).second) next.push_back(grown);  // the region lies in the low 64 bits
      }
    layer.swap(next);
  }
  CHECK(checked > 5000);
}

}  // TEST_SUITE
