#include "selftest.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "output_file.hpp"
#include "tournament.hpp"

namespace ordo::match {

namespace {

// a's view of b's stats: wins and losses swapped, the pentanomial reversed.
PairStats flipped(const PairStats& s) {
  PairStats f = s;
  std::swap(f.a, f.b);
  std::swap(f.wins, f.losses);
  for (int i = 0; i < 5; ++i) f.penta[static_cast<std::size_t>(i)] = s.penta[static_cast<std::size_t>(4 - i)];
  return f;
}

void add_into(PairStats& into, const PairStats& s) {
  into.wins += s.wins;
  into.draws += s.draws;
  into.losses += s.losses;
  for (std::size_t i = 0; i < 5; ++i) into.penta[i] += s.penta[i];
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string stats_line(const std::string& who, const PairStats& s) {
  const EloEstimate e = elo_estimate(s);
  std::string out = who + ": " + std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " +
                    std::to_string(s.draws) + " [" + fixed(100 * s.score(), 1) + " %], Elo ";
  out += elo_text(e.elo) + " +/- " + elo_error_text(e.error);
  out += ", pairs " + std::to_string(s.penta[0]) + "/" + std::to_string(s.penta[1]) + "/" + std::to_string(s.penta[2]) +
         "/" + std::to_string(s.penta[3]) + "/" + std::to_string(s.penta[4]);
  return out;
}

// A score judged against 50 %: by its 95 % interval; without one because every pair scored alike
// (a fixed node count makes both games of a pair one game), exact when that is 1-1 and a lean
// otherwise; undecided below the minimum of pairs for an interval.
enum class Judged { Undecided, Even, Exact, Leans };
Judged judge(const PairStats& s) {
  const long long pairs = s.penta[0] + s.penta[1] + s.penta[2] + s.penta[3] + s.penta[4];
  const EloEstimate e = elo_estimate(s);
  if (std::isfinite(e.error)) return std::fabs(e.elo) > e.error ? Judged::Leans : Judged::Even;
  if (pairs < kMinPairsForInterval) return Judged::Undecided;
  if (pairs == s.penta[2] && s.wins == s.losses) return Judged::Exact;
  return s.penta[0] == pairs || s.penta[4] == pairs ? Judged::Leans : Judged::Undecided;
}

}  // namespace

SelftestFigures selftest_figures(const std::vector<FinishedGame>& order_a, const std::vector<FinishedGame>& order_b) {
  SelftestFigures f;
  const PairStats a = stats_between(scores_of(order_a), 0, 1);  // NAME-A listed first
  const PairStats b = stats_between(scores_of(order_b), 0, 1);  // NAME-B listed first
  f.first_seat = a;
  add_into(f.first_seat, b);
  f.name_a = a;
  add_into(f.name_a, flipped(b));
  double sum = 0, sum2 = 0;
  for (const auto* games : {&order_a, &order_b})
    for (const auto& g : *games) {
      sum += g.score.white_points;
      sum2 += g.score.white_points * g.score.white_points;
      ++f.games;
    }
  if (f.games > 0) {
    const double n = double(f.games), mean = sum / n;
    f.white_score = mean;
    f.white_error95 = f.games > 1 ? 1.96 * std::sqrt(std::max(0.0, sum2 / n - mean * mean) / (n - 1)) : 0;
  }
  const Judged seat = judge(f.first_seat), name = judge(f.name_a);
  f.undecided = seat == Judged::Undecided || name == Judged::Undecided;
  const bool seat_leans = !f.undecided && seat == Judged::Leans;
  const bool name_leans = !f.undecided && name == Judged::Leans;
  f.leans = seat_leans || name_leans;
  if (f.undecided) f.verdict = "undecided: too few games for an interval (play more rounds)";
  else if (!f.leans && seat == Judged::Exact && name == Judged::Exact)
    f.verdict = "even: every pair split 1-1, for the first seat and for each name (exactly 50 %)";
  else if (!f.leans) f.verdict = "even: neither the first seat nor a name scores outside its 95 % interval around 50 %";
  else {
    f.verdict = "LEANS: ";
    if (seat_leans) f.verdict += "the first-listed seat";
    if (seat_leans && name_leans) f.verdict += " and ";
    if (name_leans) f.verdict += "one name";
    f.verdict += " scores outside its 95 % interval around 50 % (1 run in 20 does so by chance: repeat it)";
  }
  return f;
}

int run_selftest(const MatchConfig& config) {
  const std::string& name_a = config.engines[0].name;
  const std::string& name_b = config.engines[1].name;
  // The two orders alternate in parts, each part on the next openings and both orders of a part
  // on the same ones, the order played first alternating too (A B, B A, A B, ...): a change of
  // the machine's load during the run then falls on both orders alike, not on one of them.
  const int parts = std::min(config.rounds, kSelftestParts);
  RunSummary run_a, run_b;
  Json game_list = Json::array();
  int rounds_done = 0;
  for (int part = 0; part < parts; ++part) {
    const int rounds = config.rounds / parts + (part < config.rounds % parts ? 1 : 0);
    for (int step = 0; step < 2; ++step) {
      const int order = (part + step) % 2;  // A B, B A, A B, ...: a drift in time cancels too
      MatchConfig c = config;
      c.json.clear();
      c.quiet = true;
      c.print_report = false;
      c.rounds = rounds;
      c.openings.start = config.openings.start + rounds_done;
      if (order == 1) std::swap(c.engines[0], c.engines[1]);
      RunSummary run;
      const int code = run_tournament(c, &run);
      if (code != kExitOk || g_interrupted) return code;
      RunSummary& into = order == 0 ? run_a : run_b;
      // Each part numbers its games and pairs from 1: they are renumbered after the earlier parts'.
      long long last_number = 0, last_pair = 0;
      for (const auto& g : into.games) {
        last_number = std::max(last_number, g.score.number);
        last_pair = std::max(last_pair, g.score.pair);
      }
      for (FinishedGame g : run.games) {
        g.score.number += last_number;
        g.score.pair += last_pair;
        into.games.push_back(g);
      }
      into.usage.merge(run.usage);
      into.affinity_note = run.affinity_note;
      // Every game for -json: which part and order, its number there, White, Black, White's points.
      for (const FinishedGame& g : run.games)
        game_list.push_back({part + 1, order == 0 ? "A" : "B", g.score.number,
                             c.engines[static_cast<std::size_t>(g.score.white)].name,
                             c.engines[static_cast<std::size_t>(g.score.black)].name, g.score.white_points});
      const PairStats s = stats_between(scores_of(run.games), 0, 1);
      if (!config.quiet)
        std::cout << "Part " << part + 1 << " of " << parts << ", " << c.engines[0].name << " listed first: "
                  << s.games() << " games, first-listed " << fixed(s.points(), 1) << " - "
                  << fixed(flipped(s).points(), 1) << std::endl;
    }
    rounds_done += rounds;
  }

  const SelftestFigures f = selftest_figures(run_a.games, run_b.games);
  UsageBook usage;
  usage.merge(run_a.usage);
  usage.merge(run_b.usage);
  std::cout << "\nSelf-test of one engine under two names, " << f.games << " games in both orders ("
            << run_a.affinity_note << ")\n"
            << stats_line("First-listed seat", f.first_seat) << "\n"
            << stats_line(name_a, f.name_a) << "\n"
            << "White: " << fixed(100 * f.white_score, 1) << " % +/- " << fixed(100 * f.white_error95, 1)
            << " (the first move's value; for information)\n"
            << usage.text({name_a, name_b}) << "Verdict: " << f.verdict << "\n";
  if (!config.json.empty()) {
    Json j;
    j["mode"] = "selftest";
    j["engines"] = {name_a, name_b};
    j["games"] = f.games;
    j["first_seat"] = pair_json(f.first_seat, false);
    j["name_a"] = pair_json(f.name_a, false);
    j["white_score"] = json_figure(f.white_score);
    j["white_error95"] = json_figure(f.white_error95);
    j["affinity"] = run_a.affinity_note;
    j["verdict"] = f.undecided ? "undecided" : f.leans ? "leans" : "even";
    j["verdict_text"] = f.verdict;
    // The engine figures in the tournament report's own shape.
    const Json figures = usage.json_members({name_a, name_b});
    for (const auto& [key, value] : figures.items()) j[key] = value;
    j["game_results"] = game_list;  // [part, "A" or "B" (who is listed first), number, White, Black, White's points]
    const std::string text = json_text(j, 2);
    std::string error;
    if (!files::replace_file(config.json, text, &error)) {
      std::cerr << "error: -json: " << error << "\n";
      return kExitUsage;
    }
  }
  return f.leans ? kExitLean : kExitOk;
}

}  // namespace ordo::match
