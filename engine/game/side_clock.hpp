// A game on time: its time control and each side's clock, the one model of both that the match
// runner and the web board keep (their wall clocks and what they send engines are their own).
// Times are whole milliseconds; a move's time is taken off in microseconds, and what is below a
// millisecond is carried to the next move, so no fraction is lost or given.
#pragma once

#include <cstdint>

namespace ordo::game {

struct TimeControl {
  std::int64_t base_ms = 0;  // per game, and again at every period's end when moves_per_period is set
  std::int64_t inc_ms = 0;   // added after every move
  int moves_per_period = 0;  // 0: the whole game is one period
  bool operator==(const TimeControl&) const = default;
};

// One side's clock under a time control.
struct SideClock {
  std::int64_t left_ms = 0;  // negative once the side has overstepped
  int moves_in_period = 0;   // moves made in the current period
  std::int64_t carry_us = 0;  // spent but not yet taken off left_ms (below 1 ms)

  static SideClock start(const TimeControl& tc) { return SideClock{tc.base_ms, 0, 0}; }

  // Takes a move's time, in microseconds, off the clock.
  void spend_us(std::int64_t us) {
    carry_us += us;
    left_ms -= carry_us / 1000;
    carry_us %= 1000;
  }
  // The side has moved: the increment, and at a period's end the base time again.
  void moved(const TimeControl& tc) {
    left_ms += tc.inc_ms;
    if (tc.moves_per_period > 0 && ++moves_in_period >= tc.moves_per_period) {
      moves_in_period = 0;
      left_ms += tc.base_ms;
    }
  }
  // Moves left in the period (the protocol's movestogo), 0 when the game is one period.
  int moves_to_go(const TimeControl& tc) const { return tc.moves_per_period > 0 ? tc.moves_per_period - moves_in_period : 0; }
};

}  // namespace ordo::game
