// Runs a tournament: the schedule (or its shard), minus the games already in the records when
// resuming, played by `concurrency` workers; each finished game is appended and flushed to the
// records at once, progress is printed per game, reports every -ratinginterval games and at the
// end, the SPRT stops a two-engine match at its decision.
#pragma once

#include <atomic>

#include "engine_usage.hpp"
#include "match_config.hpp"
#include "results.hpp"

namespace ordo::match {

// Exit codes of ordo-match.
enum ExitCode : int {
  kExitOk = 0,
  kExitRecordsBad = 1,  // -replay found a bad record
  kExitUsage = 2,
  kExitEngine = 3,      // an engine could not be started, or crashed/stalled without -recover
  kExitLean = 4,        // -selftest: the runner favoured a seat or a name
  kExitInterrupted = 130,
};

// Set by the signal handler; the tournament stops as soon as it sees it.
extern std::atomic<bool> g_interrupted;

// What a run leaves for a caller that runs several (the self-test): its finished games and what
// its engines were given.
struct RunSummary {
  std::vector<FinishedGame> games;
  UsageBook usage;
  std::string affinity_note;
};

// Plays the tournament; returns its exit code. *summary, when given, receives the run's games.
int run_tournament(const MatchConfig& config, RunSummary* summary = nullptr);

}  // namespace ordo::match
