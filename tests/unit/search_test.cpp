// Search sanity: forced wins found at low depth in both variants, determinism for a fixed node
// count, MultiPV and threads.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "search/engine.hpp"
#include "search/search.hpp"
#include "search_collector.hpp"

using namespace ordo;
using ordo::testing::SearchCollector;

namespace {

Position fen(Variant v, const char* f) {
  auto p = parse_fen(f, v);
  REQUIRE_MESSAGE(p.ok(), f);
  return *p;
}

SearchCollector search(const Position& pos, SearchLimits limits, int multipv = 1, int threads = 1) {
  Engine e;
  e.set_position(pos, {pos.key()});
  e.set_multipv(multipv);
  e.set_threads(threads);
  SearchCollector c;
  e.go(limits, c);
  e.wait();
  return c;
}

SearchLimits depth(int d) {
  SearchLimits l;
  l.depth = d;
  return l;
}

// The best turn wins at once, and the score says so.
void check_win_in_one(const Position& pos, int search_depth, int threads = 1) {
  SearchCollector c = search(pos, depth(search_depth), 1, threads);
  REQUIRE(c.bestmoves == 1);
  REQUIRE(c.best);
  CHECK(game_status(pos.after(*c.best)).winner == pos.side_to_move());
  REQUIRE(!c.infos.empty());
  CHECK(c.infos.back().score.mate_plies == 1);
}

}  // namespace

