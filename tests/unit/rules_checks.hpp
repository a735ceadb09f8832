// Checks shared by the hand-built rule suites (rules_test.cpp, rules_ordox_test.cpp): the exact
// set of legal tokens of a position, the presence or absence of some, and a game's status, each
// also checking that every view of the move list (count, any-legal, perft 1) agrees.
// Header only; uses doctest's CHECK, so it is included by test suites alone.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "test_support.hpp"

namespace ordo::testing::rules {

// The other views of the move list agree with legal_turns.
inline void check_consistent(const Position& pos) {
  const auto turns = legal_turns(pos);
  CHECK(count_turns(pos) == turns.size());
  CHECK(has_legal_turn(pos) == !turns.empty());
  CHECK(perft(pos, 1) == turns.size());
  const auto tokens = tokens_of(pos);
  CHECK(std::adjacent_find(tokens.begin(), tokens.end()) == tokens.end());  // no duplicates
}

// The legal tokens of `fen` are exactly `expected`.
inline void check_tokens(const std::string& fen, Variant v, const std::vector<std::string>& expected) {
  const Position pos = pos_of(fen, v);
  INFO("FEN " << fen << " (" << variant_name(v) << ")");
  CHECK(joined(tokens_of(pos)) == joined(sorted(expected)));
  check_consistent(pos);
}

inline void check_has(const std::vector<std::string>& tokens, const std::vector<std::string>& present,
                      const std::vector<std::string>& absent) {
  INFO("tokens: " << joined(tokens));
  for (const auto& t : present) {
    INFO("expected present: " << t);
    CHECK(contains(tokens, t));
  }
  for (const auto& t : absent) {
    INFO("expected absent: " << t);
    CHECK_FALSE(contains(tokens, t));
  }
}

inline void check_ongoing(const Position& pos) {
  INFO(to_fen(pos));
  CHECK_FALSE(game_status(pos).over());
  CHECK_FALSE(pos.board_winner().has_value());
}

inline void check_won(const Position& pos, Color winner, WinReason reason) {
  INFO(to_fen(pos));
  const GameStatus st = game_status(pos);
  REQUIRE(st.over());
  CHECK(*st.winner == winner);
  CHECK(st.reason == reason);
  CHECK(legal_turns(pos).empty());
  CHECK(count_turns(pos) == 0);
  CHECK_FALSE(has_legal_turn(pos));
  CHECK(perft(pos, 1) == 0);
  CHECK(perft(pos, 3) == 0);
}

inline Bitboard squares(std::initializer_list<Square> list) {
  Bitboard b;
  for (Square s : list) b |= Bitboard::square(s);
  return b;
}

}  // namespace ordo::testing::rules
