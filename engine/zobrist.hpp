// Zobrist hashing keys: one per (colour, square), one for Black to move, one for a pending Ordo X
// forward part. Fixed seed, so keys are the same in every run.
#pragma once

#include "types.hpp"

namespace ordo::zobrist {

struct Keys {
  u64 piece[2][SQUARES]{};
  u64 black_to_move = 0;
  u64 mid_turn = 0;
  constexpr Keys() {
    u64 state = 0x0D1E7E5731200900ULL;
    auto next = [&state] {  // splitmix64
      u64 z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& side : piece)
      for (auto& k : side) k = next();
    black_to_move = next();
    mid_turn = next();
  }
};
inline constexpr Keys KEYS{};

}  // namespace ordo::zobrist
