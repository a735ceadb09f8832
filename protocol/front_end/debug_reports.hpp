// The human-facing reports of the debug commands `d` and `eval`.
#pragma once

#include <string>

#include "session_game.hpp"
#include "search/search_types.hpp"

namespace ordo::protocol {

// Board diagram (rank 8 at the top, White = W, Black = B, empty = .), then variant, FEN, key,
// side to move, turns played and the game status.
std::string board_report(const SessionGame& game);

// One row per evaluation term (each side's own contribution), then the total from the side to
// move's point of view.
std::string eval_report(const EvalReport& report, const Position& pos);

}  // namespace ordo::protocol
