// An 80-square bitboard over a 128-bit integer. Bit i is square i; bits 80..127 are always zero.
#pragma once

#include <bit>
#include <cassert>

#include "types.hpp"

namespace ordo {

__extension__ typedef unsigned __int128 u128;

class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(u128 bits) : bits_(bits) {}
  static constexpr Bitboard from_halves(u64 lo, u64 hi) { return Bitboard((u128(hi) << 64) | lo); }
  static constexpr Bitboard square(Square s) { return Bitboard(u128(1) << s); }

  constexpr u128 bits() const { return bits_; }
  constexpr u64 lo() const { return u64(bits_); }
  constexpr u64 hi() const { return u64(bits_ >> 64); }

  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool has(Square s) const { return (bits_ >> s) & 1; }
  constexpr int count() const { return std::popcount(lo()) + std::popcount(hi()); }
  constexpr bool more_than_one() const { return (bits_ & (bits_ - 1)) != 0; }

  // Lowest and highest square; the set must not be empty.
  constexpr Square lsb() const {
    assert(bits_);
    return lo() ? Square(std::countr_zero(lo())) : Square(64 + std::countr_zero(hi()));
  }
  constexpr Square msb() const {
    assert(bits_);
    return hi() ? Square(127 - std::countl_zero(hi())) : Square(63 - std::countl_zero(lo()));
  }
  constexpr Square pop_lsb() {
    Square s = lsb();
    bits_ &= bits_ - 1;
    return s;
  }

  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(bits_ | o.bits_); }
  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(bits_ & o.bits_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(bits_ ^ o.bits_); }
  constexpr Bitboard operator~() const;  // complement within the board
  constexpr Bitboard& operator|=(Bitboard o) { bits_ |= o.bits_; return *this; }
  constexpr Bitboard& operator&=(Bitboard o) { bits_ &= o.bits_; return *this; }
  constexpr Bitboard& operator^=(Bitboard o) { bits_ ^= o.bits_; return *this; }
  constexpr Bitboard operator<<(int n) const { return Bitboard(bits_ << n); }
  constexpr Bitboard operator>>(int n) const { return Bitboard(bits_ >> n); }
  constexpr bool operator==(const Bitboard&) const = default;

  // Iteration over the squares, lowest first.
  struct Iterator {
    u128 rest;
    constexpr Square operator*() const { return Bitboard(rest).lsb(); }
    constexpr Iterator& operator++() { rest &= rest - 1; return *this; }
    constexpr bool operator!=(const Iterator& o) const { return rest != o.rest; }
  };
  constexpr Iterator begin() const { return {bits_}; }
  constexpr Iterator end() const { return {0}; }

 private:
  u128 bits_ = 0;
};

inline constexpr Bitboard BOARD = Bitboard((u128(1) << SQUARES) - 1);
constexpr Bitboard Bitboard::operator~() const { return Bitboard(~bits_) & BOARD; }

inline constexpr Bitboard rank_bb(int rank) { return Bitboard(u128(0x3FF) << (rank * FILES)); }
namespace detail {
inline constexpr u128 file_a_bits() {
  u128 b = 0;
  for (int r = 0; r < RANKS; ++r) b |= u128(1) << (r * FILES);
  return b;
}
inline constexpr u128 FILE_A_BITS = file_a_bits();
}  // namespace detail
inline constexpr Bitboard file_bb(int file) { return Bitboard(detail::FILE_A_BITS << file); }
inline constexpr Bitboard FILE_A = file_bb(0);
inline constexpr Bitboard FILE_J = file_bb(FILES - 1);
inline constexpr Bitboard NOT_A = ~FILE_A;
inline constexpr Bitboard NOT_J = ~FILE_J;

// Shift every square one step in direction d; squares that leave the board vanish.
template <Direction d>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (d == N) return (b << 10) & BOARD;
  if constexpr (d == S) return b >> 10;
  if constexpr (d == E) return (b << 1) & NOT_A;
  if constexpr (d == W) return (b >> 1) & NOT_J;
  if constexpr (d == NE) return (b << 11) & NOT_A & BOARD;
  if constexpr (d == NW) return (b << 9) & NOT_J & BOARD;
  if constexpr (d == SE) return (b >> 9) & NOT_A;
  if constexpr (d == SW) return (b >> 11) & NOT_J;
}
namespace detail {
// A step in direction d as (bits << left) >> right, masked: branch-free, for directions known only
// at run time.
struct Step {
  int left, right;
  u128 mask;
};
inline constexpr Step STEPS[DIRECTIONS] = {
    {10, 0, BOARD.bits()},          {11, 0, (NOT_A & BOARD).bits()}, {1, 0, (NOT_A & BOARD).bits()},
    {0, 9, (NOT_A & BOARD).bits()}, {0, 10, BOARD.bits()},           {0, 11, (NOT_J & BOARD).bits()},
    {0, 1, (NOT_J & BOARD).bits()}, {9, 0, (NOT_J & BOARD).bits()},
};
}  // namespace detail
constexpr Bitboard shift(Bitboard b, Direction d) {
  const detail::Step& s = detail::STEPS[d];
  return Bitboard(((b.bits() << s.left) >> s.right) & s.mask);
}

