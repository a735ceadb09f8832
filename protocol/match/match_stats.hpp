// Match statistics: W/D/L, score, Elo with a 95 % interval, LOS, pentanomial pair counts and the
// pentanomial SPRT log-likelihood ratio, computed the way fishtest computes it (logistic Elo,
// generalised SPRT with the maximum-likelihood distribution of the observed pair results).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace ordo::match {

// One finished game as the statistics see it: engine indices and White's points (1, 0.5, 0).
struct GameScore {
  long long number = 0;
  long long pair = 0;
  int white = 0, black = 0;
  double white_points = 0.5;
};

// One side's games counted as wins, draws and losses.
struct Tally {
  long long wins = 0, draws = 0, losses = 0;
  long long games() const { return wins + draws + losses; }
  // The points: 1 a win, 0.5 a draw. The one W/D/L-to-points rule of the reports.
  double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
  double score() const;  // points per game, 0.5 with no games
  // Counts one game by the side's points in it (1, 0.5 or 0; game::result_of_points).
  void count(double game_points);
};

// From the first engine's (a's) point of view.
struct PairStats : Tally {
  int a = 0, b = 0;
  // Complete colour-swapped pairs by a's points in the pair: [0] 0, [1] 0.5, [2] 1, [3] 1.5, [4] 2.
  std::array<long long, 5> penta{};
};

// Every pairing of engines that met, a < b, from a list of finished games.
std::vector<PairStats> pair_stats(const std::vector<GameScore>& games, int engine_count);
// The stats of a against b (either order in the list is fine; the result is from a's view).
PairStats stats_between(const std::vector<GameScore>& games, int a, int b);

struct EloEstimate {
  double elo = 0;
  double error = 0;  // half-width of the 95 % interval; infinite when undefined (reported as n/a)
  double los = 0.5;  // likelihood of superiority
};

// The smallest samples that get an Elo interval: the normal approximation behind it needs some
// games, and a variance estimated as zero (every pair, or every game, scored the same) claims a
// certainty that a small sample cannot give. Below these counts, or with a zero variance, the
// interval is undefined.
inline constexpr long long kMinPairsForInterval = 10;  // complete colour-swapped pairs
inline constexpr long long kMinGamesForInterval = 20;  // games, when they form no pairs

// Elo from every game's score; its 95 % interval from the variance of the pair scores when there
// are complete pairs, else of the game scores (with the minimum samples above).
EloEstimate elo_estimate(const PairStats& s);

double elo_from_score(double score);  // logistic; +-inf at 1 and 0
double score_from_elo(double elo);

struct SprtState {
  double llr = 0;
  double lower = 0, upper = 0;  // ln(beta/(1-alpha)), ln((1-beta)/alpha)
  int decision = 0;             // -1 H0 accepted, +1 H1 accepted, 0 continue
};
// The pentanomial GSPRT log-likelihood ratio of elo1 against elo0 (logistic Elo).
double sprt_llr(const std::array<long long, 5>& penta, double elo0, double elo1);
SprtState sprt_state(const std::array<long long, 5>& penta, double elo0, double elo1, double alpha, double beta);

}  // namespace ordo::match
