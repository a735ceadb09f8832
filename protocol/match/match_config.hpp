// Everything a tournament is configured with, as parsed from the command line (cli.cpp).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "adjudication.hpp"
#include "engine_client.hpp"
#include "engine_limits.hpp"
#include "types.hpp"

namespace ordo::match {

struct EngineSpec {
  std::string name;
  std::string cmd;
  std::vector<std::string> args;
  std::string dir;  // working directory, empty: the runner's
  driver::Dialect dialect = driver::Dialect::Uci;
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in the order given
  EngineLimits limits;
};

struct SprtConfig {
  bool enabled = false;
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

// -draw and -resign: the game model's adjudication hooks.
using game::DrawAdjudication;
using game::ResignAdjudication;

enum class OpeningFormat { Epd, Fen };
enum class OpeningOrder { Sequential, Random };
enum class TournamentKind { RoundRobin, Gauntlet };

struct OpeningConfig {
  std::string file;  // empty: every game starts from the variant's start position
  OpeningFormat format = OpeningFormat::Epd;
  OpeningOrder order = OpeningOrder::Sequential;
  int start = 1;  // first opening used (1-based)
};

struct MatchConfig {
  std::vector<EngineSpec> engines;
  Variant variant = Variant::Classic;
  int rounds = 1;
  int games = 2;  // games per encounter, colours alternate; an even count makes colour-swapped pairs
  int concurrency = 1;
  OpeningConfig openings;
  unsigned long long srand = 1;
  TournamentKind tournament = TournamentKind::RoundRobin;
  SprtConfig sprt;
  DrawAdjudication draw;
  ResignAdjudication resign;
  int maxmoves = 0;  // full moves, 0: no limit
  std::string pgnout;
  std::string log;
  std::string json;
  std::string live;  // -live FILE: the running tournament, rewritten after every move
  std::string event = "ordo-match";
  std::string site;
  bool recover = false;
  bool resume = false;
  int shard_index = 1, shard_count = 1;  // -shard i/n (1-based)
  int rating_interval = 0;               // full report every N games, 0: only at the end
  double stall_s = -1;                   // -stall: seconds past the limit before a silent engine is a stall
  double handshake_s = 10;               // uci/ugi and isready answers
  bool quiet = false;                    // no per-game progress lines
  std::string affinity = "auto";         // -affinity auto|off|CPUS (affinity.hpp)
  std::string telemetry;                 // -telemetry FILE: one CSV line per move
  bool print_report = true;              // the report at the end (off for the self-test's parts)
};

// The other modes of the program.
// SelfTest: config.engines holds one engine under two names, NAME-A and NAME-B (selftest.hpp).
enum class Mode { Play, Replay, Merge, SelfTest, Help, Version };

struct Invocation {
  Mode mode = Mode::Play;
  MatchConfig config;
  std::vector<std::string> files;  // -replay / -merge inputs
};

// Parses argv (without the program name). nullopt with *error (one line) on a bad command line.
std::optional<Invocation> parse_command_line(const std::vector<std::string>& args, std::string* error);

// The usage text.
const char* usage_text();

}  // namespace ordo::match
