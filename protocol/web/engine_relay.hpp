// One engine process as the web board sees it: the shared engine dialogue (driver/engine_client:
// greeting in UCI or UGI, options, position/go, info and bestmove parsing) fed from the server's
// event loop over an abstract line transport, so that tests can play the engine's side. On top, the
// board's rules: searches have ids, a new search stops and replaces a running one, and lines of a
// search that was replaced are dropped. Before a search the relay sets what changed since the last
// one: UCI_Variant, and the strength level (UCI_LimitStrength, UCI_Elo) of an engine that announced
// both. The relay never sends a line that came from the page: it
// builds each command itself from checked values.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine_client.hpp"
#include "strength_levels.hpp"

namespace ordo::web {

// How the relay talks to the process: start it, write lines. Lines from the engine are handed to
// EngineRelay::on_line by whoever owns the transport; end of output to on_eof.
class LineTransport {
 public:
  virtual ~LineTransport() = default;
  virtual bool start(std::string* error) = 0;
  virtual bool send(const std::string& line) = 0;
  virtual void close() = 0;
};

// driver::parse_info, strict as the page wants it: nullopt also for "info string ..." and for a line
// with a word that is no info field.
std::optional<driver::Info> parse_search_info(const std::string& line);

struct SearchLimit {
  // Clock: the engine plays on its clock (wtime/btime/winc/binc, p1time… in UGI) and plans its
  // own time; value is then unused.
  enum class Kind { Movetime, Depth, Clock } kind = Kind::Movetime;
  int value = 1000;
  long long white_ms = 0, black_ms = 0, white_inc_ms = 0, black_inc_ms = 0;  // Kind::Clock only
  driver::GoLimits go_limits() const;
};

struct SearchRequest {
  int id = 0;
  std::string variant;                 // "ordo" or "ordox"
  std::string fen;                     // start position of the game
  std::vector<std::string> moves;      // canonical tokens, checked by the core
  SearchLimit limit;
  std::optional<int> elo;              // play at this rating (a level); none: full strength
};

class EngineRelay {
 public:
  struct Listener {
    virtual ~Listener() = default;
    virtual void relay_ready(int engine, const std::string& name) = 0;
    virtual void relay_info(int engine, int search_id, const driver::Info& info) = 0;
    // The search's answer as driver::parse_bestmove read it: a move token still to be checked
    // against the position, no move, or a malformed line.
    virtual void relay_bestmove(int engine, int search_id, const driver::BestMove& best) = 0;
    virtual void relay_message(int engine, const std::string& text) = 0;  // "info string ..." text
    virtual void relay_failed(int engine, const std::string& why) = 0;
  };

  EngineRelay(int index, LineTransport& transport, Listener& listener, driver::Dialect dialect = driver::Dialect::Uci)
      : index_(index),
        transport_(transport),
        listener_(listener),
        dialogue_(dialect, [&transport](const std::string& line) { return transport.send(line); }) {}

  // Starts the process and greets it ("uci" or "ugi"). False when the process cannot be started.
  bool start();
  // Starts a search, stopping and replacing any running one. Queued until the greeting is done.
  void search(const SearchRequest& request);
  // Asks a running search to finish now (its bestmove still arrives).
  void stop();
  bool failed() const { return state_ == State::Failed; }

  void on_line(const std::string& line);
  void on_eof();
  // Called by the owner when the greeting has taken too long.
  void on_greeting_timeout();
  void shut_down();  // "quit" and close

 private:
  enum class State { Idle, Greeting, Ready, Failed };
  void fail(const std::string& why);
  void launch(const SearchRequest& request);
  void set_strength(std::optional<int> elo);

  int index_;
  LineTransport& transport_;
  Listener& listener_;
  driver::EngineDialogue dialogue_;
  State state_ = State::Idle;
  bool has_variant_option_ = false;
  std::string engine_variant_;          // last UCI_Variant sent
  // The strength options as the engine holds them (its announced defaults, then what was sent);
  // no range: the engine has no levels and is never sent them.
  std::optional<EloRange> elo_range_;
  bool limit_strength_ = false;
  std::optional<long long> engine_elo_;
  std::optional<int> running_;          // id of the search the engine is running
  std::optional<SearchRequest> pending_;  // the next search, sent when the running one ends
};

}  // namespace ordo::web
