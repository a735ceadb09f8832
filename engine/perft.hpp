// Perft: the number of leaf positions of the legal-turn tree (RULES.md section 7).
#pragma once

#include <vector>

#include "perft_hash.hpp"
#include "position.hpp"

namespace ordo {

// perft(0) = 1; a finished position has no children. Counts at the last ply in bulk. With a
// hash, counts of subtrees of at least PerftHash::min_depth plies are looked up and stored there
// (the hash may be shared with other threads counting at the same time).
u64 perft(const Position& pos, int depth, PerftHash* hash = nullptr);

// perft split by root turn, in generation order.
struct DivideEntry {
  Turn turn;
  u64 nodes;
};
std::vector<DivideEntry> divide(const Position& pos, int depth);

}  // namespace ordo
