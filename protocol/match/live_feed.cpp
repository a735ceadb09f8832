#include "live_feed.hpp"

#include <chrono>
#include <cstdio>

#include "output_file.hpp"

namespace ordo::match {

namespace {

// Appends the UTF-8 sequence starting at s[i] when it is valid; returns its length, 0 if invalid.
std::size_t utf8_length(const std::string& s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t n = 0;
  unsigned min = 0, cp = 0;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// A JSON string for any bytes: quotes, backslashes and control characters escaped, invalid UTF-8
// replaced by U+FFFD, so the document always parses.
std::string quote(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      ++i;
    } else if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
      ++i;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = utf8_length(s, i)) {
      out.append(s, i, n);
      i += n;
    } else {
      out += "\\ufffd";
      ++i;
    }
  }
  return out + "\"";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string optional_ms(const std::optional<long long>& v) { return v ? std::to_string(*v) : "null"; }

}  // namespace

LiveFeed::LiveFeed(std::string path, Setup setup, std::ostream& warnings)
    : path_(std::move(path)),
      setup_(std::move(setup)),
      warnings_(warnings),
      standings_(setup_.names.size()),
      writer_([this] { writer_loop(); }) {}

LiveFeed::~LiveFeed() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  writer_.join();
}

void LiveFeed::count(int white, int black, double white_points) {
  auto& w = standings_[static_cast<std::size_t>(white)];
  auto& b = standings_[static_cast<std::size_t>(black)];
  if (white_points > 0.75) ++w.wins, ++b.losses;
  else if (white_points < 0.25) ++w.losses, ++b.wins;
  else ++w.draws, ++b.draws;
  ++finished_count_;
}

void LiveFeed::count_earlier(int white, int black, double white_points) {
  std::lock_guard lock(mutex_);
  count(white, black, white_points);
}

void LiveFeed::game_started(const ScheduledGame& game, const std::string& start_fen) {
  std::lock_guard lock(mutex_);
  Running r;
  r.game = game;
  r.start_fen = r.fen = start_fen;
  running_[game.number] = std::move(r);
  changed_locked();
}

void LiveFeed::move_played(long long number, const MoveEvent& move) {
  std::lock_guard lock(mutex_);
  const auto it = running_.find(number);
  if (it == running_.end()) return;
  Running& r = it->second;
  r.moves.push_back(move.token);
  r.fen = move.fen;
  r.clock_ms[0] = move.clock_ms[0];
  r.clock_ms[1] = move.clock_ms[1];
  if (move.answer && move.answer->has_score)
    r.eval[move.side] = SideEval{true, move.answer->mate, move.answer->score, move.answer->depth};
  changed_locked();
}

void LiveFeed::game_finished(long long number, const std::string& result, const std::string& termination,
                             const std::string& detail, double white_points) {
  std::lock_guard lock(mutex_);
  const auto it = running_.find(number);
  if (it == running_.end()) return;
  const Running& r = it->second;
  count(r.game.white, r.game.black, white_points);
  Finished f;
  f.number = number;
  f.round = r.game.round;
  f.white = r.game.white;
  f.black = r.game.black;
  f.result = result;
  f.termination = termination;
  f.detail = detail;
  f.start_fen = r.start_fen;
  f.fen = r.fen;
  f.plies = r.moves.size();
  recent_.insert(recent_.begin(), std::move(f));
  if (recent_.size() > kRecentGames) recent_.resize(kRecentGames);
  running_.erase(it);
  changed_locked();
}

void LiveFeed::game_abandoned(long long number) {
  std::lock_guard lock(mutex_);
  if (running_.erase(number)) changed_locked();
}

void LiveFeed::tournament_over(const std::string& status, const std::string& stop_reason) {
  {
    std::lock_guard lock(mutex_);
    status_ = status;
    stop_reason_ = stop_reason;
    running_.clear();
    changed_locked();
  }
  flush();
}

void LiveFeed::flush() {
  std::unique_lock lock(mutex_);
  written_.wait(lock, [&] { return written_sequence_ >= sequence_; });
}

void LiveFeed::publish() {
  std::lock_guard lock(mutex_);
  changed_locked();
}

std::string LiveFeed::document() const {
  std::lock_guard lock(mutex_);
  return document_locked();
}

bool LiveFeed::failing() const {
  std::lock_guard lock(mutex_);
  return failing_;
}

