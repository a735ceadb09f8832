// Time management: how long one search may take, from the limits and the clock.
#pragma once

#include <chrono>

#include "search/engine.hpp"

namespace ordo {

using Clock = std::chrono::steady_clock;

struct TimeBudget {
  i64 soft_ms = -1;  // do not start another iteration after this; -1: no limit
  i64 hard_ms = -1;  // stop the search at once after this; -1: no limit
  // Until the first iteration is complete the hard limit stretches to this: a move chosen from a
  // part of the root turns is often a blunder, and only a machine far busier than its cores (or
  // an Ordo X root of thousands of turns on a short clock) needs it. A fixed move time never
  // stretches. -1: no limit.
  i64 first_iteration_ms = -1;
};

// The budget for `us` with a fixed overhead reserved per move. A clock budget never exceeds what
// is left minus the overhead and a margin that scales with the clock, and leaves room for the rest
// of the game. A fixed movetime is used
// whole, less at most a fifth of it for the overhead.
TimeBudget plan_time(const SearchLimits& limits, Color us, int move_overhead_ms);

}  // namespace ordo
