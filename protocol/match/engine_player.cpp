#include "engine_player.hpp"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <sstream>
#include <sys/wait.h>

#include "game_record.hpp"
#include "handshake.hpp"
#include "notation.hpp"

namespace ordo::match {

namespace {

driver::EngineCommand command_of(const EngineSpec& spec) {
  driver::EngineCommand c;
  c.argv.push_back(spec.cmd);
  c.argv.insert(c.argv.end(), spec.args.begin(), spec.args.end());
  c.working_dir = spec.dir;
  return c;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Reads " score cp N" / " score mate N" and " depth N" of an info line into the answer.
void read_info(const std::string& line, SearchAnswer& a) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return;
  bool has_score = false, mate = false;
  int score = 0, depth = -1;
  while (in >> word) {
    if (word == "depth") {
      in >> depth;
    } else if (word == "score") {
      std::string kind;
      in >> kind;
      if (kind == "cp" || kind == "mate") {
        if (in >> score) {
          has_score = true;
          mate = kind == "mate";
        }
      }
    } else if (word == "pv" || word == "string") {
      break;
    }
    if (!in) return;
  }
  if (has_score) {
    a.has_score = true;
    a.mate = mate;
    a.score = score;
    if (depth >= 0) a.depth = depth;
  }
}

// A line that an engine meant as its move: its first word, ignoring case and leading white space,
// begins with "bestmove".
bool names_bestmove(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  return lower(line.substr(i, 8)) == "bestmove";
}

// The fields of a well-formed bestmove line: "bestmove", then one or three words ("ponder" and a
// turn), single spaces between, printable ASCII only. Empty when the line is malformed.
std::vector<std::string> bestmove_fields(const std::string& line) {
  std::vector<std::string> words(1);
  for (const char c : line) {
    if (c == ' ') words.emplace_back();
    else if (c > ' ' && c < 0x7f) words.back().push_back(c);
    else return {};
  }
  for (const auto& w : words)
    if (w.empty()) return {};
  if (words[0] != "bestmove") return {};
  if (words.size() == 2 || (words.size() == 4 && words[2] == "ponder")) return words;
  return {};
}

}  // namespace

std::string position_command(const std::string& start_fen, bool is_start, const std::vector<std::string>& tokens) {
  std::string cmd = is_start ? "position startpos" : "position fen " + start_fen;
  if (!tokens.empty()) {
    cmd += " moves";
    for (const auto& t : tokens) cmd += " " + t;
  }
  return cmd;
}

EnginePlayer::EnginePlayer(const EngineSpec& spec, Variant variant, std::string label, double handshake_s, LogSink log)
    : spec_(spec),
      variant_(variant),
      label_(std::move(label)),
      handshake_(static_cast<long long>(handshake_s * 1000)),
      log_(std::move(log)),
      process_(command_of(spec)) {}

EnginePlayer::~EnginePlayer() { quit(); }

bool EnginePlayer::send(const std::string& line) {
  if (log_) log_(label_ + " > " + line);
  return process_.send(line);
}

void EnginePlayer::received(const std::string& line) {
  if (log_) log_(label_ + " < " + line);
}

bool EnginePlayer::start(std::string* error) {
  started_ = false;
  ++starts_;
  std::string err;
  if (!process_.restart(&err)) {
    if (error) *error = label_ + ": " + err;
    return false;
  }
  auto fail = [&](const std::string& what) {
    if (error) *error = label_ + ": " + what;
    process_.kill();
    return false;
  };
  const std::string hello = driver::dialect_name(spec_.dialect);
  if (!send(hello)) return fail("cannot write to the engine");
  driver::EngineIdentity id;
  auto on_line = [&](const std::string& line) {
    received(line);
    if (line.rfind("id name ", 0) == 0) id.name = line.substr(8);
    else if (auto n = driver::option_line_name(line); !n.empty()) id.options.push_back(n);
  };
  if (!process_.read_until([&](const std::string& l) { return l == hello + "ok"; }, handshake_, on_line))
    return fail("no '" + hello + "ok' within " + std::to_string(handshake_.count()) + " ms (" + exit_description() + ")");
  auto announced = [&](const std::string& name) {
    return std::any_of(id.options.begin(), id.options.end(), [&](auto& o) { return lower(o) == lower(name); });
  };
  if (announced("UCI_Variant")) {
    send("setoption name UCI_Variant value " + std::string(variant_name(variant_)));
  } else if (variant_ != Variant::Classic) {
    return fail("the engine announces no UCI_Variant option, so it cannot be asked to play ordox");
  }
  for (const auto& [name, value] : spec_.options) {
    if (!announced(name)) return fail("the engine has no option '" + name + "'");
    send("setoption name " + name + " value " + value);
  }
  if (!send("isready")) return fail("cannot write to the engine");
  std::string rejected;
  auto ready = process_.read_until([](const std::string& l) { return l == "readyok"; }, handshake_,
                                   [&](const std::string& l) {
                                     received(l);
                                     if (l.rfind("info string error", 0) == 0 && rejected.empty()) rejected = l;
                                   });
  if (!ready) return fail("no 'readyok' after the options (" + exit_description() + ")");
  if (!rejected.empty()) return fail("the engine rejected a setting: " + records::printable_text(rejected));
  started_ = true;
  return true;
}

bool EnginePlayer::new_game() {
  if (!alive()) return false;
  send(spec_.dialect == driver::Dialect::Ugi ? "uginewgame" : "ucinewgame");
  if (!send("isready")) return false;
  return process_
      .read_until([](const std::string& l) { return l == "readyok"; }, handshake_,
                  [&](const std::string& l) { received(l); })
      .has_value();
}

SearchAnswer EnginePlayer::search(const std::string& position_cmd, const std::string& go_cmd,
                                  std::chrono::milliseconds deadline, const std::function<bool()>& interrupted) {
  SearchAnswer a;
  using Clock = std::chrono::steady_clock;
  if (!send(position_cmd)) {
    a.kind = SearchAnswer::Kind::Crash;
    return a;
  }
  const auto t0 = Clock::now();
  if (!send(go_cmd)) {
    a.kind = SearchAnswer::Kind::Crash;
    return a;
  }
  const auto end = t0 + deadline;
  std::string line;
  for (;;) {
    if (interrupted && interrupted()) {
      a.kind = SearchAnswer::Kind::Interrupted;
      return a;
    }
    const auto now = Clock::now();
    if (now >= end) {
      a.kind = SearchAnswer::Kind::Stall;
      a.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - t0).count();
      return a;
    }
    const auto slice = std::min<std::chrono::milliseconds>(
        std::chrono::duration_cast<std::chrono::milliseconds>(end - now) + std::chrono::milliseconds(1),
        std::chrono::milliseconds(100));
    switch (process_.read_line(line, slice)) {
      case driver::EngineProcess::ReadStatus::Timeout:
        continue;
      case driver::EngineProcess::ReadStatus::Eof:
        a.kind = SearchAnswer::Kind::Crash;
        a.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
        return a;
      case driver::EngineProcess::ReadStatus::Line:
        break;
    }
    received(line);
    if (line.rfind("info string error", 0) == 0 && a.error_line.empty()) a.error_line = line;
    if (line.rfind("info ", 0) == 0) {
      read_info(line, a);
      continue;
    }
    if (names_bestmove(line)) {
      a.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
      const auto fields = bestmove_fields(line);
      if (line == "bestmove") {
        a.kind = SearchAnswer::Kind::NoMove;
      } else if (fields.empty()) {
        a.kind = SearchAnswer::Kind::Malformed;
        a.token = line;
      } else {
        a.token = fields[1];
        a.kind = a.token == "(none)" || a.token == "0000" ? SearchAnswer::Kind::NoMove : SearchAnswer::Kind::Move;
      }
      return a;
    }
  }
}

bool EnginePlayer::stop_search(std::chrono::milliseconds grace) {
  if (!alive()) return false;
  send("stop");
  auto got = process_.read_until([](const std::string& l) { return l.rfind("bestmove", 0) == 0; }, grace,
                                 [&](const std::string& l) { received(l); });
  if (!got) {
    kill();
    return false;
  }
  return true;
}

void EnginePlayer::quit() {
  if (!process_.running()) {
    process_.kill();
    return;
  }
  if (log_) log_(label_ + " > quit");
  process_.stop(std::chrono::milliseconds(1000));
  started_ = false;
}

std::string EnginePlayer::exit_description() const {
  const auto st = process_.wait_status();
  if (!st) return process_.pid() > 0 ? "still running" : "not started";
  if (WIFEXITED(*st)) return "exit status " + std::to_string(WEXITSTATUS(*st));
  if (WIFSIGNALED(*st)) return "killed by signal " + std::to_string(WTERMSIG(*st));
  return "ended";
}

}  // namespace ordo::match
