// The time budget: what a move may spend of the clock. These are the properties games depend on:
// the soft share is not cut by the busy-machine margin (a shorter share costs strength on every
// move), while the hard stop always leaves that margin on the clock.
#include <doctest/doctest.h>

#include <algorithm>

#include "search/timeman.hpp"

using namespace ordo;

namespace {

SearchLimits clock_limits(int left_ms, int inc_ms, int moves_to_go = 0) {
  SearchLimits l;
  l.time_left_ms[WHITE] = l.time_left_ms[BLACK] = left_ms;
  l.increment_ms[WHITE] = l.increment_ms[BLACK] = inc_ms;
  l.moves_to_go = moves_to_go;
  return l;
}

// The margin the hard stop keeps: the overhead plus a sixteenth of the clock, at most a second.
i64 margin(i64 left, i64 overhead) { return overhead + std::min<i64>(left / 16, 1000); }

}  // namespace

TEST_SUITE("timeman") {

TEST_CASE("the soft share is a thirtieth of the clock less the overhead plus most of the increment") {
  const TimeBudget b = plan_time(clock_limits(2000, 20), WHITE, 30);
  CHECK(b.soft_ms == (2000 - 30) / 30 + 20 * 3 / 4);
}

TEST_CASE("the hard stop leaves the margin on the clock at every clock size") {
  for (int left : {50, 200, 1000, 2000, 10000, 60000, 600000}) {
    for (int inc : {0, 20, 1000}) {
      for (int mtg : {0, 1, 5}) {
        const TimeBudget b = plan_time(clock_limits(left, inc, mtg), BLACK, 30);
        CAPTURE(left);
        CAPTURE(inc);
        CAPTURE(mtg);
        CHECK(b.hard_ms >= 1);
        CHECK(b.soft_ms >= 1);
        CHECK(b.soft_ms <= b.hard_ms);
        if (left - margin(left, 30) > 1) CHECK(b.hard_ms <= left - margin(left, 30));
        CHECK(b.first_iteration_ms >= b.hard_ms);
      }
    }
  }
}

TEST_CASE("a fixed movetime is used whole less the overhead") {
  SearchLimits l;
  l.movetime_ms = 50;
  const TimeBudget b = plan_time(l, WHITE, 30);
  CHECK(b.hard_ms == 40);  // the overhead is capped at a fifth of the movetime
  CHECK(b.first_iteration_ms == b.hard_ms);  // a move time never stretches
  CHECK(b.soft_ms == -1);
}

TEST_CASE("no clock for the side to move means no time limit") {
  SearchLimits l;
  l.time_left_ms[BLACK] = 1000;
  const TimeBudget b = plan_time(l, WHITE, 30);
  CHECK(b.hard_ms == -1);
  CHECK(b.soft_ms == -1);
}

}  // TEST_SUITE
