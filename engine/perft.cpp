#include "perft.hpp"

#include <memory>

#include "movegen.hpp"

namespace ordo {

namespace {

// Recurses part by part: an Ordo X sideways part leads to a mid-turn position of the same side,
// whose forward parts complete the turn at the same depth.
u64 perft_parts(const Position& pos, int depth) {
  if (depth == 1) return count_turns(pos);
  std::unique_ptr<MoveList> parts(new MoveList);  // default-initialised: no 30 KB clear
  generate_parts(pos, *parts);
  u64 n = 0;
  for (Move m : *parts) {
    const Position q = pos.after(m);
    n += q.mid_turn() ? perft_parts(q, depth) : perft(q, depth - 1);
  }
  return n;
}

}  // namespace

u64 perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  if (pos.board_winner()) return 0;
  return perft_parts(pos, depth);
}

std::vector<DivideEntry> divide(const Position& pos, int depth) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  for (const Turn& t : legal_turns(pos)) out.push_back({t, perft(pos.after(t), depth - 1)});
  return out;
}

}  // namespace ordo
