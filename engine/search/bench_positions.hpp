// The fixed positions searched by `bench`: openings, middlegames, split groups and near wins of
// both variants. Changing them changes the bench signature.
#pragma once

#include <string>
#include <vector>

#include "position.hpp"

namespace ordo {

struct BenchPosition {
  std::string fen;
  Position position;
};

const std::vector<BenchPosition>& bench_positions();

}  // namespace ordo
