#include "perft_stream.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"

namespace ordo {

namespace {

// Subtrees of at most this depth are counted whole (a fraction of a second each at today's speed);
// deeper ones are split turn by turn so that a stop is seen between them.
// (A variant of two-part turns has about 30 times the branching per turn.)
int whole_depth(Variant v) { return rules_of(v).sideways_owes_forward() ? 2 : 4; }

// A root with fewer turns than this is split one ply deeper for the threads (classic Ordo has 56
// at the start; an Ordo X position has thousands), when the tree is at least this deep.
constexpr std::size_t SPLIT_BELOW = 128;
constexpr int SPLIT_DEPTH = 3;

std::optional<u64> count(const Position& pos, int depth, PerftHash* hash, const std::function<bool()>& stop) {
  if (depth <= whole_depth(pos.variant())) return perft(pos, depth, hash);
  if (pos.board_winner()) return 0;
  if (hash)
    if (const auto known = hash->probe(pos, depth)) return *known;
  u64 n = 0;
  for (const Turn& t : legal_turns(pos)) {
    if (stop()) return std::nullopt;
    const auto sub = count(pos.after(t), depth - 1, hash, stop);
    if (!sub) return std::nullopt;
    n += *sub;
  }
  if (hash) hash->store(pos, depth, n);
  return n;
}

// One piece of work: a subtree below root turn `root`.
struct Unit {
  std::size_t root;
  Position pos;
  int depth;
};

// The root turns' subtrees (or their children's, see SPLIT_BELOW) in generation order, and how
// many units each root has.
std::vector<Unit> make_units(const Position& pos, const std::vector<Turn>& roots, int depth,
                             std::vector<std::size_t>& per_root) {
  std::vector<Unit> units;
  const bool split = depth >= SPLIT_DEPTH && roots.size() < SPLIT_BELOW;
  per_root.assign(roots.size(), 0);
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const Position child = pos.after(roots[i]);
    if (!split || child.board_winner()) {
      units.push_back({i, child, depth - 1});
      ++per_root[i];
      continue;
    }
    for (const Turn& t : legal_turns(child)) {  // none: the root counts 0
      units.push_back({i, child.after(t), depth - 2});
      ++per_root[i];
    }
  }
  return units;
}

}  // namespace

PerftOutcome stream_divide(const Position& pos, int depth, const std::function<void(const std::string&)>& emit,
                           const std::function<bool()>& cancelled, const PerftSettings& settings) {
  PerftOutcome r;
  if (depth <= 0) {
    emit("");
    emit("Nodes searched: 1");
    r.nodes = 1;
    r.completed = true;
    return r;
  }
  const std::vector<Turn> roots = legal_turns(pos);
  r.roots_total = roots.size();
  std::vector<std::size_t> per_root;
  const std::vector<Unit> units = make_units(pos, roots, depth, per_root);

  // Shared with the counting threads: the next unit to take, each root's sum and units left.
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::vector<std::atomic<u64>> sums(roots.size());
  std::vector<std::atomic<std::size_t>> left(roots.size());
  for (std::size_t i = 0; i < roots.size(); ++i) left[i].store(per_root[i], std::memory_order_relaxed);
  std::mutex mutex;
  std::condition_variable root_done;

  const auto work = [&](const std::function<bool()>& halt) {
    while (!halt()) {
      const std::size_t k = next.fetch_add(1);
      if (k >= units.size()) return;
      const Unit& u = units[k];
      const auto n = count(u.pos, u.depth, settings.hash, halt);
      if (!n) return;
      sums[u.root].fetch_add(*n, std::memory_order_relaxed);
      if (left[u.root].fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex);
        root_done.notify_one();
      }
    }
  };
  // Prints the roots that are known, in order, up to the first that is not.
  const auto emit_ready = [&] {
    while (r.roots_done < roots.size() && left[r.roots_done].load(std::memory_order_acquire) == 0) {
      const u64 n = sums[r.roots_done].load(std::memory_order_relaxed);
      emit(format_turn(roots[r.roots_done]) + ": " + std::to_string(n));
      r.nodes += n;
      ++r.roots_done;
    }
  };

  const std::function<bool()> halt = [&] { return stop.load(std::memory_order_relaxed); };
  std::vector<std::thread> pool;
  for (int t = 0; settings.threads > 1 && t < settings.threads; ++t) {
    try {
      pool.emplace_back(work, std::cref(halt));
    } catch (const std::system_error&) {
      break;  // no more threads to be had: count on those started, or on this one
    }
  }
  if (pool.empty()) {
    // On this thread: a unit at a time, the stop polled inside it.
    for (std::size_t k = 0; k < units.size(); ++k) {
      if (cancelled()) return r;
      const Unit& u = units[k];
      const auto n = count(u.pos, u.depth, settings.hash, cancelled);
      if (!n) return r;
      sums[u.root].fetch_add(*n, std::memory_order_relaxed);
      left[u.root].fetch_sub(1, std::memory_order_acq_rel);
      emit_ready();
    }
    emit_ready();  // roots without units
  } else {
    for (;;) {
      emit_ready();
      if (r.roots_done == roots.size()) break;
      if (cancelled()) {
        stop = true;
        break;
      }
      std::unique_lock<std::mutex> lock(mutex);
      root_done.wait_for(lock, std::chrono::milliseconds(20),
                         [&] { return left[r.roots_done].load(std::memory_order_acquire) == 0; });
    }
    for (auto& t : pool) t.join();
    if (stop) return r;
  }
  emit("");
  emit("Nodes searched: " + std::to_string(r.nodes));
  r.completed = true;
  return r;
}

}  // namespace ordo
