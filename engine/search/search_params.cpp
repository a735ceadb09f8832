#include "search/search_params.hpp"

#include <algorithm>
#include <cmath>

#include "variant_rules.hpp"

namespace ordo {

namespace {

// Ranges wide enough that a tuner is rarely held at a bound, narrow enough that no value breaks
// the search (history_bonus_max stays below the history's bound of 16384, see order_moves). c_end
// is about what moves strength by a few Elo; r_end is fishtest's usual 0.002.
constexpr Tunable TUNABLES[] = {
    {"qs_capture_plies", &SearchParams::qs_capture_plies, 1, 10, 1, 0.002},
    {"qs_delta_margin", &SearchParams::qs_delta_margin, 0, 1000, 20, 0.002},
    {"rfp_depth", &SearchParams::rfp_depth, 0, 8, 1, 0.002},
    {"rfp_margin", &SearchParams::rfp_margin, 10, 600, 12, 0.002},
    {"fut_depth", &SearchParams::fut_depth, 0, 4, 1, 0.002},
    {"fut_margin", &SearchParams::fut_margin, 10, 600, 15, 0.002},
    {"lmp_depth", &SearchParams::lmp_depth, 0, 8, 1, 0.002},
    {"lmp_base", &SearchParams::lmp_base, 1, 30, 1, 0.002},
    {"lmp_factor", &SearchParams::lmp_factor, 0, 80, 2, 0.002},
    {"lmr_depth", &SearchParams::lmr_depth, 1, 8, 1, 0.002},
    {"lmr_move", &SearchParams::lmr_move, 1, 12, 1, 0.002},
    {"lmr_base", &SearchParams::lmr_base, -100, 300, 10, 0.002},
    {"lmr_divisor", &SearchParams::lmr_divisor, 80, 600, 15, 0.002},
    {"lmr_pv", &SearchParams::lmr_pv, 0, 3, 1, 0.002},
    {"history_bonus_max", &SearchParams::history_bonus_max, 16, 4096, 40, 0.002},
    {"asp_depth", &SearchParams::asp_depth, 1, 12, 1, 0.002},
    {"asp_delta", &SearchParams::asp_delta, 4, 200, 3, 0.002},
    {"asp_widen_max", &SearchParams::asp_widen_max, 50, 3000, 40, 0.002},
    {"tm_moves", &SearchParams::tm_moves, 10, 80, 3, 0.002},
    {"tm_inc_pct", &SearchParams::tm_inc_pct, 0, 100, 5, 0.002},
    {"tm_hard_factor", &SearchParams::tm_hard_factor, 10, 100, 4, 0.002},
    {"tm_iteration_pct", &SearchParams::tm_iteration_pct, 20, 100, 5, 0.002},
};

// Classic's values from its SPSA tuning (docs/CLUSTER.md, "Classic, measured the same way": 3,000
// pairs of games at 20,000 nodes a move), kept after they won an SPRT at st=0.05 against the struct's
// own defaults, the values the search was written with.
SearchParams classic_defaults() {
  SearchParams p;
  p.qs_capture_plies = 3;
  p.qs_delta_margin = 204;
  p.rfp_depth = 3;
  p.rfp_margin = 104;
  p.fut_depth = 3;
  p.fut_margin = 138;
  p.lmp_depth = 4;
  p.lmp_base = 1;
  p.lmp_factor = 21;
  p.lmr_depth = 2;
  p.lmr_move = 3;
  p.lmr_base = 92;
  p.lmr_divisor = 222;
  p.lmr_pv = 0;
  p.history_bonus_max = 473;
  p.asp_depth = 3;
  p.asp_delta = 29;
  p.asp_widen_max = 388;
  p.refresh();
  return p;
}

// Ordo X's values from its SPSA tuning (docs/CLUSTER.md, "A tuning, measured": 3,000 pairs of
// games at 20,000 nodes a move), kept after they won an SPRT at st=0.05 against the values the
// search was written with (the struct's own defaults).
SearchParams ordox_defaults() {
  SearchParams p;
  p.qs_capture_plies = 1;
  p.qs_delta_margin = 185;
  p.rfp_depth = 3;
  p.rfp_margin = 142;
  p.fut_depth = 3;
  p.fut_margin = 145;
  p.lmp_depth = 5;
  p.lmp_base = 1;
  p.lmp_factor = 18;
  p.lmr_depth = 3;
  p.lmr_move = 2;
  p.lmr_base = 42;
  p.lmr_divisor = 255;
  p.lmr_pv = 2;
  p.history_bonus_max = 394;
  p.asp_depth = 3;
  p.asp_delta = 22;
  p.asp_widen_max = 456;
  p.refresh();
  return p;
}

}  // namespace

std::span<const Tunable> tunables() { return TUNABLES; }

const SearchParams& default_search_params(Variant v) {
  // A variant's tuned values (scripts/slurm_spsa) go here once they have won an SPRT against the
  // ones before them.
  static_assert(VARIANTS.size() == 2 && VARIANTS[1].variant == Variant::OrdoX);
  static const std::array<SearchParams, VARIANTS.size()> defaults{classic_defaults(), ordox_defaults()};
  return defaults[std::size_t(variant_index(v))];
}

void SearchParams::refresh() {
  // As the constant table was: 0.5 + ln(d) ln(m) / 2.2 at the defaults, computed the same way.
  const double base = lmr_base / 100.0, divisor = lmr_divisor / 100.0;
  for (int d = 0; d < LMR_SIZE; ++d)
    for (int m = 0; m < LMR_SIZE; ++m) {
      const int r = d == 0 || m == 0 ? 0 : int(base + std::log(d) * std::log(m) / divisor);
      lmr_table_[std::size_t(d)][std::size_t(m)] = std::uint8_t(std::clamp(r, 0, 255));
    }
}

std::string SearchParams::set(std::string_view name, int value) {
  for (const Tunable& t : TUNABLES) {
    if (t.name != name) continue;
    if (value < t.min || value > t.max)
      return "search parameter '" + std::string(name) + "' takes a whole number from " + std::to_string(t.min) +
             " to " + std::to_string(t.max) + ", not " + std::to_string(value);
    this->*t.field = value;
    refresh();
    return "";
  }
  return "unknown search parameter '" + std::string(name) + "'";
}

}  // namespace ordo
