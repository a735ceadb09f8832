// Parsing the parameters of `go`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "position.hpp"
#include "search/search_types.hpp"

namespace ordo::protocol {

struct GoCommand {
  SearchLimits limits;
  std::optional<int> perft_depth;  // `go perft N`: no search, a perft divide
};

// Parses `go …` (words[0] == "go") for the position `pos`. Accepts the UCI clock words (wtime btime
// winc binc movestogo) and the UGI ones (p1time p2time p1inc p2inc; player 1 is White), depth nodes
// mate movetime infinite ponder searchmoves, in any order and combination; and `perft N` alone.
// Returns "" and fills `out`, or an error message.
std::string parse_go(const std::vector<std::string>& words, const Position& pos, GoCommand& out);

}  // namespace ordo::protocol
