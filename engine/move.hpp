// A move part (one singleton or ordo move) and a complete turn (one part, or an Ordo X sideways
// part followed by a forward part).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

#include "types.hpp"

namespace ordo {

// Bit layout of a Move (32 bits):
//   bits  0..6   from   singleton origin, or the ordo's lower-index end (end1)
//   bits  7..13  to     singleton destination, or where end1 lands (to1)
//   bits 14..20  extra  ordo: the other end (end2); singleton capture: a square of the enemy group
//                       that stays when several largest groups tie (canonically its lowest square)
//   bit  21      ordo   1 for an ordo move
//   bit  22      choice 1 when `extra` holds a kept-group square
// Move::none() is all zero (a1 to a1 is never a move).
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move none() { return Move(); }
  static constexpr Move singleton(Square from, Square to) { return Move(u32(from) | u32(to) << 7); }
  static constexpr Move singleton_keeping(Square from, Square to, Square keep) {
    return Move(u32(from) | u32(to) << 7 | u32(keep) << 14 | CHOICE);
  }
  // An ordo from end1 (lower index) to end2; end1 lands on to1.
  static constexpr Move ordo(Square end1, Square end2, Square to1) {
    assert(end1 < end2);
    return Move(u32(end1) | u32(to1) << 7 | u32(end2) << 14 | ORDO);
  }

  constexpr Square from() const { return Square(bits_ & 0x7F); }
  constexpr Square to() const { return Square((bits_ >> 7) & 0x7F); }
  constexpr Square end2() const { assert(is_ordo()); return Square((bits_ >> 14) & 0x7F); }
  constexpr Square keep() const { assert(has_choice()); return Square((bits_ >> 14) & 0x7F); }
  constexpr bool is_ordo() const { return bits_ & ORDO; }
  constexpr bool has_choice() const { return bits_ & CHOICE; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr u32 raw() const { return bits_; }
  static constexpr Move from_raw(u32 r) { return Move(r); }

  // Displacement of the move in files and ranks.
  constexpr int delta_file() const { return file_of(to()) - file_of(from()); }
  constexpr int delta_rank() const { return rank_of(to()) - rank_of(from()); }

  constexpr bool operator==(const Move&) const = default;

 private:
  static constexpr u32 ORDO = 1u << 21;
  static constexpr u32 CHOICE = 1u << 22;
  constexpr explicit Move(u32 bits) : bits_(bits) {}
  u32 bits_ = 0;
};

// A complete turn: `first` always holds a part; `second` holds the forward part that follows an
// Ordo X sideways part, and is none otherwise.
struct Turn {
  Move first;
  Move second;
  constexpr int parts() const { return second.is_none() ? 1 : 2; }
  constexpr bool operator==(const Turn&) const = default;
};

// A fixed-capacity list of move parts.
//
// Capacity bound (crude but safe):
// - a non-capturing singleton is fixed by its destination and the direction it came from (the
//   first own piece back along that ray): at most 80 * 8 = 640;
// - a capture is fixed by the captured square, the direction and the kept group; kept-group
//   choices are at most the number of enemy groups, at most 20 (isolated pieces two squares
//   apart): at most 80 * 8 * 20 = 12800;
// - an ordo part is fixed by its landing line and direction (the source line is then unique);
//   landing lines number 8 * 45 + 10 * 28 = 640: at most 640 * 8 = 5120.
// 640 + 12800 + 5120 = 18560 = CAPACITY; push() asserts.
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = 18560;
  void push(Move m) { assert(size_ < CAPACITY); moves_[size_++] = m.raw(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  void truncate(std::size_t n) { assert(n <= size_); size_ = n; }
  Move operator[](std::size_t i) const { assert(i < size_); return Move::from_raw(moves_[i]); }
  void set(std::size_t i, Move m) { assert(i < size_); moves_[i] = m.raw(); }

  struct Iterator {
    const u32* p;
    Move operator*() const { return Move::from_raw(*p); }
    Iterator& operator++() { ++p; return *this; }
    bool operator!=(const Iterator& o) const { return p != o.p; }
  };
  Iterator begin() const { return {moves_}; }
  Iterator end() const { return {moves_ + size_}; }

 private:
  u32 moves_[CAPACITY];  // left uninitialised: only [0, size_) is ever read
  std::size_t size_ = 0;
};

}  // namespace ordo
