// The deterministic list of games of a tournament: who plays whom, with which colours and from
// which opening. The same configuration always gives the same list, so a game is known by its
// number: what resuming, sharding and merging rely on.
//
// The list is never materialised: any game is computed from its number in constant time, and the
// games of a shard are walked in number order with memory bounded by the number of encounters, so
// -rounds 10000000 -games 1000 costs no more memory than -rounds 1.
#pragma once

#include <optional>
#include <queue>
#include <utility>
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

// The games of a tournament, or of its shard. Round-robin: every two engines meet; gauntlet: the
// first engine meets every other. In each round each encounter plays `games` games from the
// round's opening, the colours alternating across the encounter's games (also from round to round
// when `games` is odd); games 2j and 2j+1 of an encounter form a pair (with an odd `games` a pair
// spans two rounds). Pairs are numbered in the order their first games come. Shard i of n holds
// the whole pairs whose number is congruent to i modulo n.
class Schedule {
 public:
  // The schedule of config's shard (-shard i/n; 1/1 is the whole tournament).
  explicit Schedule(const MatchConfig& config);

  long long size() const { return shard_games_; }  // games in the shard
  long long total_games() const { return total_games_; }  // games of the whole tournament
  // The game numbered `number` when it belongs to the shard, else nullopt.
  std::optional<ScheduledGame> game(long long number) const;
  // The other game of the pair of game `number` (1..total_games()), nullopt when its pair has one
  // game only (an odd -games in the last round).
  std::optional<long long> partner(long long number) const;

  // Walks the shard's games in number order.
  class Cursor {
   public:
    explicit Cursor(const Schedule& s) : s_(&s), next_pair_(s.shard_index_) {}
    std::optional<ScheduledGame> next();

   private:
    const Schedule* s_;
    long long next_pair_;  // the shard's next pair whose first game is still to come
    std::priority_queue<long long, std::vector<long long>, std::greater<>> seconds_;  // pending second games
  };
  Cursor cursor() const { return Cursor(*this); }

 private:
  ScheduledGame at(long long number) const;            // any number of the tournament
  long long opened_pair(long long round, long long encounter, long long k) const;  // k: the encounter's game index, even
  long long first_number(long long pair) const;
  std::optional<long long> second_number(long long pair) const;
  long long pairs_before_round(long long round) const;
  long long pairs_in_round(long long round) const;  // per encounter

  std::vector<std::pair<int, int>> encounters_;
  long long rounds_ = 0, games_ = 0, encounter_count_ = 0;
  long long total_games_ = 0, total_pairs_ = 0;
  long long shard_index_ = 1, shard_count_ = 1, shard_games_ = 0;
};

}  // namespace ordo::match