// Calls f.template operator()<D>() with D = d: a loop over one direction written as a template
// lambda ([&]<Direction D>() {...}) shifts by a constant.
template <class F>
constexpr decltype(auto) with_direction(Direction d, F&& f) {
  switch (d) {
    case N: return f.template operator()<N>();
    case NE: return f.template operator()<NE>();
    case E: return f.template operator()<E>();
    case SE: return f.template operator()<SE>();
    case S: return f.template operator()<S>();
    case SW: return f.template operator()<SW>();
    case W: return f.template operator()<W>();
    default: return f.template operator()<NW>();
  }
}

// The squares of `gen`, and those reached from it by one or more steps in direction d over
// squares of `through` only (each step landing in `through`): an occluded fill, in a few doubling
// steps instead of one step per square.
template <Direction d>
constexpr Bitboard fill(Bitboard gen, Bitboard through) {
  constexpr int step = dir_rank(d) * FILES + dir_file(d);
  constexpr auto move = [](u128 x, int n) { return n > 0 ? x << n : x >> -n; };
  // A step east (west) never lands on file a (j): such squares would be a wrap across ranks.
  if constexpr (dir_file(d) > 0) through &= NOT_A;
  if constexpr (dir_file(d) < 0) through &= NOT_J;
  u128 g = gen.bits(), p = through.bits();  // p: squares starting a free run of 1, 2, 4 steps
  g |= p & move(g, step);
  p &= move(p, step);
  g |= p & move(g, 2 * step);
  p &= move(p, 2 * step);
  g |= p & move(g, 4 * step);  // 7 steps: every ray but along a rank
  if constexpr (dir_rank(d) == 0) {
    p &= move(p, 4 * step);
    g |= p & move(g, 8 * step);
  }
  return Bitboard(g);
}

namespace detail {
// File masks as a machine word W: u128 for the whole board, or u64 for a window of six ranks
// moved down to rank 1 (connectivity.hpp works on such windows).
template <class W>
inline constexpr W NOT_A_BITS = W(NOT_A.bits());
template <class W>
inline constexpr W NOT_J_BITS = W(NOT_J.bits());

// The squares of b and those touching them, in a word W; steps off the top are not masked.
template <class W>
constexpr W grown(W b) {
  const W h = b | ((b << 1) & NOT_A_BITS<W>) | ((b >> 1) & NOT_J_BITS<W>);
  return h | (h << 10) | (h >> 10);
}
}  // namespace detail

// b together with every square that touches it (8-neighbourhood).
constexpr Bitboard dilate(Bitboard b) { return Bitboard(detail::grown(b.bits())) & BOARD; }

// The squares of `within` connected to `seed` through `within` (8-neighbourhood).
constexpr Bitboard flood(Bitboard seed, Bitboard within) {
  // grown() without the board mask: `within` lies on the board.
  u128 f = (seed & within).bits();
  for (;;) {
    const u128 next = detail::grown(f) & within.bits();
    if (next == f) return Bitboard(f);
    f = next;
  }
}

inline constexpr bool is_connected(Bitboard b) { return b.empty() || flood(Bitboard::square(b.lsb()), b) == b; }

// Precomputed geometry.
namespace detail {
struct Tables {
  Bitboard neighbours[SQUARES]{};        // the up-to-8 touching squares
  Bitboard ray[DIRECTIONS][SQUARES]{};   // squares from s (exclusive) to the edge in direction d
  Bitboard between[SQUARES][SQUARES]{};  // squares strictly between two squares of one line
  constexpr Tables() {
    for (int s = 0; s < SQUARES; ++s) {
      Bitboard one = Bitboard::square(Square(s));
      neighbours[s] = dilate(one) ^ one;
      for (int d = 0; d < DIRECTIONS; ++d) {
        Bitboard r, cur = one;
        while ((cur = shift(cur, Direction(d)))) {
          between[s][cur.lsb()] = r;
          r |= cur;
        }
        ray[d][s] = r;
      }
    }
  }
};
inline constexpr Tables TABLES{};
}  // namespace detail

inline constexpr Bitboard neighbours(Square s) { return detail::TABLES.neighbours[s]; }
inline constexpr Bitboard ray(Direction d, Square s) { return detail::TABLES.ray[d][s]; }
// The squares strictly between a and b when they share a rank, a file or a diagonal, else none.
inline constexpr Bitboard between(Square a, Square b) { return detail::TABLES.between[a][b]; }
// Directions whose squares have higher indices than the origin (the first blocker is the lsb).
inline constexpr bool is_increasing(Direction d) { return d == N || d == NE || d == E || d == NW; }

}  // namespace ordo
