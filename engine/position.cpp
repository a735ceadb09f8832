#include "position.hpp"

#include <algorithm>
#include <cassert>

#include "connectivity.hpp"
#include "zobrist.hpp"

namespace ordo {

namespace {

// Keeps, of `side` after a capture, only the largest group, or the group holding `keep` when
// several largest groups tie (Ordo X split capture, RULES.md section 5).
Bitboard remove_smaller_groups(Bitboard side, std::optional<Square> keep) {
  if (is_connected(side)) return side;
  if (keep) return flood(Bitboard::square(*keep), side);
  Groups g = groups_of(side);
  Bitboard best;
  int best_size = 0;
  for (int i = 0; i < g.count; ++i) {
    int n = g.group[i].count();
    if (n > best_size) best = g.group[i], best_size = n;
  }
  return best;
}

u64 key_of(Bitboard squares, Color c) {
  u64 k = 0;
  for (Square s : squares) k ^= zobrist::KEYS.piece[c][s];
  return k;
}

}  // namespace

Bitboard line_between(Square a, Square b) {
  if (a > b) std::swap(a, b);
  assert(rank_of(a) == rank_of(b) || file_of(a) == file_of(b));
  // Every square from a to b; a file keeps only its own squares of that span.
  const Bitboard span(((u128(1) << (b + 1)) - 1) ^ ((u128(1) << a) - 1));
  return rank_of(a) == rank_of(b) ? span : span & file_bb(file_of(a));
}

Bitboard changed_squares(Move part) {
  if (!part.is_ordo()) return Bitboard::square(part.from()) | Bitboard::square(part.to());
  const Bitboard line = line_between(part.from(), part.end2());
  const int delta = int(part.to()) - int(part.from());
  return line ^ (delta > 0 ? line << delta : line >> -delta);
}

Position Position::start(Variant v) {
  Bitboard white = rank_bb(1);
  for (Square s : {C1, D1, G1, H1, A3, B3, E3, F3, I3, J3}) white |= Bitboard::square(s);
  Bitboard black;
  for (Square s : white) black |= Bitboard::square(make_square(file_of(s), RANKS - 1 - rank_of(s)));
  return from_board(v, white, black, WHITE, 0, 1);
}

Position Position::from_board(Variant v, Bitboard white, Bitboard black, Color side, int quiet_plies,
                              int fullmove) {
  Position p;
  p.variant_ = v;
  p.pieces_[WHITE] = white;
  p.pieces_[BLACK] = black;
  p.side_ = side;
  p.quiet_plies_ = u16(quiet_plies);
  p.fullmove_ = u16(fullmove);
  p.split_[WHITE] = !is_connected(white);
  p.split_[BLACK] = !is_connected(black);
  p.key_ = p.compute_key();
  return p;
}

u64 Position::compute_key() const {
  u64 k = key_of(pieces_[WHITE], WHITE) ^ key_of(pieces_[BLACK], BLACK);
  if (side_ == BLACK) k ^= zobrist::KEYS.black_to_move;
  if (mid_turn_) k ^= zobrist::KEYS.mid_turn;
  return k;
}

std::optional<Color> Position::board_winner() const {
  if (pieces_[WHITE] & rank_bb(target_rank(WHITE))) return WHITE;
  if (pieces_[BLACK] & rank_bb(target_rank(BLACK))) return BLACK;
  if (!pieces_[BLACK]) return WHITE;
  if (!pieces_[WHITE]) return BLACK;
  return std::nullopt;
}

WinReason Position::board_win_reason() const {
  Color w = *board_winner();
  return (pieces_[w] & rank_bb(target_rank(w))) ? WinReason::TargetRow : WinReason::NoPieces;
}

Position Position::after(Move m) const {
  Position p = *this;
  const Color us = side_, them = ~us;
  bool capture = false;
  if (m.is_ordo()) {
    const Bitboard changed = changed_squares(m);
    p.pieces_[us] ^= changed;
    p.key_ ^= key_of(changed, us);
  } else {
    p.pieces_[us] ^= Bitboard::square(m.from()) | Bitboard::square(m.to());
    p.key_ ^= zobrist::KEYS.piece[us][m.from()] ^ zobrist::KEYS.piece[us][m.to()];
    if (pieces_[them].has(m.to())) {
      capture = true;
      Bitboard rest = pieces_[them] ^ Bitboard::square(m.to());
      if (rules().capture_keeps_largest_group())
        rest = remove_smaller_groups(rest, m.has_choice() ? std::optional(m.keep()) : std::nullopt);
      p.key_ ^= key_of(pieces_[them] ^ rest, them);
      p.pieces_[them] = rest;
      // Otherwise the victim may now be split: a connected one exactly when the captured piece
      // was one of its cut pieces.
      p.split_[them] = !rules().capture_keeps_largest_group() &&
                       (split_[them] ? !is_connected(rest) : cut_squares_cached(pieces_[them]).has(m.to()));
    }
  }
  p.split_[us] = false;  // a legal part leaves the mover connected
  assert(is_connected(p.pieces_[us]));
  assert((p.pieces_[WHITE] & p.pieces_[BLACK]).empty());

  const int dr = m.delta_rank();
  const bool forward = us == WHITE ? dr > 0 : dr < 0;
  const bool sideways = dr == 0;

  // A sideways part may owe a forward part (Ordo X), unless it took the last enemy piece.
  if (rules().sideways_owes_forward() && sideways && !mid_turn_ && p.pieces_[them]) {
    p.mid_turn_ = true;
    p.key_ ^= zobrist::KEYS.mid_turn;
    return p;
  }
  if (p.mid_turn_) {
    p.mid_turn_ = false;
    p.key_ ^= zobrist::KEYS.mid_turn;
  }
  p.side_ = them;
  p.key_ ^= zobrist::KEYS.black_to_move;
  // Both counters saturate at the cap (RULES.md): a FEN printed here always parses again.
  p.quiet_plies_ = (capture || forward) ? 0 : u16(std::min<int>(quiet_plies_ + 1, COUNTER_CAP));
  if (us == BLACK) p.fullmove_ = u16(std::min<int>(fullmove_ + 1, COUNTER_CAP));
  assert(p.key_ == p.compute_key());
  return p;
}

Position Position::after(Turn t) const {
  Position p = after(t.first);
  if (t.second.is_none()) return p;
  // The forward part completes the turn: the first part's capture counts for the quiet counter too,
  // but the forward part always resets it anyway.
  return p.after(t.second);
}

namespace {
Bitboard map_squares(Bitboard b, Square (*f)(Square)) {
  Bitboard r;
  for (Square s : b) r |= Bitboard::square(f(s));
  return r;
}
Square mirror_square(Square s) { return make_square(FILES - 1 - file_of(s), rank_of(s)); }
Square rotate_square(Square s) { return Square(SQUARES - 1 - s); }
}  // namespace

Position Position::mirrored() const {
  Position p = from_board(variant_, map_squares(pieces_[WHITE], mirror_square),
                          map_squares(pieces_[BLACK], mirror_square), side_, quiet_plies_, fullmove_);
  if (mid_turn_) p.mid_turn_ = true, p.key_ ^= zobrist::KEYS.mid_turn;
  return p;
}

Position Position::colour_flipped() const {
  Position p = from_board(variant_, map_squares(pieces_[BLACK], rotate_square),
                          map_squares(pieces_[WHITE], rotate_square), ~side_, quiet_plies_, fullmove_);
  if (mid_turn_) p.mid_turn_ = true, p.key_ ^= zobrist::KEYS.mid_turn;
  return p;
}

}  // namespace ordo
