// The time budget: what a move may spend of the clock. These are the properties games depend on:
// the soft share is not cut by the busy-machine margin (a shorter share costs strength on every
// move), while the hard stop always leaves that margin on the clock.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>

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

TEST_CASE("a starved search that overruns its share move after move gets a slowdown and loses it again") {
  DelayWatch w;
  const SearchLimits l = clock_limits(2000, 50);
  CHECK(w.slowdown() == 1.0);
  for (int move = 0; move < 12; ++move) {
    const TimeBudget b = plan_time(l, WHITE, 30, w.observed());
    w.on_go(l, WHITE);
    w.on_bestmove(b.hard_ms, b);  // every move runs to its hard stop
  }
  CHECK(w.slowdown() > 1.5);
  const TimeBudget slowed = plan_time(l, WHITE, 30, w.observed());
  const TimeBudget quiet = plan_time(l, WHITE, 30);
  CHECK(slowed.hard_ms < quiet.hard_ms);
  CHECK(slowed.soft_ms < quiet.soft_ms);
  CHECK(slowed.target_ms == quiet.target_ms);  // the share itself is unchanged
  for (int move = 0; move < 60; ++move) {
    const TimeBudget b = plan_time(l, WHITE, 30, w.observed());
    w.on_go(l, WHITE);
    w.on_bestmove(b.soft_ms / 2, b);  // a quiet machine: iterations end well inside the share
  }
  CHECK(w.slowdown() == 1.0);
}

TEST_CASE("a quiet machine's moves leave the budget as the option makes it") {
  DelayWatch w;
  SearchLimits l = clock_limits(10000, 100);
  for (int move = 0; move < 30; ++move) {
    const TimeBudget b = plan_time(l, WHITE, 30, w.observed());
    w.on_go(l, WHITE);
    w.on_bestmove(b.soft_ms * 6 / 10, b);
    l.time_left_ms[WHITE] += 100 - int(b.soft_ms * 6 / 10) - 2;  // the caller's clock: 2 ms more
  }
  CHECK(w.slowdown() == 1.0);
  CHECK(w.delay_ms() <= 3);
  const TimeBudget b = plan_time(l, WHITE, 30, w.observed());
  CHECK(std::abs(b.soft_ms - plan_time(l, WHITE, 30).soft_ms) <= 3);
  CHECK(std::abs(b.hard_ms - plan_time(l, WHITE, 30).hard_ms) <= 12);  // four times the soft share
}

TEST_CASE("a mean delay past the increment keeps the shortfall of the coming moves back") {
  const SearchLimits l = clock_limits(2000, 50);
  const TimeBudget quiet = plan_time(l, WHITE, 30);
  const TimeBudget paid = plan_time(l, WHITE, 30, {1.0, 30, 40});  // the increment still covers it
  CHECK(paid.soft_ms < quiet.soft_ms);
  CHECK(paid.soft_ms >= (2000 - 30) / 30);
  const TimeBudget starved = plan_time(l, WHITE, 30, {1.0, 30, 100});  // 50 ms a move short
  CHECK(starved.hard_ms <= (2000 - 30 - 2000 / 4) / 4);  // the shortfall kept back: a quarter at most
  CHECK(starved.soft_ms < paid.soft_ms);
  const TimeBudget short_clock = plan_time(clock_limits(1000, 50), WHITE, 30, {1.0, 30, 100});
  CHECK(short_clock.soft_ms >= (1000 - 30 - 1000 / 4) / 30);  // never all kept back
}

TEST_CASE("the clock falling by more than the engine measured is a delay the next budgets keep") {
  DelayWatch w;
  SearchLimits l = clock_limits(2000, 50);
  TimeBudget b = plan_time(l, BLACK, 30);
  w.on_go(l, BLACK);
  w.on_bestmove(100, b);  // the engine saw 100 ms ...
  l.time_left_ms[BLACK] = 2000 + 50 - 400;  // ... the caller's clock 400 ms
  w.on_go(l, BLACK);
  CHECK(w.delay_ms() == 300);
  b = plan_time(l, BLACK, 30, w.observed());
  CHECK(b.hard_ms <= l.time_left_ms[BLACK] - 300 - margin(l.time_left_ms[BLACK], 0));
  // The peak fades move by move.
  for (int move = 0; move < 40; ++move) {
    b = plan_time(l, BLACK, 30, w.observed());
    w.on_go(l, BLACK);
    w.on_bestmove(b.soft_ms, b);
    l.time_left_ms[BLACK] += 50 - int(b.soft_ms);
  }
  CHECK(w.delay_ms() < 100);
}

TEST_CASE("a late bestmove counts as a delay") {
  DelayWatch w;
  SearchLimits l = clock_limits(1000, 0);
  TimeBudget b = plan_time(l, WHITE, 30);
  w.on_go(l, WHITE);
  w.on_bestmove(b.hard_ms + 150, b);  // noticed its deadline 150 ms late
  l.time_left_ms[WHITE] = 1000 - int(b.hard_ms) - 150;
  w.on_go(l, WHITE);
  CHECK(w.delay_ms() == 150);
  CHECK(w.last_delay_ms() == 150);
}

// One move of a game on `left` ms: planned with what the watch has seen, taking `elapsed` ms.
TimeBudget play(DelayWatch& w, const SearchLimits& l, Color us, i64 elapsed) {
  const TimeBudget b = plan_time(l, us, 30, w.observed());
  w.on_go(l, us);
  w.on_bestmove(elapsed < 0 ? b.soft_ms : elapsed, b);
  return b;
}

