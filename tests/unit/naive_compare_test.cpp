// Differential tests: the rules core against the naive generator of tests/naive, which shares no
// code with it. On positions reached by random play (uniformly chosen turns, fixed seeds, a new
// game whenever one ends) both must give the same sorted token set, the same position after
// every token (FEN, counters included) and the same game status; on a few hundred of them the
// same perft.
//
// Budget. The naive generator needs ~0.4 ms for a classic position but ~10 ms for an Ordo X
// position from a full game (it builds each of ~1000 two-part turns with flood fills), and its
// Ordo X perft(2) there takes ~10 s. So:
//   classic: 10,000 positions from the start + 3,000 from small random boards; perft(3) at 300
//            (10 from the start games, ~0.4 s each for the naive side, 290 from the small boards);
//   Ordo X:  2,000 positions from the start + 8,000 from small random boards; perft(2) at 200 of
//            the small-board positions (perft(3) of Ordo X is out of reach of the naive
//            generator except on tiny boards; scripts/perft_suite checks some at depth 3).
// The ASan build does a quarter of every count. ORDO_DIFFERENTIAL_SCALE=<f> multiplies every
// count by f: `scripts/test --quick` sets 0.25; a longer run, e.g.
//   ORDO_DIFFERENTIAL_SCALE=5 build/tests/ordo_tests -ts=differential
// (10,000 Ordo X positions from the start take about 2 minutes in Release).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

// Under AddressSanitizer the naive generator runs about eight times slower, so that build does a
// quarter of every count (it is there to catch memory errors; the Release run checks the full counts).
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t SANITIZER_DIVISOR = 4;
#else
constexpr std::size_t SANITIZER_DIVISOR = 1;
#endif

// n times ORDO_DIFFERENTIAL_SCALE (a positive number; 1 when unset or not one), at least 1.
std::size_t scaled(std::size_t n) {
  static const double scale = [] {
    const char* s = std::getenv("ORDO_DIFFERENTIAL_SCALE");
    char* end = nullptr;
    const double v = s ? std::strtod(s, &end) : 1.0;
    return s && end != s && *end == '\0' && v > 0 && v <= 1000 ? v : 1.0;
  }();
  return std::max<std::size_t>(1, std::size_t(double(n) * scale) / SANITIZER_DIVISOR);
}

struct Tally {
  std::size_t positions = 0, turns = 0, finished = 0, no_move = 0, statuses = 0, winning = 0, failures = 0;
};

