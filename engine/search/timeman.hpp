// Time management: how long one search may take, from the limits and the clock.
#pragma once

#include <chrono>

#include "search/search_params.hpp"
#include "search/search_types.hpp"

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
  // The clock this budget was planned from (-1: a fixed move time or no clock), and whose it is.
  i64 clock_left_ms = -1;
  Color side = WHITE;
  i64 target_ms = -1;  // the soft stop before the slowdown divided it

};

// The budget for `us` with a fixed overhead reserved per move. A clock budget never exceeds what
// is left minus the overhead and a margin that scales with the clock, and leaves room for the rest
// of the game. A fixed movetime is used
// whole, less at most a fifth of it for the overhead.
// What the engine has seen of a busy machine (see DelayWatch); the defaults: a quiet one.
struct ObservedDelays {
  double slowdown = 1.0;  // at least 1: divides the soft and hard stops of a clock budget
  int peak_ms = 0;        // the largest recent delay of one move: kept in reserve on the clock
  int mean_ms = 0;        // the delay of a typical move, paid on every move besides its search
};

// What the engine learns of delays keeps back at most a quarter of the clock in each of the two
// ways it plans with them (the peak as an overhead, the shortfall of the coming moves): a poisoned
// watch can shorten a move, never make it instant.
inline constexpr i64 LEARNED_SHARE_DIVISOR = 4;
inline constexpr i64 MAX_DELAY_MS = 5000;  // no one delay is taken to be longer

// The overhead reserved is the larger of the option and the peak delay. Of a fixed move time the
// option takes at most a fifth, an observed delay at most a half. On a clock every coming move is
// taken to cost its mean delay besides its search: it is paid from the increment, and where the
// increment does not cover it, the shortfall of the next moves is kept back from the clock.
// The shares (moves the clock is spread over, the increment's part, the hard stop's factor) are
// the tunable ones of `params`.
TimeBudget plan_time(const SearchLimits& limits, Color us, int move_overhead_ms, const ObservedDelays& seen = {},
                     const SearchParams& params = default_search_params());

// The delays the engine has seen on the clock, kept from move to move within a game (a new game
// starts from a quiet machine's defaults) so that the overhead a budget reserves covers them. Two
// are visible from inside: how late past its hard stop the engine's own bestmove was written (a process waiting for
// a core notices its deadline late), and how much more the caller's clock fell for a move than the
// engine measured from reading `go` to writing `bestmove` (pipes, the caller, and the wait before
// the engine read the line). Each move's delay is the sum of both; the watch keeps a peak that
// fades by 3% a move (planned with as the overhead when larger than the `Move Overhead` option)
// and a moving average (the cost every move pays besides its search).
// Each delay counts as at most a quarter of the clock it was seen on (and at most 5 s): one clock
// that fell by more (a caller that starts a shorter game without ucinewgame) cannot poison the
// next moves. Everything learned is forgotten by reset() (the engine calls it at each new game)
// and when a side's clock jumps up (a new game or period) or down by far more than a delay (a
// shorter game started without ucinewgame).
// It also watches how long moves on a clock take against their soft share. On a quiet machine the
// soft stop, checked as iterations end, governs; on a starved one iterations rarely end and moves
// run to the hard stop, several times the share, and the clock drains. When moves average more
// than 1.5 times their share, the watch raises a slowdown that divides the next budgets, until
// they average that again (and lets it fall back to 1 as the machine recovers).
class DelayWatch {
 public:
  // A search on a clock for `us` is about to start: the clock it was given is compared with the
  // one of the previous move of the same side (a clock that did not fall, as at a new game or a
  // new period, tells nothing).
  void on_go(const SearchLimits& limits, Color us);
  // That search wrote its bestmove `elapsed_ms` after its go arrived, with budget `b`.
  void on_bestmove(i64 elapsed_ms, const TimeBudget& b);
  // The delay to reserve per move (the fading peak), at most 5 s.
  int delay_ms() const;
  ObservedDelays observed() const;
  i64 last_delay_ms() const { return last_delay_ms_; }
  double slowdown() const { return slowdown_; }
  // Forgets every delay, the slowdown and the clocks seen (a quiet machine's defaults).
  void reset();
  // Whether a clock of `left_ms` is a jump up from the `expected_ms` the last one said (its time
  // plus the increment): by more than a quarter, and more than CLOCK_JUMP_MS.
  static constexpr i64 CLOCK_JUMP_MS = 1000;
  static bool clock_jumped_up(i64 expected_ms, i64 left_ms);
  // Whether a clock that fell `unseen_ms` more than the engine measured, from `previous_ms`, is a
  // jump down (a new, shorter game) rather than a delay: by more than a quarter of the previous
  // clock and more than CLOCK_JUMP_MS.
  static bool clock_jumped_down(i64 previous_ms, i64 unseen_ms);

 private:
  // One delay, seen against a clock of `clock_ms` (-1: a fixed move time).
  void observe(i64 delay_ms, i64 clock_ms);
  double peak_ms_ = 0;
  double mean_ms_ = 0;  // moving average, a tenth per move
  double slowdown_ = 1.0;
  i64 last_delay_ms_ = 0;
  bool pending_ = false;       // the last clock search has not been compared with the next clock
  Color pending_side_ = WHITE;
  i64 pending_left_ = -1, pending_elapsed_ = 0, pending_late_ = 0;
  i64 last_clock_ms_[2] = {-1, -1};  // each side's clock at its last go
};

}  // namespace ordo
