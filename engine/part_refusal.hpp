// Why a part is not legal: the first rule it breaks, in words, for error messages that name the
// cause. Only for text the caller has already found among no legal part.
#pragma once

#include <string>

#include "position.hpp"

namespace ordo {

// For a singleton from `a` to `b` (landing == NO_SQUARE), or an ordo with ends `a` and `b` whose end
// `a` lands on `landing`. Returns a phrase such as "the way is blocked at e4" or "it would leave the
// white pieces in more than one group", or "" when no single rule explains it.
std::string part_refusal(const Position& pos, Square a, Square b, Square landing);

// Why a part text is malformed ("'k3' is off the board (files a-j, ranks 1-8)", ...).
std::string malformed_part(std::string_view text);

}  // namespace ordo
