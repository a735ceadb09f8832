// A position: both sides' pieces, the side to move, whether an Ordo X sideways part has been played
// and a forward part is owed, the Zobrist key and the counters. Positions are values: moves are
// applied by copy (`after`), never undone.
#pragma once

#include <optional>

#include "bitboard.hpp"
#include "move.hpp"
#include "variant_rules.hpp"

namespace ordo {

enum class WinReason : u8 { TargetRow, NoPieces, NoLegalMove };

// The largest value of either move counter; both stop there (RULES.md section 7, FEN).
inline constexpr int COUNTER_CAP = 65535;

class Position {
 public:
  // The start position of a variant (RULES.md section 1).
  static Position start(Variant v);
  // A position from its parts; the caller (the FEN parser) has validated them.
  static Position from_board(Variant v, Bitboard white, Bitboard black, Color side, int quiet_plies, int fullmove);

  Variant variant() const { return variant_; }
  RulesOf rules() const { return rules_of(variant_); }
  Color side_to_move() const { return side_; }
  Bitboard pieces(Color c) const { return pieces_[c]; }
  Bitboard occupied() const { return pieces_[WHITE] | pieces_[BLACK]; }
  Bitboard empty_squares() const { return ~occupied(); }
  // Ordo X: the side to move has played a sideways part and now owes the forward part.
  bool mid_turn() const { return mid_turn_; }
  // Whether a side's pieces form more than one group. Only a capture (or a FEN) can split a side:
  // every legal move leaves the mover connected.
  bool split(Color c) const { return split_[c]; }
  u64 key() const { return key_; }
  int quiet_plies() const { return quiet_plies_; }
  int fullmove() const { return fullmove_; }

  // The winner decided by the board alone (a piece on the target row, or a side without pieces),
  // if any. It does not detect a side to move without legal moves: see game_status() in movegen.
  std::optional<Color> board_winner() const;
  WinReason board_win_reason() const;  // only when board_winner() has a value

  // The position after a legal part or a legal complete turn.
  [[nodiscard]] Position after(Move part) const;
  [[nodiscard]] Position after(Turn turn) const;

  // Symmetric images: files mirrored (a<->j), and the colour flip (rotated 180 degrees, colours
  // swapped, side to move swapped). Both preserve perft.
  [[nodiscard]] Position mirrored() const;
  [[nodiscard]] Position colour_flipped() const;

  // The key recomputed from scratch (for checking the incremental one).
  u64 compute_key() const;

  bool operator==(const Position& o) const = default;

 private:
  Bitboard pieces_[2];
  u64 key_ = 0;
  u16 quiet_plies_ = 0;
  u16 fullmove_ = 1;
  Color side_ = WHITE;
  Variant variant_ = Variant::Classic;
  bool mid_turn_ = false;
  bool split_[2] = {false, false};
};

// The pieces of an ordo between two end squares on one rank or one file (inclusive).
Bitboard line_between(Square a, Square b);

// The squares a part empties or fills for its mover (captured enemy pieces aside).
Bitboard changed_squares(Move part);

}  // namespace ordo
