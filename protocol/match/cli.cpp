// The command line of ordo-match, in the style of cutechess-cli and fastchess: single-dash options,
// engine settings as key=value words.
#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine_command.hpp"
#include "tokenizer.hpp"
#include "match_config.hpp"
#include "process_usage.hpp"
#include "notation.hpp"
#include "time_control_text.hpp"

namespace ordo::match {

namespace {

struct Fail {
  std::string message;
};

// The bounds of the command line's numbers that have no natural one (docs/MATCH.md).
constexpr long long kMaxSeconds = 86400;  // a clock, an increment, a move time, -stall: one day
constexpr int kMaxEngines = 1000;         // round-robin: 499,500 encounters
constexpr double kMaxElo = 1000;          // -sprt elo0, elo1

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// "-name", or GNU style "--name".
bool is_flag(const std::string& word) {
  const std::size_t at = word.rfind("--", 0) == 0 ? 2 : 1;
  return word.size() > at && word[0] == '-' && std::isalpha(static_cast<unsigned char>(word[at]));
}

// Names, the event and the site become one-line tag values and option values one protocol line:
// a control character (a line break, a tab, a NUL) in them is refused, so a record reads back as
// written and -resume with the same command accepts it.
void require_one_line(const std::string& what, const std::string& value) {
  for (const char c : value)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw Fail{what + ": a line break or other control character is not allowed (each tag of a record is one line)"};
}

std::string range_text(long long lo, long long hi) { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]"; }

// Every integer of the command line: the project's one integer parser, then the option's range.
long long parse_int(const std::string& what, const std::string& text, long long lo, long long hi) {
  const auto v = protocol::parse_int(text);
  if (!v) throw Fail{what + ": expected an integer in " + range_text(lo, hi) + ", got '" + text + "'"};
  if (*v < lo || *v > hi) throw Fail{what + ": " + text + " is out of range " + range_text(lo, hi)};
  return static_cast<long long>(*v);
}

// A decimal number (strtod's syntax without leading space, no inf or nan) within [lo, hi].
double parse_double(const std::string& what, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = text.empty() || std::isspace(static_cast<unsigned char>(text[0])) ? NAN : std::strtod(text.c_str(), &end);
  std::string range = "[";  // appended piece by piece: GCC 12 warns falsely on "literal" + std::string&&
  range += number_text(lo);
  range += ", ";
  range += number_text(hi);
  range += ']';
  if (text.empty() || !end || *end != '\0' || !std::isfinite(v))
    throw Fail{what + ": expected a number in " + range + ", got '" + text + "'"};
  if (v < lo || v > hi) throw Fail{what + ": " + text + " is out of range " + range};
  return v;
}

// A refusal is one line: control characters of the words it quotes are written \xNN.
std::string one_line(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

std::pair<std::string, std::string> split_kv(const std::string& word, const std::string& flag) {
  const auto eq = word.find('=');
  if (eq == std::string::npos || eq == 0) throw Fail{flag + ": expected key=value, got '" + word + "'"};
  return {word.substr(0, eq), word.substr(eq + 1)};
}

void apply_engine_setting(EngineSpec& e, const std::string& word, const std::string& flag) {
  auto [key, value] = split_kv(word, flag);
  if (key == "cmd") e.cmd = value;
  else if (key == "name") require_one_line(flag + " name", value), e.name = value;
  else if (key == "dir") e.dir = value;
  else if (key == "arg") e.args.push_back(value);
  else if (key == "args") {
    std::string error;
    const auto words = driver::split_command(value, &error);
    if (!words) throw Fail{flag + ": args=" + value + ": " + error};
    e.args.insert(e.args.end(), words->begin(), words->end());
  } else if (key == "proto") {
    std::string error;
    if (!driver::parse_proto(value, e.dialect, &error)) throw Fail{flag + ": " + error};
  } else if (key.rfind("option.", 0) == 0) {
    const std::string name = key.substr(7);
    if (name.empty()) throw Fail{flag + ": empty option name in '" + word + "'"};
    require_one_line(flag + " option", name + value);
    auto it = std::find_if(e.options.begin(), e.options.end(), [&](auto& o) { return o.first == name; });
    if (it != e.options.end()) it->second = value;
    else e.options.emplace_back(name, value);
  } else if (key == "tc") {
    std::string error;
    if (value == "inf" || value == "infinite") throw Fail{flag + ": tc=inf is not supported (a match needs a limit)"};
    e.limits.clock = records::parse_time_control(value, &error);
    if (!e.limits.clock) throw Fail{flag + ": " + error};
    if (e.limits.clock->base_ms > kMaxSeconds * 1000 || e.limits.clock->inc_ms > kMaxSeconds * 1000)
      throw Fail{flag + ": tc=" + value + ": the time and the increment must lie in [0, " + std::to_string(kMaxSeconds) +
                 "] seconds"};
  } else if (key == "st") {
    const auto ms = records::parse_seconds_ms(value);
    if (!ms || *ms <= 0 || *ms > kMaxSeconds * 1000)
      throw Fail{flag + ": st= needs seconds in [0.001, " + std::to_string(kMaxSeconds) + "], got '" + value + "'"};
    e.limits.movetime_ms = *ms;
  } else if (key == "nodes") {
    e.limits.nodes = parse_int(flag + " nodes", value, 1, LLONG_MAX / 2);
  } else if (key == "depth") {
    e.limits.depth = static_cast<int>(parse_int(flag + " depth", value, 1, 1000));
  } else if (key == "timemargin") {
    e.limits.margin_ms = parse_int(flag + " timemargin", value, 0, 3600000);
  } else {
    throw Fail{flag + ": unknown engine setting '" + key + "'"};
  }
}

}  // namespace

const char* usage_text() {
  return R"(Usage: ordo-match -engine cmd=PATH [name=NAME] [settings] -engine ... [options]
       ordo-match -replay FILE...              check game records against the rules
       ordo-match -merge FILE... [-pgnout OUT] [-json OUT] [-sprt ...]   combine shard records
       ordo-match -selftest cmd=PATH [settings] [options]   the engine against itself under two
                                               names, both orders: does the runner lean?

Engine settings (after -engine, or after -each for every engine):
  cmd=PATH  name=NAME  dir=DIR  arg=ARG (repeatable)  args="A B"  proto=uci|ugi
  option.NAME=VALUE     setoption after the handshake (quote it if NAME has spaces)
  tc=[moves/]S[+INC]    clock in seconds, e.g. tc=10+0.1     st=S   seconds per move
  nodes=N  depth=N      search limits          timemargin=MS   lateness forgiven on the clock
Options:
  -each SETTINGS        settings for every engine      -tc TC   same as -each tc=TC
  -variant ordo|ordox   -rounds N (1)   -games N (2: a colour-swapped pair per opening)
  -concurrency N (1)    -tournament round-robin|gauntlet (gauntlet: the first engine meets each other)
  -openings file=F [format=epd|fen] [order=sequential|random] [start=N]
  -srand S              seed of the random opening order
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]       two engines; stops at a decision
                        (a shard never stops: decide on the merged records)
  -draw movenumber=N movecount=M score=CP   -resign movecount=M score=CP [twosided=true]
  -maxmoves N           a draw after N full moves
  -pgnout FILE          game records (docs/GAME_RECORDS.md), appended and flushed after each game;
                        a FILE that already holds games of this tournament needs -resume
  -resume               continue from the records of -pgnout (written with the same settings), playing
                        only the missing games
  -shard I/N            play only slice I of N of the tournament (pairs of games stay together)
  -recover              restart a crashed or hung engine and go on (else the tournament stops)
  -stall S              seconds past its limit before a silent engine is declared stalled
  -log FILE             every line sent and received      -json FILE   summary for scripts
  -ratinginterval N     full report every N games         -event NAME  -site NAME  -quiet
  -live FILE            the running games and standings as JSON, rewritten after every move
                        (ordo-web --live FILE shows them)
  -affinity auto|off|CPUS  auto (default): each game's engines on CPUs of their own when there
                        are enough; CPUS (e.g. 0-3): the same over those CPUs only
  -telemetry FILE       one CSV line per move: times, latency, nodes, CPU time, wait, core
  -help  -version       (also --help, --version; every option may be spelled with two dashes)
)";
}

