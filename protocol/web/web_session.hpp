// One page's game: reads the page's text commands, keeps the game (the rules core checks every
// move, from the page and from engines), drives the engines through relays and answers with JSON
// messages. No network and no processes here: the server supplies the transports and the sink.
//
// Page commands (one per WebSocket text message; the first word is the command):
//   hello | new <ordo|ordox> | fen <FEN> | players <white> <black> (each "human" or an engine number
//   from 1) | limit movetime <ms> | limit depth <n> | move <token> | check <token> | undo | redo |
//   jump <ply> | play | stop | hint | save | load <record text> | clock <seconds>[+<increment s>] |
//   clock off | flag | analyse <ms> | level <engine number> <1-8|off>
// Messages to the page are JSON objects with a "type": hello, state, info, hint, record, refusal,
// notice, error, analysis, analysis_done, scores (see docs/WEB.md).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine_relay.hpp"
#include "game_clock.hpp"
#include "record_io.hpp"
#include "strength_levels.hpp"
#include "web_game.hpp"

namespace ordo::web {

struct SessionLimits {
  std::size_t max_message = 256 * 1024;  // bytes of one page message
  int min_movetime = 10, max_movetime = 600000;
  int max_depth = 64;
};

// Where an engine's transport sends what it reads.
struct TransportEvents {
  std::function<void(const std::string&)> line;
  std::function<void()> eof;
  std::function<void()> greeting_timeout;
};
using TransportFactory = std::function<std::unique_ptr<LineTransport>(int engine, TransportEvents events)>;

// What the page sees of an engine before it has started: its number and the command line.
struct EngineListing {
  std::string command;  // for display only
  std::string name;     // the name it gave when checked at start ("" if unknown)
  driver::Dialect dialect = driver::Dialect::Uci;  // how the relay speaks to it
  std::vector<EngineLevel> levels = {};  // its strength levels (engine_levels of its options); may be empty
};

class WebSession : private EngineRelay::Listener {
 public:
  WebSession(std::vector<EngineListing> engines, TransportFactory factory, std::function<void(std::string)> send,
             SessionLimits limits = {});
  ~WebSession() override;
  WebSession(const WebSession&) = delete;
  WebSession& operator=(const WebSession&) = delete;

  // One message from the page. Anything malformed gets an "error" message; the state is kept.
  void handle(std::string_view message);
  // Stops every engine (the page has gone).
  void close();

  const WebGame& game() const { return game_; }
  bool paused() const { return paused_; }

  using Clock = std::chrono::steady_clock;
  // The time source of the game clocks (tests move time by hand).
  void set_time_source(std::function<Clock::time_point()> now) { now_ = std::move(now); }

 private:
  enum class Purpose { Play, Hint, Analyse };
  struct Search {
    int id;
    int engine;
    Purpose purpose;
    long version;  // game version the search was asked for
    int ply;       // position searched: after this many turns of the line
  };
  // "Analyse game": every position of the line searched in turn, ply 0 to the end.
  struct Analysis {
    int ms = 0;
    int engine = 0;
    int next = 0;  // ply searched now
    int last = 0;  // the last ply to search
    int retries = 0;  // searches of this ply that ended without a score
    std::optional<int> cp, mate;  // the latest score of the running search (side to move's view)
  };
  struct Slot {
    std::unique_ptr<LineTransport> transport;
    std::unique_ptr<EngineRelay> relay;
    std::string name;
  };

  void dispatch(std::string_view verb, std::string_view rest);
  void cmd_new(std::string_view rest);
  void cmd_fen(std::string_view rest);
  void cmd_players(std::string_view rest);
  void cmd_limit(std::string_view rest);
  void cmd_move(std::string_view rest);
  void cmd_check(std::string_view rest);
  void cmd_navigate(std::string_view verb, std::string_view rest);
  void cmd_play();
  void cmd_stop();
  void cmd_hint();
  void cmd_save();
  void cmd_load(std::string_view rest);
  void cmd_clock(std::string_view rest);
  void cmd_flag();
  void cmd_analyse(std::string_view rest);
  void cmd_level(std::string_view rest);

  // Clock steps (all no-ops in an untimed game).
  void clock_start_game();
  bool clock_out_of_time(Color side);  // flags `side` when its time is gone (and pauses)
  // How the game stands: the game model's ending at the cursor first; else a flagged clock is a
  // time forfeit won by the other side; else the game goes on (None, Ongoing).
  struct Ending {
    game::Termination termination;
    game::Outcome outcome;
  };
  Ending ending() const;
  bool game_over() const { return game_.over() || clock_.flagged().has_value(); }
  // Paused: no engine is asked to move, none is moved for, and no clock runs.
  void set_paused(bool paused);

  void analyse_next();
  void analysis_result(const driver::BestMove& best);
  void stop_analysis();
  // After any change of the game: drop a search for the old position, tell the page, let an
  // engine move if it is its turn.
  void game_changed();
  void cancel_search();
  void maybe_engine_move();
  // Searches the position at `ply` (-1: the cursor) with `limit` (none: the game's limit).
  bool start_search(int engine, Purpose purpose, int ply = -1, std::optional<SearchLimit> limit = std::nullopt);
  std::optional<int> engine_of(Color c) const { return players_[c]; }
  EngineRelay* relay(int engine);
  std::string engine_label(int engine) const;
  std::string player_name(Color c) const;  // "Human" or the engine's name
  // The level chosen for an engine, if any.
  const EngineLevel* level_of(int engine) const;
  // A side as the game shows it: a loaded record's player, or the engine with its level, e.g.
  // "Ordo 1.0 (level 3, 850)", or "Human".
  std::string display_name(Color c) const;
  // A side as a saved record names it: a loaded record's player, else the player's name and, for
  // an engine at a level, the level's rating.
  RecordPlayer record_player(Color c) const;

  void send_hello();
  void send_state();
  void send_error(const std::string& text);
  void send_notice(const std::string& text);

  // EngineRelay::Listener
  void relay_ready(int engine, const std::string& name) override;
  void relay_info(int engine, int search_id, const driver::Info& info) override;
  void relay_bestmove(int engine, int search_id, const driver::BestMove& best) override;
  void relay_message(int engine, const std::string& text) override;
  void relay_failed(int engine, const std::string& why) override;

  std::vector<EngineListing> listings_;
  TransportFactory factory_;
  std::function<void(std::string)> send_;
  SessionLimits limits_;
  std::vector<std::unique_ptr<Slot>> slots_;

  WebGame game_;
  std::optional<int> players_[2];  // engine per colour; none = a person
  std::vector<std::optional<int>> levels_;  // per engine: the level (1..kLevelCount) it plays at
  // The players a loaded record named, shown and saved until the next new game, set-up or load.
  std::optional<RecordPlayer> record_players_[2];
  SearchLimit limit_{SearchLimit::Kind::Movetime, 1000};
  bool paused_ = false;
  long version_ = 0;
  int next_search_id_ = 1;
  std::optional<Search> search_;
  bool closed_ = false;
  std::function<Clock::time_point()> now_ = [] { return Clock::now(); };
  std::optional<game::TimeControl> next_control_;  // the clock of the next new game
  GameClock clock_;
  std::optional<Analysis> analysis_;
};

}  // namespace ordo::web
