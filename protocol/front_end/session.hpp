// The interactive protocol: the Session reads command lines on the calling thread and never waits
// for the engine. It keeps the game, the options and the dialect itself, answers `isready` at
// once, hands `stop`, `ponderhit` and `quit` to the engine worker at once, and queues everything
// else (with a copy of the state it needs) on the worker, which acts on it in order. Handles both
// dialects: UCI (the default) and UGI (chosen by an `ugi` command).
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "engine_worker.hpp"
#include "session_game.hpp"
#include "options.hpp"
#include "output.hpp"
#include "search/engine.hpp"

namespace ordo::protocol {

// The depth of `bench` without one; its node count is the signature in tests/data.
inline constexpr int DEFAULT_BENCH_DEPTH = Engine::DEFAULT_BENCH_DEPTH;
// Input lines longer than this are refused whole, and dropped as they are read, never stored (a
// game of thousands of turns fits easily).
inline constexpr std::size_t MAX_LINE_BYTES = 1 << 20;

class Session {
 public:
  // `start`: a position given on the command line (--fen), else the variant's start position.
  // `announce_tunables` (ordo --tune): `uci`/`ugi` also announce the tunable search parameters,
  // which are hidden options otherwise (docs/PROTOCOL.md, "Tunable search parameters").
  Session(Output& out, Engine& engine, Variant variant, const std::optional<Position>& start,
          bool announce_tunables = false);

  // Reads lines until `quit` or end of input; at end of input the queued work is finished (a
  // search that only `stop` could end is stopped) before it returns. A terminal gets a banner.
  void run(std::istream& in, bool interactive = false);

  // One input line; false after `quit` (which stops everything and drops queued commands).
  bool handle(const std::string& line);
  // End of input: finishes the queued work.
  void finish();
  // Waits until the work queued so far is done (for tests; the session keeps listening).
  void drain() { worker_.drain(); }

 private:
  using Words = std::vector<std::string>;
  void say(std::string text);          // queued output, printed in order
  void say_error(std::string_view message);

  void cmd_handshake(Dialect dialect);
  void cmd_setoption(const Words& w, const std::string& line);
  void cmd_newgame();
  void cmd_position(const Words& w);
  void cmd_go(const Words& w);
  void cmd_query(const Words& w);
  void cmd_eval();
  void cmd_bench(const Words& w);
  void cmd_tunables(const Words& w);
  void cmd_help();
  void apply_play_mode();
  void sync_engine_position();  // the engine's position follows game_, set once per change
  void declare_options(Variant variant);
  void declare_tunables();

  Output& out_;
  OptionRegistry options_;
  SessionGame game_;
  std::optional<u64> engine_revision_;  // the revision of game_ the engine has
  Dialect dialect_ = Dialect::Uci;
  bool announce_tunables_ = false;
  EngineWorker worker_;  // last: its thread stops before the rest is destroyed
};

}  // namespace ordo::protocol
