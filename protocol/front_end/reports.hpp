// Text reports shared by the command line and the interactive protocol.
#pragma once

#include <ostream>

#include "position.hpp"

namespace ordo {

// The legal tokens one per line, then "status: ongoing" or "status: <colour> wins (<reason>)".
void print_moves(std::ostream& out, const Position& pos);

// "ongoing" or "white wins (<reason>)" / "black wins (<reason>)".
std::string status_text(const Position& pos);

}  // namespace ordo
