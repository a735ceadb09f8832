#include "timeman.hpp"

#include <algorithm>
#include <cmath>

namespace ordo {

TimeBudget plan_time(const SearchLimits& limits, Color us, int option_overhead, const ObservedDelays& seen,
                     const SearchParams& params) {
  const i64 observed = seen.peak_ms;
  TimeBudget b;
  if (limits.movetime_ms > 0) {
    // A fixed time per move: use it all, keeping a little for the reply to travel; iterations run
    // until the hard stop. The move time is a promise to the caller (a runner counts a later reply
    // as lost on time), so it does not stretch for an unfinished first iteration: that returns the
    // best of the root turns it finished.
    const i64 keep = std::max(std::min<i64>(option_overhead, limits.movetime_ms / 5),
                              std::min<i64>(observed, limits.movetime_ms / 2));
    b.hard_ms = std::max<i64>(1, limits.movetime_ms - keep);
    b.first_iteration_ms = b.hard_ms;
    return b;
  }
  const i64 left = limits.time_left_ms[us];
  if (left < 0) return b;
  // What was learned keeps back at most a fixed share of this clock, whatever it says.
  const i64 learned_cap = left / LEARNED_SHARE_DIVISOR;
  const i64 overhead = std::max<i64>(option_overhead, std::min<i64>(observed, learned_cap));
  b.clock_left_ms = left;
  b.side = us;
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : params.tm_moves;
  // The increment less what every move costs besides its search; a shortfall is kept back for the
  // moves to come.
  const i64 cost = std::max(0, seen.mean_ms);
  const i64 inc = std::max<i64>(0, limits.increment_ms[us] - cost);
  const i64 shortfall =
      std::min(learned_cap, std::max<i64>(0, cost - std::max(0, limits.increment_ms[us])) * moves);
  // The share of the clock this move aims at (soft) is taken from the clock less the overhead.
  const i64 usable = std::max<i64>(1, left - overhead - shortfall);
  i64 soft = usable / moves + inc * params.tm_inc_pct / 100;
  soft = std::min(soft, usable / 4 + inc / 2);
  // The hard stop also keeps a margin that grows with the clock, a sixteenth of it (at most a
  // second): on a busy machine the process may wait for a core, and the reply must still arrive
  // in time. (The margin is not taken from the soft share: that would only make every move
  // shorter on a quiet machine, where it costs strength.)
  const i64 safe = std::max<i64>(1, usable - std::min<i64>(left / 16, 1000));
  i64 hard = std::min<i64>(soft * params.tm_hard_factor / 10, safe / 4 + inc / 2);
  if (limits.moves_to_go == 1) hard = std::min<i64>(safe * 4 / 5, safe - 10);
  b.target_ms = std::max<i64>(1, std::min(soft, std::min(hard, safe)));
  const double slowdown = std::max(1.0, seen.slowdown);
  b.hard_ms = std::max<i64>(1, i64(double(std::min(hard, safe)) / slowdown));
  b.soft_ms = std::max<i64>(1, std::min(i64(double(soft) / slowdown), b.hard_ms));
  b.first_iteration_ms = std::max(b.hard_ms, i64(double(safe / 3) / slowdown));
  return b;
}

void DelayWatch::reset() { *this = DelayWatch{}; }

void DelayWatch::observe(i64 delay_ms, i64 clock_ms) {
  delay_ms = std::clamp<i64>(delay_ms, 0, MAX_DELAY_MS);
  if (clock_ms >= 0) delay_ms = std::min(delay_ms, clock_ms / LEARNED_SHARE_DIVISOR);
  last_delay_ms_ = delay_ms;
  peak_ms_ = std::max(peak_ms_ * 0.97, double(delay_ms));
  mean_ms_ = mean_ms_ * 0.9 + double(delay_ms) * 0.1;
}

ObservedDelays DelayWatch::observed() const {
  return {slowdown_, delay_ms(), int(std::clamp<i64>(i64(std::lround(mean_ms_)), 0, MAX_DELAY_MS))};
}

bool DelayWatch::clock_jumped_down(i64 previous_ms, i64 unseen_ms) {
  return unseen_ms > std::max<i64>(CLOCK_JUMP_MS, previous_ms / 4);
}

bool DelayWatch::clock_jumped_up(i64 expected_ms, i64 left_ms) {
  return left_ms > expected_ms + std::max<i64>(CLOCK_JUMP_MS, expected_ms / 4);
}

void DelayWatch::on_go(const SearchLimits& limits, Color us) {
  const i64 left = limits.time_left_ms[us];
  const bool clock = left >= 0 && limits.movetime_ms <= 0;
  if (clock && last_clock_ms_[us] >= 0 && clock_jumped_up(last_clock_ms_[us] + std::max(0, limits.increment_ms[us]), left)) {
    // A clock far above the last one of this side: a new game or a new period. What was learned
    // on the old clock is forgotten.
    reset();
  }
  if (clock) last_clock_ms_[us] = left;
  if (pending_ && pending_side_ == us && clock) {
    // The caller's clock fell by (previous left + increment - left) for our previous move.
    const i64 fell = pending_left_ + std::max(0, limits.increment_ms[us]) - left;
    const i64 unseen = fell - pending_elapsed_;
    if (clock_jumped_down(pending_left_, unseen)) {
      // Far more gone than any delay could take (a shorter game started without ucinewgame, as
      // the web board does): a new clock, not a delay. Forgotten as a jump up is.
      reset();
      last_clock_ms_[us] = left;
      return;
    }
    if (fell >= 0 && unseen >= 0) {
      observe(pending_late_ + unseen, left);
      pending_ = false;
      return;
    }
  }
  if (pending_) observe(pending_late_, pending_left_);  // no comparable clock: the lateness we saw ourselves
  pending_ = false;
}

void DelayWatch::on_bestmove(i64 elapsed_ms, const TimeBudget& b) {
  if (pending_) observe(pending_late_, pending_left_);
  pending_ = false;
  if (b.hard_ms < 0) return;
  if (b.target_ms > 0) {
    // A step toward an average of 1.5 shares a move: a quarter of the way (in ratio) per move.
    const double ratio = std::max(0.05, double(std::max<i64>(elapsed_ms, 1)) / double(b.target_ms));
    slowdown_ = std::clamp(slowdown_ * std::pow(ratio / 1.5, 0.25), 1.0, 16.0);
  }
  pending_ = true;
  pending_late_ = std::max<i64>(0, elapsed_ms - b.hard_ms);
  pending_elapsed_ = elapsed_ms;
  pending_left_ = b.clock_left_ms;
  pending_side_ = b.side;
  if (pending_left_ < 0) {  // a fixed move time: only our own lateness can be seen
    observe(pending_late_, -1);
    pending_ = false;
  }
}

int DelayWatch::delay_ms() const { return int(std::clamp<i64>(i64(std::ceil(peak_ms_)), 0, MAX_DELAY_MS)); }

}  // namespace ordo
