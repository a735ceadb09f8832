// Invariants of every position the rules core accepts or produces, checked by the fuzz targets
// after every accepted input. A violation prints what failed and the position, then aborts, so
// libFuzzer keeps the input as a crash.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"

namespace ordo::fuzz {

[[noreturn]] inline void violated(const char* what, const Position& pos, const std::string& detail = {}) {
  std::fprintf(stderr, "invariant violated: %s\n  position %s (%s)%s%s\n", what, to_fen(pos).c_str(),
               std::string(variant_name(pos.variant())).c_str(), detail.empty() ? "" : "\n  ", detail.c_str());
  std::abort();
}

#define ORDO_FUZZ_CHECK(condition, pos, ...) \
  do {                                        \
    if (!(condition)) ::ordo::fuzz::violated(#condition, pos __VA_OPT__(,) __VA_ARGS__); \
  } while (0)

// A valid position: pieces on the 80 squares only and never two on one square, at least one piece,
// not both sides on their target rows, split flags that match the groups, a fullmove number from
// 1, and an incremental Zobrist key equal to the key recomputed from scratch.
inline void check_valid(const Position& pos) {
  ORDO_FUZZ_CHECK((pos.pieces(WHITE) & pos.pieces(BLACK)).empty(), pos);
  ORDO_FUZZ_CHECK((pos.occupied().bits() & ~BOARD.bits()) == 0, pos);
  ORDO_FUZZ_CHECK(!pos.occupied().empty(), pos);
  ORDO_FUZZ_CHECK(!((pos.pieces(WHITE) & rank_bb(target_rank(WHITE))) && (pos.pieces(BLACK) & rank_bb(target_rank(BLACK)))), pos);
  for (Color c : {WHITE, BLACK}) ORDO_FUZZ_CHECK(pos.split(c) == !is_connected(pos.pieces(c)), pos);
  ORDO_FUZZ_CHECK(pos.fullmove() >= 1, pos);
  ORDO_FUZZ_CHECK(pos.key() == pos.compute_key(), pos);
}

// The FEN of a position between turns parses back to the same position (key and split flags
// included) and formats to the same text.
inline void check_fen_round_trip(const Position& pos) {
  ORDO_FUZZ_CHECK(!pos.mid_turn(), pos);
  const std::string fen = to_fen(pos);
  const auto back = parse_fen(fen, pos.variant());
  ORDO_FUZZ_CHECK(back.ok(), pos, "the formatted FEN is rejected: " + (back.ok() ? std::string() : back.error()));
  ORDO_FUZZ_CHECK(*back == pos, pos, "the formatted FEN parses to a different position");
  ORDO_FUZZ_CHECK(to_fen(*back) == fen, pos);
}

inline void check_position(const Position& pos) {
  check_valid(pos);
  check_fen_round_trip(pos);
}

// A turn the token parser accepted: it is one of the generator's legal turns, its canonical token
// parses back to it, and the position after it is valid.
inline void check_accepted_turn(const Position& pos, const std::vector<Turn>& legal, const Turn& turn) {
  ORDO_FUZZ_CHECK(std::find(legal.begin(), legal.end(), turn) != legal.end(), pos,
                  "accepted turn " + format_turn(turn) + " is not generated");
  const auto again = parse_turn(pos, format_turn(turn));
  ORDO_FUZZ_CHECK(again.ok() && *again == turn, pos, "canonical token " + format_turn(turn) + " does not parse back");
  check_position(pos.after(turn));
}

}  // namespace ordo::fuzz
