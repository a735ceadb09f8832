// Text reports shared by the command line and the interactive protocol.
#pragma once

#include <ostream>

#include "outcome.hpp"
#include "position.hpp"

namespace ordo {

// The legal tokens one per line, then "status: ongoing" or "status: <colour> wins (<reason>)".
void print_moves(std::ostream& out, const Position& pos);

// The rules' status of a position: "ongoing" or "white wins (<reason>)" / "black wins (<reason>)".
std::string status_text(const Position& pos);
// A game's status: "ongoing", "<colour> wins (<reason>)" or "draw (<reason>)", the reason being
// game::termination_sentence ("reached the target row", "black has no pieces", "threefold
// repetition").
std::string status_text(game::Termination t, game::Outcome o);

}  // namespace ordo
