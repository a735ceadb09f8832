#include "search/root_split.hpp"

#include <algorithm>
#include <cstdint>

namespace ordo {

// The atomics are sequentially consistent: a claim counts itself busy before it looks whether the
// pass is open, and close() marks the pass closed before it looks at the count, so either the
// claim sees the pass closed or close() sees the claim.

void RootSplit::prepare(std::size_t lines) {
  std::lock_guard lock(mutex_);
  ahead_ = std::vector<std::atomic<unsigned long long>>(lines);
}

void RootSplit::end_claims() {
  open_.store(false);
  for (int b = busy_.load(); b != 0; b = busy_.load()) busy_.wait(b);
}

RootSplit::Pass RootSplit::start(Pass next, std::size_t begin, std::size_t end, Value alpha) {
  // A pass still open (only a pass ahead can be) ends first: its claims are answered within
  // moments (once a turn is read), and none may take an index of the new pass.
  const bool after_open = open_.load();
  if (after_open) end_claims();
  {
    std::lock_guard lock(mutex_);
    // A pass that directly follows a pass ahead over the same lines at the same depth may use its
    // findings.
    const bool follows_ahead = !next.ahead && pass_.ahead && after_open && pass_.depth == next.depth;
    ahead_id_ = follows_ahead ? pass_.id : 0;
    ahead_guess_ = pass_.guess;
    next.id = pass_.id + 1;
    pass_ = next;
    end_ = end;
    raised_.clear();
    next_.store(begin);
    alpha_.store(alpha);
    best_.store(-INF);
    cut_.store(alpha >= next.beta);
    id_.store(next.id);
    open_.store(true);
  }
  helpers_.notify_all();
  return next;
}

RootSplit::Pass RootSplit::open(std::size_t begin, std::size_t end, int depth, Value alpha, Value beta) {
  return start(Pass{.depth = depth, .beta = beta}, begin, end, alpha);
}

RootSplit::Pass RootSplit::open_ahead(std::size_t begin, std::size_t end, int depth, Value guess) {
  return start(Pass{.depth = depth, .beta = INF, .ahead = true, .guess = guess}, begin, std::min(end, ahead_.size()),
               guess);
}

namespace {
constexpr unsigned long long pack_ahead(unsigned long long id, Value v) {
  return (id & 0xFFFFFFFFull) << 32 | static_cast<std::uint32_t>(v);
}
}  // namespace

void RootSplit::record_ahead(std::size_t index, unsigned long long id, Value v) {
  ahead_[index].store(pack_ahead(id, v), std::memory_order_relaxed);
}

std::optional<Value> RootSplit::known_below(std::size_t index) const {
  if (ahead_id_ == 0 || ahead_guess_ > alpha_.load()) return std::nullopt;
  const unsigned long long found = ahead_[index].load(std::memory_order_relaxed);
  if (found >> 32 != (ahead_id_ & 0xFFFFFFFFull)) return std::nullopt;
  const Value v = static_cast<Value>(static_cast<std::int32_t>(static_cast<std::uint32_t>(found)));
  if (v > ahead_guess_) return std::nullopt;
  return v;
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
  end_claims();
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
