// The deterministic list of games of a tournament: who plays whom, with which colours and from
// which opening. The same configuration always gives the same list, so a game is known by its
// number: what resuming, sharding and merging rely on.
#pragma once

#include <vector>

#include "match_config.hpp"

namespace ordo::match {

struct ScheduledGame {
  long long number = 0;  // 1-based, in schedule order
  long long pair = 0;    // 1-based: two consecutive games of one encounter, colours swapped
  int round = 1;         // 1-based
  int white = 0, black = 0;  // engine indices
  long long opening_round = 0;  // which opening (OpeningBook::for_round)
};

// Every game of the tournament. Round-robin: every two engines meet; gauntlet: the first engine
// meets every other. In each round each encounter plays `games` games from the round's opening,
// the colours alternating across the encounter's games (also from round to round when `games` is
// odd).
std::vector<ScheduledGame> make_schedule(const MatchConfig& config);

// The games of shard i of n: whole pairs, pair numbers congruent to i modulo n.
std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& all, int index, int count);

}  // namespace ordo::match
