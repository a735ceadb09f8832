#include "search/root_split.hpp"

namespace ordo {

// The atomics are sequentially consistent: a claim counts itself busy before it looks whether the
// pass is open, and close() marks the pass closed before it looks at the count, so either the
// claim sees the pass closed or close() sees the claim.

RootSplit::Pass RootSplit::open(std::size_t begin, std::size_t end, int depth, Value alpha, Value beta) {
  Pass opened;
  {
    std::lock_guard lock(mutex_);
    pass_.id += 1;
    pass_.depth = depth;
    pass_.beta = beta;
    end_ = end;
    raised_.clear();
    next_.store(begin);
    alpha_.store(alpha);
    best_.store(-INF);
    cut_.store(alpha >= beta);
    id_.store(pass_.id);
    open_.store(true);
    opened = pass_;
  }
  helpers_.notify_all();
  return opened;
}

std::optional<std::size_t> RootSplit::claim(unsigned long long id) {
  busy_.fetch_add(1);
  if (!open_.load() || id_.load() != id || cut_.load()) {
    answer();
    return std::nullopt;
  }
  const std::size_t i = next_.fetch_add(1);
  if (i >= end_) {
    answer();
    return std::nullopt;
  }
  return i;
}

void RootSplit::answer() {
  // The last claim answered after the pass was closed wakes the main thread in close().
  if (busy_.fetch_sub(1) == 1 && !open_.load()) busy_.notify_all();
}

RootSplit::Outcome RootSplit::close() {
  open_.store(false);
  for (int b = busy_.load(); b != 0; b = busy_.load()) busy_.wait(b);
  std::lock_guard lock(mutex_);
  return Outcome{best_.load(), raised_};
}

std::optional<RootSplit::Pass> RootSplit::wait_for_pass(unsigned long long seen) {
  std::unique_lock lock(mutex_);
  helpers_.wait(lock, [&] { return finished_ || (open_.load() && pass_.id > seen); });
  if (finished_) return std::nullopt;
  return pass_;
}

void RootSplit::finish() {
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  helpers_.notify_all();
}

}  // namespace ordo
