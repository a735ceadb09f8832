// The SearchListener of the protocol, and the one owner of the protocol's bestmove rules: it turns
// the search's reports (from a search thread) into `info` and `bestmove` lines; exactly one
// bestmove per go, nothing of that go after it; after an `infinite` or `ponder` go not before
// `stop`/`ponderhit` (a search that ends on its own earlier has its bestmove held here: the search
// itself never waits for the protocol). On `stop` the bestmove of a search that has reported a
// line is printed by the thread that read the `stop`, from that line, without waiting for a search
// thread that a busy machine may not run for a while; the search's own later bestmove is then
// dropped. Whichever thread prints, it prints here, under one lock.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>

#include "output.hpp"
#include "search_text.hpp"

namespace ordo::protocol {

class Relay : public SearchListener {
 public:
  explicit Relay(Output& out) : out_(out) {}

  // Before Engine::go, with the go's `infinite` and `ponder` flags.
  void begin(Dialect dialect, bool show_wdl, bool infinite, bool ponder);
  // `stop` arrived: a held bestmove is printed now, else the first turns of the last reported
  // line, else the search's bestmove as soon as it comes.
  void stop();
  // `ponderhit` arrived: the ponder hold ends (an `infinite` hold stays until stop).
  void ponderhit();

  // The go's bestmove has not been printed yet (its search may still be finishing after it).
  bool awaiting_bestmove() const { return active_.load(); }
  // Blocks until the go's bestmove has been printed (at once if no go is open).
  void wait_answered();

  void on_info(const SearchInfo& info) override;
  void on_bestmove(std::optional<Turn> best, std::optional<Turn> ponder) override;

 private:
  Output& out_;
  std::mutex mutex_;
  Dialect dialect_ = Dialect::Uci;
  bool show_wdl_ = false;
  bool hold_infinite_ = false;
  bool hold_ponder_ = false;
  void print_held_if_free();  // with mutex_ held
  std::optional<std::string> held_;
  std::optional<Turn> reported_best_, reported_ponder_;  // of the last line with multipv 1
  std::atomic<bool> active_{false};
  std::condition_variable answered_;
  void answer(const std::string& line);  // with mutex_ held: the go's one bestmove line
};

}  // namespace ordo::protocol
