#include "game_clock.hpp"

#include <algorithm>
#include <string>

#include "web_game.hpp"

namespace ordo::web {

void GameClock::start(const game::TimeControl& control, Clock::time_point now) {
  *this = GameClock{};
  on_ = true;
  control_ = control;
  side_[WHITE] = side_[BLACK] = game::SideClock::start(control);
  since_ = now;
}

void GameClock::stop() {
  on_ = false;
  held_ = false;
  flagged_.reset();
}

std::int64_t GameClock::running_ms(Clock::time_point now) const {
  if (!on_ || held_) return 0;
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count();
}

void GameClock::hold(Color to_move, Clock::time_point now) {
  if (!on_ || held_ || flagged_) return;
  side_[to_move].spend_us(running_ms(now) * 1000);
  held_ = true;
}

void GameClock::resume(Clock::time_point now) {
  if (!held_) return;
  held_ = false;
  since_ = now;
}

bool GameClock::out_of_time(Color side, Clock::time_point now) {
  if (!on_ || flagged_) return flagged_.has_value();
  if (side_[side].left_ms - running_ms(now) > 0) return false;
  side_[side].left_ms = 0;
  flagged_ = side;
  return true;
}

void GameClock::moved(Color mover, Clock::time_point now) {
  if (!on_) return;
  side_[mover].spend_us(running_ms(now) * 1000);
  side_[mover].moved(control_);
  since_ = now;
}

// The engine plays on its clock: both sides' time left (the mover's less what has run since its
// turn began) and the increments, as a match runner sends them; the engine plans its own time.
SearchLimit GameClock::search_limit(Color side, Clock::time_point now) const {
  SearchLimit limit{SearchLimit::Kind::Clock, 0};
  std::int64_t left[2] = {side_[WHITE].left_ms, side_[BLACK].left_ms};
  left[side] = std::max<std::int64_t>(0, left[side] - running_ms(now));
  limit.white_ms = left[WHITE];
  limit.black_ms = left[BLACK];
  limit.white_inc_ms = limit.black_inc_ms = control_.inc_ms;
  return limit;
}

Json GameClock::json(Color to_move, bool game_over, Clock::time_point now) const {
  Json clock;
  clock["control"] = on_ ? Json{{"base", control_.base_ms}, {"inc", control_.inc_ms}} : Json(nullptr);
  const bool running = on_ && !held_ && !flagged_ && !game_over;
  for (Color c : {WHITE, BLACK}) {
    std::int64_t left = side_[c].left_ms;
    if (running && c == to_move) left -= running_ms(now);
    clock[color_name(c)] = std::max<std::int64_t>(left, 0);
  }
  clock["running"] = running ? Json(color_name(to_move)) : Json(nullptr);
  return clock;
}

}  // namespace ordo::web
