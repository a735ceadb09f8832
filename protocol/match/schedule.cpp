#include "schedule.hpp"

namespace ordo::match {

namespace {
long long half_up(long long x) { return (x + 1) / 2; }  // ceil(x / 2) for x >= 0
}  // namespace

// The games of round r (0-based) of one encounter are its games k = r*G .. r*G+G-1 (G = -games);
// an even k opens a pair. Before round r every encounter has opened half_up(r*G) pairs.
long long Schedule::pairs_before_round(long long round) const { return encounter_count_ * half_up(round * games_); }

long long Schedule::pairs_in_round(long long round) const {
  return half_up((round + 1) * games_) - half_up(round * games_);
}

long long Schedule::opened_pair(long long round, long long encounter, long long k) const {
  const long long first_even = round * games_ + (round * games_) % 2;
  return pairs_before_round(round) + encounter * pairs_in_round(round) + (k - first_even) / 2 + 1;
}

Schedule::Schedule(const MatchConfig& config)
    : rounds_(config.rounds), games_(config.games), shard_index_(config.shard_index), shard_count_(config.shard_count) {
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (config.tournament == TournamentKind::RoundRobin || a == 0) encounters_.emplace_back(a, b);
  encounter_count_ = static_cast<long long>(encounters_.size());
  total_games_ = rounds_ * encounter_count_ * games_;
  total_pairs_ = encounter_count_ * half_up(rounds_ * games_);
  if (total_pairs_ < shard_index_) return;
  const long long shard_pairs = (total_pairs_ - shard_index_) / shard_count_ + 1;
  // With an odd number of games per encounter, each encounter's last pair has one game.
  long long singles = 0;
  if ((rounds_ * games_) % 2 == 1)
    for (long long e = 0; e < encounter_count_; ++e)
      if ((opened_pair(rounds_ - 1, e, rounds_ * games_ - 1) - 1) % shard_count_ == shard_index_ - 1) ++singles;
  shard_games_ = 2 * shard_pairs - singles;
}

ScheduledGame Schedule::at(long long number) const {
  const long long index = number - 1, per_round = encounter_count_ * games_;
  const long long round = index / per_round, encounter = index % per_round / games_, g = index % games_;
  const long long k = round * games_ + g;
  const auto [a, b] = encounters_[static_cast<std::size_t>(encounter)];
  ScheduledGame s;
  s.number = number;
  // An odd k is the second game of the pair its game k-1 opened, in this round or the one before.
  if (k % 2 == 0) s.pair = opened_pair(round, encounter, k);
  else s.pair = opened_pair(g > 0 ? round : round - 1, encounter, k - 1);
  s.round = static_cast<int>(round + 1);
  s.white = k % 2 == 0 ? a : b;
  s.black = k % 2 == 0 ? b : a;
  s.opening_round = round;
  return s;
}

long long Schedule::first_number(long long pair) const {
  // The last round whose start has fewer pairs opened than `pair`: opens it (it opens at least one).
  const long long t = (pair - 1) / encounter_count_;
  const long long round = 2 * t / games_;
  const long long offset = pair - 1 - pairs_before_round(round), per = pairs_in_round(round);
  const long long encounter = offset / per, j = offset % per;
  const long long g = (round * games_) % 2 + 2 * j;
  return round * encounter_count_ * games_ + encounter * games_ + g + 1;
}

std::optional<long long> Schedule::second_number(long long pair) const {
  const long long first = first_number(pair);
  const ScheduledGame s = at(first);
  const long long g = (first - 1) % games_, k = s.opening_round * games_ + g;
  if (k + 1 >= rounds_ * games_) return std::nullopt;  // the encounter's last game, a pair of one
  if (g + 1 < games_) return first + 1;
  return first + (encounter_count_ - 1) * games_ + 1;  // game 0 of the encounter's next round
}

std::optional<ScheduledGame> Schedule::game(long long number) const {
  if (number < 1 || number > total_games_) return std::nullopt;
  ScheduledGame s = at(number);
  if ((s.pair - 1) % shard_count_ != shard_index_ - 1) return std::nullopt;
  return s;
}

std::optional<long long> Schedule::partner(long long number) const {
  if (number < 1 || number > total_games_) return std::nullopt;
  const long long pair = at(number).pair;
  const long long first = first_number(pair);
  const auto second = second_number(pair);
  if (!second) return std::nullopt;
  return number == first ? *second : first;
}

std::optional<ScheduledGame> Schedule::Cursor::next() {
  // Every game of the shard below both candidates has been given: the next first game (pairs open
  // in number order) and the lowest pending second game of a pair already opened.
  const bool have_first = next_pair_ <= s_->total_pairs_;
  const long long first = have_first ? s_->first_number(next_pair_) : 0;
  if (!seconds_.empty() && (!have_first || seconds_.top() < first)) {
    const long long number = seconds_.top();
    seconds_.pop();
    return s_->at(number);
  }
  if (!have_first) return std::nullopt;
  if (const auto second = s_->second_number(next_pair_)) seconds_.push(*second);
  next_pair_ += s_->shard_count_;
  return s_->at(first);
}

}  // namespace ordo::match
