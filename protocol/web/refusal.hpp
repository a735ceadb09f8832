// Why a move the page tried is not legal, in words a player understands. The core's parser gives
// the verdict and its own reason; when that reason is only "not a legal move here", the part is
// examined against the rule book (line, direction, path, captures, connection) to say which rule
// it breaks. Used only to explain a refusal, never to decide legality.
#pragma once

#include <string>
#include <string_view>

#include "position.hpp"

namespace ordo::web {

// "" when the token is a legal complete turn of `pos`; otherwise one line saying why not.
std::string explain_refusal(const Position& pos, std::string_view token);

}  // namespace ordo::web
