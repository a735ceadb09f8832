// The interactive protocol: one Session reads command lines (on the main thread) and drives the
// engine, whose search runs on its own threads and reports through the Relay. Handles both
// dialects: UCI (the default) and UGI (chosen by an `ugi` command).
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "game.hpp"
#include "options.hpp"
#include "output.hpp"
#include "relay.hpp"
#include "search/engine.hpp"

namespace ordo::protocol {

// The depth of `bench` without one; its node count is the signature in tests/data.
inline constexpr int DEFAULT_BENCH_DEPTH = Engine::DEFAULT_BENCH_DEPTH;

class Session {
 public:
  // `start`: a position given on the command line (--fen), else the variant's start position.
  Session(Output& out, Engine& engine, Variant variant, const std::optional<Position>& start);

  // Reads lines until `quit` or end of input, then stops any search (its bestmove is printed).
  void run(std::istream& in);

  // One input line; false after `quit`.
  bool handle(const std::string& line);
  // Stops a running search and waits for its bestmove.
  void finish();

 private:
  using Words = std::vector<std::string>;
  // Called before a command that needs the engine idle. A search that ends by itself (it has a
  // depth, node, time or mate limit and no infinite/ponder hold) is waited for, so scripts may
  // queue commands after `go`; otherwise (after printing an error) returns true.
  bool busy(const std::string& command);
  void sync_engine();

  void cmd_handshake(Dialect dialect);
  void cmd_setoption(const Words& w);
  void cmd_newgame();
  void cmd_position(const Words& w);
  void cmd_go(const Words& w);
  void cmd_stop();
  void cmd_ponderhit();
  void cmd_query(const Words& w);
  void cmd_d();
  void cmd_moves();
  void cmd_eval();
  void cmd_flip();
  void cmd_bench(const Words& w);
  void apply_play_mode();

  Output& out_;
  Engine& engine_;
  Relay relay_;
  OptionTable options_;
  Game game_;
  Dialect dialect_ = Dialect::Uci;
  bool bounded_ = false;  // the running go has a limit of its own
};

}  // namespace ordo::protocol
