// One engine of a match as a worker sees it: the shared engine client (driver/engine_client) with
// the runner's rules on top — the variant and the spec's options checked against what the engine
// announces, a rejected setting refused, and each search's answer sorted into the kinds a game
// needs (move, no move, malformed, crash, stall, interrupted). Every line sent and received can go
// to a log.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engine_client.hpp"
#include "match_config.hpp"

namespace ordo::match {

// Receives "<label> > line" (sent) and "<label> < line" (received) log lines; may be empty.
using LogSink = std::function<void(const std::string&)>;

struct SearchAnswer {
  // Malformed: a line that names bestmove but is not "bestmove <turn>" or
  // "bestmove <turn> ponder <turn>" with single spaces (a tab, a leading space, another case).
  enum class Kind { Move, NoMove, Malformed, Crash, Stall, Interrupted } kind = Kind::Stall;
  std::string token;       // the bestmove token (Move, NoMove), the whole raw line (Malformed)
  long long elapsed_ms = 0;  // the runner's clock, from just before the go to the bestmove
  long long elapsed_us = 0;  // the same in microseconds
  bool unready = false;      // Stall: the engine did not answer the isready before its go
  std::optional<long long> engine_ms;  // the last "time" the engine reported
  std::optional<long long> nodes;      // the last "nodes" the engine reported
  driver::SearchUsage usage;           // its CPU time, wait for a core, core, nice, affinity
  bool has_score = false;  // from the last info line with a score
  bool mate = false;
  int score = 0;  // centipawns, or mate distance as the engine gave it
  int depth = 0;
  std::string error_line;  // an "info string error" line, if the engine printed one
};

class EnginePlayer {
 public:
  // cpus: the only CPUs the engine may use (empty: any). Every search is preceded by an isready
  // ping (answered within the handshake time) and measured (SearchAnswer::usage).
  EnginePlayer(const EngineSpec& spec, Variant variant, std::string label, double handshake_s, LogSink log,
               std::vector<int> cpus = {});
  ~EnginePlayer();

  // Starts the process, greets it, sets UCI_Variant (when the variant is ordox, or the engine
  // announces the option) and the spec's options, and waits for readyok. False with *error when
  // any step fails, the engine announces no option of a given name, or a value does not fit the
  // option's announced type and range (driver::option_value_error; nothing is set then). A check
  // or combo value is sent in the engine's own spelling (option_canonical_value).
  bool start(std::string* error);
  bool alive() const { return started_ && client_.alive(); }
  // How many times start() has been called: 0 for an engine never started.
  int starts() const { return starts_; }
  // New game and isready; false when the engine does not answer (the caller restarts it).
  bool new_game();
  // Sends the position and the go command and waits for bestmove until the deadline (measured
  // from the go). Checks `interrupted` every 100 ms.
  SearchAnswer search(const std::string& position_cmd, const std::string& go_cmd, std::chrono::milliseconds deadline,
                      const std::function<bool()>& interrupted);
  // After a search ran past its deadline: "stop", then up to grace for its bestmove; the engine
  // is killed when none comes. True when the engine is usable for another game.
  bool stop_search(std::chrono::milliseconds grace);
  void kill() { client_.kill(); started_ = false; }
  void quit();
  const EngineSpec& spec() const { return spec_; }
  const std::string& label() const { return label_; }
  // How the process ended, for messages: "exit status N", "killed by signal N", or "running".
  std::string exit_description() const { return client_.exit_description(); }

 private:
  EngineSpec spec_;
  Variant variant_;
  std::string label_;
  std::chrono::milliseconds handshake_;
  driver::EngineClient client_;
  bool started_ = false;
  int starts_ = 0;
};

// "position fen <FEN> moves t1 t2 ..." ("position startpos ..." when is_start).
using driver::position_command;

}  // namespace ordo::match
