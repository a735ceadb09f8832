// FEN positions (RULES.md section 7): round trips, one specific error per malformed class, and
// finished positions accepted.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

constexpr Variant BOTH[] = {Variant::Classic, Variant::OrdoX};

// Checks that `fen` is rejected in both variants with a message containing `fragment`.
void check_rejected(const std::string& fen, const std::string& fragment) {
  for (Variant v : BOTH) {
    auto p = parse_fen(fen, v);
    INFO("FEN '" << fen << "'");
    REQUIRE_FALSE(p.ok());
    CHECK_FALSE(p.error().empty());
    INFO("message: " << p.error());
    CHECK(p.error().find(fragment) != std::string::npos);
  }
}

const std::string EMPTY_RANKS = "10/10/10/10/10/10/10/10";

}  // namespace

TEST_SUITE("fen") {

TEST_CASE("the start position") {
  for (Variant v : BOTH) {
    auto p = parse_fen(START_FEN, v);
    REQUIRE(p.ok());
    CHECK(*p == Position::start(v));
    CHECK(p->variant() == v);
    CHECK(p->side_to_move() == WHITE);
    CHECK(p->pieces(WHITE).count() == 20);
    CHECK(p->pieces(BLACK).count() == 20);
    CHECK(p->quiet_plies() == 0);
    CHECK(p->fullmove() == 1);
    CHECK(to_fen(Position::start(v)) == START_FEN);
  }
  // Spot checks of the square mapping: ranks 8 down to 1, files a to j.
  const Position s = Position::start(Variant::Classic);
  CHECK(s.pieces(WHITE).has(C1));
  CHECK_FALSE(s.pieces(WHITE).has(A1));
  CHECK(s.pieces(WHITE).has(J3));
  CHECK(s.pieces(BLACK).has(H8));
  CHECK(s.pieces(BLACK).has(A6));
  CHECK_FALSE(s.pieces(BLACK).has(C6));
}

TEST_CASE("round trip of hand-written FENs") {
  const std::vector<std::string> fens = {
      std::string(START_FEN),
      "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1",
      "10/10/10/4B5/10/4W5/10/10 w 0 1",
      "10/10/10/4B5/10/4W5/10/10 b 17 23",
      "B9/10/10/10/10/10/10/9W w 0 1",
      "9B/10/10/10/10/10/10/W9 b 65535 65535",
      "BBBBBBBBBB/BBBBBBBBBB/BBBBBBBBBB/10/10/WWWWWWWWWW/WWWWWWWWWW/WWWWWWWWWW w 3 4",
      "BWBWBWBWBW/WBWBWBWBWB/10/1W1B1W1B1W/B1W1B1W1B1/10/9B/W9 w 0 1",
      "1B8/2B7/3B6/4B5/5W4/6W3/7W2/8W1 b 0 99",
      // Finished positions are valid: a side on its target row, a side without pieces.
      "4W5/10/10/10/10/3B6/10/10 b 0 30",
      "10/10/3W6/10/10/10/10/5B4 w 1 30",
      "10/10/3W6/10/10/10/10/10 b 0 30",
      "10/10/10/6B3/10/10/10/10 w 0 30",
      "W9/10/10/10/10/10/10/10 b 0 2",
      "10/10/10/10/10/10/10/9B w 0 2",
  };
  for (const auto& f : fens)
    for (Variant v : BOTH) {
      auto p = parse_fen(f, v);
      INFO(f);
      REQUIRE(p.ok());
      CHECK(to_fen(*p) == f);
    }
}

TEST_CASE("round trip of positions from random play") {
  Rng rng(21);
  for (Variant v : BOTH) {
    for (const Position& pos : random_play(Position::start(v), 1500, rng)) {
      const std::string f = to_fen(pos);
      auto p = parse_fen(f, v);
      INFO(f);
      REQUIRE(p.ok());
      CHECK(to_fen(*p) == f);
      CHECK(p->pieces(WHITE) == pos.pieces(WHITE));
      CHECK(p->pieces(BLACK) == pos.pieces(BLACK));
      CHECK(p->side_to_move() == pos.side_to_move());
      CHECK(p->quiet_plies() == pos.quiet_plies());
      CHECK(p->fullmove() == pos.fullmove());
      CHECK(p->key() == pos.key());
    }
    for (int i = 0; i < 500; ++i) {
      const Position pos = random_sparse(rng, v, 1 + int(rng.below(12)), 1 + int(rng.below(12)));
      auto p = parse_fen(to_fen(pos), v);
      REQUIRE(p.ok());
      CHECK(*p == pos);
    }
  }
}

TEST_CASE("the counters are optional and default to 0 1") {
  auto p = parse_fen("10/10/10/4B5/10/4W5/10/10 b", Variant::Classic);
  REQUIRE(p.ok());
  CHECK(p->side_to_move() == BLACK);
  CHECK(p->quiet_plies() == 0);
  CHECK(p->fullmove() == 1);
  CHECK(to_fen(*p) == "10/10/10/4B5/10/4W5/10/10 b 0 1");
  auto s = parse_fen("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w", Variant::OrdoX);
  REQUIRE(s.ok());
  CHECK(*s == Position::start(Variant::OrdoX));
}

TEST_CASE("the counters stay at their cap of 65535 and the printed FEN parses back") {
  // A wrapped fullmove number printed 0, a FEN the parser refuses (found by fuzz_turn's invariants).
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    const Position black_to_move = pos_of("9B/10/10/10/4W5/10/10/10 b 65535 65535", v);
    for (const Turn& t : legal_turns(black_to_move)) {
      const Position after = black_to_move.after(t);
      CHECK(after.fullmove() == COUNTER_CAP);
      CHECK((after.quiet_plies() == 0 || after.quiet_plies() == COUNTER_CAP));
      const auto back = parse_fen(to_fen(after), v);
      REQUIRE(back.ok());
      CHECK(*back == after);
    }
    // A quiet move (sideways, no capture) from a capped quiet counter keeps it capped.
    const Position white_to_move = pos_of("9B/10/10/10/4W5/10/10/10 w 65535 7", v);
    const Position sideways = play(white_to_move, v == Variant::Classic ? "e4f4" : "e4f4,f4f5");
    CHECK(sideways.quiet_plies() == (v == Variant::Classic ? COUNTER_CAP : 0));
    CHECK(sideways.fullmove() == 7);
  }
}

