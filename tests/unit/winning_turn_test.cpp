// has_winning_turn: whether the side to move can win within its current turn. Checked on drawn
// boards for each way a turn can win, and against the definition (some legal turn ends with the
// mover on its target row or the enemy gone) on many random positions.
#include <doctest/doctest.h>

#include <algorithm>

#include "movegen.hpp"
#include "notation.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

// The definition, by listing every legal turn.
bool wins_by_definition(const Position& pos) {
  const auto turns = legal_turns(pos);
  return std::any_of(turns.begin(), turns.end(),
                     [&](const Turn& t) { return pos.after(t).board_winner() == pos.side_to_move(); });
}

// has_winning_turn against the definition over many positions: the tally, and the first few
// differences reported.
struct Agreement {
  std::size_t positions = 0, winning = 0, failures = 0;
  void check(const Position& pos) {
    const bool expected = wins_by_definition(pos);
    ++positions;
    winning += expected;
    if (has_winning_turn(pos) != expected && ++failures <= 5)
      FAIL_CHECK("has_winning_turn differs in " << to_fen(pos) << " (" << variant_name(pos.variant()) << ")");
  }
};

void check_wins(std::string_view fen, Variant v, bool expected) {
  const Position pos = pos_of(fen, v);
  INFO("FEN " << fen << " (" << variant_name(v) << ")");
  CHECK(has_winning_turn(pos) == expected);
  CHECK(wins_by_definition(pos) == expected);
}

}  // namespace

