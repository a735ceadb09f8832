// The clocks of a game on time, kept by the server: the game model's time control and side clocks
// (engine/game/side_clock.hpp) on the server's wall clock; the side to move's
// clock runs from the moment its turn began (or the game resumed). While the clock is held (the
// game is paused) no clock runs: what had run is charged at hold, and running starts again at
// resume. Times come from the caller, so tests move them by hand.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "engine_relay.hpp"
#include "json_text.hpp"
#include "side_clock.hpp"
#include "types.hpp"

namespace ordo::web {

class GameClock {
 public:
  using Clock = std::chrono::steady_clock;

  // Both sides get the whole base time; the side to move's clock runs from now.
  void start(const game::TimeControl& control, Clock::time_point now);
  // The game goes on untimed (set-up, load, going back in the line).
  void stop();
  bool on() const { return on_; }
  const game::TimeControl& control() const { return control_; }
  std::optional<Color> flagged() const { return flagged_; }

  // The game pauses with `to_move` to move: its clock stops (charged what has run). No-op when
  // untimed, flagged or already held.
  void hold(Color to_move, Clock::time_point now);
  // The game resumes: the side to move's clock runs from now. No-op unless held.
  void resume(Clock::time_point now);

  // True (and `side` flagged) when `side`, to move, has no time left; true once flagged.
  bool out_of_time(Color side, Clock::time_point now);
  // `mover` has moved: charged its turn, given the increment; the other side's clock runs.
  void moved(Color mover, Clock::time_point now);
  // What an engine to move as `side` is sent: both times left and the increments.
  SearchLimit search_limit(Color side, Clock::time_point now) const;
  // The state's "clock" member: control, both times left, the running side or null.
  Json json(Color to_move, bool game_over, Clock::time_point now) const;

 private:
  std::int64_t running_ms(Clock::time_point now) const;

  bool on_ = false;
  bool held_ = false;
  game::TimeControl control_;
  game::SideClock side_[2];
  Clock::time_point since_{};
  std::optional<Color> flagged_;  // the side that ran out of time
};

}  // namespace ordo::web
