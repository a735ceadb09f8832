// The search's value types: what a search is asked (SearchLimits), what it reports (SearchInfo,
// Score, through a SearchListener) and the `eval` command's terms. Below the Engine facade
// (engine.hpp): the search itself includes this, never the facade.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "move.hpp"
#include "types.hpp"

namespace ordo {

// A search score from the side to move's point of view: centipawn-like units, or a forced win
// (mate > 0) or loss (mate < 0) in `plies` plies (complete turns) counted from the root.
struct Score {
  int cp = 0;
  std::optional<int> mate_plies;  // signed: > 0 we win, < 0 we lose
};

struct SearchLimits {
  int depth = 0;                  // 0: no depth limit
  u64 nodes = 0;                  // 0: no node limit
  int movetime_ms = 0;            // 0: none
  int mate_moves = 0;             // search for a win in this many of our own turns; 0: none
  bool infinite = false;          // search until stop()
  bool ponder = false;            // search until ponderhit() (then by the clock) or stop()
  // Clock (all in milliseconds; negative time = not given). Index by Color.
  int time_left_ms[2] = {-1, -1};
  int increment_ms[2] = {0, 0};
  int moves_to_go = 0;
  std::vector<Turn> search_turns;  // restrict the root to these turns; empty = all
  // When the command arrived (std::chrono::steady_clock, nanoseconds since its epoch); 0: when
  // go() is called. The clock and movetime count from here, so time spent before the search
  // starts (a busy machine, a queue) is not lost from the budget.
  i64 received_ns = 0;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;                // 1-based line number
  Score score;
  enum class Bound { Exact, Lower, Upper } bound = Bound::Exact;
  u64 nodes = 0;
  u64 nps = 0;
  int hashfull = 0;               // per mille
  i64 time_ms = 0;
  int wdl[3] = {0, 0, 0};         // win/draw/loss per mille, from the side to move
  std::vector<Turn> pv;           // complete turns from the search's root position
};

class SearchListener {
 public:
  virtual ~SearchListener() = default;
  virtual void on_info(const SearchInfo& info) = 0;
  // Called exactly once per go(), last: the best turn, or nullopt in a finished position.
  // `ponder` is the expected reply, if known.
  virtual void on_bestmove(std::optional<Turn> best, std::optional<Turn> ponder) = 0;
};

// One evaluation term as printed by `eval`.
struct EvalTerm {
  std::string name;
  int white = 0, black = 0;       // each side's own contribution
};
struct EvalReport {
  std::vector<EvalTerm> terms;
  int total = 0;                  // from the side to move's point of view
  // The variant's network beside the hand terms: its value (side to move's view), where it came
  // from, and whether the search uses it.
  std::optional<int> network;
  std::string network_source;
  bool network_used = false;
};

}  // namespace ordo
