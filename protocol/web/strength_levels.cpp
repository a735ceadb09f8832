#include "strength_levels.hpp"

#include <algorithm>
#include <cmath>

#include "tokenizer.hpp"

namespace ordo::web {

namespace {

const driver::EngineOption* find(const std::vector<driver::EngineOption>& options, const char* name) {
  for (const auto& o : options)
    if (protocol::iequals(o.name, name)) return &o;
  return nullptr;
}

// One line per level, weakest first: what a person meets at that level.
constexpr const char* kLevelTexts[kLevelCount] = {
    "a beginner: knows the rules and little more",
    "plays loosely, leaves pieces to be taken",
    "knows the rules, misses tactics",
    "takes what is offered, sees one turn ahead",
    "a fair player: sees short threats",
    "a good player: finds most short tactics",
    "a strong player: rarely blunders",
    "the strongest level below full strength",
};

}  // namespace

std::optional<EloRange> elo_range(const std::vector<driver::EngineOption>& options) {
  const driver::EngineOption* limit = find(options, "UCI_LimitStrength");
  const driver::EngineOption* elo = find(options, "UCI_Elo");
  if (!limit || limit->type != driver::EngineOption::Type::Check) return std::nullopt;
  if (!elo || elo->type != driver::EngineOption::Type::Spin || !elo->min || !elo->max || *elo->min > *elo->max)
    return std::nullopt;
  return EloRange{*elo->min, *elo->max};
}

std::vector<EngineLevel> levels_for(const EloRange& range) {
  std::vector<EngineLevel> levels;
  const double span = double(range.max - range.min);
  for (int i = 0; i < kLevelCount; ++i) {
    const double exact = double(range.min) + span * i / (kLevelCount - 1);
    const long long rounded = std::llround(exact / 50.0) * 50;
    const long long elo = std::clamp(rounded, range.min, range.max);
    levels.push_back({i + 1, int(std::clamp<long long>(elo, -1000000000, 1000000000)), kLevelTexts[i]});
  }
  return levels;
}

std::vector<EngineLevel> engine_levels(const std::vector<driver::EngineOption>& options) {
  const auto range = elo_range(options);
  return range ? levels_for(*range) : std::vector<EngineLevel>{};
}

}  // namespace ordo::web
