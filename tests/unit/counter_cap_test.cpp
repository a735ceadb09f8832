// The move counters stop at the cap (RULES.md section 7): playing on from a position at the cap
// never yields a FEN that the parser refuses.
#include <doctest/doctest.h>

#include "movegen.hpp"
#include "notation.hpp"

using namespace ordo;

TEST_SUITE("fen") {

TEST_CASE("counters saturate at the cap and the FEN still parses") {
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    // Black to move at the cap of both counters; a quiet (sideways) turn would pass both.
    auto start = parse_fen("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 b 65535 65535", v);
    REQUIRE(start.ok());
    Position p = *start;
    for (int ply = 0; ply < 6; ++ply) {
      const auto turns = legal_turns(p);
      REQUIRE_FALSE(turns.empty());
      p = p.after(turns.front());
      CHECK(p.fullmove() <= COUNTER_CAP);
      CHECK(p.quiet_plies() <= COUNTER_CAP);
      const auto again = parse_fen(to_fen(p), v);
      INFO(to_fen(p));
      REQUIRE(again.ok());
      CHECK(to_fen(*again) == to_fen(p));
    }
    CHECK(p.fullmove() == COUNTER_CAP);
  }
}

TEST_CASE("a quiet turn at the cap keeps the quiet counter at the cap") {
  // Classic: a sideways singleton move is quiet.
  auto start = parse_fen("10/10/10/4B5/10/10/4W5/10 w 65535 9", Variant::Classic);
  REQUIRE(start.ok());
  auto t = parse_turn(*start, "e2f2");
  REQUIRE(t.ok());
  const Position p = start->after(*t);
  CHECK(p.quiet_plies() == COUNTER_CAP);
  CHECK(parse_fen(to_fen(p), Variant::Classic).ok());
}

}  // TEST_SUITE
