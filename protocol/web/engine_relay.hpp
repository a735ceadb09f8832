// One engine process as the web board sees it: a line-protocol state machine (greeting, searches,
// stop) over an abstract line transport, so that tests can play the engine's side. Every search has
// an id; lines of a search that was replaced are dropped. The relay never sends a line that came from
// the page: it builds each command itself from checked values.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

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

// One parsed "info" line; fields the engine did not send are empty.
struct SearchInfo {
  std::optional<int> depth, seldepth, multipv;
  std::optional<int> score_cp, score_mate;
  std::string bound;  // "lowerbound", "upperbound" or empty
  std::optional<int> wdl_win, wdl_draw, wdl_loss;
  std::optional<std::int64_t> nodes, nps, time_ms;
  std::vector<std::string> pv;  // as the engine sent them; the session checks them
};
// Nullopt when the line is not a search "info" line (e.g. "info string ...") or a field is malformed.
std::optional<SearchInfo> parse_search_info(const std::string& line);

struct SearchLimit {
  enum class Kind { Movetime, Depth, Infinite } kind = Kind::Movetime;
  int value = 1000;
  std::string go_command() const;  // "go movetime 1000", "go depth 3", "go infinite"
};

struct SearchRequest {
  int id = 0;
  std::string variant;                 // "ordo" or "ordox"
  std::string fen;                     // start position of the game
  std::vector<std::string> moves;      // canonical tokens, checked by the core
  SearchLimit limit;
};

class EngineRelay {
 public:
  struct Listener {
    virtual ~Listener() = default;
    virtual void relay_ready(int engine, const std::string& name) = 0;
    virtual void relay_info(int engine, int search_id, const SearchInfo& info) = 0;
    virtual void relay_bestmove(int engine, int search_id, const std::string& token) = 0;
    virtual void relay_message(int engine, const std::string& text) = 0;  // "info string ..." text
    virtual void relay_failed(int engine, const std::string& why) = 0;
  };

  EngineRelay(int index, LineTransport& transport, Listener& listener)
      : index_(index), transport_(transport), listener_(listener) {}

  // Starts the process and greets it (UCI). False when the process cannot be started.
  bool start();
  // Starts a search, stopping and replacing any running one. Queued until the greeting is done.
  void search(const SearchRequest& request);
  // Asks a running search to finish now (its bestmove still arrives).
  void stop();
  // Whether the search with this id is still expected to answer.
  bool busy() const { return running_.has_value() || pending_.has_value(); }
  std::optional<int> current_search() const;
  bool ready() const { return state_ == State::Ready; }
  bool failed() const { return state_ == State::Failed; }
  const std::string& name() const { return name_; }

  void on_line(const std::string& line);
  void on_eof();
  // Called by the owner when the greeting has taken too long.
  void on_greeting_timeout();
  void shut_down();  // "quit" and close

 private:
  enum class State { Idle, Greeting, Ready, Failed };
  void fail(const std::string& why);
  void launch(const SearchRequest& request);

  int index_;
  LineTransport& transport_;
  Listener& listener_;
  State state_ = State::Idle;
  std::string name_;
  bool has_variant_option_ = false;
  bool has_wdl_option_ = false;
  std::string engine_variant_;          // last UCI_Variant sent
  std::optional<int> running_;          // id of the search the engine is running
  std::optional<SearchRequest> pending_;  // the next search, sent when the running one ends
};

}  // namespace ordo::web
