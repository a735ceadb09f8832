#include "schedule.hpp"

namespace ordo::match {

std::vector<ScheduledGame> make_schedule(const MatchConfig& config) {
  std::vector<std::pair<int, int>> encounters;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (config.tournament == TournamentKind::RoundRobin || a == 0) encounters.emplace_back(a, b);

  std::vector<ScheduledGame> games;
  long long number = 0, pairs = 0;
  std::vector<long long> open_pair(encounters.size(), 0);  // per encounter: the pair being filled
  for (int round = 0; round < config.rounds; ++round) {
    for (std::size_t e = 0; e < encounters.size(); ++e) {
      const auto [a, b] = encounters[e];
      for (int g = 0; g < config.games; ++g) {
        // The k-th game of an encounter: colours alternate, and games 2j and 2j+1 form a pair
        // (with an odd -games a pair spans two rounds).
        const long long k = static_cast<long long>(round) * config.games + g;
        if (k % 2 == 0) open_pair[e] = ++pairs;
        ScheduledGame s;
        s.number = ++number;
        s.pair = open_pair[e];
        s.round = round + 1;
        s.white = k % 2 == 0 ? a : b;
        s.black = k % 2 == 0 ? b : a;
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
