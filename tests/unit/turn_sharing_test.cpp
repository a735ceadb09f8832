// The fast turn routines (generate_parts, legal_turns, count_turns, has_legal_turn: an Ordo X
// turn's forward parts after each quiet sideways part are generated on the moved pieces with the
// turn start's shared work) against the plain reference route of movegen.hpp (every sideways part
// played on a full position, its forward parts generated from scratch), on random positions of
// both variants: the same turns in the same order, the same counts.
//
// Budget: 100,000 positions per variant in Release (about a minute in all). Under the sanitizers
// every count is divided by 20: that build is there to catch memory errors.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t SHARING_SAMPLE_DIVISOR = 20;
#else
constexpr std::size_t SHARING_SAMPLE_DIVISOR = 1;
#endif

std::string tokens(const std::vector<Turn>& turns) {
  std::string s;
  for (const Turn& t : turns) {
    if (!s.empty()) s += ' ';
    s += format_turn(t);
  }
  return s;
}

struct Tally {
  std::size_t positions = 0, turns = 0, two_part = 0, failures = 0;
};

void compare(const Position& pos, Tally& tally) {
  ++tally.positions;
  const std::vector<Turn> fast = legal_turns(pos), slow = reference::legal_turns(pos);
  tally.turns += slow.size();
  for (const Turn& t : slow) tally.two_part += t.parts() == 2;
  if (fast != slow && ++tally.failures <= 5)
    FAIL_CHECK("turns differ in " << to_fen(pos) << " (" << variant_name(pos.variant()) << ")\n  fast:      "
                                  << tokens(fast) << "\n  reference: " << tokens(slow));
  const u64 count = count_turns(pos), reference_count = reference::count_turns(pos);
  if ((count != reference_count || count != slow.size()) && ++tally.failures <= 5)
    FAIL_CHECK("count_turns in " << to_fen(pos) << ": fast " << count << ", reference " << reference_count
                                 << ", turns listed " << slow.size());
  if (has_legal_turn(pos) != !slow.empty() && ++tally.failures <= 5)
    FAIL_CHECK("has_legal_turn in " << to_fen(pos) << " says " << !slow.empty());
  MoveList a, b;
  generate_parts(pos, a);
  reference::generate_parts(pos, b);
  bool same = a.size() == b.size();
  for (std::size_t i = 0; same && i < a.size(); ++i) same = a[i] == b[i];
  if (!same && ++tally.failures <= 5) FAIL_CHECK("generate_parts differs in " << to_fen(pos));
}

// `count` positions: random play from the start, then from small random boards (connected groups,
// every fourth board scattered so that split sides occur).
std::vector<Position> sample(Variant v, Rng& rng, std::size_t count) {
  std::vector<Position> out = random_play(Position::start(v), count / 2, rng);
  while (out.size() < count) {
    const int w = 2 + int(rng.below(13)), b = 2 + int(rng.below(13));
    const Position origin = out.size() % 4 == 3 ? random_sparse(rng, v, w, b) : random_clusters(rng, v, w, b);
    for (const Position& p : random_play(origin, std::min<std::size_t>(50, count - out.size()), rng)) out.push_back(p);
  }
  return out;
}

void run(Variant v, std::uint64_t seed) {
  Rng rng(seed);
  const std::size_t count = 100000 / SHARING_SAMPLE_DIVISOR;
  Tally tally;
  for (const Position& pos : sample(v, rng, count)) compare(pos, tally);
  MESSAGE(tally.positions << " positions, " << tally.turns << " turns, " << tally.two_part << " of two parts");
  CHECK(tally.failures == 0);
  CHECK(tally.positions == count);
  CHECK(tally.turns > count);
  if (v == Variant::OrdoX) CHECK(tally.two_part > tally.turns / 4);
}

}  // namespace

TEST_SUITE("turn_sharing") {

TEST_CASE("Ordo X: the fast turn routines equal the reference on 100000 random positions") { run(Variant::OrdoX, 0x5EA1); }

TEST_CASE("classic: the fast turn routines equal the reference on 100000 random positions") {
  run(Variant::Classic, 0x5EA2);
}

}  // TEST_SUITE
