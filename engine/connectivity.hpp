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

namespace detail {
// Connectivity arithmetic on a machine word W that holds squares from a rank boundary on: u128 for
// the whole board, u64 for a set within six ranks moved down to rank 1 (bit i: the i-th square
// of the window), with grown() and the file masks of bitboard.hpp. Steps off the top of the board
// or the word are not masked: every result is meant for squares of the set, or is masked by it.

// The squares whose neighbour to the north, north-east, east, ..., north-west (clockwise) is in b.
template <class W>
struct Around {
  W dir[8];
  constexpr explicit Around(W b)
      : dir{b >> 10, (b >> 11) & NOT_J_BITS<W>, (b >> 1) & NOT_J_BITS<W>, (b << 9) & NOT_J_BITS<W>,
            b << 10, (b << 11) & NOT_A_BITS<W>, (b << 1) & NOT_A_BITS<W>, (b >> 9) & NOT_A_BITS<W>} {}
  // The squares touching at least one / at least two squares of b.
  constexpr void touches(W& once, W& twice) const {
    once = twice = 0;
    for (const W t : dir) twice |= once & t, once |= t;
  }
};

// See ring_split_squares.
template <class W>
constexpr W ring_split(const Around<W>& a) {
  const auto [n, ne, e, se, s, sw, w, nw] = a.dir;
  const W y[8] = {n, ne | (n & e), e, se | (e & s), s, sw | (s & w), w, nw | (w & n)};
  W once = 0, twice = 0;
  for (int k = 0; k < 8; ++k) {
    const W start = y[k] & ~y[(k + 7) % 8];
    twice |= once & start;
    once |= start;
  }
  return twice;
}

// See flood_reaches.
template <class W>
inline bool flood_reaches(W seed, W within, W need) {
  W f = seed;
  for (;;) {
    if ((need & ~f) == 0) return true;
    const W next = grown(f) & within;
    if (next == f) return false;
    f = next;
  }
}

// See cut_squares.
template <class W>
W cut_squares(W connected);
extern template u64 cut_squares<u64>(u64);
extern template u128 cut_squares<u128>(u128);
}  // namespace detail

// Every square whose own-piece neighbours in `b` (the ring around it) are not connected to each
// other around it: the bit-parallel form of !ring_connected(b, s) for all s at once. Walking the
// ring N, NE, E, ..., NW, a missing corner counts as present when both orthogonal squares beside
// it are (they touch each other); the ring is connected when it has at most one run of present
// squares.
inline Bitboard ring_split_squares(Bitboard b) {
  return Bitboard(detail::ring_split(detail::Around<u128>(b.bits()))) & BOARD;
}

// Whether the flood from `seed` through `within` (seed a non-empty subset of within) reaches every
// square of `need`. It stops as soon as it does, or when the flood stops growing.
inline bool flood_reaches(Bitboard seed, Bitboard within, Bitboard need) {
  return detail::flood_reaches(seed.bits(), within.bits(), need.bits());
}

// Whether `rest` is connected, given that it is a connected set minus some squares and that
// `boundary` holds the squares of rest touching the removed ones. Every group of rest touches the
// removed squares, so one flood that reaches all of the boundary proves it; the flood stops as
// soon as it does, which is usually after a step or two around the removed squares.
inline bool still_connected(Bitboard rest, Bitboard boundary) {
  if (!boundary) return !rest;
  const u128 need = boundary.bits();
  return flood_reaches(Bitboard(need & -need), rest, boundary);
}

// cut_squares(connected), remembered for the sets this thread met recently (a search meets one
// side's set again and again: the other side's parts leave it as it is).
Bitboard cut_squares_cached(Bitboard connected);

// Squares touching every group of `set` (the whole board when the set is empty).
inline Bitboard touching_every_group(Bitboard set) {
  Bitboard mask = BOARD;
  while (set) {
    const Bitboard g = flood(Bitboard::square(set.lsb()), set);
    mask &= dilate(g);
    set ^= g;
  }
  return mask;
}

// Squares touching at least one / at least two squares of b.
struct Touch {
  Bitboard once, twice;
};
inline Touch touch_counts(Bitboard b) {
  u128 once, twice;
  detail::Around<u128>(b.bits()).touches(once, twice);
  return {Bitboard(once) & BOARD, Bitboard(twice) & BOARD};
}

// The pieces of a connected set whose removal splits it. In a set of three pieces or more, the one
// neighbour of a piece with one neighbour (a leaf) is such a piece; of the others whose neighbours
// are not connected around them (ring_split_squares), those whose neighbours no flood joins. A set
// within six ranks is worked on in 64 bits.
inline Bitboard cut_squares(Bitboard connected) {
  if (!connected) return {};
  const int low = rank_of(connected.lsb());
  if (rank_of(connected.msb()) - low < 6) {
    const int offset = low * FILES;
    return Bitboard(u128(detail::cut_squares(u64(connected.bits() >> offset))) << offset);
  }
  return Bitboard(detail::cut_squares(connected.bits()));
}

}  // namespace ordo
