#include "engine_reaper.hpp"

namespace ordo::web {

void EngineReaper::retire(std::unique_ptr<driver::EngineProcess> process, std::chrono::milliseconds grace) {
  if (!process) return;
  if (at_once_ || !process->running()) {
    process->kill();  // reaps, and closes the pipes
    return;
  }
  retiring_.push_back({std::move(process), Clock::now() + grace});
  arm();
}

void EngineReaper::arm() {
  if (armed_ || retiring_.empty()) return;
  armed_ = true;
  timer_.expires_after(std::chrono::milliseconds(10));
  timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    if (auto self = weak.lock()) self->tick();
  });
}

void EngineReaper::tick() {
  armed_ = false;
  const auto now = Clock::now();
  std::vector<Retiring> still;
  for (auto& r : retiring_) {
    if (r.process->running() && now < r.deadline) still.push_back(std::move(r));
    else r.process->kill();
  }
  retiring_ = std::move(still);
  arm();
}

void EngineReaper::kill_all() {
  at_once_ = true;
  timer_.cancel();
  armed_ = false;
  for (auto& r : retiring_) r.process->kill();
  retiring_.clear();
}

}  // namespace ordo::web
