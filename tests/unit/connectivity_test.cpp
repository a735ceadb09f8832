// The fast connectivity tests against their plain definitions, and the bulk turn counter against
// the list of generated turns.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "connectivity.hpp"
#include "movegen.hpp"

using namespace ordo;

namespace {

Bitboard random_set(std::mt19937_64& rng, int percent) {
  Bitboard b;
  for (int s = 0; s < SQUARES; ++s)
    if (int(rng() % 100) < percent) b |= Bitboard::square(Square(s));
  return b;
}

// The group of b holding its lowest square (empty when b is).
Bitboard lowest_group(Bitboard b) { return b ? flood(Bitboard::square(b.lsb()), b) : b; }

// The group holding the lowest square of a random set (empty when the set is).
Bitboard random_group(std::mt19937_64& rng, int percent) { return lowest_group(random_set(rng, percent)); }

}  // namespace

TEST_SUITE("connectivity") {
  TEST_CASE("ring_split_squares is !ring_connected on every square") {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 3000; ++i) {
      const Bitboard b = random_set(rng, 10 + i % 70);
      const Bitboard split = ring_split_squares(b);
      for (int s = 0; s < SQUARES; ++s) CHECK(split.has(Square(s)) == !ring_connected(b, Square(s)));
    }
  }

  TEST_CASE("still_connected agrees with a full flood after removing squares of a connected set") {
    std::mt19937_64 rng(4);
    int checked = 0, disconnected = 0;
    for (int i = 0; i < 20000; ++i) {
      const Bitboard b = random_group(rng, 30 + i % 50);
      if (!b.more_than_one()) continue;
      // Remove a single piece or a short line.
      Bitboard removed = Bitboard::square(b.lsb());
      const Square s = Square(b.msb());
      removed = (i % 2) ? Bitboard::square(s) : (Bitboard::square(s) | (shift<W>(Bitboard::square(s)) & b));
      const Bitboard rest = b & ~removed;
      const bool expected = is_connected(rest);
      CHECK(still_connected(rest, dilate(removed) & rest) == expected);
      ++checked;
      disconnected += !expected;
    }
    CHECK(checked > 10000);
    CHECK(disconnected > 100);  // the test sees both answers
  }

  TEST_CASE("cut_squares holds the pieces whose removal splits a connected set") {
    std::mt19937_64 rng(6);
    int cuts = 0, leaves = 0;
    for (int i = 0; i < 6000; ++i) {
      const Bitboard b = random_group(rng, 25 + i % 60);
      if (!b) continue;
      Bitboard expected;
      for (Square p : b)
        if (!is_connected(b ^ Bitboard::square(p))) expected |= Bitboard::square(p);
      CHECK(cut_squares(b) == expected);
      cuts += expected.count();
      for (Square p : b) leaves += (neighbours(p) & b).count() == 1;
    }
    CHECK(cuts > 5000);
    CHECK(leaves > 5000);  // the shortcut for a leaf's neighbour is exercised
  }

  TEST_CASE("cut_squares is right for sets within a few ranks and across the board") {
    // Sets of up to six ranks are worked on in 64 bits, moved down to rank 1; wider ones in 128.
    // Groups drawn within 1 to 8 ranks at every height, so both words and every offset are met.
    std::mt19937_64 rng(7);
    int narrow = 0, wide = 0, cuts = 0;
    for (int i = 0; i < 8000; ++i) {
      const int ranks = 1 + i % RANKS, low = int(rng() % unsigned(RANKS - ranks + 1));
      Bitboard window;
      for (int r = low; r < low + ranks; ++r) window |= rank_bb(r);
      const Bitboard g = lowest_group(random_group(rng, 30 + i % 55) & window);
      if (!g) continue;
      Bitboard expected;
      for (Square p : g)
        if (!is_connected(g ^ Bitboard::square(p))) expected |= Bitboard::square(p);
      CHECK(cut_squares(g) == expected);
      CHECK(Bitboard(detail::cut_squares(g.bits())) == expected);  // the 128-bit word on any set
      (rank_of(g.msb()) - rank_of(g.lsb()) < 6 ? narrow : wide)++;
      cuts += expected.count();
    }
    CHECK(narrow > 3000);
    CHECK(wide > 1000);
    CHECK(cuts > 10000);
  }

  TEST_CASE("cut_squares_cached answers as cut_squares for sets met again and again") {
    std::mt19937_64 rng(5);
    std::vector<Bitboard> sets;
    for (int i = 0; sets.size() < 6000; ++i) {
      if (const Bitboard b = random_group(rng, 30 + i % 50)) sets.push_back(b);
    }
    // Every set asked three times, far apart: entries are replaced between the questions.
    int with_cuts = 0;
    for (int pass = 0; pass < 3; ++pass)
      for (const Bitboard b : sets) {
        const Bitboard expected = cut_squares(b);
        CHECK(cut_squares_cached(b) == expected);
        with_cuts += !expected.empty();
      }
    CHECK(with_cuts > 1000);  // the test sees sets with and without cut squares
    CHECK(cut_squares_cached(Bitboard()) == Bitboard());
  }

  TEST_CASE("count_turns equals the number of generated turns along random games") {
    for (Variant v : {Variant::Classic, Variant::OrdoX}) {
      std::mt19937_64 rng(v == Variant::Classic ? 5 : 6);
      int positions = 0;
      for (int game = 0; game < (v == Variant::Classic ? 60 : 12); ++game) {
        Position p = Position::start(v);
        for (int ply = 0; ply < 200; ++ply) {
          const auto turns = legal_turns(p);
          CHECK(count_turns(p) == turns.size());
          ++positions;
          if (turns.empty()) break;
          p = p.after(turns[rng() % turns.size()]);
        }
      }
      CHECK(positions > 300);
    }
  }
}
