// Root splitting (search/root_split.hpp): every root line of a pass is claimed once, whatever the
// number of threads; reports raise the best score in order and a score at beta cuts the pass; a
// pass closes only once every claim is answered; helpers wait for passes and leave at the end.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "search/root_split.hpp"

using namespace ordo;

TEST_SUITE("root_split") {
  TEST_CASE("one thread claims every line in order and sees its own raises") {
    RootSplit split;
    const RootSplit::Pass pass = split.open(1, 6, 3, 10, 100);
    CHECK(pass.id == 1);
    CHECK(pass.depth == 3);
    CHECK(pass.beta == 100);
    std::vector<std::size_t> claimed;
    const Value scores[] = {0, 5, 20, 15, 40, 30};
    while (const auto i = split.claim(pass.id)) {
      claimed.push_back(*i);
      bool wrote = false;
      const bool raised = split.report(*i, scores[*i], [&](bool) { wrote = true; });
      CHECK(wrote);
      CHECK(raised == (*i == 2 || *i == 4));
    }
    CHECK(claimed == std::vector<std::size_t>{1, 2, 3, 4, 5});
    CHECK(split.alpha() == 40);
    const RootSplit::Outcome out = split.close();
    CHECK(out.best == 40);
    CHECK(out.raised == std::vector<std::size_t>{2, 4});
  }

  TEST_CASE("a score at beta cuts the pass and an abandoned claim says nothing") {
    RootSplit split;
    const auto first = split.open(0, 10, 2, 0, 50).id;
    REQUIRE(split.claim(first) == 0u);
    split.abandon();
    REQUIRE(split.claim(first) == 1u);
    split.report(1, 60, [](bool) {});
    CHECK_FALSE(split.claim(first));  // cut: nothing more is handed out
    const RootSplit::Outcome out = split.close();
    CHECK(out.best == 60);
    CHECK(out.raised == std::vector<std::size_t>{1});
    const auto next = split.open(0, 3, 3, 0, 50).id;  // the next pass starts afresh
    CHECK(next == first + 1);
    CHECK_FALSE(split.claim(first));  // a claim for the last pass gets nothing of this one
    CHECK(split.claim(next) == 0u);
    split.abandon();
    CHECK(split.close().raised.empty());
  }

  TEST_CASE("four threads: each line of each pass claimed exactly once and the pass closed after all") {
    constexpr std::size_t LINES = 5000;
    constexpr int PASSES = 20, HELPERS = 3;
    RootSplit split;
    std::vector<std::atomic<int>> claims(LINES);
    std::atomic<int> reported{0};
    auto work = [&](unsigned long long id, int pass) {
      while (const auto i = split.claim(id)) {
        claims[*i].fetch_add(1);
        // Scores rise along the list, so many reports raise the best score.
        split.report(*i, Value(pass + int(*i % 1000)), [&](bool) { reported.fetch_add(1); });
      }
    };
    std::vector<std::thread> helpers;
    for (int h = 0; h < HELPERS; ++h)
      helpers.emplace_back([&] {
        unsigned long long seen = 0;
        while (const auto p = split.wait_for_pass(seen)) {
          CHECK(p->id > seen);
          seen = p->id;
          work(p->id, p->depth);
        }
      });
    for (int pass = 1; pass <= PASSES; ++pass) {
      reported = 0;
      for (auto& c : claims) c = 0;
      work(split.open(0, LINES, pass, -INF + 1, INF).id, pass);
      const RootSplit::Outcome out = split.close();
      CHECK(reported.load() == int(LINES));
      CHECK(std::all_of(claims.begin(), claims.end(), [](const std::atomic<int>& c) { return c.load() == 1; }));
      CHECK(out.best == pass + 999);
      REQUIRE(!out.raised.empty());
      CHECK(out.raised.back() % 1000 == 999);  // the last raise is the best score
    }
    split.finish();
    for (auto& t : helpers) t.join();
  }

  TEST_CASE("a line searched ahead below the guess is known below in the pass that follows and only there") {
    RootSplit split;
    split.prepare(8);
    const RootSplit::Pass ahead = split.open_ahead(1, 8, 4, 30);
    CHECK(ahead.ahead);
    CHECK(ahead.guess == 30);
    std::vector<std::size_t> claimed;
    while (const auto i = split.claim(ahead.id)) {
      claimed.push_back(*i);
      split.abandon();  // answered at once: the turn is read
    }
    CHECK(claimed == std::vector<std::size_t>{1, 2, 3, 4, 5, 6, 7});
    split.record_ahead(2, ahead.id, 10);  // below the guess
    split.record_ahead(3, ahead.id, 30);  // at the guess: a fail low too
    split.record_ahead(4, ahead.id, 31);  // above: a lower bound only
    // The pass that follows at the same depth, its best score above the guess.
    const RootSplit::Pass pass = split.open(1, 8, 4, 35, 100);
    CHECK_FALSE(pass.ahead);
    CHECK_FALSE(split.known_below(1));  // not recorded
    CHECK(split.known_below(2) == 10);
    CHECK(split.known_below(3) == 30);
    CHECK_FALSE(split.known_below(4));
    split.close();
    // A pass that does not follow the pass ahead directly uses none of it.
    split.open(1, 8, 4, 35, 100);
    CHECK_FALSE(split.known_below(2));
    split.close();
    // Another depth, or a best score below the guess: nothing is known.
    const auto again = split.open_ahead(1, 8, 5, 30).id;
    split.record_ahead(2, again, 10);
    split.open(1, 8, 6, 35, 100);
    CHECK_FALSE(split.known_below(2));
    split.close();
    const auto low = split.open_ahead(1, 8, 5, 30).id;
    split.record_ahead(2, low, 10);
    split.open(1, 8, 5, 20, 100);
    CHECK_FALSE(split.known_below(2));
    split.close();
  }
}
