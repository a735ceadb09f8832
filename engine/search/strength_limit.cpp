#include "search/strength_limit.hpp"

#include <algorithm>
#include <cmath>

namespace ordo {

namespace {

// The ladders, measured by scripts/calibrate_levels (docs/PROTOCOL.md, "Levels", has the table of
// games behind each rating). A rung's rating is what its settings scored, not a target: a new
// network or search moves them, and the script says by how much.
constexpr StrengthRung CLASSIC_LADDER[] = {
    {600, {1, 32, 800, 300}},
    {730, {1, 32, 800}},   {1010, {1, 8, 300}},     {1180, {1, 4, 100}},     {1290, {1, 1, 0}},
    {1520, {1000, 1, 0}},  {1710, {4000, 1, 0}},    {1740, {15000, 1, 0}},   {1940, {50000, 1, 0}},
};

constexpr StrengthRung ORDOX_LADDER[] = {
    {690, {1, 32, 800, 500}},
    {1130, {1, 32, 800}},  {1180, {1, 8, 300}},     {1290, {1, 4, 100}},     {1330, {1, 1, 0}},
    {1590, {5000, 1, 0}},  {1720, {15000, 1, 0}},   {1780, {40000, 1, 0}},   {1930, {100000, 1, 0}},
};

u64 splitmix64(u64 x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

std::span<const StrengthRung> strength_ladder(Variant v) {
  if (v == Variant::OrdoX) return ORDOX_LADDER;
  return CLASSIC_LADDER;
}

StrengthLevel strength_level(Variant v, int elo) {
  const std::span<const StrengthRung> ladder = strength_ladder(v);
  if (elo <= ladder.front().elo) return ladder.front().level;
  if (elo >= ladder.back().elo) return ladder.back().level;
  std::size_t i = 1;
  while (ladder[i].elo < elo) ++i;
  const StrengthRung& lo = ladder[i - 1];
  const StrengthRung& hi = ladder[i];
  const double f = double(elo - lo.elo) / double(hi.elo - lo.elo);
  StrengthLevel level;
  const double log_nodes = std::log(double(lo.level.nodes)) * (1 - f) + std::log(double(hi.level.nodes)) * f;
  level.nodes = std::max<u64>(1, u64(std::llround(std::exp(log_nodes))));
  level.lines = f < 0.5 ? lo.level.lines : hi.level.lines;
  level.temperature = int(std::lround(lo.level.temperature * (1 - f) + hi.level.temperature * f));
  level.random_permille = int(std::lround(lo.level.random_permille * (1 - f) + hi.level.random_permille * f));
  return level;
}

std::size_t choose_line(std::span<const Value> scores, int temperature, u64 seed) {
  double weights[64];
  const std::size_t n = std::min<std::size_t>(scores.size(), std::size(weights));
  if (n == 0) return 0;
  const std::size_t first_best = std::size_t(std::max_element(scores.begin(), scores.begin() + std::ptrdiff_t(n)) - scores.begin());
  if (temperature <= 0) return first_best;
  const Value best = scores[first_best];
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // A forced result is compared as what it is: a line losing by force is never preferred by
    // chance over one that does not (its weight underflows to 0).
    const double below = scores[i] <= -INF ? 1e9 : double(best) - double(scores[i]);
    weights[i] = std::exp(-std::max(0.0, below) / temperature);
    total += weights[i];
  }
  // A uniform draw in [0, total) from the seed's 53 high bits.
  const double draw = double(splitmix64(seed) >> 11) * 0x1.0p-53 * total;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sum += weights[i];
    if (draw < sum) return i;
  }
  return first_best;
}

std::optional<std::size_t> random_turn(int random_permille, std::size_t count, u64 seed) {
  if (random_permille <= 0 || count == 0) return std::nullopt;
  const u64 chance = splitmix64(seed ^ 0x5EED0F0A11D00Dull);
  if (int(chance % 1000) >= random_permille) return std::nullopt;
  return std::size_t(splitmix64(chance) % count);
}

}  // namespace ordo
