#include "affinity.hpp"

#include <algorithm>

#include "tokenizer.hpp"
#include "process_usage.hpp"

namespace ordo::match {

AffinityPlan plan_affinity(int slots, int threads, const std::vector<int>& available) {
  AffinityPlan plan;
  const long long need = static_cast<long long>(slots) * threads;
  if (slots <= 0 || threads <= 0 || need > static_cast<long long>(available.size())) {
    // Piece by piece: GCC 12 warns falsely on "literal" + std::string&&.
    plan.note = "not pinned: ";
    plan.note += std::to_string(slots);
    plan.note += slots == 1 ? " game" : " games";
    plan.note += " at a time of ";
    plan.note += std::to_string(threads);
    plan.note += threads == 1 ? " thread need " : " threads need ";
    plan.note += std::to_string(need);
    plan.note += " CPUs, ";
    plan.note += std::to_string(available.size());
    plan.note += " available";
    return plan;
  }
  std::string text;
  for (int s = 0; s < slots; ++s) {
    std::vector<int> cpus(available.begin() + s * threads, available.begin() + (s + 1) * threads);
    if (!text.empty()) text += "; ";
    text += "game slot ";
    text += std::to_string(s + 1);
    text += threads == 1 ? " on CPU " : " on CPUs ";
    text += driver::cpu_list_text(cpus);
    plan.slots.push_back(std::move(cpus));
  }
  plan.note = "each game's engines pinned: " + text;
  return plan;
}

std::vector<int> usable_cpus() { return driver::allowed_cpus(0); }

int engine_threads(const MatchConfig& config) {
  long long most = 1;
  for (const auto& e : config.engines)
    for (const auto& [name, value] : e.options)
      if (protocol::iequals(name, "Threads"))
        if (const auto v = protocol::parse_int(value); v && *v > most) most = *v;
  return static_cast<int>(std::min<long long>(most, 4096));
}

std::optional<AffinityPlan> affinity_for(const MatchConfig& config, int slots, std::string* error) {
  if (config.affinity == "off") return AffinityPlan{{}, "not pinned (-affinity off)"};
  const auto usable = usable_cpus();
  if (config.affinity == "auto" || config.affinity.empty()) {
    // One game at a time has no other game to keep apart, and runs started side by side (local
    // job-array tasks, data sets made in parallel) would all be pinned to the same first CPU.
    if (slots == 1) return AffinityPlan{{}, "not pinned: one game at a time (-affinity auto)"};
    return plan_affinity(slots, engine_threads(config), usable);
  }
  const auto listed = driver::parse_cpu_list(config.affinity);
  if (!listed) {
    if (error) *error = "-affinity: expected auto, off or a CPU list such as 0-3,6, got '" + config.affinity + "'";
    return std::nullopt;
  }
  for (const int c : *listed)
    if (!std::binary_search(usable.begin(), usable.end(), c)) {
      if (error)
        *error = "-affinity: CPU " + std::to_string(c) + " is not one this run may use (" +
                 driver::cpu_list_text(usable) + ")";
      return std::nullopt;
    }
  return plan_affinity(slots, engine_threads(config), *listed);
}

}  // namespace ordo::match
