// The perft hash (engine/perft_hash): a hit is always the count of the very position and depth
// stored, however many positions share a bucket; perft with the hash equals perft without.
#include <doctest/doctest.h>

#include <vector>

#include "notation.hpp"
#include "perft.hpp"
#include "perft_hash.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

TEST_SUITE("perft_hash") {

TEST_CASE("an empty table has no entry and a stored count comes back for its position and depth only") {
  auto hash = PerftHash::create(1);
  REQUIRE(hash);
  CHECK(hash->entries() == (std::size_t(1) << 20) / 32);
  const Position s = Position::start(Variant::Classic);
  CHECK_FALSE(hash->probe(s, 3));
  hash->store(s, 3, 190114);
  CHECK(hash->probe(s, 3) == std::optional<u64>(190114));
  CHECK_FALSE(hash->probe(s, 2));
  CHECK_FALSE(hash->probe(Position::start(Variant::OrdoX), 3));
  CHECK_FALSE(hash->probe(pos_of("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1", Variant::Classic), 3));
}

TEST_CASE("in a crowded table every hit is the count stored for that position") {
  auto hash = PerftHash::create(1);  // 16,384 buckets for up to 8,000 positions at two depths
  REQUIRE(hash);
  Rng rng(71);
  std::vector<Position> positions;
  for (Variant v : {Variant::Classic, Variant::OrdoX})
    for (const Position& p : random_play(Position::start(v), SANITIZED ? 1500 : 4000, rng)) positions.push_back(p);
  // A made-up count per position and depth, so a hit from another entry would show.
  const auto count_of = [](const Position& p, int depth) { return p.key() * 3 + u64(depth); };
  for (const Position& p : positions)
    for (int depth : {2, 3}) hash->store(p, depth, count_of(p, depth));
  std::size_t hits = 0;
  for (const Position& p : positions) {
    for (int depth : {2, 3}) {
      const auto got = hash->probe(p, depth);
      if (!got) continue;
      ++hits;
      INFO(to_fen(p) << " depth " << depth);
      CHECK(*got == count_of(p, depth));
    }
  }
  CHECK(hits > positions.size() / 2);
}

TEST_CASE("perft with a hash equals perft without it") {
  Rng rng(72);
  auto hash = PerftHash::create(4);
  REQUIRE(hash);
  const auto classic = random_play(Position::start(Variant::Classic), 200, rng);
  for (std::size_t i = 0; i < classic.size(); i += 20) {
    INFO(to_fen(classic[i]));
    CHECK(perft(classic[i], 3, hash.get()) == perft(classic[i], 3));
    CHECK(perft(classic[i], 3, hash.get()) == perft(classic[i], 3));  // now from the table
  }
  const auto ordox = random_play(Position::start(Variant::OrdoX), 100, rng);
  for (std::size_t i = 0; i < ordox.size(); i += 25) {
    INFO(to_fen(ordox[i]));
    CHECK(perft(ordox[i], 2, hash.get()) == perft(ordox[i], 2));
  }
  if (!SANITIZED) CHECK(perft(Position::start(Variant::Classic), 4, hash.get()) == 11501158);
  CHECK(perft(Position::start(Variant::Classic), 3, hash.get()) == 190114);
}

}  // TEST_SUITE
