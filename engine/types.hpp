// The project's vocabulary: colours, squares, directions and variants of the 10x8 Ordo board.
// Square index = rank * 10 + file, a1 = 0, j1 = 9, a2 = 10, ..., j8 = 79 (RULES.md section 1).
#pragma once

#include <cstdint>

namespace ordo {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i16 = std::int16_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

inline constexpr int FILES = 10;
inline constexpr int RANKS = 8;
inline constexpr int SQUARES = FILES * RANKS;

enum Color : u8 { WHITE = 0, BLACK = 1 };
inline constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum class Variant : u8 { Classic, OrdoX };

enum Square : u8 {
  // clang-format off
  A1, B1, C1, D1, E1, F1, G1, H1, I1, J1,
  A2, B2, C2, D2, E2, F2, G2, H2, I2, J2,
  A3, B3, C3, D3, E3, F3, G3, H3, I3, J3,
  A4, B4, C4, D4, E4, F4, G4, H4, I4, J4,
  A5, B5, C5, D5, E5, F5, G5, H5, I5, J5,
  A6, B6, C6, D6, E6, F6, G6, H6, I6, J6,
  A7, B7, C7, D7, E7, F7, G7, H7, I7, J7,
  A8, B8, C8, D8, E8, F8, G8, H8, I8, J8,
  // clang-format on
  NO_SQUARE
};
static_assert(J8 == 79 && NO_SQUARE == SQUARES);

inline constexpr int file_of(Square s) { return s % FILES; }
inline constexpr int rank_of(Square s) { return s / FILES; }  // 0-based: rank 1 is 0
inline constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
}
inline constexpr Square make_square(int file, int rank) { return Square(rank * FILES + file); }
static_assert(make_square(9, 0) == J1 && make_square(0, 1) == A2 && file_of(J8) == 9 && rank_of(J8) == 7);

// The eight compass directions, from White's point of view (north = toward rank 8).
enum Direction : u8 { N, NE, E, SE, S, SW, W, NW };
inline constexpr int DIRECTIONS = 8;
inline constexpr int dir_file(Direction d) { return (d == NE || d == E || d == SE) ? 1 : (d == SW || d == W || d == NW) ? -1 : 0; }
inline constexpr int dir_rank(Direction d) { return (d == N || d == NE || d == NW) ? 1 : (d == SE || d == S || d == SW) ? -1 : 0; }
inline constexpr Direction opposite(Direction d) { return Direction((d + 4) % 8); }
static_assert(dir_file(NE) == 1 && dir_rank(NE) == 1 && dir_rank(S) == -1 && opposite(SW) == NE);

// A set of directions as a bit mask over Direction.
using DirSet = u8;
inline constexpr DirSet dir_bit(Direction d) { return DirSet(1u << d); }

// Directions relative to a side: forward means toward the opponent's home row.
inline constexpr DirSet forward_dirs(Color c) {
  return c == WHITE ? DirSet(dir_bit(N) | dir_bit(NE) | dir_bit(NW)) : DirSet(dir_bit(S) | dir_bit(SE) | dir_bit(SW));
}
inline constexpr DirSet straight_forward(Color c) { return c == WHITE ? dir_bit(N) : dir_bit(S); }
inline constexpr DirSet straight_backward(Color c) { return straight_forward(~c); }
inline constexpr DirSet backward_dirs(Color c) { return forward_dirs(~c); }
inline constexpr DirSet sideways_dirs() { return DirSet(dir_bit(E) | dir_bit(W)); }

// The rank a side wins on (the opponent's home row), 0-based.
inline constexpr int target_rank(Color c) { return c == WHITE ? RANKS - 1 : 0; }

}  // namespace ordo
