// Root splitting: how the search threads share one pass over the root turns.
//
// An Ordo root has hundreds to thousands of turns and a short search completes only a few
// iterations, so most of a search is the loop over the root turns of one iteration. The main
// thread searches the pass's first turn alone, with the whole window; then it opens the pass and
// every thread (the main one too) claims the remaining turns one at a time, searches each with a
// null window at the best score so far, and reports it. A report that beats the best score raises
// it for every later search; one that reaches beta cuts the pass (no more claims). The main thread
// closes the pass: it waits for the turns claimed to be reported, then orders its lines.
//
// While the main thread searches the first turn, the helpers search the other turns ahead, with the
// null window at the main thread's lower bound (open_ahead). A turn found no better than that bound
// needs no search in the pass that follows, whose best score is at least that bound.
//
// With one thread the claims come in list order and every report sees its own raises: the pass is
// exactly the sequential loop (no turn is searched ahead).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

#include "search/score.hpp"

namespace ordo {

class RootSplit {
 public:
  // What a helper searches in a pass: the turns [begin, end) of the main thread's lines (not
  // changed while the pass is open) at `depth`, with the upper bound `beta`.
  struct Pass {
    unsigned long long id = 0;  // 1, 2, ... in the order the passes were opened
    int depth = 0;
    Value beta = 0;
    bool ahead = false;  // a pass ahead (open_ahead): search each turn with the null window at `guess`
    Value guess = -INF;
  };
  // What a closed pass found.
  struct Outcome {
    Value best = -INF;                // the highest score reported (a bound or exact)
    std::vector<std::size_t> raised;  // the lines that raised the best score, in that order
  };

  // Main thread, before its first pass: the number of root lines (for the turns searched ahead).
  void prepare(std::size_t lines);
  // Main thread: opens a pass over the indices [begin, end) at `depth`, window (alpha, beta).
  // Returns it, as the helpers get it from wait_for_pass.
  Pass open(std::size_t begin, std::size_t end, int depth, Value alpha, Value beta);
  // Main thread, before it searches the first line alone with the lower bound `guess`: opens a pass
  // ahead over [begin, end) for the helpers. The main thread claims nothing from it; it ends when
  // the next pass is opened or at close(). A helper claims as usual, answers the claim as soon as
  // it has read the line's turn (the lines may be reordered once it is answered), searches, and
  // records what it found with record_ahead.
  Pass open_ahead(std::size_t begin, std::size_t end, int depth, Value guess);
  // A helper: line `index` scored `v` against the null window at the guess of pass ahead `id`.
  void record_ahead(std::size_t index, unsigned long long id, Value v);
  // Any thread, for a line claimed in the current pass: its score when the pass ahead just before
  // this one (same depth and lines) found it no better than a guess at most the pass's best score,
  // so it cannot raise it; none otherwise, and then the line is searched.
  std::optional<Value> known_below(std::size_t index) const;
  // Any thread: the next unclaimed index of pass `id` while it is open; none when every index is
  // claimed, the pass is cut or closed, or another pass is open. Every claim must be answered by
  // report() or abandon(). Lock-free: a root turn at depth 1 costs about a microsecond.
  std::optional<std::size_t> claim(unsigned long long id);
  // The best score so far: the window's lower bound for the next search.
  Value alpha() const { return alpha_.load(); }
  // Reports a claimed index's score. If it beats the best score it becomes the best one (and the
  // pass is cut at beta). `write(raised)` runs before the claim is answered (under the pass's lock
  // when raised), so what it writes to the claimed line is the main thread's once the pass is
  // closed. Returns raised.
  template <class Write>
  bool report(std::size_t index, Value v, Write&& write) {
    for (Value b = best_.load(); v > b && !best_.compare_exchange_weak(b, v);) {
    }
    bool raised = false;
    if (v > alpha_.load()) {
      std::lock_guard lock(mutex_);
      raised = v > alpha_.load();
      if (raised) {
        alpha_.store(v);
        raised_.push_back(index);
        if (v >= pass_.beta) cut_.store(true);
      }
      write(raised);
    } else {
      write(false);
    }
    answer();
    return raised;
  }
  // Answers a claim whose search was interrupted: it says nothing.
  void abandon() { answer(); }
  // Main thread: ends the pass (no more claims), waits until every claim is answered.
  Outcome close();

  // Helper threads: waits for a pass newer than `seen`; none once the search is finished.
  std::optional<Pass> wait_for_pass(unsigned long long seen);
  // Main thread, after its last pass: the helpers' wait_for_pass returns none.
  void finish();

 private:
  void answer();
  void end_claims();  // no more claims; returns once every claim is answered
  // Opens `next` (its id given here) over [begin, end) with the best score `alpha`.
  Pass start(Pass next, std::size_t begin, std::size_t end, Value alpha);

  std::mutex mutex_;                  // raises; the pass's description for helpers
  std::condition_variable helpers_;   // a pass opened, or the search finished
  Pass pass_;                         // the last pass opened
  bool finished_ = false;
  std::atomic<unsigned long long> id_{0};  // pass_.id, for claims without the lock
  std::atomic<bool> open_{false};
  std::atomic<bool> cut_{false};
  std::atomic<std::size_t> next_{0};
  std::size_t end_ = 0;
  std::atomic<int> busy_{0};  // claims not answered yet
  std::atomic<Value> alpha_{-INF};
  std::atomic<Value> best_{-INF};
  std::vector<std::size_t> raised_;
  // The pass ahead whose findings this pass may use (0: none), its guess, and per line the last
  // finding ahead: the pass's id in the high 32 bits, the score in the low 32.
  unsigned long long ahead_id_ = 0;
  Value ahead_guess_ = -INF;
  std::vector<std::atomic<unsigned long long>> ahead_;
};

}  // namespace ordo
