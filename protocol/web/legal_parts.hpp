// What the page needs to offer moves without knowing the rules: the legal turns of a position as
// a tree of parts (first parts, and for an Ordo X sideways part the forward parts that may follow),
// each part described by its squares, all taken from the rules core.
#pragma once

#include <string>

#include "json_text.hpp"
#include "position.hpp"

namespace ordo::web {

// The board as 80 characters in square order (a1, b1, ..., j8): 'W', 'B' or '.'.
std::string board_text(const Position& pos);

// A part as {"tok","kind":"s"|"o","a","b","t","k"}: for a singleton a = from, t = to, b = -1; for an
// ordo a and b are its ends and t is where a lands; k is the square of the kept group after a tied
// capture, else -1.
Json part_json(Move part);

// The legal turns as an array of first parts; each also has "side" (an Ordo X sideways part),
// "after" (the board after the part) and "next" (the parts that complete the turn; empty when the
// part is a complete turn). A finished position has none.
Json legal_tree_json(const Position& pos);

}  // namespace ordo::web
