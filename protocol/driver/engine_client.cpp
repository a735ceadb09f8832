#include "engine_client.hpp"

#include <thread>

#include <sys/wait.h>

#include "tokenizer.hpp"

namespace ordo::driver {

using protocol::iequals;
using protocol::is_space;
using protocol::join_words;
using protocol::parse_int;
using protocol::split_words;

std::optional<Info> parse_info(const std::string& line) {
  const auto w = split_words(line);
  if (w.size() < 2 || w[0] != "info") return std::nullopt;
  Info info;
  auto number = [&](std::size_t i) -> std::optional<std::int64_t> {
    if (i >= w.size()) return std::nullopt;
    return parse_int(w[i]);
  };
  auto small = [&](std::size_t i, std::optional<int>& out) {
    auto v = number(i);
    if (!v || *v < -1000000000 || *v > 1000000000) return false;
    out = int(*v);
    return true;
  };
  bool any = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (k == "depth" || k == "seldepth" || k == "multipv" || k == "hashfull") {
      auto& field = k == "depth" ? info.depth : k == "seldepth" ? info.seldepth : k == "multipv" ? info.multipv : info.hashfull;
      if (!small(++i, field)) return std::nullopt;
    } else if (k == "score") {
      if (i + 2 >= w.size()) return std::nullopt;
      const std::string& kind = w[++i];
      if (kind == "cp") {
        if (!small(++i, info.score_cp)) return std::nullopt;
      } else if (kind == "mate") {
        if (!small(++i, info.score_mate)) return std::nullopt;
      } else {
        return std::nullopt;
      }
      if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) info.bound = w[++i];
    } else if (k == "wdl") {
      if (!small(i + 1, info.wdl_win) || !small(i + 2, info.wdl_draw) || !small(i + 3, info.wdl_loss))
        return std::nullopt;
      i += 3;
    } else if (k == "nodes" || k == "nps" || k == "time") {
      auto v = number(++i);
      if (!v || *v < 0) return std::nullopt;
      (k == "nodes" ? info.nodes : k == "nps" ? info.nps : info.time_ms) = *v;
    } else if (k == "pv") {
      info.pv.assign(w.begin() + std::ptrdiff_t(i) + 1, w.end());
      any = true;
      break;
    } else if (k == "string") {
      info.text = join_words(w, i + 1, w.size());
      any = true;
      break;
    } else if (k == "currmovenumber" || k == "tbhits" || k == "cpuload" || k == "currmove") {
      ++i;  // known, not kept
      continue;
    } else {
      info.unknown_words = true;
      continue;
    }
    any = true;
  }
  if (!any) return std::nullopt;
  return info;
}

bool names_bestmove(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  return iequals(std::string_view(line).substr(i, 8), "bestmove");
}

BestMove parse_bestmove(const std::string& line) {
  BestMove b;
  if (line == "bestmove") {
    b.kind = BestMove::Kind::NoMove;
    return b;
  }
  // "bestmove", then one or three words ("ponder" and a turn), single spaces between, printable
  // ASCII only.
  std::vector<std::string> words(1);
  bool ok = true;
  for (const char c : line) {
    if (c == ' ') words.emplace_back();
    else if (c > ' ' && c < 0x7f) words.back().push_back(c);
    else ok = false;
  }
  for (const auto& w : words) ok = ok && !w.empty();
  ok = ok && words[0] == "bestmove" && (words.size() == 2 || (words.size() == 4 && words[2] == "ponder"));
  if (!ok) {
    b.kind = BestMove::Kind::Malformed;
    b.token = line;
    return b;
  }
  b.token = words[1];
  if (words.size() == 4) b.ponder = words[3];
  b.kind = b.token == "(none)" || b.token == "0000" ? BestMove::Kind::NoMove : BestMove::Kind::Move;
  return b;
}

bool Identity::has_option(const std::string& name) const {
  for (const auto& o : options)
    if (iequals(o, name)) return true;
  return false;
}

const EngineOption* Identity::find_option(const std::string& name) const {
  for (const auto& o : typed_options)
    if (iequals(o.name, name)) return &o;
  return nullptr;
}

std::string option_line_name(const std::string& line) {
  auto o = parse_option_line(line);
  return o ? o->name : std::string();
}

std::string go_command(const GoLimits& l, Dialect dialect) {
  std::string cmd = "go";
  const bool ugi = dialect == Dialect::Ugi;
  auto field = [&](const char* uci_name, const char* ugi_name, const auto& v) {
    if (v) cmd.append(" ").append(ugi ? ugi_name : uci_name).append(" ").append(std::to_string(*v));
  };
  field("wtime", "p1time", l.wtime);
  field("btime", "p2time", l.btime);
  field("winc", "p1inc", l.winc);
  field("binc", "p2inc", l.binc);
  field("movestogo", "movestogo", l.movestogo);
  field("movetime", "movetime", l.movetime);
  field("nodes", "nodes", l.nodes);
  field("depth", "depth", l.depth);
  if (l.infinite || cmd == "go") cmd += " infinite";
  return cmd;
}

