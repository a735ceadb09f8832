// The evaluation: the per-thread cache of own-piece terms gives exactly the plain evaluation, and
// the free-runner term (computed with whole-board shifts) matches its per-piece definition.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "search/evaluate.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

// Positions from random play of both kinds of origin: full starts and random connected groups.
std::vector<Position> sample_positions(Variant v, std::uint64_t seed, std::size_t count) {
  Rng rng(seed);
  std::vector<Position> out = random_play(Position::start(v), count / 2, rng);
  while (out.size() < count) {
    const int w = 3 + int(rng.below(18)), b = 3 + int(rng.below(18));
    for (const Position& p : random_play(random_clusters(rng, v, w, b), 50, rng)) out.push_back(p);
  }
  return out;
}

// Free runners by their definition: a piece advanced 3 ranks or more (a) with no enemy piece on a
// square ahead of it in its own file or a neighbouring file is worth a - 2 times the weight.
int naive_free_runners(const Position& pos, Color c) {
  int sum = 0;
  for (Square s : pos.pieces(c)) {
    const int a = c == WHITE ? rank_of(s) : RANKS - 1 - rank_of(s);
    if (a < 3) continue;
    bool blocked = false;
    for (Square t : pos.pieces(~c)) {
      const int df = file_of(t) - file_of(s), dr = rank_of(t) - rank_of(s);
      if (df >= -1 && df <= 1 && (c == WHITE ? dr > 0 : dr < 0)) blocked = true;
    }
    if (!blocked) sum += a - 2;
  }
  return sum * eval_weights(pos.variant()).free_runner;
}

int report_term(const EvalReport& r, const std::string& name, Color c) {
  for (const EvalTerm& t : r.terms)
    if (t.name == name) return c == WHITE ? t.white : t.black;
  FAIL("no term " << name);
  return 0;
}

}  // namespace

TEST_SUITE("evaluation") {
  TEST_CASE("the cached evaluation equals the plain one") {
    for (Variant v : {CLASSIC, ORDOX}) {
      EvalCache cache;  // one cache for both passes: the second pass reads what the first kept
      const auto positions = sample_positions(v, 7, 4000);
      int mismatches = 0;
      for (int pass = 0; pass < 2; ++pass)
        for (const Position& p : positions)
          if (evaluate(p, cache) != evaluate(p)) ++mismatches;
      CHECK(mismatches == 0);
    }
  }

  TEST_CASE("free runners match their definition") {
    int runners_seen = 0, mismatches = 0;
    for (Variant v : {CLASSIC, ORDOX})
      for (const Position& p : sample_positions(v, 11, 2000)) {
        const EvalReport r = evaluate_report(p);
        for (Color c : {WHITE, BLACK}) {
          const int expected = naive_free_runners(p, c);
          if (report_term(r, "free runners", c) != expected) ++mismatches;
          if (expected) ++runners_seen;
        }
      }
    CHECK(mismatches == 0);
    CHECK(runners_seen > 100);  // the sample does hold free runners
  }
}