// Compares one position; reports at most a few failures in detail.
void compare(const Position& pos, Tally& tally, bool always_status) {
  const Variant v = pos.variant();
  const naive::Board board = naive_board(pos);
  const auto naive_turns = naive::legal_turns(board, naive_variant(v));  // sorted by token

  std::vector<std::pair<std::string, Turn>> core;
  for (const Turn& t : legal_turns(pos)) core.emplace_back(format_turn(t), t);
  std::sort(core.begin(), core.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  ++tally.positions;
  tally.turns += core.size();
  bool same = core.size() == naive_turns.size();
  for (std::size_t i = 0; same && i < core.size(); ++i) same = core[i].first == naive_turns[i].first;
  if (!same) {
    if (++tally.failures <= 5) {
      std::vector<std::string> a, b;
      for (const auto& c : core) a.push_back(c.first);
      for (const auto& n : naive_turns) b.push_back(n.first);
      FAIL_CHECK("token sets differ in " << to_fen(pos) << " (" << variant_name(v) << ")\n  core:  " << joined(a)
                                         << "\n  naive: " << joined(b));
    }
    return;
  }
  // The same position after every turn.
  for (std::size_t i = 0; i < core.size(); ++i) {
    const std::string a = to_fen(pos.after(core[i].second)), b = naive::to_fen(naive_turns[i].second);
    if (a != b && ++tally.failures <= 5)
      FAIL_CHECK("after " << core[i].first << " in " << to_fen(pos) << " (" << variant_name(v) << "): core " << a
                          << ", naive " << b);
  }
  // has_winning_turn says whether some turn ends with the mover on its target row or the enemy gone.
  const char mover = board.white_to_move ? naive::kWhite : naive::kBlack;
  const char other = board.white_to_move ? naive::kBlack : naive::kWhite;
  const int target_first = board.white_to_move ? naive::kSquares - naive::kFiles : 0;
  const bool naive_wins = std::any_of(naive_turns.begin(), naive_turns.end(), [&](const auto& t) {
    const auto& sq = t.second.sq;
    return std::find(sq.begin() + target_first, sq.begin() + target_first + naive::kFiles, mover) !=
               sq.begin() + target_first + naive::kFiles ||
           std::find(sq.begin(), sq.end(), other) == sq.end();
  });
  tally.winning += naive_wins;
  if (has_winning_turn(pos) != naive_wins && ++tally.failures <= 5)
    FAIL_CHECK("has_winning_turn differs in " << to_fen(pos) << " (" << variant_name(v) << "): core "
                                              << !naive_wins << ", naive " << naive_wins);
  // The same status. naive::status regenerates every turn, so in Ordo X only finished and
  // move-less positions and a sample of the others are asked.
  const GameStatus st = game_status(pos);
  tally.finished += st.over() && st.reason != WinReason::NoLegalMove;
  tally.no_move += st.over() && st.reason == WinReason::NoLegalMove;
  if (always_status || st.over() || core.empty() || tally.positions % 20 == 0) {
    ++tally.statuses;
    const naive::Status ns = naive::status(board, naive_variant(v)), cs = naive_status_of(st);
    if ((ns.winner != cs.winner || ns.reason != cs.reason) && ++tally.failures <= 5)
      FAIL_CHECK("status differs in " << to_fen(pos) << " (" << variant_name(v) << "): core " << status_text(cs)
                                      << ", naive " << status_text(ns));
  }
}

void compare_all(const std::vector<Position>& positions, bool always_status, std::size_t min_turns) {
  Tally tally;
  for (const Position& pos : positions) compare(pos, tally, always_status);
  MESSAGE(tally.positions << " positions, " << tally.turns << " turns, " << tally.finished << " finished, "
                          << tally.no_move << " without a legal move, " << tally.statuses << " statuses compared, "
                          << tally.winning << " with a winning turn");
  CHECK(tally.failures == 0);
  CHECK(tally.positions == positions.size());
  CHECK(tally.turns >= min_turns);
  CHECK(tally.winning > 0);
}

// Random play from `origins` small random boards of lo..hi pieces a side, `per_origin` positions each.
std::vector<Position> from_small_boards(Variant v, Rng& rng, std::size_t origins, std::size_t per_origin, int lo, int hi) {
  std::vector<Position> out;
  for (std::size_t i = 0; i < origins; ++i) {
    const int w = lo + int(rng.below(u64(hi - lo + 1))), b = lo + int(rng.below(u64(hi - lo + 1)));
    // Mostly connected groups; every fourth board scatters the pieces (split sides).
    const Position origin = i % 4 == 3 ? random_sparse(rng, v, w, b) : random_clusters(rng, v, w, b);
    if (!has_legal_turn(origin)) {  // random play would repeat it: keep one copy, draw another board
      out.push_back(origin);
      --i;
      continue;
    }
    for (const Position& p : random_play(origin, per_origin, rng)) out.push_back(p);
  }
  return out;
}

void compare_perft(const std::vector<Position>& positions, int depth, std::size_t count) {
  std::size_t compared = 0, failures = 0;
  u64 nodes = 0;
  const std::size_t step = std::max<std::size_t>(1, positions.size() / count);
  for (std::size_t i = 0; i < positions.size() && compared < count; i += step) {
    const Position& pos = positions[i];
    const u64 a = perft(pos, depth), b = naive::perft(naive_board(pos), naive_variant(pos.variant()), depth);
    ++compared;
    nodes += a;
    if (a != b && ++failures <= 5)
      FAIL_CHECK("perft(" << depth << ") differs in " << to_fen(pos) << " (" << variant_name(pos.variant()) << "): core "
                          << a << ", naive " << b);
  }
  MESSAGE(compared << " positions at depth " << depth << ", " << nodes << " leaves");
  CHECK(failures == 0);
  CHECK(compared == std::min(count, positions.size()));
}

// The naive generator against the counts written in an EPD file of tests/data (which say both
// generators agree): every D1 entry, and every D2 entry of at most `d2_leaves` leaves. The naive
// generator needs about 3 us per leaf of an Ordo X D2, so the ten D2 entries of full Ordo X boards
// (1 to 10 million leaves, 5 to 30 s each) are left to `scripts/perft_suite` (it checks every
// entry with the naive generator up to --naive-max-depth, default 2).
void check_epd_with_naive(const std::string& file, Variant v, u64 d2_leaves, std::size_t min_d2) {
  const auto lines = read_epd(std::string(ORDO_TEST_DATA) + "/" + file);
  std::size_t d1 = 0, d2 = 0, d2_left = 0, failures = 0;
  for (const EpdLine& e : lines) {
    const auto board = naive::parse_fen(e.fen);
    REQUIRE_MESSAGE(board.has_value(), file << ":" << e.line_number << ": the naive parser rejects " << e.fen);
    for (auto [depth, nodes] : e.depths) {
      if (depth > 2) continue;
      if (depth == 2 && nodes > d2_leaves) {
        ++d2_left;
        continue;
      }
      (depth == 1 ? d1 : d2)++;
      const u64 got = naive::perft(*board, naive_variant(v), depth);
      if (got != nodes && ++failures <= 5)
        FAIL_CHECK(file << ":" << e.line_number << " D" << depth << " " << e.fen << ": file " << nodes << ", naive " << got);
    }
  }
  MESSAGE(file << ": naive perft agrees on " << d1 << " D1 and " << d2 << " D2 entries; " << d2_left
               << " D2 entries with more leaves are left to scripts/perft_suite");
  CHECK(failures == 0);
  CHECK(d1 == lines.size());  // every line has a D1
  CHECK(d2 >= min_d2);
}

}  // namespace