std::string position_command(const std::string& fen, bool is_start, const std::vector<std::string>& moves) {
  std::string cmd = is_start ? "position startpos" : "position fen " + fen;
  if (!moves.empty()) {
    cmd += " moves";
    for (const auto& m : moves) cmd += " " + m;
  }
  return cmd;
}

// --- EngineDialogue ---

bool EngineDialogue::greet() {
  identity_ = {};
  greeting_ = true;
  greeted_ = false;
  return send(dialect_name(dialect_));
}

bool EngineDialogue::set_option(const std::string& name, const std::string& value) {
  return send(value.empty() ? "setoption name " + name : "setoption name " + name + " value " + value);
}

bool EngineDialogue::is_ready() { return send("isready"); }

bool EngineDialogue::new_game() { return send(dialect_ == Dialect::Ugi ? "uginewgame" : "ucinewgame"); }

bool EngineDialogue::position(const std::string& fen, bool is_start, const std::vector<std::string>& moves) {
  return send(position_command(fen, is_start, moves));
}

bool EngineDialogue::go(const std::string& go_line) {
  searching_ = true;
  return send(go_line);
}

bool EngineDialogue::stop() { return send("stop"); }

bool EngineDialogue::quit() {
  searching_ = false;
  return send("quit");
}

void EngineDialogue::reset() {
  greeting_ = greeted_ = searching_ = false;
}

EngineDialogue::Event EngineDialogue::feed(const std::string& line) {
  Event e;
  const auto w = split_words(line);
  if (w.empty()) return e;
  if (greeting_) {
    e.kind = Event::Kind::Greeting;
    if (w.size() == 1 && w[0] == std::string(dialect_name(dialect_)) + "ok") {
      greeting_ = false;
      greeted_ = true;
      e.kind = Event::Kind::Greeted;
    } else if (w[0] == "id" && w.size() >= 3 && w[1] == "name") {
      identity_.name = join_words(w, 2, w.size());
    } else if (w[0] == "id" && w.size() >= 3 && w[1] == "author") {
      identity_.author = join_words(w, 2, w.size());
    } else if (auto option = parse_option_line(line)) {
      identity_.options.push_back(option->name);
      identity_.typed_options.push_back(std::move(*option));
    }
    return e;
  }
  if (w[0] == "info") {
    if (w.size() >= 2 && w[1] == "string") {
      e.kind = Event::Kind::InfoString;
      e.text = join_words(w, 2, w.size());
    } else if (auto info = parse_info(line)) {
      e.kind = Event::Kind::Info;
      e.info = std::move(*info);
    } else {
      e.kind = Event::Kind::Other;
    }
    return e;
  }
  if (w.size() == 1 && w[0] == "readyok") {
    e.kind = Event::Kind::ReadyOk;
    return e;
  }
  if (names_bestmove(line)) {
    e.kind = Event::Kind::BestMove;
    e.best = parse_bestmove(line);
    e.expected = searching_;
    searching_ = false;
    return e;
  }
  e.kind = Event::Kind::Other;
  return e;
}

// --- EngineClient ---

EngineClient::EngineClient(EngineCommand command, Dialect dialect, Log log)
    : process_(std::move(command)),
      dialogue_(dialect, [this](const std::string& line) { return write(line); }),
      log_(std::move(log)) {}

EngineClient::~EngineClient() { quit(std::chrono::milliseconds(1000)); }

bool EngineClient::write(const std::string& line) {
  if (log_) log_(true, line);
  return process_.send(line);
}

EngineProcess::ReadStatus EngineClient::read(std::string& line, std::chrono::milliseconds timeout) {
  const auto status = process_.read_line(line, timeout);
  if (status == EngineProcess::ReadStatus::Eof) output_closed_ = true;
  if (status == EngineProcess::ReadStatus::Line && log_) log_(false, line);
  return status;
}

namespace {
bool failed(ClientError* error, ClientError::Kind kind, std::string text) {
  if (error) *error = {kind, std::move(text)};
  return false;
}
}  // namespace

