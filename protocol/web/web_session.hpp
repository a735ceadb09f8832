// One page's game: reads the page's text commands, keeps the game (the rules core checks every
// move, from the page and from engines), drives the engines through relays and answers with JSON
// messages. No network and no processes here: the server supplies the transports and the sink.
//
// Page commands (one per WebSocket text message; the first word is the command):
//   hello | new <ordo|ordox> | fen <FEN> | players <white> <black> (each "human" or an engine number
//   from 1) | limit movetime <ms> | limit depth <n> | move <token> | check <token> | undo | redo |
//   jump <ply> | play | stop | hint | save | load <record text>
// Messages to the page are JSON objects with a "type": hello, state, info, hint, record, refusal,
// notice, error (see docs/WEB.md).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine_relay.hpp"
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
struct EngineSpec {
  std::string command;  // for display only
  driver::Dialect dialect = driver::Dialect::Uci;  // how the relay speaks to it
};

class WebSession : private EngineRelay::Listener {
 public:
  WebSession(std::vector<EngineSpec> engines, TransportFactory factory, std::function<void(std::string)> send,
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

 private:
  enum class Purpose { Play, Hint };
  struct Search {
    int id;
    int engine;
    Purpose purpose;
    long version;  // game version the search was asked for
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

  // After any change of the game: drop a search for the old position, tell the page, let an
  // engine move if it is its turn.
  void game_changed();
  void cancel_search();
  void maybe_engine_move();
  bool start_search(int engine, Purpose purpose);
  std::optional<int> engine_of(Color c) const { return players_[c]; }
  EngineRelay* relay(int engine);
  std::string engine_label(int engine) const;
  std::string player_name(Color c) const;

  void send_hello();
  void send_state();
  void send_error(const std::string& text);
  void send_notice(const std::string& text);

  // EngineRelay::Listener
  void relay_ready(int engine, const std::string& name) override;
  void relay_info(int engine, int search_id, const SearchInfo& info) override;
  void relay_bestmove(int engine, int search_id, const std::string& token) override;
  void relay_message(int engine, const std::string& text) override;
  void relay_failed(int engine, const std::string& why) override;

  std::vector<EngineSpec> specs_;
  TransportFactory factory_;
  std::function<void(std::string)> send_;
  SessionLimits limits_;
  std::vector<std::unique_ptr<Slot>> slots_;

  WebGame game_;
  std::optional<int> players_[2];  // engine per colour; none = a person
  SearchLimit limit_{SearchLimit::Kind::Movetime, 1000};
  bool paused_ = false;
  long version_ = 0;
  int next_search_id_ = 1;
  std::optional<Search> search_;
  bool closed_ = false;
};

}  // namespace ordo::web
