#include "connectivity.hpp"

#include <cassert>
#include <memory>

namespace ordo {

Groups groups_of(Bitboard b) {
  Groups g;
  while (b) {
    Bitboard one = flood(Bitboard::square(b.lsb()), b);
    assert(g.count < int(g.group.size()));
    g.group[g.count++] = one;
    b ^= one;
  }
  return g;
}

namespace detail {

template <class W>
W cut_squares(W connected) {
  const Around<W> around(connected);
  W candidates = connected & ring_split(around);
  if (!candidates) return 0;
  W cut = 0;
  if (Bitboard(connected).count() >= 3) {
    W once, twice;
    around.touches(once, twice);
    cut = candidates & grown(connected & once & ~twice);  // the neighbours of leaves
    candidates ^= cut;
  }
  while (candidates) {
    const W p = candidates & -candidates;
    candidates ^= p;
    const W rest = connected ^ p, need = grown(p) & rest;
    if (!flood_reaches(need & -need, rest, need)) cut |= p;
  }
  return cut;
}

template u64 cut_squares<u64>(u64);
template u128 cut_squares<u128>(u128);

}  // namespace detail

Bitboard cut_squares_cached(Bitboard connected) {
  struct Entry {
    u128 set = 0, cut = 0;  // the empty set's cut squares are none: a valid first entry
  };
  constexpr int INDEX_BITS = 12;
  thread_local std::unique_ptr<Entry[]> entries = std::make_unique<Entry[]>(std::size_t(1) << INDEX_BITS);
  const u64 h = (connected.lo() * 0x9E3779B97F4A7C15ull) ^ (connected.hi() * 0xC2B2AE3D27D4EB4Full);
  Entry& e = entries[std::size_t(h >> (64 - INDEX_BITS))];
  if (e.set != connected.bits()) e = {connected.bits(), cut_squares(connected).bits()};
  return Bitboard(e.cut);
}

}  // namespace ordo