bool EngineClient::start(std::chrono::milliseconds timeout, ClientError* error) {
  dialogue_.reset();
  if (std::string why; !process_.restart(&why)) return failed(error, ClientError::Kind::CannotStart, why);
  // A greeting that cannot be written means the engine closed its input or already exited: its
  // output then ends at once, and the failure below says how it ended, as for any silent engine.
  dialogue_.greet();
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + timeout;
  std::string line;
  auto status = EngineProcess::ReadStatus::Timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
    if (left.count() < 0) break;
    status = read(line, left);
    if (status != EngineProcess::ReadStatus::Line) break;
    if (dialogue_.feed(line).kind == EngineDialogue::Event::Kind::Greeted) return true;
  }
  // Output closed: the engine is ending; give it a moment so the error can say how it ended.
  if (status == EngineProcess::ReadStatus::Eof)
    for (int i = 0; i < 50 && !process_.wait_status(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const std::string ok = std::string(dialect_name(dialogue_.dialect())) + "ok";
  const std::string what =
      "no '" + ok + "' within " + std::to_string(timeout.count()) + " ms (" + exit_description() + ")";
  process_.kill();
  return failed(error, ClientError::Kind::NoGreeting, what);
}

bool EngineClient::sync(std::chrono::milliseconds timeout, ClientError* error,
                        const std::function<void(const std::string&)>& on_line) {
  if (!dialogue_.is_ready()) return failed(error, ClientError::Kind::CannotWrite, "cannot write to the engine");
  if (read_until(EngineDialogue::Event::Kind::ReadyOk, timeout, on_line)) return true;
  return failed(error, ClientError::Kind::NoReadyOk, "no 'readyok' from the engine");
}

EngineClient::Answer EngineClient::search(const std::string& position_line, const std::string& go_line,
                                          std::chrono::milliseconds deadline, const std::function<bool()>& interrupted,
                                          const std::function<void(const Info&)>& on_info,
                                          const std::function<void(const std::string&)>& on_line) {
  using Clock = std::chrono::steady_clock;
  using std::chrono::milliseconds;
  Answer a;
  if (!write(position_line)) {
    a.kind = Answer::Kind::WriteFailed;
    return a;
  }
  output_closed_ = false;
  if (ping_timeout_.count() > 0 && !sync(ping_timeout_, nullptr, on_line)) {
    // An engine that closed its output ended (or is ending): that is a crash, not a slow answer.
    a.kind = output_closed_ || !alive() ? Answer::Kind::Eof : Answer::Kind::Unready;
    return a;
  }
  if (measure_usage_) meter_.begin(process_.pid());
  // The clock starts before the write: a runner preempted inside the write must not give the
  // engine thinking time its clock does not see.
  const auto t0 = Clock::now();
  if (!dialogue_.go(go_line)) {
    a.kind = Answer::Kind::WriteFailed;
    return a;
  }
  const auto end = t0 + deadline;
  auto stamp = [&](Answer::Kind kind) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0);
    a.kind = kind;
    a.elapsed_us = us.count();
    a.elapsed = std::chrono::duration_cast<milliseconds>(us);
    if (measure_usage_) a.usage = meter_.end();
    return a;
  };
  // While measuring, the engine's threads are sampled every 5 ms for the first 100 ms (a search
  // thread born and ended between two samples would go uncounted), then every 20 ms.
  auto poll_every = [&](Clock::time_point now) {
    if (!measure_usage_) return milliseconds(100);
    return now - t0 < milliseconds(100) ? milliseconds(5) : milliseconds(20);
  };
  auto last_sample = t0;
  std::string line;
  for (;;) {
    if (interrupted && interrupted()) {
      a.kind = Answer::Kind::Interrupted;
      return a;
    }
    const auto now = Clock::now();
    if (now >= end) return stamp(Answer::Kind::Timeout);
    if (measure_usage_ && now - last_sample >= poll_every(now)) {
      meter_.sample();
      last_sample = now;
    }
    const auto slice =
        std::min<milliseconds>(std::chrono::duration_cast<milliseconds>(end - now) + milliseconds(1), poll_every(now));
    switch (read(line, slice)) {
      case EngineProcess::ReadStatus::Timeout:
        continue;
      case EngineProcess::ReadStatus::Eof:
        return stamp(Answer::Kind::Eof);
      case EngineProcess::ReadStatus::Line:
        break;
    }
    auto event = dialogue_.feed(line);
    if (event.kind == EngineDialogue::Event::Kind::BestMove) {
      a.best = std::move(event.best);
      return stamp(Answer::Kind::BestMove);
    }
    if (on_line) on_line(line);
    if (event.kind == EngineDialogue::Event::Kind::Info && on_info) on_info(event.info);
  }
}

bool EngineClient::stop(std::chrono::milliseconds grace) {
  if (!alive()) return false;
  dialogue_.stop();
  // The answer is read as search() reads it: the first line the dialogue calls a bestmove, well
  // formed or not, ends the search.
  if (read_until(EngineDialogue::Event::Kind::BestMove, grace)) return true;
  kill();
  return false;
}

bool EngineClient::read_until(EngineDialogue::Event::Kind kind, std::chrono::milliseconds timeout,
                              const std::function<void(const std::string&)>& on_other) {
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + timeout;
  std::string line;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
    if (left.count() < 0 || read(line, left) != EngineProcess::ReadStatus::Line) return false;
    if (dialogue_.feed(line).kind == kind) return true;
    if (on_other) on_other(line);
  }
}

bool EngineClient::quit(std::chrono::milliseconds grace) {
  if (!process_.running()) {
    kill();
    return false;
  }
  dialogue_.quit();
  dialogue_.reset();
  return process_.stop(grace);
}

void EngineClient::kill() {
  dialogue_.reset();
  process_.kill();
}

std::string EngineClient::exit_description() const {
  const auto st = process_.wait_status();
  if (!st) return process_.pid() > 0 ? "still running" : "not started";
  if (WIFEXITED(*st)) return "exit status " + std::to_string(WEXITSTATUS(*st));
  if (WIFSIGNALED(*st)) return "killed by signal " + std::to_string(WTERMSIG(*st));
  return "ended";
}

}  // namespace ordo::driver
