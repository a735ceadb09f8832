// How search reports become protocol lines: scores, `info` lines and `bestmove`.
#pragma once

#include <optional>
#include <string>

#include "dialect.hpp"
#include "search/engine.hpp"

namespace ordo::protocol {


// `cp N`, or `mate N`: UCI counts our own moves ((plies + 1) / 2, signed), UGI counts plies.
std::string format_score(const Score& score, Dialect dialect);

// `info depth … seldepth … multipv … score … [lowerbound|upperbound] [wdl W D L] nodes … nps …
// hashfull … time … pv …`.
std::string format_info(const SearchInfo& info, Dialect dialect, bool show_wdl);

// `bestmove <token> [ponder <token>]` (UCI only has the ponder field), or `bestmove (none)`.
std::string format_bestmove(const std::optional<Turn>& best, const std::optional<Turn>& ponder, Dialect dialect);

// The last line of bench: `<nodes> nodes <nps> nps`.
std::string bench_summary(const Engine::BenchResult& r);

}  // namespace ordo::protocol
