#include "perft_stream.hpp"

#include <optional>

#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"

namespace ordo {

namespace {

// Subtrees of at most this depth are counted whole (a fraction of a second each at today's speed);
// deeper ones are split turn by turn so that cancellation is seen between them.
int whole_depth(Variant v) { return v == Variant::Classic ? 4 : 2; }

std::optional<u64> count(const Position& pos, int depth, const std::function<bool()>& cancelled) {
  if (depth <= whole_depth(pos.variant())) return perft(pos, depth);
  if (pos.board_winner()) return 0;
  u64 n = 0;
  for (const Turn& t : legal_turns(pos)) {
    if (cancelled()) return std::nullopt;
    const auto sub = count(pos.after(t), depth - 1, cancelled);
    if (!sub) return std::nullopt;
    n += *sub;
  }
  return n;
}

}  // namespace

PerftOutcome stream_divide(const Position& pos, int depth, const std::function<void(const std::string&)>& emit,
                           const std::function<bool()>& cancelled) {
  PerftOutcome r;
  if (depth <= 0) {
    r.nodes = 1;
  } else {
    const std::vector<Turn> roots = legal_turns(pos);
    r.roots_total = roots.size();
    for (const Turn& t : roots) {
      if (cancelled()) return r;
      const auto n = count(pos.after(t), depth - 1, cancelled);
      if (!n) return r;
      emit(format_turn(t) + ": " + std::to_string(*n));
      r.nodes += *n;
      ++r.roots_done;
    }
  }
  emit("");
  emit("Nodes searched: " + std::to_string(r.nodes));
  r.completed = true;
  return r;
}

}  // namespace ordo