TEST_SUITE("differential") {

TEST_CASE("classic: 10000 positions from the start") {
  Rng rng(0xC1A551C);
  compare_all(random_play(Position::start(Variant::Classic), scaled(10000), rng), true, scaled(200000));
}

TEST_CASE("classic: 3000 positions from small random boards") {
  Rng rng(0xC1A552C);
  compare_all(from_small_boards(Variant::Classic, rng, scaled(60), 50, 2, 14), true, scaled(20000));
}

TEST_CASE("classic: perft 3 at 300 positions") {
  Rng rng(0xC1A553C);
  compare_perft(random_play(Position::start(Variant::Classic), 3000, rng), 3, scaled(10));
  compare_perft(from_small_boards(Variant::Classic, rng, 58, 50, 2, 10), 3, scaled(290));
}

TEST_CASE("Ordo X: 1000 positions from the start (first seed)") {
  Rng rng(0x0D0A1);
  compare_all(random_play(Position::start(Variant::OrdoX), scaled(1000), rng), false, scaled(500000));
}

TEST_CASE("Ordo X: 1000 positions from the start (second seed)") {
  Rng rng(0x0D0A2);
  compare_all(random_play(Position::start(Variant::OrdoX), scaled(1000), rng), false, scaled(500000));
}

TEST_CASE("Ordo X: 8000 positions from small random boards") {
  Rng rng(0x0D0A3);
  compare_all(from_small_boards(Variant::OrdoX, rng, scaled(160), 50, 2, 12), false, scaled(500000));
}

TEST_CASE("Ordo X: perft 2 at 200 positions from small random boards") {
  Rng rng(0x0D0A4);
  compare_perft(from_small_boards(Variant::OrdoX, rng, 40, 50, 2, 8), 2, scaled(200));
}

TEST_CASE("FEN acceptance agrees on mutated FENs") {
  // Random one-character edits of the board and side fields of valid FENs: both parsers accept
  // or both reject, and accepted ones format alike. (The counters are left alone: RULES.md sets no
  // upper limit, the core caps them at 65535.)
  Rng rng(0xFE4);
  const std::string alphabet = "WB0123456789/wbx-";
  std::size_t accepted = 0, rejected = 0, mismatches = 0;
  const auto positions = random_play(Position::start(Variant::Classic), 400, rng);
  for (const Position& pos : positions) {
    for (int k = 0; k < 10; ++k) {
      std::string fen = to_fen(pos);
      const std::size_t board_and_side = fen.find(' ', fen.find(' ') + 1);
      const std::size_t at = std::size_t(rng.below(board_and_side));
      const int op = int(rng.below(3));
      const char c = alphabet[rng.below(alphabet.size())];
      if (op == 0) fen[at] = c;
      else if (op == 1) fen.insert(fen.begin() + std::ptrdiff_t(at), c);
      else if (fen[at] != ' ') fen.erase(at, 1);
      auto core = parse_fen(fen, Variant::Classic);
      auto nb = naive::parse_fen(fen);
      (core.ok() ? accepted : rejected)++;
      if (core.ok() != nb.has_value() || (core.ok() && to_fen(*core) != naive::to_fen(*nb))) {
        if (++mismatches <= 5)
          FAIL_CHECK("'" << fen << "': core " << (core.ok() ? "accepts" : "rejects (" + core.error() + ")") << ", naive "
                         << (nb ? "accepts" : "rejects"));
      }
    }
  }
  CHECK(mismatches == 0);
  CHECK(accepted > 100);
  CHECK(rejected > 1000);
}

TEST_CASE("EPD suite classic: the naive generator agrees with every D1 and D2 entry") {
  check_epd_with_naive("perft_ordo.epd", Variant::Classic, UINT64_MAX, 53);
}

TEST_CASE("EPD suite Ordo X: the naive generator agrees with every D1 entry and the D2 entries up to 1M leaves") {
  // Under the sanitizers (eight times slower) up to 100,000 leaves.
  check_epd_with_naive("perft_ordox.epd", Variant::OrdoX, SANITIZER_DIVISOR == 1 ? 1'000'000 : 100'000,
                       SANITIZER_DIVISOR == 1 ? 47 : 37);
}

}  // TEST_SUITE
