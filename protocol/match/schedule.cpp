#include "schedule.hpp"

namespace ordo::match {

std::vector<ScheduledGame> make_schedule(const MatchConfig& config) {
  std::vector<std::pair<int, int>> encounters;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (config.tournament == TournamentKind::RoundRobin || a == 0) encounters.emplace_back(a, b);

  std::vector<ScheduledGame> games;
  long long number = 0, pair = 0;
  for (int round = 0; round < config.rounds; ++round) {
    for (const auto& [a, b] : encounters) {
      for (int g = 0; g < config.games; ++g) {
        if (g % 2 == 0) ++pair;
        ScheduledGame s;
        s.number = ++number;
        s.pair = pair;
        s.round = round + 1;
        s.white = g % 2 == 0 ? a : b;
        s.black = g % 2 == 0 ? b : a;
        s.opening_round = round;
        games.push_back(s);
      }
    }
  }
  return games;
}

std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& all, int index, int count) {
  std::vector<ScheduledGame> out;
  for (const auto& g : all)
    if ((g.pair - 1) % count == index - 1) out.push_back(g);
  return out;
}

}  // namespace ordo::match
