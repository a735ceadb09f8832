#include "match_stats.hpp"

#include <cmath>
#include <limits>
#include <map>

#include "outcome.hpp"

namespace ordo::match {

double Tally::score() const {
  const long long n = games();
  return n == 0 ? 0.5 : points() / static_cast<double>(n);
}

void Tally::count(double game_points) {
  switch (game::result_of_points(game_points)) {
    case game::GameResult::Win: ++wins; break;
    case game::GameResult::Loss: ++losses; break;
    case game::GameResult::Draw: ++draws; break;
  }
}

PairStats stats_between(const std::vector<GameScore>& games, int a, int b) {
  PairStats s;
  s.a = a;
  s.b = b;
  std::map<long long, std::pair<int, double>> pairs;  // pair -> (games, a's points)
  for (const auto& g : games) {
    double a_points;
    if (g.white == a && g.black == b) a_points = g.white_points;
    else if (g.white == b && g.black == a) a_points = 1.0 - g.white_points;
    else continue;
    s.count(a_points);
    auto& p = pairs[g.pair];
    ++p.first;
    p.second += a_points;
  }
  for (const auto& [id, p] : pairs)
    if (p.first == 2) ++s.penta[static_cast<std::size_t>(std::lround(p.second * 2))];
  return s;
}

std::vector<PairStats> pair_stats(const std::vector<GameScore>& games, int engine_count) {
  std::vector<PairStats> out;
  for (int a = 0; a < engine_count; ++a)
    for (int b = a + 1; b < engine_count; ++b) {
      PairStats s = stats_between(games, a, b);
      if (s.games() > 0) out.push_back(s);
    }
  return out;
}

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate elo_estimate(const PairStats& s) {
  EloEstimate e;
  const long long n = s.games();
  if (n == 0) {
    e.error = std::numeric_limits<double>::infinity();
    return e;
  }
  // Mean and variance of the score per unit (a pair when pairs exist, else a game).
  long long units = 0;
  double mean = 0, var = 0;
  long long pairs = 0;
  for (long long c : s.penta) pairs += c;
  if (pairs > 0) {
    units = pairs;
    for (std::size_t i = 0; i < 5; ++i) mean += static_cast<double>(s.penta[i]) * (static_cast<double>(i) / 4.0);
    mean /= static_cast<double>(pairs);
    for (std::size_t i = 0; i < 5; ++i) {
      const double d = static_cast<double>(i) / 4.0 - mean;
      var += static_cast<double>(s.penta[i]) * d * d;
    }
    var /= static_cast<double>(pairs);
    mean = s.score();  // the point estimate uses every game, paired or not
  } else {
    units = n;
    mean = s.score();
    const double w = static_cast<double>(s.wins) / static_cast<double>(n);
    const double d = static_cast<double>(s.draws) / static_cast<double>(n);
    const double l = static_cast<double>(s.losses) / static_cast<double>(n);
    var = w * (1 - mean) * (1 - mean) + d * (0.5 - mean) * (0.5 - mean) + l * mean * mean;
  }
  e.elo = elo_from_score(mean);
  const long long needed = pairs > 0 ? kMinPairsForInterval : kMinGamesForInterval;
  const double stderr_ = units >= needed && var > 1e-12 ? std::sqrt(var / static_cast<double>(units))
                                                        : std::numeric_limits<double>::quiet_NaN();
  const double lo = elo_from_score(mean - 1.959963985 * stderr_);
  const double hi = elo_from_score(mean + 1.959963985 * stderr_);
  e.error = (hi - lo) / 2.0;
  if (std::isnan(e.error)) e.error = std::numeric_limits<double>::infinity();
  const long long decisive = s.wins + s.losses;
  e.los = decisive == 0 ? 0.5
                        : 0.5 * (1.0 + std::erf(static_cast<double>(s.wins - s.losses) /
                                                std::sqrt(2.0 * static_cast<double>(decisive))));
  return e;
}

namespace {

// The distribution closest to pdf (maximum likelihood) among those with expected score s over the
// outcomes a: p_i = pdf_i / (1 + x (a_i - s)), x solving sum p_i (a_i - s) = 0 (found by bisection;
// the sum is decreasing in x on the interval where every denominator is positive).
std::array<double, 5> mle_with_expectation(const std::array<double, 5>& pdf, const std::array<double, 5>& a, double s) {
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 5; ++i) {
    const double d = a[i] - s;
    if (d > 0) lo = std::max(lo, -1.0 / d);
    if (d < 0) hi = std::min(hi, -1.0 / d);
  }
  auto f = [&](double x) {
    double sum = 0;
    for (std::size_t i = 0; i < 5; ++i) sum += pdf[i] * (a[i] - s) / (1 + x * (a[i] - s));
    return sum;
  };
  // Stay strictly inside the interval.
  const double width = hi - lo;
  double l = lo + width * 1e-12, h = hi - width * 1e-12;
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (l + h);
    if (f(mid) > 0) l = mid;
    else h = mid;
  }
  const double x = 0.5 * (l + h);
  std::array<double, 5> p{};
  double total = 0;
  for (std::size_t i = 0; i < 5; ++i) total += p[i] = pdf[i] / (1 + x * (a[i] - s));
  for (auto& v : p) v /= total;
  return p;
}

}  // namespace

double sprt_llr(const std::array<long long, 5>& penta, double elo0, double elo1) {
  // As fishtest: counts below a small epsilon are raised to it (so a pdf never has zeros), the
  // empirical pdf of pair scores, and N times the per-pair LLR of the two MLE distributions.
  std::array<double, 5> counts{};
  double n = 0;
  long long real = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    counts[i] = std::max(1e-3, static_cast<double>(penta[i]));
    n += counts[i];
    real += penta[i];
  }
  if (real == 0) return 0;
  std::array<double, 5> pdf{};
  for (std::size_t i = 0; i < 5; ++i) pdf[i] = counts[i] / n;
  const std::array<double, 5> a = {0.0, 0.25, 0.5, 0.75, 1.0};
  const auto p0 = mle_with_expectation(pdf, a, score_from_elo(elo0));
  const auto p1 = mle_with_expectation(pdf, a, score_from_elo(elo1));
  double llr = 0;
  for (std::size_t i = 0; i < 5; ++i) llr += pdf[i] * std::log(p1[i] / p0[i]);
  return n * llr;
}

SprtState sprt_state(const std::array<long long, 5>& penta, double elo0, double elo1, double alpha, double beta) {
  SprtState s;
  s.llr = sprt_llr(penta, elo0, elo1);
  s.lower = std::log(beta / (1 - alpha));
  s.upper = std::log((1 - beta) / alpha);
  s.decision = s.llr >= s.upper ? 1 : s.llr <= s.lower ? -1 : 0;
  return s;
}

}  // namespace ordo::match
