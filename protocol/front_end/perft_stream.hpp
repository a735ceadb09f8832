// Perft divide for people and scripts: each root turn's count is printed as soon as it and every
// root turn before it are known, and a long count can be cut short. The work may be spread over
// threads and may use a perft hash; the output is the same either way. Shared by the command line
// and the protocol.
#pragma once

#include <functional>
#include <string>

#include "perft_hash.hpp"
#include "position.hpp"

namespace ordo {

struct PerftOutcome {
  bool completed = false;
  std::size_t roots_done = 0, roots_total = 0;
  u64 nodes = 0;  // over the finished root turns
};

struct PerftSettings {
  int threads = 1;            // counting threads (1: the calling thread counts)
  PerftHash* hash = nullptr;  // optional, shared by the threads
};

// Emits "<token>: <count>" per root turn (generation order), then "" and "Nodes searched: <total>"
// when complete; nothing more when `cancelled` turns true. `cancelled` and `emit` are called on
// the calling thread only; `cancelled` is polled often enough that a stop is seen within a
// fraction of a second, and the counting threads are joined before this returns.
PerftOutcome stream_divide(const Position& pos, int depth, const std::function<void(const std::string&)>& emit,
                           const std::function<bool()>& cancelled, const PerftSettings& settings = {});

}  // namespace ordo
