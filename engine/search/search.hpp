// The search: iterative deepening over complete root turns, principal-variation alpha-beta below,
// Ordo X turns searched part by part (a sideways part leads to a node of the same side that must
// play a forward part, at the same depth and ply). One Searcher per thread: the main thread runs the
// iterations, and every thread searches root turns of each pass (root_split.hpp); the threads
// share the transposition table and the stop flag.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

#include "search/search_types.hpp"
#include "search/evaluate.hpp"
#include "search/search_params.hpp"
#include "search/nnue_accumulator.hpp"
#include "search/root_split.hpp"
#include "search/score.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"
#include "search/win_cache.hpp"

namespace ordo {

struct RootLine;

// What all threads of one search share.
struct SearchShared {
  TranspositionTable* tt = nullptr;
  SearchLimits limits;
  TimeBudget budget;
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};  // time limits wait while set
  std::atomic<bool> first_iteration_done{false};  // the main thread completed depth 1
  int multipv = 1;
  // A strength level's node budget (strength_limit.hpp), counted once the main thread has completed
  // depth 1, so every level plays a searched turn; 0: none.
  u64 level_nodes = 0;
  // The network that evaluates, or nullptr for the hand evaluation (evaluate.hpp).
  const nnue::Network* net = nullptr;
  // The tunable parameters every thread reads (the variant's set); unchanged while the search runs.
  const SearchParams* params = &default_search_params();
  // One counter per thread, each on its own cache line: a thread writes its count at every node,
  // and counters sharing a line would make the threads' caches fight over it.
  struct alignas(64) NodeCounter {
    std::atomic<u64> nodes{0};
  };
  std::vector<std::unique_ptr<NodeCounter>> thread_nodes;
  // The passes over the root turns, and the main thread's lines they search (set by its run()
  // before its first pass; ordered by it between passes only).
  RootSplit root_split;
  std::vector<RootLine>* root_lines = nullptr;
  void add_thread_counters(int count);
  u64 total_nodes() const;
  // The search clock: started by go, restarted by ponderhit (from another thread).
  void start_clock(i64 at_ns = 0);  // 0: now
  i64 elapsed_ms() const;
  // The hard limit (before the first complete iteration, budget.first_iteration_ms) has passed
  // and no ponder hold: every thread stops.
  bool out_of_time() const;
  i64 hard_limit_ms() const;

 private:
  std::atomic<i64> start_ns_{0};
};

struct RootLine {
  Turn turn;
  Value score = -INF;      // this iteration's score, -INF until searched
  Value previous = -INF;   // the last completed iteration's score
  Bound bound = Bound::Exact;
  int seldepth = 0;
  std::vector<Move> pv;    // parts, starting with the turn's parts
};

class Searcher {
 public:
  Searcher(SearchShared& shared, int thread_index);
  ~Searcher();

  // Makes this searcher (and the memory it has grown: per-height move lists, history) serve the
  // next search, with fresh killers and history. The engine keeps its searchers from one search to
  // the next: allocating and touching megabytes at each go cost a short search a noticeable share
  // of its time.
  void attach(SearchShared& shared);

  // The game so far (keys of every earlier position, for repetition) and the root position.
  // A helper thread passes with_lines false: it searches the main thread's lines.
  void set_root(const Position& root, const std::vector<u64>& history, bool with_lines = true);
  // The main thread (index 0): runs iterative deepening until a limit or stop, reporting through
  // the listener after each iteration; its lines are the search's result.
  void run(SearchListener* listener);
  // A helper thread: searches the root turns it claims from the main thread's passes
  // (root_split.hpp) until the search is finished (RootSplit::finish).
  void serve();
  const std::vector<RootLine>& lines() const { return lines_; }
  int completed_depth() const { return completed_depth_; }
  void clear_history();
  // A helper thread's move ordering learns from, and into, the main thread's history table (its
  // own until the next attach). Call before the helper's thread starts.
  void share_history(Searcher& main);

  // Splits a list of parts played from `pos` into complete turns.
  static std::vector<Turn> parts_to_turns(const Position& pos, const std::vector<Move>& parts);

 private:
  struct Frame;
  void begin_search();  // counters and the accumulators, before a search's first node
  // One pass over the root lines from `first_line` on (the lines before it are fixed): the first
  // alone with the window, the others shared (root_split.hpp). Returns the best score.
  Value search_root(int depth, Value alpha, Value beta, std::size_t first_line);
  // The root lines (the main thread's) this thread claims in `pass`, each reported with its score.
  void search_claimed_lines(const RootSplit::Pass& pass);
  // A helper's part of a pass ahead: the lines it claims, each searched with the null window at
  // the pass's guess and recorded (RootSplit::record_ahead).
  void search_ahead(const RootSplit::Pass& pass);
  // One root turn searched at `depth` in (alpha, beta); its continuation left in the frames.
  Value search_turn(const Turn& turn, int depth, Value alpha, Value beta, bool pv_node);
  // Writes a searched line: its score and bound in (alpha, beta), seldepth and principal variation.
  void record_line(RootLine& line, Value v, Value alpha, Value beta) const;
  Value search(const Position& pos, int depth, Value alpha, Value beta, int ply, int height, bool pv_node);
  Value qsearch(const Position& pos, Value alpha, Value beta, int ply, int height, int qdepth);
  bool is_repetition(const Position& pos, int height) const;
  bool should_stop();
  void order_moves(const Position& pos, MoveList& moves, Move tt_move, int height, int* scores) const;
  void report(SearchListener& listener, int depth);
  void update_quiet_stats(const Position& pos, Move best, int depth, int height, const MoveList& moves, int tried);
  // The static evaluation of the node at `height`: the network's through the accumulator stack
  // when the search has one, else the hand evaluation.
  Value evaluate_node(const Position& pos, int height);
  // Whether the side to move wins with its next Ordo X turn, a sideways part first (memoised).
  bool wins_by_sideways_turn(const Position& pos);

  SearchShared* shared_;
  const int index_;
  Position root_;
  std::vector<u64> keys_;        // game history, then the keys along the current search path
  std::size_t history_len_ = 0;
  std::vector<RootLine> lines_;
  std::unique_ptr<Frame[]> frames_;
  std::unique_ptr<int[]> own_history_;  // [colour][from][to]
  int* history_;  // this thread's own, or the main thread's for a helper (share_history)
  EvalCache eval_cache_;
  WinCache win_cache_;
  std::unique_ptr<nnue::AccumulatorStack> accumulators_;  // made at the first search with a network
  u64 nodes_ = 0;
  int seldepth_ = 0;
  int completed_depth_ = 0;
};

}  // namespace ordo
