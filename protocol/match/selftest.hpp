// ordo-match -selftest: one engine against itself under two names, NAME-A and NAME-B, in both
// orders (A listed first, B listed first), alternating in parts (A B, B A, A B, ...), with the
// same openings and settings. Identical
// engines must score 50 %: the first-listed seat's score and NAME-A's score, each with its Elo and
// 95 % interval from the pentanomial pairs, tell whether the runner favours a seat (start order,
// the first engine's slot) or a name (anything keyed to the engine's identity), and the pooled
// engine figures show whether both were given the same time, CPU and cores.
#pragma once

#include <string>
#include <vector>

#include "match_config.hpp"
#include "match_stats.hpp"
#include "results.hpp"

namespace ordo::match {

struct SelftestFigures {
  PairStats first_seat;  // the engine listed first, over both orders
  PairStats name_a;      // NAME-A, over both orders
  long long games = 0;
  double white_score = 0.5, white_error95 = 0;  // White's points per game, 95 % half-width
  bool undecided = false;  // too few games for an interval
  bool leans = false;      // an interval that excludes 0 Elo
  std::string verdict;     // one line
};

// From the finished games of the two orders: order_a's engine 0 is NAME-A, order_b's is NAME-B.
SelftestFigures selftest_figures(const std::vector<FinishedGame>& order_a, const std::vector<FinishedGame>& order_b);

// The orders alternate in at most this many parts each.
inline constexpr int kSelftestParts = 10;

// Plays both orders of config (whose two engines are the one engine under its two names), prints
// the figures and a verdict, writes them to -json when given. Exit code: kExitLean when it leans,
// another nonzero code when a run failed, else 0.
int run_selftest(const MatchConfig& config);

}  // namespace ordo::match
