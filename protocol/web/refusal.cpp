#include "refusal.hpp"

#include "notation.hpp"

namespace ordo::web {

std::string explain_refusal(const Position& pos, std::string_view token) {
  auto turn = parse_turn(pos, token);
  return turn ? std::string() : turn.error();
}

}  // namespace ordo::web