std::string LiveFeed::document_locked() const {
  const auto name = [&](int engine) { return quote(setup_.names[static_cast<std::size_t>(engine)]); };
  const long long now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  std::string out = "{\"format\": \"ordo-live 1\", \"sequence\": " + std::to_string(sequence_) +
                    ", \"updated_ms\": " + std::to_string(now_ms) + ",\n";
  out += "\"tournament\": {\"event\": " + quote(setup_.event) + ", \"variant\": " + quote(setup_.variant) +
         ", \"time_control\": " + quote(setup_.time_control) +
         ", \"planned_games\": " + std::to_string(setup_.planned_games) +
         ", \"finished_games\": " + std::to_string(finished_count_) +
         ", \"concurrency\": " + std::to_string(setup_.concurrency) + ", \"status\": " + quote(status_) +
         ", \"stop_reason\": " + quote(stop_reason_) + ", \"engines\": [";
  for (std::size_t i = 0; i < setup_.names.size(); ++i) out += (i ? ", " : "") + quote(setup_.names[i]);
  out += "]},\n\"standings\": [";
  for (std::size_t i = 0; i < standings_.size(); ++i) {
    const Standing& s = standings_[i];
    const long long games = s.wins + s.draws + s.losses;
    const double points = static_cast<double>(s.wins) + 0.5 * static_cast<double>(s.draws);
    out += std::string(i ? ",\n  " : "\n  ") + "{\"engine\": " + quote(setup_.names[i]) +
           ", \"games\": " + std::to_string(games) + ", \"wins\": " + std::to_string(s.wins) +
           ", \"draws\": " + std::to_string(s.draws) + ", \"losses\": " + std::to_string(s.losses) +
           ", \"points\": " + number(points) +
           ", \"score\": " + (games ? number(points / static_cast<double>(games)) : "null") + "}";
  }
  out += "],\n\"running\": [";
  bool first = true;
  for (const auto& [number, r] : running_) {
    out += first ? "\n  " : ",\n  ";
    first = false;
    out += "{\"number\": " + std::to_string(number) + ", \"round\": " + std::to_string(r.game.round) +
           ", \"white\": " + name(r.game.white) + ", \"black\": " + name(r.game.black) +
           ", \"status\": \"playing\", \"to_move\": " +
           (r.fen.find(" b") != std::string::npos ? "\"black\"" : "\"white\"") +
           ", \"start_fen\": " + quote(r.start_fen) + ", \"fen\": " + quote(r.fen) + ", \"moves\": [";
    for (std::size_t i = 0; i < r.moves.size(); ++i) out += (i ? ", " : "") + quote(r.moves[i]);
    out += "], \"clock_ms\": {\"white\": " + optional_ms(r.clock_ms[0]) +
           ", \"black\": " + optional_ms(r.clock_ms[1]) + "}, \"eval\": {";
    for (int s = 0; s < 2; ++s) {
      out += s ? ", \"black\": " : "\"white\": ";
      const SideEval& e = r.eval[s];
      if (!e.has) out += "null";
      else out += std::string("{\"") + (e.mate ? "mate" : "cp") + "\": " + std::to_string(e.score) +
                  ", \"depth\": " + std::to_string(e.depth) + "}";
    }
    out += "}}";
  }
  out += "],\n\"finished\": [";
  for (std::size_t i = 0; i < recent_.size(); ++i) {
    const Finished& f = recent_[i];
    out += std::string(i ? ",\n  " : "\n  ") + "{\"number\": " + std::to_string(f.number) +
           ", \"round\": " + std::to_string(f.round) + ", \"white\": " + name(f.white) +
           ", \"black\": " + name(f.black) + ", \"result\": " + quote(f.result) +
           ", \"termination\": " + quote(f.termination) + ", \"detail\": " + quote(f.detail) +
           ", \"plies\": " + std::to_string(f.plies) + ", \"start_fen\": " + quote(f.start_fen) +
           ", \"fen\": " + quote(f.fen) + "}";
  }
  out += "]}\n";
  return out;
}

void LiveFeed::changed_locked() {
  ++sequence_;
  dirty_ = true;
  wake_.notify_one();
}

void LiveFeed::writer_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return dirty_ || stopping_; });
    if (!dirty_) return;  // stopping, everything written
    const std::string text = document_locked();
    const long long sequence = sequence_;
    dirty_ = false;
    lock.unlock();
    std::string error;
    const bool ok = files::replace_file(path_, text, &error, files::Sync::Atomic);
    lock.lock();
    written_sequence_ = sequence;
    failing_ = !ok;
    if (!ok && !warned_) {
      warned_ = true;
      warnings_ << "warning: the live file: " << error << "; the tournament goes on without it" << std::endl;
    }
    written_.notify_all();
    // At most one write per gap; what changes meanwhile is written together next.
    wake_.wait_for(lock, kMinGap, [&] { return stopping_; });
  }
}

}  // namespace ordo::match
