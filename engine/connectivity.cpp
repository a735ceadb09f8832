#include "connectivity.hpp"

#include <cassert>

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

}  // namespace ordo