TEST_CASE("hostile: one clock drop does not poison the moves after it") {
  // go wtime 30000, then go wtime 2000 (a shorter game without ucinewgame): the clock "fell" by
  // 27 s more than the engine measured. It counted as a delay of 5 s, and every later move on a
  // 10 s clock took 0-4 ms, even after ucinewgame.
  DelayWatch w;
  const TimeBudget quiet = plan_time(clock_limits(10000, 0), WHITE, 30);
  play(w, clock_limits(30000, 0), WHITE, 1000);
  play(w, clock_limits(2000, 0), WHITE, -1);
  CHECK(w.last_delay_ms() <= 2000 / LEARNED_SHARE_DIVISOR);  // at most a quarter of the clock (here: a new clock)
  // Without ucinewgame: shorter, never instant (at most a quarter of the clock kept back per way).
  const TimeBudget poisoned = plan_time(clock_limits(10000, 0), WHITE, 30, w.observed());
  CHECK(poisoned.soft_ms >= (10000 - 10000 / 4 - 10000 / 4) / 30);
  CHECK(poisoned.hard_ms >= poisoned.soft_ms);
  // After ucinewgame: the quiet budget.
  w.reset();
  const TimeBudget fresh = plan_time(clock_limits(10000, 0), WHITE, 30, w.observed());
  CHECK(fresh.soft_ms == quiet.soft_ms);
  CHECK(fresh.hard_ms == quiet.hard_ms);
}

TEST_CASE("hostile: a 5+3 game followed by a 1+0 game without ucinewgame plans the second as a fresh one") {
  // The web board starts its next game without ucinewgame: the clock "fell" from 4 minutes to 1.
  DelayWatch w;
  SearchLimits l = clock_limits(300000, 3000);
  for (int move = 0; move < 20; ++move) {
    const TimeBudget b = play(w, l, WHITE, -1);
    l.time_left_ms[WHITE] += 3000 - int(b.soft_ms) - 5;
  }
  const SearchLimits blitz = clock_limits(60000, 0);
  w.on_go(blitz, WHITE);
  CHECK(w.delay_ms() == 0);
  CHECK(plan_time(blitz, WHITE, 30, w.observed()).soft_ms == plan_time(blitz, WHITE, 30).soft_ms);
  // A real delay (the clock fell 300 ms more than measured) is still seen.
  CHECK(!DelayWatch::clock_jumped_down(2000, 300));
  CHECK(DelayWatch::clock_jumped_down(30000, 27000));
  CHECK(DelayWatch::clock_jumped_down(250000, 190000));
}

TEST_CASE("hostile: learned delays never keep back more than a fixed share of the clock") {
  for (int left : {100, 1000, 2000, 10000, 60000}) {
    for (int peak : {0, 500, 5000}) {
      for (int mean : {0, 200, 5000}) {
        const ObservedDelays worst{1.0, peak, mean};
        const TimeBudget b = plan_time(clock_limits(left, 0), WHITE, 30, worst);
        const TimeBudget quiet = plan_time(clock_limits(left, 0), WHITE, 30);
        CAPTURE(left);
        CAPTURE(peak);
        CAPTURE(mean);
        // usable = left - overhead - shortfall >= left / 2 - the option
        CHECK(b.soft_ms >= std::max<i64>(1, (left / 2 - 30) / 30));
        CHECK(b.soft_ms <= quiet.soft_ms);
      }
    }
  }
}

TEST_CASE("hostile: a clock that jumps up forgets the delays and the slowdown") {
  DelayWatch w;
  SearchLimits l = clock_limits(2000, 0);
  for (int move = 0; move < 12; ++move) {
    const TimeBudget b = plan_time(l, WHITE, 30, w.observed());
    w.on_go(l, WHITE);
    w.on_bestmove(b.hard_ms + 200, b);  // late, move after move
    l.time_left_ms[WHITE] = std::max(100, l.time_left_ms[WHITE] - int(b.hard_ms) - 200);
  }
  CHECK(w.delay_ms() > 0);
  CHECK(w.slowdown() > 1.0);
  w.on_go(clock_limits(60000, 0), WHITE);  // a new game of a minute
  CHECK(w.delay_ms() == 0);
  CHECK(w.slowdown() == 1.0);
  CHECK(plan_time(clock_limits(60000, 0), WHITE, 30, w.observed()).soft_ms ==
        plan_time(clock_limits(60000, 0), WHITE, 30).soft_ms);
  // The increment's rise, or a small one, is no jump.
  CHECK(!DelayWatch::clock_jumped_up(2000 + 100, 2100 + 50));
  CHECK(DelayWatch::clock_jumped_up(2000, 5000));
  CHECK(!DelayWatch::clock_jumped_up(20000, 24000));
  CHECK(DelayWatch::clock_jumped_up(20000, 26000));
}

TEST_CASE("of a fixed move time an observed delay may keep up to a half and the option a fifth") {
  SearchLimits l;
  l.movetime_ms = 100;
  CHECK(plan_time(l, WHITE, 30).hard_ms == 80);
  CHECK(plan_time(l, WHITE, 30, {1.0, 35, 0}).hard_ms == 65);
  CHECK(plan_time(l, WHITE, 30, {1.0, 400, 0}).hard_ms == 50);
  DelayWatch w;
  const TimeBudget b = plan_time(l, WHITE, 30);
  w.on_go(l, WHITE);
  w.on_bestmove(b.hard_ms + 40, b);
  CHECK(w.delay_ms() == 40);
}

}  // TEST_SUITE
