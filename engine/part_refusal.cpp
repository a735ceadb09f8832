#include "part_refusal.hpp"

#include <cstdlib>

#include "connectivity.hpp"

namespace ordo {

namespace {

std::string name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }
std::string colour(Color c) { return c == WHITE ? "white" : "black"; }
int sign(int v) { return (v > 0) - (v < 0); }

bool on_board(int file, int rank) { return file >= 0 && file < FILES && rank >= 0 && rank < RANKS; }

// The connection rule for the mover's pieces after the part (`after`: its pieces then).
std::string connection_problem(const Position& pos, Bitboard after) {
  const Color us = pos.side_to_move();
  if (groups_of(after).count <= 1) return "";
  if (!pos.rules().capture_keeps_largest_group() && pos.split(us))
    return "the " + colour(us) + " pieces are split and this move does not reconnect them";
  return "it would leave the " + colour(us) + " pieces in more than one group";
}

std::string singleton_refusal(const Position& pos, Square a, Square b) {
  const Color us = pos.side_to_move();
  const bool reconnects = !pos.rules().capture_keeps_largest_group();  // a split side may move backward
  const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
  if (df == 0 && dr == 0) return "a part must move";
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return name(a) + " to " + name(b) + " is not a straight line";
  const int forward = us == WHITE ? 1 : -1;
  const int sf = sign(df), sr = sign(dr);
  if (sr == -forward && !(reconnects && pos.split(us)))
    return reconnects ? "singletons move forward or sideways (backward only to reconnect a split side)"
                   : "singletons move forward or sideways, never backward";
  if (pos.mid_turn() && sr == 0) return "the sideways part is played: a forward part is owed now";
  for (int f = file_of(a) + sf, r = rank_of(a) + sr; f != file_of(b) || r != rank_of(b); f += sf, r += sr)
    if (pos.occupied().has(make_square(f, r))) return "the way is blocked at " + name(make_square(f, r));
  if (pos.pieces(us).has(b)) return name(b) + " holds a " + colour(us) + " piece";
  return connection_problem(pos, (pos.pieces(us) ^ Bitboard::square(a)) | Bitboard::square(b));
}

std::string ordo_refusal(const Position& pos, Square a, Square b, Square landing) {
  const Color us = pos.side_to_move();
  const bool one_part = !pos.rules().sideways_owes_forward();  // one_part_turn_rules' ordo directions
  const bool horizontal = rank_of(a) == rank_of(b);
  const int df = file_of(landing) - file_of(a), dr = rank_of(landing) - rank_of(a);
  if (df == 0 && dr == 0) return "a part must move";
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return "the ordo's move is not a straight line";
  const int forward = us == WHITE ? 1 : -1;
  const int sf = sign(df), sr = sign(dr);
  if (one_part) {
    if (horizontal && !(sf == 0 && (sr == forward || (sr == -forward && pos.split(us)))))
      return "a horizontal ordo moves straight forward only (straight backward only to reconnect a split side)";
    if (!horizontal && sr != 0) return "a vertical ordo moves sideways only";
  } else if (sr == -forward) {
    return "ordos move forward, diagonally forward or sideways, never backward";
  }
  if (pos.mid_turn() && sr == 0) return "the sideways part is played: a forward part is owed now";
  const Bitboard line = line_between(a, b);
  const int k = std::max(std::abs(df), std::abs(dr));
  Bitboard moved;
  for (int j = 1; j <= k; ++j) {
    moved = Bitboard();
    for (Square s : line) {
      const int f = file_of(s) + j * sf, r = rank_of(s) + j * sr;
      if (!on_board(f, r)) return "the ordo would leave the board";
      const Square t = make_square(f, r);
      if (pos.pieces(~us).has(t)) return "ordos never capture (" + name(t) + " holds a " + colour(~us) + " piece)";
      if (pos.pieces(us).has(t) && !line.has(t)) return "the way is blocked at " + name(t);
      moved |= Bitboard::square(t);
    }
  }
  return connection_problem(pos, (pos.pieces(us) ^ line) | moved);
}

}  // namespace

std::string part_refusal(const Position& pos, Square a, Square b, Square landing) {
  return landing == NO_SQUARE ? singleton_refusal(pos, a, b) : ordo_refusal(pos, a, b, landing);
}

std::string malformed_part(std::string_view text) {
  const std::size_t eq = text.find('=');
  const std::string_view body = text.substr(0, eq);
  if (body.size() != 4 && body.size() != 6)
    return "a part names two squares (from, to) or three (the ordo's ends, then where the first lands)";
  std::string_view squares[4];
  int n = 0;
  for (std::size_t i = 0; i < body.size(); i += 2) squares[n++] = body.substr(i, 2);
  if (eq != std::string_view::npos) squares[n++] = text.substr(eq + 1);
  for (int i = 0; i < n; ++i) {
    const std::string_view s = squares[i];
    const bool shaped = s.size() == 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= '0' && s[1] <= '9';
    // Built by appending: GCC 12 warns falsely on "'" + std::string.
    std::string quoted(1, '\'');
    quoted.append(s).append(1, '\'');
    if (!shaped) return quoted.append(" is not a square (a file a-j, then a rank 1-8)");
    if (s[0] > 'j' || s[1] < '1' || s[1] > '8') return quoted.append(" is off the board (files a-j, ranks 1-8)");
  }
  return "";
}

}  // namespace ordo
