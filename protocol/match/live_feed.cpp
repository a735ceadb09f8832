#include "live_feed.hpp"

#include <chrono>

#include "json_text.hpp"
#include "output_file.hpp"

namespace ordo::match {

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
  standings_[static_cast<std::size_t>(white)].count(white_points);
  standings_[static_cast<std::size_t>(black)].count(1 - white_points);
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
  f.moves = r.moves;
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
  const auto name = [&](int engine) { return setup_.names[static_cast<std::size_t>(engine)]; };
  const auto clock = [](const std::optional<long long>& ms) { return ms ? Json(*ms) : Json(nullptr); };
  const long long now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  Json out;
  out["format"] = "ordo-live 1";
  out["sequence"] = sequence_;
  out["updated_ms"] = now_ms;
  out["tournament"] = {{"event", setup_.event},
                       {"variant", setup_.variant},
                       {"time_control", setup_.time_control},
                       {"planned_games", setup_.planned_games},
                       {"finished_games", finished_count_},
                       {"concurrency", setup_.concurrency},
                       {"status", status_},
                       {"stop_reason", stop_reason_},
                       {"engines", setup_.names}};
  out["standings"] = Json::array();
  for (std::size_t i = 0; i < standings_.size(); ++i) {
    const Tally& s = standings_[i];
    const long long games = s.games();
    const double points = s.points();
    out["standings"].push_back({{"engine", setup_.names[i]},
                                {"games", games},
                                {"wins", s.wins},
                                {"draws", s.draws},
                                {"losses", s.losses},
                                {"points", points},
                                {"score", games ? json_figure(points / static_cast<double>(games)) : Json(nullptr)}});
  }
  out["running"] = Json::array();
  for (const auto& [number, r] : running_) {
    Json eval;
    for (int s = 0; s < 2; ++s) {
      const SideEval& e = r.eval[s];
      eval[s ? "black" : "white"] = e.has ? Json{{e.mate ? "mate" : "cp", e.score}, {"depth", e.depth}} : Json(nullptr);
    }
    out["running"].push_back({{"number", number},
                              {"round", r.game.round},
                              {"white", name(r.game.white)},
                              {"black", name(r.game.black)},
                              {"status", "playing"},
                              {"to_move", r.fen.find(" b") != std::string::npos ? "black" : "white"},
                              {"start_fen", r.start_fen},
                              {"fen", r.fen},
                              {"moves", r.moves},
                              {"clock_ms", {{"white", clock(r.clock_ms[0])}, {"black", clock(r.clock_ms[1])}}},
                              {"eval", eval}});
  }
  out["finished"] = Json::array();
  for (const Finished& f : recent_)
    out["finished"].push_back({{"number", f.number},
                               {"round", f.round},
                               {"white", name(f.white)},
                               {"black", name(f.black)},
                               {"result", f.result},
                               {"termination", f.termination},
                               {"detail", f.detail},
                               {"plies", f.moves.size()},
                               {"start_fen", f.start_fen},
                               {"fen", f.fen},
                               {"moves", f.moves}});
  return json_text(out) + "\n";
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
