// Playing strength limited to a rating (the UCI_LimitStrength and UCI_Elo options): what a rating
// means to the search, per variant, and how a level picks the turn it plays.
//
// A level weakens the search the way strong engines do, never by waiting: a budget of nodes per
// turn, several root lines searched (MultiPV), and a seeded chance of playing a lesser line, which
// falls by a factor e for each `temperature` centipawns the line scores below the best. The
// weakest rungs add a seeded chance of a uniformly random legal turn (in Ordo X even the 32 best
// of some 2,000 turns are all sound, so choosing among lines alone cannot reach a beginner). The
// ratings are on the scale of docs/PROTOCOL.md, "Levels": the uniformly random player is 0, and
// every rung's rating was measured in games (scripts/calibrate_levels).
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "search/score.hpp"
#include "types.hpp"

namespace ordo {

struct StrengthLevel {
  u64 nodes = 0;        // the search's node budget for one turn (depth 1 is always completed)
  int lines = 1;        // root lines searched, the candidates for the turn played
  int temperature = 0;  // centipawns; 0 plays the best line
  int random_permille = 0;  // the chance, in thousandths, of a uniformly random legal turn instead of a line
};

// One calibrated point of a variant's ladder: the settings and the rating measured for them.
struct StrengthRung {
  int elo;
  StrengthLevel level;
};

// The ratings UCI_Elo accepts (one option for both variants): from the weakest rung of either
// ladder up to the strongest; a rating beyond a variant's own ladder plays its nearest rung.
inline constexpr int ELO_MIN = 600;
inline constexpr int ELO_MAX = 1940;

// The calibrated rungs of a variant, weakest first, their ratings increasing.
std::span<const StrengthRung> strength_ladder(Variant v);

// The settings for a rating: between two rungs, the node budget is interpolated geometrically, the
// temperature and the random chance linearly; outside the ladder, the nearest rung.
StrengthLevel strength_level(Variant v, int elo);

// The line to play among the searched root lines' scores (the side to move's view): line i with a
// weight of exp(-(best - scores[i]) / temperature), drawn with `seed`. A line never searched (-INF)
// is never chosen; a temperature of 0 chooses the first best line.
std::size_t choose_line(std::span<const Value> scores, int temperature, u64 seed);

// Whether a level plays a uniformly random turn this time (drawn with `seed`), and which of `count`
// legal turns: nullopt for the searched line. The same seed gives the same answer.
std::optional<std::size_t> random_turn(int random_permille, std::size_t count, u64 seed);

}  // namespace ordo
