// A SearchListener for the search suites: keeps every info line and the bestmove, and counts the
// bestmoves (a search must report exactly one).
#pragma once

#include <optional>
#include <vector>

#include "search/engine.hpp"

namespace ordo::testing {

struct SearchCollector : SearchListener {
  std::vector<SearchInfo> infos;
  std::optional<Turn> best;
  int bestmoves = 0;
  void on_info(const SearchInfo& i) override { infos.push_back(i); }
  void on_bestmove(std::optional<Turn> b, std::optional<Turn>) override { best = b, ++bestmoves; }
};

}  // namespace ordo::testing
