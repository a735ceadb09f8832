// Engine processes on their way out, ended without blocking the server's thread: each was sent
// "quit" by its relay's dialogue and gets a grace period to exit by itself (checked on a timer),
// then is killed. After kill_all() (the server shutting down) every process, present or later, is
// killed at once. Destroying the reaper kills what it still holds.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <vector>

#include "engine_process.hpp"

namespace ordo::web {

class EngineReaper : public std::enable_shared_from_this<EngineReaper> {
 public:
  explicit EngineReaper(boost::asio::io_context& io) : timer_(io) {}
  EngineReaper(const EngineReaper&) = delete;
  EngineReaper& operator=(const EngineReaper&) = delete;

  // Takes the process; it is killed when it has not exited after `grace`.
  void retire(std::unique_ptr<driver::EngineProcess> process, std::chrono::milliseconds grace);
  // Kills every process held now and every one retired from now on.
  void kill_all();
  std::size_t retiring() const { return retiring_.size(); }

 private:
  using Clock = std::chrono::steady_clock;
  struct Retiring {
    std::unique_ptr<driver::EngineProcess> process;
    Clock::time_point deadline;
  };
  void arm();
  void tick();

  boost::asio::steady_timer timer_;
  std::vector<Retiring> retiring_;
  bool armed_ = false;
  bool at_once_ = false;
};

}  // namespace ordo::web
