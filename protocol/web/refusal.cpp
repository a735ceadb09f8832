#include "refusal.hpp"

#include <cstdlib>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"

namespace ordo::web {

namespace {

std::string side_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Which way a displacement goes for the side `us`.
enum class Heading { Forward, Sideways, Backward };
Heading heading(Color us, int dr) {
  if (dr == 0) return Heading::Sideways;
  return (us == WHITE) == (dr > 0) ? Heading::Forward : Heading::Backward;
}

bool straight(int df, int dr) { return (df != 0 || dr != 0) && (df == 0 || dr == 0 || std::abs(df) == std::abs(dr)); }

std::string direction_problem(const Position& pos, Heading h, bool ordo, bool horizontal_ordo) {
  const Color us = pos.side_to_move();
  const bool classic = pos.variant() == Variant::Classic;
  if (pos.mid_turn() && h != Heading::Forward) return "after a sideways part the turn must end with a forward part";
  if (classic && ordo) {
    if (horizontal_ordo && h == Heading::Sideways) return "a horizontal ordo moves only straight forward in classic Ordo";
    if (!horizontal_ordo && h != Heading::Sideways) return "a vertical ordo moves only sideways in classic Ordo";
  }
  if (h == Heading::Backward) {
    if (!classic) return "Ordo X has no backward moves";
    if (!pos.split(us)) return "pieces move backward only to reconnect a split side";
  }
  return "";
}

std::string connection_problem(const Position& pos, Bitboard own_after) {
  const Color us = pos.side_to_move();
  if (is_connected(own_after)) return "";
  if (pos.split(us)) return side_name(us) + "'s pieces are split: this move must reconnect them";
  return "it would leave " + side_name(us) + "'s pieces disconnected (all of them must stay one group)";
}

std::string singleton_problem(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (!straight(df, dr)) return "a piece moves in a straight line along a rank, a file or a diagonal";
  if (auto p = direction_problem(pos, heading(us, dr), false, false); !p.empty()) return p;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  for (int f = file_of(from) + sf, r = rank_of(from) + sr; make_square(f, r) != to; f += sf, r += sr)
    if (pos.occupied().has(make_square(f, r)))
      return "the way is blocked on " + square_name(make_square(f, r)) + " (pieces never jump)";
  if (pos.pieces(us).has(to)) return square_name(to) + " holds one of " + side_name(us) + "'s own pieces";
  return connection_problem(pos, pos.pieces(us) ^ Bitboard::square(from) ^ Bitboard::square(to));
}

std::string ordo_problem(const Position& pos, Square a, Square b, Square to_a) {
  const Color us = pos.side_to_move();
  const int df = file_of(to_a) - file_of(a), dr = rank_of(to_a) - rank_of(a);
  if (!straight(df, dr)) return "an ordo moves in a straight line along a rank, a file or a diagonal";
  const bool horizontal = rank_of(a) == rank_of(b);
  if (auto p = direction_problem(pos, heading(us, dr), true, horizontal); !p.empty()) return p;
  const Bitboard line = line_between(a, b);
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  const int steps = std::max(std::abs(df), std::abs(dr));
  Bitboard shifted = line;
  for (int j = 1; j <= steps; ++j) {
    Bitboard next;
    for (Square s : shifted) {
      const int f = file_of(s) + sf, r = rank_of(s) + sr;
      if (!on_board(f, r)) return "the ordo would leave the board";
      next |= Bitboard::square(make_square(f, r));
    }
    shifted = next;
    for (Square s : shifted & ~line) {
      if (pos.pieces(~us).has(s)) return "ordos never capture (" + square_name(s) + " holds an enemy piece)";
      if (pos.pieces(us).has(s)) return "the way is blocked on " + square_name(s);
    }
  }
  return connection_problem(pos, (pos.pieces(us) & ~line) | shifted);
}

// More detail for one part the core found illegal in `pos`, or "".
std::string part_detail(const Position& pos, std::string_view text) {
  const std::string_view squares = text.substr(0, text.find('='));
  auto sq = [&](std::size_t i) { return parse_square(squares.substr(i, 2)); };
  if (squares.size() == 4 && sq(0) && sq(2)) return singleton_problem(pos, *sq(0), *sq(2));
  if (squares.size() == 6 && sq(0) && sq(2) && sq(4)) return ordo_problem(pos, *sq(0), *sq(2), *sq(4));
  return "";
}

}  // namespace

std::string explain_refusal(const Position& pos, std::string_view token) {
  auto turn = parse_turn(pos, token);
  if (turn) return "";
  std::string reason = turn.error();
  const std::string generic = " is not a legal move here";
  if (reason.size() < generic.size() || reason.compare(reason.size() - generic.size(), generic.size(), generic) != 0)
    return reason;
  // Which part failed: the second when the first is a legal part of this position.
  Position at = pos;
  std::string_view part = token;
  if (const auto comma = token.find(','); comma != std::string_view::npos) {
    part = token.substr(0, comma);
    MoveList parts;
    generate_parts(pos, parts);
    for (Move m : parts)
      if (format_move(m) == part) {
        at = pos.after(m);
        part = token.substr(comma + 1);
        break;
      }
  }
  const std::string detail = part_detail(at, part);
  return detail.empty() ? reason : reason + ": " + detail;
}

}  // namespace ordo::web
