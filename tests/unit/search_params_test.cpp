// The tunable search parameters: the defaults are the constants the search was written with, a
// refused setting changes nothing, and each variant's set reaches that variant's searches (and its
// time planning) only.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "search/engine.hpp"
#include "search/search_params.hpp"
#include "search/timeman.hpp"

using namespace ordo;

namespace {

// Every field, for comparing two sets.
std::vector<int> fields(const SearchParams& p) {
  std::vector<int> v;
  for (const Tunable& t : tunables()) v.push_back(p.*t.field);
  return v;
}

u64 nodes_at_depth(Engine& e, const Position& pos, int depth) {
  struct Last : SearchListener {
    u64 nodes = 0;
    void on_info(const SearchInfo& i) override { nodes = i.nodes; }
    void on_bestmove(std::optional<Turn>, std::optional<Turn>) override {}
  } last;
  e.set_position(pos, {pos.key()});
  e.new_game();
  SearchLimits l;
  l.depth = depth;
  e.go(l, last);
  e.wait();
  return last.nodes;
}

}  // namespace

TEST_SUITE("search_params") {

TEST_CASE("the struct's own reductions are the ones the search was written with") {
  const SearchParams p;
  for (int d = 3; d < SearchParams::LMR_SIZE; ++d)
    for (int m = 3; m < SearchParams::LMR_SIZE; ++m) {
      CAPTURE(d);
      CAPTURE(m);
      CHECK(p.lmr(d, m) == int(0.5 + std::log(d) * std::log(m) / 2.2));
    }
}

TEST_CASE("each variant's tuned defaults keep their reduction table in step with lmr_base and lmr_divisor") {
  CHECK(fields(default_search_params(Variant::OrdoX)) != fields(default_search_params(Variant::Classic)));
  CHECK(fields(default_search_params(Variant::Classic)) != fields(SearchParams{}));
  for (const VariantRules& r : VARIANTS) {
    const SearchParams& p = default_search_params(r.variant);
    const double base = p.lmr_base / 100.0, divisor = p.lmr_divisor / 100.0;
    for (int d = 1; d < SearchParams::LMR_SIZE; ++d)
      for (int m = 1; m < SearchParams::LMR_SIZE; ++m) {
        CAPTURE(d);
        CAPTURE(m);
        CHECK(p.lmr(d, m) == std::clamp(int(base + std::log(d) * std::log(m) / divisor), 0, 255));
      }
  }
}

TEST_CASE("every tunable has a unique name and its default within its range and positive steps") {
  std::set<std::string> names;
  for (const VariantRules& r : VARIANTS) {
    const SearchParams& p = default_search_params(r.variant);
    for (const Tunable& t : tunables()) {
      CAPTURE(t.name);
      CHECK(t.min < t.max);
      CHECK(p.*t.field >= t.min);
      CHECK(p.*t.field <= t.max);
      CHECK(t.c_end > 0);
      CHECK(t.r_end > 0);
      CHECK(t.name.find_first_of(", \t") == std::string_view::npos);  // one word, one CSV field
    }
  }
  for (const Tunable& t : tunables()) names.insert(std::string(t.name));
  CHECK(names.size() == tunables().size());
  CHECK(tunables().size() >= 10);
  CHECK(tunables().size() <= 25);
}

TEST_CASE("a refused setting changes nothing") {
  SearchParams p;
  const std::vector<int> before = fields(p);
  CHECK(p.set("rfp_margin", 9) == "search parameter 'rfp_margin' takes a whole number from 10 to 600, not 9");
  CHECK(p.set("rfp_margin", 601) != "");
  CHECK(p.set("lmr_base", -101) != "");
  CHECK(p.set("no_such_parameter", 1) == "unknown search parameter 'no_such_parameter'");
  CHECK(p.set("", 1) != "");
  CHECK(fields(p) == before);
  CHECK(p.lmr(10, 10) == SearchParams{}.lmr(10, 10));
  CHECK(p.set("rfp_margin", 600) == "");
  CHECK(p.rfp_margin == 600);
}

TEST_CASE("the reduction table follows lmr_base and lmr_divisor") {
  SearchParams p;
  REQUIRE(p.set("lmr_divisor", 100) == "");
  CHECK(p.lmr(20, 20) == int(0.5 + std::log(20) * std::log(20) / 1.0));
  REQUIRE(p.set("lmr_base", -100) == "");
  CHECK(p.lmr(3, 3) == 0);  // int(-1 + 1.2) = 0, and nothing below 0
  CHECK(p.lmr(2, 2) == 0);  // int(-1 + 0.48) truncates to 0
  REQUIRE(p.set("lmr_base", 300) == "");
  CHECK(p.lmr(1, 1) == 3);
}

TEST_CASE("a variant's parameters change only that variant's searches until set back") {
  Engine e;
  const Position classic = Position::start(Variant::Classic);
  const u64 before = nodes_at_depth(e, classic, 6);
  REQUIRE(e.set_tunable(Variant::OrdoX, "lmr_divisor", 100) == "");
  CHECK(nodes_at_depth(e, classic, 6) == before);
  REQUIRE(e.set_tunable(Variant::Classic, "lmr_divisor", 100) == "");
  CHECK(nodes_at_depth(e, classic, 6) != before);
  REQUIRE(e.set_tunable(Variant::Classic, "lmr_divisor", 220) == "");
  CHECK(nodes_at_depth(e, classic, 6) == before);
}

TEST_CASE("the engine lists its parameters with their current values and refuses bad ones") {
  Engine e;
  const auto defaults = Engine::default_tunables(Variant::OrdoX);
  REQUIRE(defaults.size() == tunables().size());
  CHECK(e.set_tunable(Variant::OrdoX, "asp_delta", 3) != "");
  CHECK(e.set_tunable(Variant::OrdoX, "asp_delta_typo", 30) != "");
  REQUIRE(e.set_tunable(Variant::OrdoX, "asp_delta", 30) == "");
  const auto now = e.tunables(Variant::OrdoX);
  for (std::size_t i = 0; i < now.size(); ++i) {
    CAPTURE(now[i].name);
    CHECK(now[i].name == defaults[i].name);
    CHECK(now[i].value == (now[i].name == "asp_delta" ? 30 : defaults[i].value));
  }
  for (const Engine::TunableValue& t : e.tunables(Variant::Classic))  // the other variant's set is untouched
    if (t.name == "asp_delta") CHECK(t.value == default_search_params(Variant::Classic).asp_delta);
}

TEST_CASE("the time planning reads its shares from the parameters") {
  SearchLimits l;
  l.time_left_ms[WHITE] = l.time_left_ms[BLACK] = 60000;
  l.increment_ms[WHITE] = l.increment_ms[BLACK] = 400;
  const TimeBudget plain = plan_time(l, WHITE, 30);
  CHECK(plain.soft_ms == plan_time(l, WHITE, 30, {}, default_search_params()).soft_ms);
  SearchParams p;
  REQUIRE(p.set("tm_moves", 60) == "");
  REQUIRE(p.set("tm_inc_pct", 0) == "");
  const TimeBudget b = plan_time(l, WHITE, 30, {}, p);
  CHECK(b.soft_ms == (60000 - 30) / 60);
  CHECK(b.soft_ms < plain.soft_ms);
}

}  // TEST_SUITE
