// Why a move the page tried is not legal, in words a player understands: the core's parser gives
// the verdict and names the rule the move breaks (line, direction, path, captures, connection).
// Used only to explain a refusal, never to decide legality.
#pragma once

#include <string>
#include <string_view>

#include "position.hpp"

namespace ordo::web {

// "" when the token is a legal complete turn of `pos`; otherwise one line saying why not.
std::string explain_refusal(const Position& pos, std::string_view token);

}  // namespace ordo::web
