#include "relay.hpp"

namespace ordo::protocol {

void Relay::begin(Dialect dialect, bool show_wdl, bool infinite, bool ponder) {
  std::lock_guard lock(mutex_);
  dialect_ = dialect;
  show_wdl_ = show_wdl;
  hold_infinite_ = infinite;
  hold_ponder_ = ponder;
  held_.reset();
  reported_best_.reset();
  reported_ponder_.reset();
  active_ = true;
}

void Relay::stop() {
  std::lock_guard lock(mutex_);
  hold_infinite_ = hold_ponder_ = false;
  print_held_if_free();
  if (active_ && reported_best_) answer(format_bestmove(reported_best_, reported_ponder_, dialect_));
}

void Relay::ponderhit() {
  std::lock_guard lock(mutex_);
  hold_ponder_ = false;
  print_held_if_free();
}

void Relay::print_held_if_free() {
  if (held_ && !hold_infinite_ && !hold_ponder_) {
    answer(*held_);
    held_.reset();
  }
}

void Relay::on_info(const SearchInfo& info) {
  std::lock_guard lock(mutex_);
  if (!active_) return;  // nothing after the bestmove of a go
  if (info.multipv == 1 && !info.pv.empty()) {
    reported_best_ = info.pv[0];
    reported_ponder_.reset();
    if (info.pv.size() >= 2) reported_ponder_ = info.pv[1];
  }
  out_.line(format_info(info, dialect_, show_wdl_));
}

void Relay::on_bestmove(std::optional<Turn> best, std::optional<Turn> ponder) {
  std::lock_guard lock(mutex_);
  if (!active_ || held_) return;  // exactly one bestmove per go
  std::string line = format_bestmove(best, ponder, dialect_);
  if (hold_infinite_ || hold_ponder_) {
    held_ = std::move(line);
    return;
  }
  answer(line);
}

void Relay::answer(const std::string& line) {
  active_ = false;  // before the line: a reader of the bestmove may send its next command at once
  out_.line(line);
  answered_.notify_all();
}

void Relay::wait_answered() {
  std::unique_lock lock(mutex_);
  answered_.wait(lock, [&] { return !active_.load(); });
}

}  // namespace ordo::protocol
