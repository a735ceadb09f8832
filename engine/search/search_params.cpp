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

// A variant's values that differ from the struct's own defaults, by tunable name.
struct Setting {
  std::string_view name;
  int value;
};

// Classic's values from its SPSA tuning (docs/CLUSTER.md, "Classic, measured the same way": 3,000
// pairs of games at 20,000 nodes a move), kept after they won an SPRT at st=0.05 against the struct's
// own defaults, the values the search was written with.
constexpr Setting CLASSIC_TUNED[] = {
    {"qs_capture_plies", 3}, {"qs_delta_margin", 204}, {"rfp_depth", 3},     {"rfp_margin", 104},
    {"fut_depth", 3},        {"fut_margin", 138},      {"lmp_depth", 4},     {"lmp_base", 1},
    {"lmp_factor", 21},      {"lmr_depth", 2},         {"lmr_move", 3},      {"lmr_base", 92},
    {"lmr_divisor", 222},    {"lmr_pv", 0},            {"history_bonus_max", 473},
    {"asp_depth", 3},        {"asp_delta", 29},        {"asp_widen_max", 388},
};

// Ordo X's values from its SPSA tuning (docs/CLUSTER.md, "A tuning, measured": 3,000 pairs of
// games at 20,000 nodes a move), kept after they won an SPRT at st=0.05 against the values the
// search was written with (the struct's own defaults).
constexpr Setting ORDOX_TUNED[] = {
    {"qs_capture_plies", 1}, {"qs_delta_margin", 185}, {"rfp_depth", 3},     {"rfp_margin", 142},
    {"fut_depth", 3},        {"fut_margin", 145},      {"lmp_depth", 5},     {"lmp_base", 1},
    {"lmp_factor", 18},      {"lmr_depth", 3},         {"lmr_move", 2},      {"lmr_base", 42},
    {"lmr_divisor", 255},    {"lmr_pv", 2},            {"history_bonus_max", 394},
    {"asp_depth", 3},        {"asp_delta", 22},        {"asp_widen_max", 456},
};

// The tunable of a name, or nullptr.
constexpr const Tunable* find_tunable(std::string_view name) {
  for (const Tunable& t : TUNABLES)
    if (t.name == name) return &t;
  return nullptr;
}

// Whether every setting names a tunable, once, with a value in its range (checked when compiling).
consteval bool valid_settings(std::span<const Setting> settings) {
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const Tunable* t = find_tunable(settings[i].name);
    if (!t || settings[i].value < t->min || settings[i].value > t->max) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (settings[j].name == settings[i].name) return false;
  }
  return true;
}
static_assert(valid_settings(CLASSIC_TUNED) && valid_settings(ORDOX_TUNED),
              "a tuned value names no tunable, repeats one or is out of its range");

// The struct's own defaults with `settings` written over them.
SearchParams with_settings(std::span<const Setting> settings) {
  SearchParams p;
  for (const Setting& s : settings) p.*(find_tunable(s.name)->field) = s.value;
  p.refresh();
  return p;
}

}  // namespace

std::span<const Tunable> tunables() { return TUNABLES; }

const SearchParams& default_search_params(Variant v) {
  // A variant's tuned values (scripts/slurm_spsa) go here once they have won an SPRT against the
  // ones before them.
  static_assert(VARIANTS.size() == 2 && VARIANTS[1].variant == Variant::OrdoX);
  static const std::array<SearchParams, VARIANTS.size()> defaults{with_settings(CLASSIC_TUNED),
                                                                   with_settings(ORDOX_TUNED)};
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
