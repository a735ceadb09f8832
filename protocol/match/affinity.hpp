// Which CPUs each concurrency slot's engines may run on (-affinity). A slot plays one game at a
// time and its two engines think in turn (the runner does not ponder), so both share the slot's
// CPUs; each slot gets CPUs of its own, so no two games' engines compete for a core. The set is
// given to the engine before exec, so every thread it starts inherits it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match_config.hpp"

namespace ordo::match {

struct AffinityPlan {
  std::vector<std::vector<int>> slots;  // slot i's CPUs; empty: nothing is pinned
  std::string note;                     // one line for the run's heading
};

// Slots of `threads` CPUs each, in order from `available`; nothing pinned (and the note says
// why) when there are fewer than slots * threads CPUs.
AffinityPlan plan_affinity(int slots, int threads, const std::vector<int>& available);
// The CPUs this process may run on (sched_getaffinity).
std::vector<int> usable_cpus();
// The largest Threads option of the run's engines (1 when none sets it).
int engine_threads(const MatchConfig& config);
// The plan for -affinity: "off" pins nothing; "auto" (the default) plans over usable_cpus() when
// two or more games run at a time and pins nothing for one; a CPU list plans over those CPUs.
// nullopt with *error when the list names a CPU this run may not use.
std::optional<AffinityPlan> affinity_for(const MatchConfig& config, int slots, std::string* error);

}  // namespace ordo::match
