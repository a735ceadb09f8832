// Static evaluation, from the side to move's point of view, in centipawn-like units
// (one piece of material is about 100).
#pragma once

#include "position.hpp"
#include "score.hpp"
#include "search/engine.hpp"

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

Value evaluate(const Position& pos);

// The same evaluation split into its terms (for the `eval` command).
EvalReport evaluate_report(const Position& pos);

}  // namespace ordo