TEST_CASE("the variant does not change the parsed board") {
  Rng rng(22);
  for (const Position& pos : random_play(Position::start(Variant::Classic), 300, rng)) {
    auto c = parse_fen(to_fen(pos), Variant::Classic), x = parse_fen(to_fen(pos), Variant::OrdoX);
    REQUIRE(c.ok());
    REQUIRE(x.ok());
    CHECK(c->variant() == Variant::Classic);
    CHECK(x->variant() == Variant::OrdoX);
    CHECK(c->pieces(WHITE) == x->pieces(WHITE));
    CHECK(c->pieces(BLACK) == x->pieces(BLACK));
    CHECK(to_fen(*c) == to_fen(*x));
  }
}

TEST_CASE("wrong number of ranks") {
  check_rejected("10/10/10/4B5/10/4W5/10 w 0 1", "ranks");          // 7
  check_rejected("10/10/10/4B5/10/4W5/10/10/10 w 0 1", "ranks");    // 9
  check_rejected("4B5 w 0 1", "ranks");                              // 1
  check_rejected("10/10/10/4B5/10/4W5/10/10/ w 0 1", "ranks");      // trailing '/'
}

TEST_CASE("rank too wide or too narrow") {
  check_rejected("10/10/10/4B5/10/4W5/10/WWWWWWWWWWW w 0 1", "more than 10 files");  // 11 pieces
  check_rejected("10/10/10/4B6/10/4W5/10/10 w 0 1", "more than 10 files");           // 11 squares
  check_rejected("10/10/10/4B5/10/4W5/10/10W w 0 1", "more than 10 files");
  check_rejected("10/10/10/4B4/10/4W5/10/10 w 0 1", "covers 9 files");
  check_rejected("10/10/10/4B5/10/4W5/9/10 w 0 1", "covers 9 files");
  check_rejected("10/10/10/4B5/10/WWW/10/10 w 0 1", "covers 3 files");
  check_rejected("10/10/10/4B5//4W5/10/10 w 0 1", "empty");
}

TEST_CASE("numbers side by side") {
  check_rejected("10/10/10/55/4B5/4W5/10/10 w 0 1", "two numbers side by side");
  check_rejected("10/10/10/101/4B4/4W5/10/10 w 0 1", "two numbers side by side");  // 10 then 1
  check_rejected("10/10/10/4B5/10/4W32/10/10 w 0 1", "two numbers side by side");
  check_rejected("10/10/10/4B5/10/4W5/10/19 w 0 1", "two numbers side by side");
}

