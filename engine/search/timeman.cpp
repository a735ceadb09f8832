#include "timeman.hpp"

#include <algorithm>

namespace ordo {

TimeBudget plan_time(const SearchLimits& limits, Color us, int overhead) {
  TimeBudget b;
  if (limits.movetime_ms > 0) {
    // A fixed time per move: use it all, keeping a little for the reply to travel; iterations run
    // until the hard stop. The move time is a promise to the caller (a runner counts a later reply
    // as lost on time), so it does not stretch for an unfinished first iteration: that returns the
    // best of the root turns it finished.
    b.hard_ms = std::max<i64>(1, limits.movetime_ms - std::min<i64>(overhead, limits.movetime_ms / 5));
    b.first_iteration_ms = b.hard_ms;
    return b;
  }
  const i64 left = limits.time_left_ms[us];
  if (left < 0) return b;
  const i64 inc = std::max(0, limits.increment_ms[us]);
  // The share of the clock this move aims at (soft) is taken from the clock less the overhead.
  const i64 usable = std::max<i64>(1, left - overhead);
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 30;
  i64 soft = usable / moves + inc * 3 / 4;
  soft = std::min(soft, usable / 4 + inc / 2);
  // The hard stop also keeps a margin that grows with the clock, a sixteenth of it (at most a
  // second): on a busy machine the process may wait for a core, and the reply must still arrive
  // in time. (The margin is not taken from the soft share: that would only make every move
  // shorter on a quiet machine, where it costs strength.)
  const i64 safe = std::max<i64>(1, usable - std::min<i64>(left / 16, 1000));
  i64 hard = std::min<i64>(soft * 4, safe / 4 + inc / 2);
  if (limits.moves_to_go == 1) hard = std::min<i64>(safe * 4 / 5, safe - 10);
  b.hard_ms = std::max<i64>(1, std::min(hard, safe));
  b.soft_ms = std::max<i64>(1, std::min(soft, b.hard_ms));
  b.first_iteration_ms = std::max(b.hard_ms, safe / 3);
  return b;
}

}  // namespace ordo
