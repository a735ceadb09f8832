// Strength levels (UCI_LimitStrength, UCI_Elo): the ladders, the choice of a lesser line by its
// score, and a limited engine: one thread, the level's lines and node budget, the same turns for
// the same seed, and never a search beyond its budget.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "search/engine.hpp"
#include "search/strength_limit.hpp"
#include "search_collector.hpp"

using namespace ordo;
using ordo::testing::SearchCollector;

namespace {

// The turn a limited engine plays from `pos` with nothing but its level limiting the search.
SearchCollector limited_search(const Position& pos, int elo, u64 seed, SearchLimits limits = {}) {
  Engine e;
  e.set_position(pos, {pos.key()});
  e.set_strength_limit(elo, seed);
  SearchCollector c;
  e.go(limits, c);
  e.wait();
  return c;
}

}  // namespace

TEST_SUITE("levels") {
  TEST_CASE("each ladder rises in rating and spans UCI_Elo") {
    for (const VariantRules& r : VARIANTS) {
      const auto ladder = strength_ladder(r.variant);
      REQUIRE(ladder.size() >= 2);
      CHECK(ladder.front().elo >= ELO_MIN);
      CHECK(ladder.back().elo <= ELO_MAX);
      for (std::size_t i = 1; i < ladder.size(); ++i) {
        CHECK(ladder[i].elo > ladder[i - 1].elo);
        // A stronger rung never searches less nor chooses more loosely.
        CHECK(ladder[i].level.nodes >= ladder[i - 1].level.nodes);
        CHECK(ladder[i].level.temperature <= ladder[i - 1].level.temperature);
        CHECK(ladder[i].level.random_permille <= ladder[i - 1].level.random_permille);
        CHECK(ladder[i].level.lines >= 1);
      }
      CHECK(ladder.back().level.temperature == 0);
      CHECK(ladder.back().level.random_permille == 0);
    }
  }

  TEST_CASE("UCI_Elo spans the ladders from the weakest rung to the strongest") {
    int lo = ELO_MAX, hi = ELO_MIN;
    for (const VariantRules& r : VARIANTS) {
      lo = std::min(lo, strength_ladder(r.variant).front().elo);
      hi = std::max(hi, strength_ladder(r.variant).back().elo);
    }
    CHECK(lo == ELO_MIN);
    CHECK(hi == ELO_MAX);
  }

  TEST_CASE("a rating between two rungs lies between their settings") {
    for (const VariantRules& r : VARIANTS) {
      const auto ladder = strength_ladder(r.variant);
      for (std::size_t i = 1; i < ladder.size(); ++i) {
        const StrengthRung &lo = ladder[i - 1], &hi = ladder[i];
        CHECK(strength_level(r.variant, lo.elo).nodes == lo.level.nodes);
        CHECK(strength_level(r.variant, hi.elo).temperature == hi.level.temperature);
        const StrengthLevel mid = strength_level(r.variant, (lo.elo + hi.elo) / 2);
        CHECK(mid.nodes >= lo.level.nodes);
        CHECK(mid.nodes <= hi.level.nodes);
        CHECK(mid.temperature <= lo.level.temperature);
        CHECK(mid.temperature >= hi.level.temperature);
        CHECK(mid.random_permille <= lo.level.random_permille);
        CHECK(mid.random_permille >= hi.level.random_permille);
      }
      CHECK(strength_level(r.variant, ELO_MIN - 100).nodes == ladder.front().level.nodes);
      CHECK(strength_level(r.variant, ELO_MAX + 100).temperature == ladder.back().level.temperature);
    }
  }

  TEST_CASE("a lesser line is chosen as often as its weight says") {
    const std::array<Value, 4> scores{100, 100 - 69, 100 - 139, -INF};  // weights 1, 1/2, 1/4, 0 at 100 cp
    std::array<int, 4> count{};
    const int draws = 20000;
    for (int s = 0; s < draws; ++s) ++count[choose_line(scores, 100, u64(s) + 1)];
    CHECK(count[3] == 0);
    const double total = 1 + std::exp(-0.69) + std::exp(-1.39);
    CHECK(count[0] == doctest::Approx(draws / total).epsilon(0.04));
    CHECK(count[1] == doctest::Approx(draws * std::exp(-0.69) / total).epsilon(0.06));
    CHECK(count[2] == doctest::Approx(draws * std::exp(-1.39) / total).epsilon(0.08));
    // No temperature, or a forced loss beside a playable line: the best line, always.
    for (int s = 0; s < 100; ++s) {
      CHECK(choose_line(scores, 0, u64(s)) == 0);
      const std::array<Value, 2> losing{-50, -WIN + 3};
      CHECK(choose_line(losing, 400, u64(s)) == 0);
    }
    // The best is found wherever it stands.
    const std::array<Value, 3> unsorted{-20, 80, 10};
    CHECK(choose_line(unsorted, 0, 7) == 1);
  }

  TEST_CASE("a random turn is drawn as often as its chance says and replays from its seed") {
    const int draws = 20000;
    std::map<std::size_t, int> picked;
    int random = 0;
    for (int s = 0; s < draws; ++s) {
      const std::optional<std::size_t> i = random_turn(300, 5, u64(s) * 7919 + 1);
      CHECK(random_turn(300, 5, u64(s) * 7919 + 1) == i);
      if (!i) continue;
      ++random;
      REQUIRE(*i < 5);
      ++picked[*i];
    }
    CHECK(random == doctest::Approx(draws * 0.3).epsilon(0.05));
    for (std::size_t i = 0; i < 5; ++i) CHECK(picked[i] == doctest::Approx(random / 5.0).epsilon(0.1));
    for (u64 s = 0; s < 100; ++s) {
      CHECK_FALSE(random_turn(0, 5, s));
      CHECK_FALSE(random_turn(1000, 0, s));
      CHECK(random_turn(1000, 5, s));
    }
  }

  TEST_CASE("a level with a random chance plays legal turns and some of them without a search") {
    for (const VariantRules& r : VARIANTS) {
      CAPTURE(r.name);
      const auto ladder = strength_ladder(r.variant);
      if (ladder.front().level.random_permille == 0) continue;
      const Position start = Position::start(r.variant);
      const std::vector<Turn> legal = legal_turns(start);
      int unsearched = 0;
      const u64 seeds = 12;
      for (u64 seed = 1; seed <= seeds; ++seed) {
        const SearchCollector c = limited_search(start, ladder.front().elo, seed);
        REQUIRE(c.best);
        CHECK(std::find(legal.begin(), legal.end(), *c.best) != legal.end());
        if (seed <= 3) CHECK(limited_search(start, ladder.front().elo, seed).best == c.best);
        unsearched += c.infos.empty();
      }
      CHECK(unsearched > 0);
      CHECK(unsearched < int(seeds));
    }
  }

  TEST_CASE("a limited engine searches its level's lines within its budget and replays its turns") {
    for (const VariantRules& r : VARIANTS) {
      CAPTURE(r.name);
      const Position start = Position::start(r.variant);
      // The weakest rung that always searches (a random turn has no lines to look at).
      const auto ladder = strength_ladder(r.variant);
      const int bottom = std::find_if(ladder.begin(), ladder.end(), [](const StrengthRung& g) {
                           return g.level.random_permille == 0;
                         })->elo;
      const StrengthLevel weakest = strength_level(r.variant, bottom);
      const SearchCollector a = limited_search(start, bottom, 5);
      REQUIRE(a.best);
      REQUIRE(!a.infos.empty());
      int widest = 0;
      for (const SearchInfo& i : a.infos) widest = std::max(widest, i.multipv);
      CHECK(widest == std::min<int>(weakest.lines, int(legal_turns(start).size())));
      // Depth 1 always completes; beyond it the budget holds (the last node may overshoot a little).
      CHECK(a.infos.front().depth == 1);
      const SearchInfo& last = a.infos.back();
      if (last.depth > 1) CHECK(last.nodes <= weakest.nodes + 64);
      // The same seed plays the same turn; over many seeds the weakest level plays several turns.
      CHECK(limited_search(start, bottom, 5).best == a.best);
      std::set<std::string> played;
      for (u64 seed = 1; seed <= 12; ++seed) played.insert(format_turn(*limited_search(start, bottom, seed).best));
      CHECK(played.size() >= 3);
      // A go's own node limit still binds beneath a level.
      SearchLimits tight;
      tight.nodes = 1;
      CHECK(limited_search(start, ELO_MAX, 1, tight).best);
    }
  }
}