TEST_CASE("zero is not a count of empty squares") {
  check_rejected("10/10/10/4B5/10/4W5/10/0W9 w 0 1", "'0'");
  check_rejected("10/10/10/4B05/10/4W5/10/10 w 0 1", "'0'");
}

TEST_CASE("unknown letters") {
  check_rejected("10/10/10/4b5/10/4W5/10/10 w 0 1", "unknown character 'b'");
  check_rejected("10/10/10/4B5/10/4w5/10/10 w 0 1", "unknown character 'w'");
  check_rejected("10/10/10/4B5/10/4X5/10/10 w 0 1", "unknown character 'X'");
  check_rejected("10/10/10/4B5/10/4W5/10/4.5 w 0 1", "unknown character '.'");
  check_rejected("10/10/10/4B5/10/4W5/10/4-5 w 0 1", "unknown character '-'");
}

TEST_CASE("bad side to move") {
  check_rejected("10/10/10/4B5/10/4W5/10/10 x 0 1", "side to move 'x'");
  check_rejected("10/10/10/4B5/10/4W5/10/10 W 0 1", "side to move 'W'");
  check_rejected("10/10/10/4B5/10/4W5/10/10 white 0 1", "side to move 'white'");
  check_rejected("10/10/10/4B5/10/4W5/10/10 - 0 1", "side to move '-'");
  check_rejected("10/10/10/4B5/10/4W5/10/10", "fields");  // no side at all
}

TEST_CASE("one counter only or trailing garbage") {
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0", "fields");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 1 x", "fields");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 1 0", "fields");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 1x", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0x 1", "quiet-ply");
  check_rejected("", "fields");
}

TEST_CASE("counters: negative or non-numeric or leading zeros or fullmove 0") {
  check_rejected("10/10/10/4B5/10/4W5/10/10 w -1 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 -1", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w a 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 b", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 1.5 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w +1 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 01 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 00 1", "quiet-ply");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 01", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 0", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 0 65536", "fullmove");
  check_rejected("10/10/10/4B5/10/4W5/10/10 w 99999999999 1", "quiet-ply");
}

TEST_CASE("empty board: both sides have lost") {
  check_rejected(EMPTY_RANKS + " w 0 1", "empty");
  check_rejected(EMPTY_RANKS + " b", "empty");
}

TEST_CASE("both sides on their target rows: both have won") {
  check_rejected("4W5/10/10/10/10/10/10/5B4 w 0 1", "both sides on their target rows");
  check_rejected("W9/10/10/10/10/10/10/9B b 0 1", "both sides on their target rows");
  check_rejected("WWWWWWWWWW/BBBBBBBBBB/10/10/10/10/WWWWWWWWWW/BBBBBBBBBB w 0 1", "both sides on their target rows");
}

TEST_CASE("pieces on their own home rows do not end the game") {
  // White on rank 1 and Black on rank 8 is the normal setup, not a win.
  for (Variant v : BOTH) {
    const Position p = pos_of("2B7/10/10/10/10/10/10/2W7 w 0 1", v);
    CHECK_FALSE(p.board_winner().has_value());
    CHECK_FALSE(game_status(p).over());
  }
}

TEST_CASE("finished positions are accepted and report their winner") {
  struct Case {
    const char* fen;
    Color winner;
    WinReason reason;
  };
  const Case cases[] = {
      {"4W5/10/10/10/10/3B6/10/10 b 0 30", WHITE, WinReason::TargetRow},
      {"10/10/3W6/10/10/10/10/5B4 w 1 30", BLACK, WinReason::TargetRow},
      {"10/10/3W6/10/10/10/10/10 b 0 30", WHITE, WinReason::NoPieces},
      {"10/10/10/6B3/10/10/10/10 w 0 30", BLACK, WinReason::NoPieces},
      // Black has no pieces and White stands on its target row: White has won either way.
      {"W9/10/10/10/10/10/10/10 b 0 2", WHITE, WinReason::TargetRow},
      {"10/10/10/10/10/10/10/9B w 0 2", BLACK, WinReason::TargetRow},
  };
  for (const Case& c : cases)
    for (Variant v : BOTH) {
      INFO(c.fen);
      auto p = parse_fen(c.fen, v);
      REQUIRE(p.ok());
      const GameStatus st = game_status(*p);
      REQUIRE(st.over());
      CHECK(*st.winner == c.winner);
      CHECK(st.reason == c.reason);
      CHECK(legal_turns(*p).empty());
    }
}

}  // TEST_SUITE