TEST_SUITE("winning turn") {

TEST_CASE("a singleton onto the target row - next to a piece on the row before it") {
  // 8 . . . . . . . . . B
  // 7 . . W W . . . . . .      c7-c8 keeps c8 next to d7
  check_wins("9B/2WW6/10/10/10/10/10/10 w 0 1", CLASSIC, true);
  check_wins("9B/2WW6/10/10/10/10/10/10 w 0 1", ORDOX, true);
  // A lone leader on rank 7 cannot land without leaving d6 behind; in Ordo X the vertical ordo
  // d6-d7 can step up as a whole.
  check_wins("9B/3W6/3W6/10/10/10/10/10 w 0 1", CLASSIC, false);
  check_wins("9B/3W6/3W6/10/10/10/10/10 w 0 1", ORDOX, true);
}

TEST_CASE("Ordo X: a sideways part that lines up a vertical ordo") {
  // d6-e6 sideways makes e5-e6 a vertical ordo, which then steps two squares to e7-e8: the whole
  // side moved, so nothing is left behind. No single part wins, so classic Ordo has no win.
  // 8 . . . . . . . . . B
  // 6 . . . W . . . . . .
  // 5 . . . . W . . . . .
  check_wins("9B/10/3W6/4W5/10/10/10/10 w 0 1", ORDOX, true);
  check_wins("9B/10/3W6/4W5/10/10/10/10 w 0 1", CLASSIC, false);
  // With b8-g8 taken by Black, no line can land, straight or diagonally two squares (ordos
  // never capture), and nothing else wins.
  check_wins("1BBBBBB3/10/3W6/4W5/10/10/10/10 w 0 1", ORDOX, false);
}

TEST_CASE("a long vertical ordo from far below the target row") {
  // c3-c6 steps two squares to c5-c8 and still touches d4: a win from two rows away. In classic
  // Ordo the ordo may only move sideways.
  // 8 . . . . . . . . . B
  // 6 . . W . . . . . . .
  // 5 . . W . . . . . . .
  // 4 . . W W . . . . . .
  // 3 . . W . . . . . . .
  check_wins("9B/10/2W7/2W7/2WW6/2W7/10/10 w 0 1", ORDOX, true);
  check_wins("9B/10/2W7/2W7/2WW6/2W7/10/10 w 0 1", CLASSIC, false);
  // One piece shorter, c4-c6 would leave d4 behind (and the side is too far for anything else).
  check_wins("9B/10/2W7/2W7/2WW6/10/10/10 w 0 1", ORDOX, false);
}

TEST_CASE("Ordo X: a sideways capture - then the forward part takes the last enemy piece") {
  // b3xc3 sideways leaves d3 alone, and c2xd3 ends the game (c3 keeps b2 and d3 together).
  // 3 . W B B . . . . . .
  // 2 . W W . . . . . . .
  check_wins("10/10/10/10/10/1WBB6/1WW7/10 w 0 1", ORDOX, true);
  // A capture that splits the enemy lets the capturer keep the group it can take next: with j8
  // far away, b3xc3 may keep d3 or j8, so it still wins.
  check_wins("9B/10/10/10/10/1WBB6/1WW7/10 w 0 1", ORDOX, true);
  // i8-j8 is the larger group, so d3 goes with c3 and two pieces remain.
  check_wins("8BB/10/10/10/10/1WBB6/1WW7/10 w 0 1", ORDOX, false);
}

TEST_CASE("finished positions have no winning turn") {
  check_wins("10/2WW6/10/10/10/10/10/10 w 0 1", ORDOX, false);
}

TEST_CASE("agrees with the definition on random positions") {
  // Random play from random clusters of 3..22 pieces a side, and from the start positions.
  Rng rng(0x717);
  for (Variant v : {CLASSIC, ORDOX}) {
    Agreement a;
    for (int i = 0; i < 60; ++i) {
      const int w = 3 + int(rng.below(20)), b = 3 + int(rng.below(20));
      for (const Position& p : random_play(random_clusters(rng, v, w, b), 25, rng)) a.check(p);
    }
    for (const Position& p : random_play(Position::start(v), 500, rng)) a.check(p);
    MESSAGE(variant_name(v) << ": " << a.positions << " positions, " << a.winning << " with a winning turn");
    CHECK(a.failures == 0);
    CHECK(a.winning * 20 > a.positions);  // enough of both answers to mean something
    CHECK(a.winning * 20 < a.positions * 19);
  }
}

TEST_CASE("Ordo X: a horizontal ordo slides sideways to make the vertical run that wins") {
  // e4-f4 slides to c4-d4 (or d4-e4): c2-c5 and d2-d5 become runs of four, and c3-c5 steps up to
  // c6-c8 touching d5. No run that long stands now, and f4 cannot go alone (e4 holds it).
  // 8 . . . . . . . . B B
  // 5 . . W W . . . . . .
  // 4 . . . . W W . . . .
  // 3 . . W W . . . . . .
  // 2 W W W W W . . . . .
  check_wins("8BB/10/10/2WW6/4WW4/2WW6/WWWWW5/10 w 0 1", ORDOX, true);
  // Without e4-f4 nothing fills c4 or d4.
  check_wins("8BB/10/10/2WW6/10/2WW6/WWWWW5/10 w 0 1", ORDOX, false);
}

TEST_CASE("Ordo X: a vertical ordo slides sideways to make the vertical run that wins") {
  // d3-d4 slides to e3-e4, making e1-e5 one run of five, which steps up three to e4-e8 touching f3
  // (the only winning turn: d3d4e3,e1e5e4).
  // 5 B B B . W . . . . .
  // 4 . . B W . . . . . .
  // 3 . . . W . W . . . .
  // 2 . . . . W . W W . .
  // 1 . . . . W W W . W .
  check_wins("BB1B6/1BBB6/B9/BBB1W5/2BW6/3W1W4/4W1WW2/4WWW1W1 w 0 1", ORDOX, true);
}

TEST_CASE("agrees with the definition on random sides of more than eight pieces") {
  // A side of more than eight pieces without a vertical run as long as its leader's distance from
  // the target row can only win after a sideways part that makes one: the generator's shortcuts
  // for that case (which ordo landings can help) are checked here.
  Rng rng(0x5151);
  Agreement a;
  while (a.positions < 20000) a.check(random_clusters(rng, ORDOX, 9 + int(rng.below(10)), 2 + int(rng.below(10))));
  MESSAGE(a.positions << " positions, " << a.winning << " with a winning turn");
  CHECK(a.failures == 0);
}

}  // TEST_SUITE
