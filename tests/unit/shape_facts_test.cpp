// ShapeFacts against the plain definitions, on random connected sets of both colours: the cut
// pieces and their landing squares, every ordo's reach in every direction that is not backward,
// and the ordo part counts against random obstacles. The table itself: a set found is the set
// described, and a bypass turns it off.
#include <doctest/doctest.h>

#include <random>

#include "shape_facts.hpp"

using namespace ordo;

namespace {

// A connected set: the group of a random square in a random set of the given density.
Bitboard random_connected(std::mt19937_64& rng, int percent) {
  for (;;) {
    Bitboard b;
    for (int s = 0; s < SQUARES; ++s)
      if (int(rng() % 100) < percent) b |= Bitboard::square(Square(s));
    if (!b) continue;
    const Square seed = Square(rng() % SQUARES);
    const Bitboard g = flood(Bitboard::square(b.has(seed) ? seed : b.lsb()), b);
    if (g.count() >= 2) return g;
  }
}

// Every ordo of the set along ranks (`horizontal`) or files, as its two end squares.
std::vector<std::pair<Square, Square>> ordos_of(Bitboard own, bool horizontal) {
  std::vector<std::pair<Square, Square>> out;
  const int step = horizontal ? 1 : FILES;
  for (Square lo : own)
    for (int hi = lo + step; hi < SQUARES && own.has(Square(hi)); hi += step) {
      if (horizontal && rank_of(Square(hi)) != rank_of(lo)) break;
      out.push_back({lo, Square(hi)});
    }
  return out;
}

Bitboard squares_between(Square lo, Square hi, bool horizontal) {
  Bitboard b;
  for (int s = lo; s <= hi; s += horizontal ? 1 : FILES) b |= Bitboard::square(Square(s));
  return b;
}

// Bit k: the ordo moved k steps in d is on the board, off the rest of the set, and keeps it connected.
unsigned plain_reach(Bitboard own, Bitboard ordo, Direction d) {
  const Bitboard rest = own ^ ordo;
  unsigned reach = 0;
  Bitboard moved = ordo;
  for (int k = 1; k < 16; ++k) {
    moved = shift(moved, d);
    if (moved.count() != ordo.count()) break;
    if (!(moved & rest) && is_connected(rest | moved)) reach |= 1u << k;
  }
  return reach;
}

}  // namespace

TEST_SUITE("shape facts") {
  TEST_CASE("cut pieces and their landing squares agree with the plain definitions") {
    std::mt19937_64 rng(11);
    ShapeFacts facts;
    int sets = 0, cuts = 0;
    for (int i = 0; i < 3000; ++i) {
      const Bitboard own = random_connected(rng, 35 + i % 40);
      const Color us = Color(i & 1);
      if (!facts.reset(us, own)) continue;
      ++sets;
      Bitboard cut;
      for (Square p : own)
        if (!is_connected(own ^ Bitboard::square(p))) cut |= Bitboard::square(p);
      CHECK(facts.cut() == cut);
      const Touch t = touch_counts(own);
      CHECK((facts.touch().once == t.once && facts.touch().twice == t.twice));
      for (Square p : cut) {
        ++cuts;
        Bitboard lines, expected;
        for (int d = 0; d < DIRECTIONS; ++d) lines |= ray(Direction(d), p);
        for (Square s : lines & ~own)
          if (is_connected((own ^ Bitboard::square(p)) | Bitboard::square(s))) expected |= Bitboard::square(s);
        CHECK((facts.cut_landings(p) & ~own) == expected);
      }
    }
    MESSAGE(sets << " sets, " << cuts << " cut pieces");
    CHECK(sets > 2000);
    CHECK(cuts > 1000);
  }

  TEST_CASE("ordo reach and ordo part counts agree with the plain definitions") {
    std::mt19937_64 rng(12);
    ShapeFacts facts;
    long ordos = 0, landings = 0, counted = 0;
    for (int i = 0; i < 2000; ++i) {
      const Bitboard own = random_connected(rng, 40 + i % 40);
      const Color us = Color(i & 1);
      if (!facts.reset(us, own)) continue;
      // Obstacles: random enemy pieces on a third of the empty squares.
      Bitboard enemy;
      for (Square s : ~own)
        if (rng() % 3 == 0) enemy |= Bitboard::square(s);
      const Bitboard occupied = own | enemy;
      int all_expected = 0;  // over every direction that is not backward, both orientations
      for (int d = 0; d < DIRECTIONS; ++d) {
        const Direction dir = Direction(d);
        if (backward_dirs(us) & dir_bit(dir)) continue;
        for (bool horizontal : {true, false}) {
          int expected = 0;
          for (auto [lo, hi] : ordos_of(own, horizontal)) {
            ++ordos;
            const Bitboard ordo = squares_between(lo, hi, horizontal);
            const unsigned reach = plain_reach(own, ordo, dir);
            REQUIRE(facts.ordo_reach(horizontal, lo, hi, dir) == reach);
            landings += std::popcount(reach);
            // A landing counts when every step on the way is free of pieces other than the ordo's.
            Bitboard moved = ordo;
            bool open = true;
            for (int k = 1; open && (reach >> k); ++k) {
              moved = shift(moved, dir);
              open = !(moved & occupied & ~ordo);
              if (open && (reach >> k & 1)) ++expected;
            }
          }
          all_expected += expected;
          const int n = horizontal ? facts.count_ordo_parts(dir_bit(dir), 0, occupied)
                                   : facts.count_ordo_parts(0, dir_bit(dir), occupied);
          if (n >= 0) {
            ++counted;
            CHECK(n == expected);
          }
        }
      }
      const DirSet ahead = DirSet(~backward_dirs(us));
      const int all = facts.count_ordo_parts(ahead, ahead, occupied);
      if (all >= 0) CHECK(all == all_expected);
      // Listed once for a pair of direction sets, the paths serve another occupation as well.
      if (all >= 0) CHECK(facts.count_ordo_parts(ahead, ahead, own) >= all);
    }
    MESSAGE(ordos << " ordo checks, " << landings << " landings, " << counted << " counts");
    CHECK(landings > 10000);
    CHECK(counted > 5000);
  }

  TEST_CASE("the table describes the set it returns and is off while bypassed") {
    std::mt19937_64 rng(13);
    ShapeTable& table = *ShapeTable::for_this_thread(true);
    for (int i = 0; i < 5000; ++i) {
      const Bitboard own = random_connected(rng, 30 + i % 40);
      const Color us = Color(i & 1);
      ShapeFacts* f = table.find(us, own, ShapeTable::Admit::Always);
      if (f) CHECK(f->describes(us, own));
      const ShapeTable::Bypass bypass;
      CHECK(table.find(us, own, ShapeTable::Admit::Always) == nullptr);
    }
    CHECK(table.find(WHITE, Bitboard::square(A1) | Bitboard::square(B1), ShapeTable::Admit::Always) != nullptr);
  }
}  // TEST_SUITE
