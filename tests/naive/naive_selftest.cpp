// Self-tests of the naive reference generator (no main: linked into a doctest runner).
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "naive_ordo.hpp"

namespace {

using NaiveVariant = naive::Variant;

const std::string kStart = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1";

naive::Board fen(const std::string& s) {
  const auto b = naive::parse_fen(s);
  REQUIRE(b.has_value());
  return *b;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

bool any_starts_with(const std::vector<std::string>& v, const std::string& prefix) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& t) { return t.rfind(prefix, 0) == 0; });
}

// apply() decodes tokens on its own; it must agree with the generator's own resulting boards.
// (apply_unchecked: apply() would regenerate every turn for each token.)
void check_apply_matches_generator(const naive::Board& b, NaiveVariant v) {
  const auto turns = naive::legal_turns(b, v);
  const auto tokens = naive::legal_tokens(b, v);
  REQUIRE(turns.size() == tokens.size());
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const auto& [token, after] = turns[i];
    CAPTURE(token);
    CHECK(token == tokens[i]);
    CHECK(naive::to_fen(naive::apply_unchecked(b, v, token)) == naive::to_fen(after));
  }
}

}  // namespace

TEST_SUITE("naive") {
  TEST_CASE("start position perft - classic d1..d3") {
    const auto b = fen(kStart);
    CHECK(naive::perft(b, NaiveVariant::Classic, 0) == 1);
    CHECK(naive::perft(b, NaiveVariant::Classic, 1) == 56);
    CHECK(naive::perft(b, NaiveVariant::Classic, 2) == 3136);
    CHECK(naive::perft(b, NaiveVariant::Classic, 3) == 190114);
  }

  TEST_CASE("start position perft - Ordo X d1") {
    CHECK(naive::perft(fen(kStart), NaiveVariant::OrdoX, 1) == 2062);
  }

  TEST_CASE("start position: sorted unique tokens - ordo moves per variant - apply agrees") {
    const auto b = fen(kStart);
    for (NaiveVariant v : {NaiveVariant::Classic, NaiveVariant::OrdoX}) {
      auto tokens = naive::legal_tokens(b, v);
      CHECK(std::is_sorted(tokens.begin(), tokens.end()));
      CHECK(std::adjacent_find(tokens.begin(), tokens.end()) == tokens.end());
      CHECK(naive::status(b, v).winner == naive::Winner::None);
      check_apply_matches_generator(b, v);
    }
    const auto classic = naive::legal_tokens(b, NaiveVariant::Classic);
    CHECK(has(classic, "c2d2c3"));   // horizontal ordo straight forward
    CHECK(!has(classic, "a3b3a4"));  // would leave a4-b4 cut off from rank 2
    CHECK(!has(classic, "a2b2a3"));  // blocked by own a3-b3
    CHECK(!has(classic, "a2a3b2"));  // vertical ordo sideways: b2, b3 are own pieces
    CHECK(!has(classic, "b2c2c3"));  // classic ordos never move diagonally
    CHECK(!has(classic, "a2a3a4"));  // nor single-file
    const auto ordox = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(ordox, "b2c2c3"));     // Ordo X: horizontal ordo diagonally forward
    CHECK(has(ordox, "a2a3a4"));     // Ordo X: vertical ordo forward (single-file, two steps)
    CHECK(has(ordox, "c1c2c2"));     // single-file one step: landing square is the other end
  }

  TEST_CASE("FEN round trip") {
    const std::vector<std::string> fens = {
        kStart,
        "10/10/10/2BBBBB3/10/4W5/10/10 w 0 1",
        "10/10/10/10/10/4W1B3/10/10 b 17 42",
        "4W5/10/B9/10/10/10/W3B4W/10 b 3 9",   // finished: White on its target row
        "10/10/10/10/10/10/WWWWWWWWWW/10 w 0 1",  // finished: Black has no pieces
        "BBBBBBBBBB/WWWWWWWWWW/10/10/10/10/10/10 b 0 1",
    };
    for (const auto& s : fens) {
      CAPTURE(s);
      CHECK(naive::to_fen(fen(s)) == s);
    }
    // The 2-field form gets the default counters.
    CHECK(naive::to_fen(fen("10/10/10/2BBBBB3/10/4W5/10/10 b")) == "10/10/10/2BBBBB3/10/4W5/10/10 b 0 1");
  }

  TEST_CASE("malformed FENs are rejected") {
    const std::vector<std::string> bad = {
        "",
        "10/10/10/2BBBBB3/10/4W5/10/10",             // no side
        "10/10/10/2BBBBB3/10/4W5/10/10 x",           // bad side
        "10/10/10/2BBBBB3/10/4W5/10/10 W",           // side must be lower case
        "10/10/10/2BBBBB3/10/4W5/10/10 w 0",         // one counter only
        "10/10/10/2BBBBB3/10/4W5/10/10 w 0 1 5",     // too many fields
        "10/10/10/2BBBBB3/10/4W5/10/10 w -1 1",      // negative counter
        "10/10/10/2BBBBB3/10/4W5/10/10 w 0 0",       // fullmove starts at 1
        "10/10/10/2BBBBB3/10/4W5/10/10 w a 1",       // not a number
        "10/10/10/2BBBBB3/10/4W5/10/10  w",          // double space
        "10/10/10/2BBBBB3/10/4W5/10/10 w ",          // trailing space
        "10/10/2BBBBB3/10/4W5/10/10 w",              // 7 ranks
        "10/10/10/10/2BBBBB3/10/4W5/10/10 w",        // 9 ranks
        "10/10/10/2BBBBB2/10/4W5/10/10 w",           // rank of 9 files
        "10/10/10/2BBBBB4/10/4W5/10/10 w",           // rank of 11 files
        "10/10/10/2BBBBB3/10/4W5/55/10 w",           // two numbers side by side
        "10/10/10/2BBBBB3/10/4W5/11/10 w",           // 1 then 1: numbers side by side
        "10/10/10/2BBBBB3/10/4W5/010/10 w",          // 0 is not a count
        "10/10/10/2BBBBB3/10/4W5/10/10/ w",          // trailing slash
        "10/10/10/2BBBBB3/10/4w5/10/10 w",           // lower-case piece
        "10/10/10/2BBBBB3/10/4X5/10/10 w",           // unknown piece
        "10/10/10/10/10/10/10/10 w",                 // empty board: both lost
        "W9/10/10/10/10/10/10/B9 w",                 // both on target rows: both won
    };
    for (const auto& s : bad) {
      CAPTURE(s);
      CHECK(!naive::parse_fen(s).has_value());
    }
  }

  TEST_CASE("finished positions have no turns and a winner") {
    const auto target = fen("4W5/10/B9/10/10/10/W3B4W/10 b 0 1");
    CHECK(naive::legal_tokens(target, NaiveVariant::Classic).empty());
    CHECK(naive::legal_tokens(target, NaiveVariant::OrdoX).empty());
    CHECK(naive::status(target, NaiveVariant::Classic).winner == naive::Winner::White);
    CHECK(naive::status(target, NaiveVariant::Classic).reason == naive::Reason::TargetRow);
    const auto wiped = fen("10/10/10/10/10/10/WWWWWWWWWW/10 b 0 1");
    CHECK(naive::legal_tokens(wiped, NaiveVariant::OrdoX).empty());
    CHECK(naive::status(wiped, NaiveVariant::OrdoX).winner == naive::Winner::White);
    CHECK(naive::status(wiped, NaiveVariant::OrdoX).reason == naive::Reason::NoPieces);
  }

  TEST_CASE("classic reconnection: backward singleton moves - only reconnecting moves") {
    // White e4 and e2 are split; Black far away.
    const auto b = fen("B9/10/10/10/4W5/10/4W5/10 w 0 1");
    const std::vector<std::string> classic = {"e2d3", "e2e3", "e2f3", "e4d3", "e4e3", "e4f3"};
    CHECK(naive::legal_tokens(b, NaiveVariant::Classic) == classic);
    // Ordo X has no backward moves even for a split side.
    const std::vector<std::string> ordox = {"e2d3", "e2e3", "e2f3"};
    CHECK(naive::legal_tokens(b, NaiveVariant::OrdoX) == ordox);
    // Backward moves are not a reason to reset the quiet counter.
    CHECK(naive::apply(b, NaiveVariant::Classic, "e4e3").quiet_plies == 1);
    CHECK(naive::apply(b, NaiveVariant::Classic, "e2e3").quiet_plies == 0);
    check_apply_matches_generator(b, NaiveVariant::Classic);
  }

  TEST_CASE("classic reconnection: horizontal ordo straight backward") {
    // Ordo d5-e5 split from e2; it reconnects by moving back two ranks.
    const auto b = fen("B9/10/10/3WW5/10/10/4W5/10 w 0 1");
    const std::vector<std::string> expected = {"d5e5d3", "e2c4", "e2e4"};
    CHECK(naive::legal_tokens(b, NaiveVariant::Classic) == expected);
  }

  TEST_CASE("split side without a reconnecting move has lost") {
    const auto b = fen("4B5/10/10/10/10/10/W3B4W/10 w 0 1");
    for (NaiveVariant v : {NaiveVariant::Classic, NaiveVariant::OrdoX}) {
      CHECK(naive::legal_tokens(b, v).empty());
      CHECK(naive::status(b, v).winner == naive::Winner::Black);
      CHECK(naive::status(b, v).reason == naive::Reason::NoLegalMove);
    }
  }

  TEST_CASE("Ordo X split capture with a tie: one move per surviving group") {
    // e3xe5 splits c5-d5 from f5-g5 (2 vs 2).
    const auto b = fen("10/10/10/2BBBBB3/10/4W5/10/10 w 5 1");
    const auto tokens = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(tokens, "e3e5=c5"));
    CHECK(has(tokens, "e3e5=f5"));
    CHECK(!has(tokens, "e3e5"));
    CHECK(has(tokens, "e3g3,g3e5=f5"));  // tie choice on a forward part after a sideways part
    CHECK(naive::to_fen(naive::apply(b, NaiveVariant::OrdoX, "e3e5=c5")) == "10/10/10/2BBW5/10/10/10/10 b 0 1");
    CHECK(naive::to_fen(naive::apply(b, NaiveVariant::OrdoX, "e3e5=f5")) == "10/10/10/4WBB3/10/10/10/10 b 0 1");
    // Classic: the capture removes only the captured piece, no choice.
    const auto classic = naive::legal_tokens(b, NaiveVariant::Classic);
    CHECK(has(classic, "e3e5"));
    CHECK(naive::to_fen(naive::apply(b, NaiveVariant::Classic, "e3e5")) == "10/10/10/2BBWBB3/10/10/10/10 b 0 1");
    check_apply_matches_generator(b, NaiveVariant::OrdoX);
  }

  TEST_CASE("Ordo X split capture without a tie: smaller group removed - no suffix") {
    const auto b = fen("10/10/10/2BBBBBB2/10/4W5/10/10 w 0 1");
    const auto tokens = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(tokens, "e3e5"));
    CHECK(!any_starts_with(tokens, "e3e5="));
    CHECK(naive::to_fen(naive::apply(b, NaiveVariant::OrdoX, "e3e5")) == "10/10/10/4WBBB2/10/10/10/10 b 0 1");
  }

  TEST_CASE("Ordo X capture against an already split enemy removes its smaller group") {
    // Black is split (a5-b5 and h5, h6, h7); capturing a5 leaves b5 alone vs three.
    const auto b = fen("10/7B2/7B2/BB5B2/W9/10/10/10 w 0 1");
    const auto tokens = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(tokens, "a4a5"));
    CHECK(naive::to_fen(naive::apply(b, NaiveVariant::OrdoX, "a4a5")) == "10/7B2/7B2/W6B2/10/10/10/10 b 0 1");
  }

  TEST_CASE("Ordo X sideways capture of the last piece is a complete one-part turn") {
    const auto b = fen("10/10/10/10/10/4W1B3/10/10 w 0 1");
    const auto tokens = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(tokens, "e3g3"));
    CHECK(!any_starts_with(tokens, "e3g3,"));
    CHECK(has(tokens, "e3f3,f3f4"));  // a non-capturing sideways part needs a forward part
    CHECK(!has(tokens, "e3f3"));
    const auto after = naive::apply(b, NaiveVariant::OrdoX, "e3g3");
    CHECK(naive::to_fen(after) == "10/10/10/10/10/6W3/10/10 b 0 1");
    CHECK(naive::status(after, NaiveVariant::OrdoX).winner == naive::Winner::White);
    CHECK(naive::status(after, NaiveVariant::OrdoX).reason == naive::Reason::NoPieces);
    check_apply_matches_generator(b, NaiveVariant::OrdoX);
  }

  TEST_CASE("Ordo X: no lone sideways part - every second part goes forward") {
    // A sideways part with no legal forward continuation is illegal (RULES.md §5 Decision).
    // No connected side without a piece on its target row seems to lack a forward part (checked
    // exhaustively for up to 8 pieces), so the rule is exercised structurally: every turn is a
    // forward part, a sideways part followed by a forward part, or a sideways last-piece capture.
    for (const std::string& s : {kStart, std::string("10/10/10/2BBBBB3/10/4W5/10/10 w 0 1"),
                                 std::string("10/3B6/3BB5/10/3WW5/3W6/10/10 b 0 1")}) {
      const auto b = fen(s);
      const int fwd = b.white_to_move ? 1 : -1;
      auto rank_step = [](const std::string& part) {
        const char from = part[1];
        const char to = part.size() == 6 ? part[5] : part[3];
        return to - from;
      };
      for (const auto& t : naive::legal_tokens(b, NaiveVariant::OrdoX)) {
        CAPTURE(t);
        const auto comma = t.find(',');
        if (comma == std::string::npos) {
          CHECK(rank_step(t) * fwd > 0);
        } else {
          CHECK(rank_step(t.substr(0, comma)) == 0);
          CHECK(rank_step(t.substr(comma + 1)) * fwd > 0);
        }
      }
    }
  }

  TEST_CASE("Ordo X ordo moves: diagonal and single-file steps but no captures") {
    // White d3-e3 horizontal ordo, Black piece on f3 blocks the single-file move right.
    const auto b = fen("B9/10/10/10/10/3WWB4/10/10 w 0 1");
    const auto tokens = naive::legal_tokens(b, NaiveVariant::OrdoX);
    CHECK(has(tokens, "d3e3e4"));          // diagonal forward (right)
    CHECK(has(tokens, "d3e3c4"));          // diagonal forward (left)
    CHECK(has(tokens, "d3e3d4"));          // straight forward
    CHECK(any_starts_with(tokens, "d3e3c3,"));  // single-file sideways left, then forward
    CHECK(!any_starts_with(tokens, "d3e3e3,"));  // f3 is an enemy piece: ordos never capture
    CHECK(!any_starts_with(tokens, "e3f3"));     // capturing f3 would split d3 from f3
    CHECK(!any_starts_with(tokens, "d3c3"));     // d3 would lose contact with e3
  }

  TEST_CASE("apply rejects an illegal token") {
    const auto b = fen(kStart);
    CHECK_THROWS_AS(naive::apply(b, NaiveVariant::Classic, "a1a2"), std::invalid_argument);
    CHECK_THROWS_AS(naive::apply(b, NaiveVariant::OrdoX, "e3e4,e4e5"), std::invalid_argument);
  }

  TEST_CASE("counters: fullmove grows after Black - quiet plies reset on forward moves") {
    auto b = fen("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 7 3");
    b = naive::apply(b, NaiveVariant::Classic, "c2d2c3");
    CHECK(b.quiet_plies == 0);
    CHECK(b.fullmove == 3);
    CHECK(!b.white_to_move);
    b = naive::apply(b, NaiveVariant::Classic, "c7d7c6");  // Black's horizontal ordo forward
    CHECK(b.fullmove == 4);
    CHECK(b.quiet_plies == 0);
    b = naive::apply(b, NaiveVariant::Classic, "c1b1");  // sideways: quiet
    CHECK(b.quiet_plies == 1);
    CHECK(b.fullmove == 4);
    b = naive::apply(b, NaiveVariant::Classic, "c8b8");
    CHECK(b.quiet_plies == 2);
    CHECK(b.fullmove == 5);
    CHECK(b.white_to_move);
  }
}