std::optional<Invocation> parse_command_line(const std::vector<std::string>& args, std::string* error) {
  Invocation inv;
  MatchConfig& c = inv.config;
  std::vector<std::vector<std::string>> engine_words;
  std::vector<std::string> each_words;
  std::vector<std::string> selftest_words;
  bool seen_tournament_flags = false;
  try {
    std::size_t i = 0;
    auto values = [&](const std::string& flag) {
      std::vector<std::string> out;
      while (i < args.size() && !is_flag(args[i])) out.push_back(args[i++]);
      (void)flag;
      return out;
    };
    // The files of -replay and -merge: every word up to the next one starting with '-', so that an
    // option after them (-json, --json, a misspelt one) is never taken for a file name.
    auto files = [&] {
      std::vector<std::string> out;
      while (i < args.size() && args[i].rfind('-', 0) != 0) out.push_back(args[i++]);
      return out;
    };
    auto one = [&](const std::string& flag) {
      auto v = values(flag);
      if (v.size() != 1) throw Fail{flag + " takes one value"};
      return v[0];
    };
    auto file_value = [&](const std::string& flag) {
      auto v = one(flag);
      if (v.rfind("file=", 0) == 0) v = v.substr(5);
      if (v.empty()) throw Fail{flag + ": empty file name"};
      return v;
    };
    while (i < args.size()) {
      const std::string flag = args[i++];
      if (!is_flag(flag))
        throw Fail{flag.rfind('-', 0) == 0 ? "unknown option '" + flag + "'"
                                           : "unexpected '" + flag + "' (options start with '-')"};
      const std::string f = flag.rfind("--", 0) == 0 ? flag.substr(1) : flag;
      if (f == "-engine") {
        engine_words.push_back(values(f));
        seen_tournament_flags = true;
      } else if (f == "-selftest") {
        if (inv.mode == Mode::SelfTest) throw Fail{"-selftest is given once"};
        inv.mode = Mode::SelfTest;
        selftest_words = values(f);
      } else if (f == "-each") {
        auto v = values(f);
        each_words.insert(each_words.end(), v.begin(), v.end());
      } else if (f == "-tc") {
        each_words.push_back("tc=" + one(f));
      } else if (f == "-variant") {
        const auto v = parse_variant(one(f));
        if (!v) throw Fail{"-variant must be ordo or ordox"};
        c.variant = *v;
      } else if (f == "-rounds") {
        c.rounds = static_cast<int>(parse_int(f, one(f), 1, 10000000));
      } else if (f == "-games") {
        c.games = static_cast<int>(parse_int(f, one(f), 1, 1000));
      } else if (f == "-concurrency") {
        c.concurrency = static_cast<int>(parse_int(f, one(f), 1, 256));
      } else if (f == "-openings") {
        for (const auto& w : values(f)) {
          auto [k, v] = split_kv(w, f);
          if (k == "file") c.openings.file = v;
          else if (k == "format") {
            if (v == "epd") c.openings.format = OpeningFormat::Epd;
            else if (v == "fen") c.openings.format = OpeningFormat::Fen;
            else throw Fail{"-openings: format must be epd or fen"};
          } else if (k == "order") {
            if (v == "sequential") c.openings.order = OpeningOrder::Sequential;
            else if (v == "random") c.openings.order = OpeningOrder::Random;
            else throw Fail{"-openings: order must be sequential or random"};
          } else if (k == "start") {
            c.openings.start = static_cast<int>(parse_int("-openings start", v, 1, INT_MAX));
          } else if (k == "plies" || k == "policy") {
            throw Fail{"-openings: '" + k + "' is not supported"};
          } else {
            throw Fail{"-openings: unknown key '" + k + "'"};
          }
        }
        if (c.openings.file.empty()) throw Fail{"-openings needs file=FILE"};
      } else if (f == "-srand") {
        c.srand = static_cast<unsigned long long>(parse_int(f, one(f), 0, LLONG_MAX));
      } else if (f == "-tournament") {
        const auto v = one(f);
        if (v == "round-robin") c.tournament = TournamentKind::RoundRobin;
        else if (v == "gauntlet") c.tournament = TournamentKind::Gauntlet;
        else throw Fail{"-tournament must be round-robin or gauntlet"};
      } else if (f == "-sprt") {
        c.sprt.enabled = true;
        bool e0 = false, e1 = false;
        for (const auto& w : values(f)) {
          auto [k, v] = split_kv(w, f);
          if (k == "elo0") c.sprt.elo0 = parse_double("-sprt elo0", v, -kMaxElo, kMaxElo), e0 = true;
          else if (k == "elo1") c.sprt.elo1 = parse_double("-sprt elo1", v, -kMaxElo, kMaxElo), e1 = true;
          else if (k == "alpha") c.sprt.alpha = parse_double("-sprt alpha", v, 0, 0.5);
          else if (k == "beta") c.sprt.beta = parse_double("-sprt beta", v, 0, 0.5);
          else if (k == "model") {
            if (v != "logistic") throw Fail{"-sprt: only model=logistic is supported"};
          } else throw Fail{"-sprt: unknown key '" + k + "'"};
        }
        if (!e0 || !e1) throw Fail{"-sprt needs elo0= and elo1="};
        if (!(c.sprt.elo0 < c.sprt.elo1)) throw Fail{"-sprt: elo0 must be below elo1"};
        if (!(c.sprt.alpha > 0 && c.sprt.alpha < 0.5 && c.sprt.beta > 0 && c.sprt.beta < 0.5))
          throw Fail{"-sprt: alpha and beta must lie in (0, 0.5)"};
      } else if (f == "-draw") {
        c.draw.enabled = true;
        for (const auto& w : values(f)) {
          auto [k, v] = split_kv(w, f);
          if (k == "movenumber") c.draw.movenumber = static_cast<int>(parse_int("-draw movenumber", v, 0, 100000));
          else if (k == "movecount") c.draw.movecount = static_cast<int>(parse_int("-draw movecount", v, 1, 100000));
          else if (k == "score") c.draw.score = static_cast<int>(parse_int("-draw score", v, 0, 1000000));
          else throw Fail{"-draw: unknown key '" + k + "'"};
        }
        if (c.draw.movecount <= 0) throw Fail{"-draw needs movecount="};
      } else if (f == "-resign") {
        c.resign.enabled = true;
        for (const auto& w : values(f)) {
          auto [k, v] = split_kv(w, f);
          if (k == "movecount") c.resign.movecount = static_cast<int>(parse_int("-resign movecount", v, 1, 100000));
          else if (k == "score") c.resign.score = static_cast<int>(parse_int("-resign score", v, 0, 1000000));
          else if (k == "twosided") c.resign.twosided = v == "true" || v == "1";
          else throw Fail{"-resign: unknown key '" + k + "'"};
        }
        if (c.resign.movecount <= 0) throw Fail{"-resign needs movecount="};
      } else if (f == "-maxmoves") {
        c.maxmoves = static_cast<int>(parse_int(f, one(f), 1, 1000000));
      } else if (f == "-pgnout") {
        c.pgnout = file_value(f);
      } else if (f == "-log") {
        c.log = file_value(f);
      } else if (f == "-json") {
        c.json = file_value(f);
      } else if (f == "-live") {
        c.live = file_value(f);
      } else if (f == "-telemetry") {
        c.telemetry = file_value(f);
      } else if (f == "-affinity") {
        c.affinity = one(f);
        if (c.affinity != "auto" && c.affinity != "off" && !driver::parse_cpu_list(c.affinity))
          throw Fail{"-affinity: expected auto, off or a CPU list such as 0-3,6, got '" + c.affinity + "'"};
      } else if (f == "-event") {
        c.event = one(f);
        require_one_line(f, c.event);
      } else if (f == "-site") {
        c.site = one(f);
        require_one_line(f, c.site);
      } else if (f == "-recover") {
        c.recover = true;
      } else if (f == "-resume") {
        c.resume = true;
      } else if (f == "-quiet") {
        c.quiet = true;
      } else if (f == "-shard") {
        const auto v = one(f);
        const auto slash = v.find('/');
        if (slash == std::string::npos) throw Fail{"-shard takes I/N, e.g. 2/8"};
        c.shard_count = static_cast<int>(parse_int("-shard N", v.substr(slash + 1), 1, 1000000));
        c.shard_index = static_cast<int>(parse_int("-shard I", v.substr(0, slash), 1, c.shard_count));
      } else if (f == "-ratinginterval") {
        c.rating_interval = static_cast<int>(parse_int(f, one(f), 0, 100000000));
      } else if (f == "-stall") {
        c.stall_s = parse_double(f, one(f), 0, static_cast<double>(kMaxSeconds));
      } else if (f == "-replay") {
        inv.mode = Mode::Replay;
        inv.files = files();
        if (inv.files.empty()) throw Fail{"-replay needs at least one file"};
      } else if (f == "-merge") {
        inv.mode = Mode::Merge;
        inv.files = files();
        if (inv.files.empty()) throw Fail{"-merge needs at least one file"};
      } else if (f == "-help" || f == "-h") {
        inv.mode = Mode::Help;
        return inv;
      } else if (f == "-version") {
        inv.mode = Mode::Version;
        return inv;
      } else {
        throw Fail{"unknown option '" + flag + "'"};
      }
    }

    if (inv.mode == Mode::SelfTest) {
      if (seen_tournament_flags) throw Fail{"-selftest takes the engine's settings itself: give no -engine"};
      const char* refused = !c.pgnout.empty() ? "-pgnout" : c.resume ? "-resume" : c.shard_count > 1 ? "-shard"
                            : c.sprt.enabled ? "-sprt" : !c.live.empty() ? "-live"
                            : c.tournament == TournamentKind::Gauntlet ? "-tournament" : nullptr;
      if (refused) throw Fail{std::string("-selftest takes no ") + refused + " (it plays two runs of its own)"};
      engine_words = {selftest_words, selftest_words};
    } else if (inv.mode != Mode::Play) {
      if (seen_tournament_flags) throw Fail{"-replay and -merge take no -engine"};
      // An option the mode does not use is refused, not ignored: -replay writes no file, -merge
      // writes -pgnout and -json only.
      const char* unused = !c.live.empty() ? "-live" : !c.log.empty() ? "-log" : nullptr;
      if (inv.mode == Mode::Replay && !unused) unused = !c.pgnout.empty() ? "-pgnout" : !c.json.empty() ? "-json" : nullptr;
      if (unused) throw Fail{std::string(inv.mode == Mode::Replay ? "-replay" : "-merge") + " takes no " + unused};
      return inv;
    }
    for (std::size_t k = 0; k < engine_words.size(); ++k) {
      const auto& words = engine_words[k];
      EngineSpec e;
      for (const auto& w : each_words) apply_engine_setting(e, w, "-each");
      for (const auto& w : words) apply_engine_setting(e, w, "-engine");
      if (e.cmd.empty()) throw Fail{"-engine needs cmd=PATH"};
      if (e.name.empty()) {
        const auto slash = e.cmd.find_last_of('/');
        e.name = slash == std::string::npos ? e.cmd : e.cmd.substr(slash + 1);
        if (e.name.empty()) {
          std::string what = "-engine cmd=";  // piece by piece: GCC 12 warns falsely on "literal" + std::string&&
          what += e.cmd;
          what += ": give name= (the default name, the part after the last '/', is empty)";
          throw Fail{what};
        }
        require_one_line("-engine cmd= (the default name)", e.name);
      }
      if (!e.limits.any()) throw Fail{"engine '" + e.name + "' has no time control (tc=, st=, nodes= or depth=)"};
      if (inv.mode == Mode::SelfTest) e.name += k == 0 ? "-A" : "-B";
      c.engines.push_back(std::move(e));
    }
    if (c.engines.size() < 2) throw Fail{"at least two -engine are needed"};
    if (c.engines.size() > static_cast<std::size_t>(kMaxEngines))
      throw Fail{"-engine: " + std::to_string(c.engines.size()) + " engines, at most " + std::to_string(kMaxEngines)};
    for (std::size_t a = 0; a < c.engines.size(); ++a)
      for (std::size_t b = a + 1; b < c.engines.size(); ++b)
        if (c.engines[a].name == c.engines[b].name)
          throw Fail{"two engines are named '" + c.engines[a].name + "' (give name=)"};
    if (c.sprt.enabled && c.engines.size() != 2) throw Fail{"-sprt needs exactly two engines"};
    if (c.resume && c.pgnout.empty()) throw Fail{"-resume needs -pgnout FILE (the records to continue from)"};
  } catch (const Fail& f) {
    if (error) *error = one_line(f.message);
    return std::nullopt;
  }
  return inv;
}

}  // namespace ordo::match
