// Connectivity of a side's pieces (8-neighbourhood): groups, and the fast local test that tells
// when removing one piece cannot split its group.
#pragma once

#include <array>

#include "bitboard.hpp"

namespace ordo {

// The groups of a set, at most 40 (a group and the gap to the next take at least two squares).
struct Groups {
  std::array<Bitboard, 40> group;
  int count = 0;
};

// Splits `b` into its 8-connected groups, ordered by their lowest square.
Groups groups_of(Bitboard b);

namespace detail {
// For a 3x3 window pattern (bit (dr+1)*3 + (df+1)), whether the set squares other than the centre
// are connected using only the ring squares.
struct RingTable {
  bool connected[512]{};
  constexpr RingTable() {
    for (int pat = 0; pat < 512; ++pat) {
      int ring = pat & ~(1 << 4);
      if (ring == 0) { connected[pat] = true; continue; }
      int seen = ring & -ring, grown = 0;
      while (grown != seen) {
        grown = seen;
        for (int i = 0; i < 9; ++i) {
          if (!(seen >> i & 1)) continue;
          for (int j = 0; j < 9; ++j) {
            int di = i / 3 - j / 3, dj = i % 3 - j % 3;
            if ((ring >> j & 1) && di >= -1 && di <= 1 && dj >= -1 && dj <= 1) seen |= 1 << j;
          }
        }
      }
      connected[pat] = seen == ring;
    }
  }
};
inline constexpr RingTable RING{};

// Valid window bits for a square on file a, inner files, file j (no wrap across ranks).
inline constexpr int WINDOW_VALID[3] = {0b110'110'110, 0b111'111'111, 0b011'011'011};
}  // namespace detail

// The 3x3 window of `b` centred on s, as a 9-bit pattern (row-major from the rank below).
inline int window(Bitboard b, Square s) {
  u128 w = s >= 11 ? b.bits() >> (s - 11) : b.bits() << (11 - s);
  u64 lo = u64(w);
  int pat = int((lo & 7) | ((lo >> 7) & 0x38) | ((lo >> 14) & 0x1C0));
  int f = file_of(s);
  return pat & detail::WINDOW_VALID[f == 0 ? 0 : f == FILES - 1 ? 2 : 1];
}

// True when the pieces of `b` touching s are connected to each other around s. If b is connected
// and this holds, b without s is still connected (sufficient, not necessary).
inline bool ring_connected(Bitboard b, Square s) { return detail::RING.connected[window(b, s)]; }

// Squares touching at least one / at least two squares of b.
struct Touch {
  Bitboard once, twice;
};
inline Touch touch_counts(Bitboard b) {
  Touch t;
  auto add = [&t](Bitboard s) { t.twice |= t.once & s; t.once |= s; };
  add(shift<N>(b)); add(shift<NE>(b)); add(shift<E>(b)); add(shift<SE>(b));
  add(shift<S>(b)); add(shift<SW>(b)); add(shift<W>(b)); add(shift<NW>(b));
  return t;
}

}  // namespace ordo
