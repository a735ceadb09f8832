// Plays one game between two engine players, refereed in-process: every move is checked by the
// rules core, the clocks are kept here, and the game ends by the rules, a threefold repetition,
// the move limit, score adjudication, or a forfeit (time, illegal move, crash, stall).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine_player.hpp"
#include "game_record.hpp"
#include "match_config.hpp"
#include "openings.hpp"
#include "outcome.hpp"
#include "schedule.hpp"

namespace ordo::match {

struct PlayedGame {
  records::GameRecord record;
  game::Outcome outcome = game::Outcome::Ongoing;
  game::Termination termination = game::Termination::None;
  std::string detail;        // the forfeit reason, empty otherwise
  int forfeiter = -1;        // engine index that forfeited, -1 if none
  bool interrupted = false;  // the runner was stopped: the game is incomplete and not to be counted
};

// A move just accepted by the referee, as an observer of the running game sees it (the live feed).
struct MoveEvent {
  int side = 0;                           // 0 White, 1 Black: who moved
  std::string token;                      // canonical
  std::string fen;                        // the position after it
  const SearchAnswer* answer = nullptr;   // the mover's search (score, depth, time)
  std::optional<long long> clock_ms[2];   // each side's clock left after the move, if it has one
};
using MoveObserver = std::function<void(const MoveEvent&)>;

// Plays the scheduled game. A player that is not running is started first (a failed start is a
// crash forfeit at its first turn). `interrupted` is polled while engines think. `on_move`, when
// set, is called on this thread after every accepted move.
PlayedGame play_game(const MatchConfig& config, const ScheduledGame& game, const Opening& opening,
                     EnginePlayer& white, EnginePlayer& black, const std::function<bool()>& interrupted,
                     const MoveObserver& on_move = {});

// Record tags common to every game of a tournament (Event, Site, Date, ...), filled for one game.
void fill_tags(records::GameRecord& record, const MatchConfig& config, const ScheduledGame& game,
               const Opening& opening);

// "+0.31/9 0.061s nodes=29712 latency=0.002s", "-M2/7 0.050s", or "0.061s" without a score:
// the runner's time, then the engine's last reported nodes and the runner's time minus the
// engine's own reported time, each when the engine reported it.
std::string move_comment(const SearchAnswer& answer);

}  // namespace ordo::match
