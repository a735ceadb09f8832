// Perft divide for people and scripts: each root turn's count is printed as soon as it is known,
// and a long count can be cut short. Shared by the command line and the protocol.
#pragma once

#include <functional>
#include <string>

#include "position.hpp"

namespace ordo {

struct PerftOutcome {
  bool completed = false;
  std::size_t roots_done = 0, roots_total = 0;
  u64 nodes = 0;  // over the finished root turns
};

// Emits "<token>: <count>" per root turn (generation order), then "" and "Nodes searched: <total>"
// when complete; nothing more when `cancelled` turns true. `cancelled` is polled between subtrees
// small enough that it is seen within a fraction of a second.
PerftOutcome stream_divide(const Position& pos, int depth, const std::function<void(const std::string&)>& emit,
                           const std::function<bool()>& cancelled);

}  // namespace ordo
