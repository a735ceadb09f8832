// is_unchecked_part (a part tested from the rules without generating) against the list of
// generate_parts_unchecked, on random positions of both variants: every listed part passes, and
// near misses (other destinations, other ends, other kept groups, flipped kind bits) and random
// move bits pass exactly when they are listed.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t PART_CHECK_SAMPLE_DIVISOR = 10;
#else
constexpr std::size_t PART_CHECK_SAMPLE_DIVISOR = 1;
#endif

void check_positions(Variant v, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> positions = random_play(Position::start(v), 3000 / PART_CHECK_SAMPLE_DIVISOR, rng);
  while (positions.size() < 6000 / PART_CHECK_SAMPLE_DIVISOR) {
    const int w = 2 + int(rng.below(11)), b = 2 + int(rng.below(11));
    const Position origin = positions.size() % 3 == 0 ? random_sparse(rng, v, w, b) : random_clusters(rng, v, w, b);
    for (const Position& p : random_play(origin, 30, rng)) positions.push_back(p);
  }
  std::size_t listed = 0, probes = 0, accepted = 0, failures = 0;
  for (const Position& pos : positions) {
    MoveList list;
    generate_parts_unchecked(pos, list);
    std::vector<u32> raw;
    for (Move m : list) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    auto check = [&](Move m) {
      const bool expected = std::binary_search(raw.begin(), raw.end(), m.raw());
      ++probes;
      accepted += expected;
      if (is_unchecked_part(pos, m) != expected && ++failures <= 5)
        FAIL_CHECK("is_unchecked_part(" << m.raw() << ") in " << to_fen(pos) << " (" << variant_name(v)
                                        << "): listed " << expected);
    };
    for (Move m : list) {
      ++listed;
      check(m);
      // Near misses: another destination, the ordo bit flipped, another kept square.
      check(Move::from_raw((m.raw() & ~(0x7Fu << 7)) | (u32(rng.below(SQUARES)) << 7)));
      check(Move::from_raw(m.raw() ^ (1u << 21)));
      check(Move::from_raw((m.raw() & ~(0x7Fu << 14)) | (u32(rng.below(SQUARES)) << 14)));
    }
    for (int k = 0; k < 20; ++k) check(Move::from_raw(u32(rng.next()) & ((1u << 23) - 1)));
  }
  MESSAGE(positions.size() << " positions, " << listed << " listed parts, " << probes << " probes, " << accepted
                           << " of them listed");
  CHECK(failures == 0);
  CHECK(listed > positions.size());
  CHECK(probes > 2 * accepted);
}

}  // namespace

TEST_SUITE("part_check") {

TEST_CASE("classic: is_unchecked_part is membership in generate_parts_unchecked") { check_positions(Variant::Classic, 0x9A1); }

TEST_CASE("Ordo X: is_unchecked_part is membership in generate_parts_unchecked") { check_positions(Variant::OrdoX, 0x9A2); }

}  // TEST_SUITE
