// The board's strength levels, as lichess offers them: eight levels spread over the rating range an
// engine announces for UCI_Elo (docs/PROTOCOL.md, "Levels"), so they follow the engine's
// calibration. An engine without UCI_LimitStrength and UCI_Elo has no levels.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine_options.hpp"

namespace ordo::web {

inline constexpr int kLevelCount = 8;

struct EngineLevel {
  int level = 0;     // 1 (weakest) to kLevelCount
  int elo = 0;       // the rating sent as UCI_Elo
  std::string text;  // one line for people, e.g. "knows the rules, misses tactics"
};

// The ratings UCI_Elo takes, as announced.
struct EloRange {
  long long min = 0, max = 0;
};

// The range of an engine that announced UCI_LimitStrength as a check and UCI_Elo as a spin with
// both bounds (min <= max); nullopt otherwise.
std::optional<EloRange> elo_range(const std::vector<driver::EngineOption>& options);

// Levels 1 to kLevelCount for a range: ratings evenly spaced from min to max, each rounded to a
// multiple of 50 and kept within the range (so they never decrease).
std::vector<EngineLevel> levels_for(const EloRange& range);

// The levels of an engine from its announced options; empty when it has no elo_range.
std::vector<EngineLevel> engine_levels(const std::vector<driver::EngineOption>& options);

}  // namespace ordo::web