TEST_SUITE("search") {
  TEST_CASE("classic: win in one by reaching the home row") {
    // . . . . . . . . . .   8
    // . . . W W . . . . .   7   d7e7 may step to rank 8 (staying connected)
    // B . . . . . . . . .   5
    check_win_in_one(fen(Variant::Classic, "10/3WW5/10/B9/10/10/10/10 w 0 1"), 2);
  }

  TEST_CASE("classic: win in one by taking the last piece") {
    // . . . B . . . . . .   5   d4xd5 leaves Black without pieces; c4 stays connected to d5
    // . . W W . . . . . .   4
    check_win_in_one(fen(Variant::Classic, "10/10/10/3B6/2WW6/10/10/10 w 0 1"), 2);
  }

  TEST_CASE("classic: win in one because the opponent cannot reconnect") {
    // . . . . . . . . . .   8
    // . . W B B B B B . .   7   f5xf7 splits Black into d7-e7 and g7-h7, and no black move
    // . . . W W . . . . .   6   (backward ones included) joins them again: Black has lost.
    // . . . W . W . . . .   5   c7 cannot win directly: c8 would leave it unconnected.
    const Position pos = fen(Variant::Classic, "10/2WBBBBB2/3WW5/3W1W4/10/10/10/10 w 0 1");
    SearchCollector c = search(pos, depth(2));
    REQUIRE(c.best);
    CHECK(format_turn(*c.best) == "f5f7");
    CHECK(game_status(pos.after(*c.best)).reason == WinReason::NoLegalMove);
    CHECK(c.infos.back().score.mate_plies == 1);
  }

  TEST_CASE("Ordo X: win in one that needs a sideways part first") {
    // . . . . . B B B . .   7
    // . . . . . . B B . .   6
    // . . . . . W W W W W   3   f3-j3 slides to a3-e3, then the ordo runs up the empty files a-e
    //                            to rank 8: the only winning turns have two parts.
    const Position pos = fen(Variant::OrdoX, "10/5BBB2/6BB2/10/10/5WWWWW/10/10 w 0 1");
    for (const Turn& t : legal_turns(pos))
      if (t.parts() == 1) CHECK_FALSE(pos.after(t).board_winner());
    SearchCollector c = search(pos, depth(2));
    REQUIRE(c.best);
    CHECK(c.best->parts() == 2);
    CHECK(pos.after(*c.best).board_winner() == WHITE);
    CHECK(c.infos.back().score.mate_plies == 1);
  }

  TEST_CASE("Ordo X: win in one by reaching the home row") {
    check_win_in_one(fen(Variant::OrdoX, "10/3WW5/10/B9/10/10/10/10 w 0 1"), 2);
  }

  TEST_CASE("classic: win in two (three plies) is found and scored as such") {
    // . . B B B B . . . .   8   Ordos never capture: d5-e5 moves up to d7-e7, then a capture on
    // . . . . . . . . . .   7   rank 8 wins; no single white move wins now. (In Ordo X the ordo
    // . . . W W . . . . .   5   could run diagonally to g8-h8 at once.)
    {
      const Position pos = fen(Variant::Classic, "2BBBB4/10/10/3WW5/10/10/10/10 w 0 1");
      for (const Turn& t : legal_turns(pos)) CHECK_FALSE(game_status(pos.after(t)).winner == WHITE);
      SearchCollector c = search(pos, depth(5));
      REQUIRE(!c.infos.empty());
      REQUIRE(c.infos.back().score.mate_plies);
      CHECK(*c.infos.back().score.mate_plies == 3);
    }
  }

  TEST_CASE("Ordo X: two-part root turns are not mistaken for repetitions") {
    // Black is far behind here (static evaluation about -1000); a search that confused the
    // mid-turn key history scored every line as a draw with a one-turn PV.
    const Position pos = fen(Variant::OrdoX, "5BBB2/4WBBBBB/3W1B3B/2W5B1/1W8/1W3W2WW/2WWWWWWWW/3WW1WW2 b 0 5");
    SearchCollector c = search(pos, depth(3));
    REQUIRE(!c.infos.empty());
    const SearchInfo& last = c.infos.back();
    CHECK(last.pv.size() >= 2);
    CHECK((last.score.mate_plies.has_value() || last.score.cp < -300));
  }

  TEST_CASE("a lost position is scored as a loss") {
    // Black's a2 reaches rank 1 next turn and White cannot stop it.
    const Position pos = fen(Variant::Classic, "10/3W6/3W6/10/10/10/B9/10 w 0 1");
    SearchCollector c = search(pos, depth(3));
    REQUIRE(c.infos.back().score.mate_plies);
    CHECK(*c.infos.back().score.mate_plies < 0);
  }

  TEST_CASE("a finished position has no best move") {
    SearchCollector c = search(fen(Variant::Classic, "3W6/10/10/10/10/10/B9/10 b 0 1"), depth(3));
    CHECK(c.bestmoves == 1);
    CHECK_FALSE(c.best);
  }

  TEST_CASE("fixed node count on one thread is deterministic") {
    for (Variant v : {Variant::Classic, Variant::OrdoX}) {
      SearchLimits l;
      l.nodes = 30000;
      SearchCollector a = search(Position::start(v), l), b = search(Position::start(v), l);
      REQUIRE(a.infos.size() == b.infos.size());
      for (std::size_t i = 0; i < a.infos.size(); ++i) {
        CHECK(a.infos[i].depth == b.infos[i].depth);
        CHECK(a.infos[i].nodes == b.infos[i].nodes);
        CHECK(a.infos[i].score.cp == b.infos[i].score.cp);
        CHECK(a.infos[i].pv == b.infos[i].pv);
      }
      CHECK(a.best == b.best);
    }
  }

  TEST_CASE("a first iteration cut short reports the root turns it finished") {
    // 300 nodes are far from enough for depth 1 in this Ordo X middlegame (some 2,000 root turns).
    const Position pos = fen(Variant::OrdoX, "2B2BBB2/1BBBBBBBBB/B2BB3BB/1BBW6/3W6/1WW1WW1WWW/1WWWWWWWWW/2W3W3 w 0 3");
    SearchLimits l;
    l.nodes = 300;
    SearchCollector c = search(pos, l);
    REQUIRE(c.best);
    REQUIRE(c.infos.size() == 1);
    CHECK(c.infos[0].depth == 1);
    CHECK_FALSE(c.infos[0].score.mate_plies.has_value());
    REQUIRE(!c.infos[0].pv.empty());
    CHECK(c.infos[0].pv[0] == *c.best);
  }

  TEST_CASE("MultiPV reports distinct legal root turns") {
    for (Variant v : {Variant::Classic, Variant::OrdoX}) {
      const Position start = Position::start(v);
      SearchCollector c = search(start, depth(v == Variant::Classic ? 4 : 2), 3);
      const int last_depth = c.infos.back().depth;
      std::vector<Turn> firsts;
      for (const SearchInfo& i : c.infos)
        if (i.depth == last_depth) firsts.push_back(i.pv.at(0));
      REQUIRE(firsts.size() == 3);
      CHECK(firsts[0] != firsts[1]);
      CHECK(firsts[1] != firsts[2]);
      CHECK(firsts[0] != firsts[2]);
      const auto legal = legal_turns(start);
      for (const Turn& t : firsts) CHECK(std::find(legal.begin(), legal.end(), t) != legal.end());
    }
  }

  TEST_CASE("two threads return a legal move and one bestmove") {
    const Position start = Position::start(Variant::Classic);
    SearchCollector c = search(start, depth(6), 1, 2);
    CHECK(c.bestmoves == 1);
    REQUIRE(c.best);
    const auto legal = legal_turns(start);
    CHECK(std::find(legal.begin(), legal.end(), *c.best) != legal.end());
  }

  TEST_CASE("two threads: a win in one is found whichever thread searched it") {
    // The root lines after the first are shared between the threads: the winning turn's score
    // must reach the main thread's lines whoever searched it. Repeated, as the split varies.
    const Position positions[] = {fen(Variant::Classic, "10/3WW5/10/B9/10/10/10/10 w 0 1"),
                                  fen(Variant::Classic, "10/10/10/3B6/2WW6/10/10/10 w 0 1"),
                                  fen(Variant::OrdoX, "10/5BBB2/6BB2/10/10/5WWWWW/10/10 w 0 1"),
                                  fen(Variant::OrdoX, "10/3WW5/10/B9/10/10/10/10 w 0 1")};
    for (const Position& pos : positions)
      for (int run = 0; run < 10; ++run) check_win_in_one(pos, 1 + run % 2, 2);
  }
}
