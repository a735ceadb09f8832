#include "perft.hpp"

#include <memory>

#include "movegen.hpp"

namespace ordo {

namespace {

// Recurses part by part: an Ordo X sideways part leads to a mid-turn position of the same side,
// whose forward parts complete the turn at the same depth.
u64 perft_parts(const Position& pos, int depth, PerftHash* hash) {
  if (depth == 1) return count_turns(pos);
  std::unique_ptr<MoveList> parts(new MoveList);  // default-initialised: no 30 KB clear
  generate_parts(pos, *parts);
  u64 n = 0;
  for (Move m : *parts) {
    const Position q = pos.after(m);
    n += q.mid_turn() ? perft_parts(q, depth, hash) : perft(q, depth - 1, hash);
  }
  return n;
}

}  // namespace

u64 perft(const Position& pos, int depth, PerftHash* hash) {
  if (depth == 0) return 1;
  if (pos.board_winner()) return 0;
  if (!hash || depth < PerftHash::min_depth(pos.variant())) return perft_parts(pos, depth, hash);
  if (const auto known = hash->probe(pos, depth)) return *known;
  const u64 n = perft_parts(pos, depth, hash);
  hash->store(pos, depth, n);
  return n;
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  for (const Turn& t : legal_turns(pos)) out.push_back({t, perft(pos.after(t), depth - 1)});
  return out;
}

}  // namespace ordo
