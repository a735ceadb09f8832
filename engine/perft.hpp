// Perft: the number of leaf positions of the legal-turn tree (RULES.md section 7).
#pragma once

#include <vector>

#include "position.hpp"

namespace ordo {

// perft(0) = 1; a finished position has no children. Counts at the last ply in bulk.
u64 perft(const Position& pos, int depth);

// perft split by root turn, in generation order.
struct DivideEntry {
  Turn turn;
  u64 nodes;
};
std::vector<DivideEntry> divide(const Position& pos, int depth);

}  // namespace ordo
