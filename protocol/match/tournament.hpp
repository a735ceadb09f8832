// Runs a tournament: the schedule (or its shard), minus the games already in the records when
// resuming, played by `concurrency` workers; each finished game is appended and flushed to the
// records at once, progress is printed per game, reports every -ratinginterval games and at the
// end, the SPRT stops a two-engine match at its decision.
#pragma once

#include <atomic>

#include "match_config.hpp"

namespace ordo::match {

// Exit codes of ordo-match.
enum ExitCode : int {
  kExitOk = 0,
  kExitRecordsBad = 1,  // -replay found a bad record
  kExitUsage = 2,
  kExitEngine = 3,      // an engine could not be started, or crashed/stalled without -recover
  kExitInterrupted = 130,
};

// Set by the signal handler; the tournament stops as soon as it sees it.
extern std::atomic<bool> g_interrupted;

int run_tournament(const MatchConfig& config);

}  // namespace ordo::match
