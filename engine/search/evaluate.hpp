// Static evaluation, from the side to move's point of view, in centipawn-like units
// (one piece of material is about 100).
#pragma once

#include <memory>

#include "position.hpp"
#include "score.hpp"
#include "search/search_types.hpp"

namespace ordo {

// Weights per variant (see evaluate.cpp for how they were set; scripts/tune_eval.py fits them).
struct EvalWeights {
  int material;
  int advance[RANKS];       // per piece, by ranks advanced from its own home row
  int leader[RANKS];        // the side's most advanced piece, by ranks advanced
  int cut_piece;            // per piece whose capture would split the group
  int link;                 // per touching pair of own pieces
  int spread;               // per file of the group's width beyond 4
  int free_runner;          // per piece with no enemy piece ahead in its file and neighbouring files
  int tempo;
};

const EvalWeights& eval_weights(Variant v);

// Remembers, for the sets of one side's pieces met recently, the part of that side's evaluation
// that depends on its own pieces alone (every term but free runners). A search meets the same set
// again and again: one side's pieces are unchanged by the other side's parts. Keys are whole sets,
// so an answer through the cache is always evaluate(pos)'s. One per search thread (not shared).
class EvalCache {
 public:
  EvalCache();
  Value own_terms(const Position& pos, Color c);  // cached own-piece terms of side c

 private:
  struct Entry {
    u128 pieces;
    u32 tag;  // colour and variant; NO_TAG while empty
    i32 value;
  };
  static constexpr u32 NO_TAG = ~u32(0);
  static constexpr int INDEX_BITS = 15;
  std::unique_ptr<Entry[]> entries_;
};

Value evaluate(const Position& pos);
// The same value, with the own-piece terms taken from (and kept in) the cache.
Value evaluate(const Position& pos, EvalCache& cache);

// The same evaluation split into its terms (for the `eval` command).
EvalReport evaluate_report(const Position& pos);

}  // namespace ordo
