// The search's tunable parameters: the margins, reductions, bonuses, aspiration window and time
// shares that the search (search.cpp) and the time planning (timeman.cpp) read, each with its range
// and the step sizes an SPSA tuner starts from (scripts/slurm_spsa, docs/CLUSTER.md). Each variant
// has its own set (the Engine keeps one per variant; every thread of a search reads the same one).
// The struct's defaults are the values the search was written with (with them it searches exactly
// as before they were parameters); default_search_params gives a variant's own, tuned ones.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "types.hpp"

namespace ordo {

struct SearchParams {
  // Quiescence: captures are followed this many parts deep; Ordo X delta pruning's margin.
  int qs_capture_plies = 4;
  int qs_delta_margin = 200;
  // Reverse futility: at depth <= rfp_depth a static evaluation rfp_margin * depth above beta cuts.
  int rfp_depth = 3;
  int rfp_margin = 120;
  // Futility: at depth <= fut_depth, quiet parts stop once one is tried and the static evaluation
  // plus fut_margin * depth is at most alpha.
  int fut_depth = 2;
  int fut_margin = 150;
  // Late move pruning: at depth <= lmp_depth, at most lmp_base + lmp_factor * depth² / 10 quiet parts.
  int lmp_depth = 4;
  int lmp_base = 3;
  int lmp_factor = 20;
  // Late-move reductions of quiet parts from depth lmr_depth and move number lmr_move on:
  // lmr_base / 100 + ln(depth) ln(move) / (lmr_divisor / 100), rounded down, lmr_pv less in PV nodes.
  int lmr_depth = 3;
  int lmr_move = 3;
  int lmr_base = 50;
  int lmr_divisor = 220;
  int lmr_pv = 1;
  // The history bonus of a quiet cut-off: depth², at most this.
  int history_bonus_max = 400;
  // Aspiration windows from depth asp_depth: asp_delta either side, doubled on each fail, the
  // whole range once wider than asp_widen_max.
  int asp_depth = 4;
  int asp_delta = 25;
  int asp_widen_max = 400;
  // Time (timeman.cpp): the clock is shared over tm_moves moves (fewer with movestogo), tm_inc_pct %
  // of the increment is added, the hard stop is tm_hard_factor / 10 times the soft share, and no
  // iteration starts after tm_iteration_pct % of the soft share.
  int tm_moves = 30;
  int tm_inc_pct = 75;
  int tm_hard_factor = 40;
  int tm_iteration_pct = 60;

  static constexpr int LMR_SIZE = 64;
  // The reduction at `depth` and move number `move` before the PV and depth clamps (both < 64).
  int lmr(int depth, int move) const { return lmr_table_[std::size_t(depth)][std::size_t(move)]; }

  SearchParams() { refresh(); }
  // Sets a parameter by name (tunables()), keeping the reduction table in step. Returns "" or the
  // one-line reason it was refused (an unknown name, a value out of range); then nothing changes.
  std::string set(std::string_view name, int value);
  // Recomputes the reduction table from the fields (after writing fields directly).
  void refresh();

 private:
  std::array<std::array<std::uint8_t, LMR_SIZE>, LMR_SIZE> lmr_table_{};
};

// A variant's defaults: what a new Engine searches with (and a search made without an engine, a
// test's, with the classic set).
const SearchParams& default_search_params(Variant v = Variant::Classic);

// One tunable parameter: its name, field, range and SPSA steps in fishtest's terms (c_end: the
// perturbation at the end of a tuning; r_end: the learning rate at its end, a_end / c_end²).
struct Tunable {
  std::string_view name;
  int SearchParams::*field;
  int min, max;
  double c_end, r_end;
};

// Every tunable parameter, in a fixed order (the order `tunables` prints them).
std::span<const Tunable> tunables();

}  // namespace ordo
