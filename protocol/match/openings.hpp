// Opening positions for a match: read from an EPD or FEN file, checked by the rules core, and
// handed out in file order or in a seeded random order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match_config.hpp"

namespace ordo::match {

struct Opening {
  int index = 0;    // 1-based line number among the file's positions; 0 for the start position
  std::string fen;  // normalised by the core (four fields)
};

class OpeningBook {
 public:
  // The variant's start position only.
  explicit OpeningBook(Variant v);
  // Loads the file (a regular file of at most kMaxOpeningsBytes, run_files.hpp; a UTF-8 byte order
  // mark at its start is skipped): one position per line; blank lines and lines starting with '#' are skipped.
  // EPD lines are "<board> <side> [<quiet> <fullmove>] [; or operations...]": everything after the
  // side (and the two counters when they are numbers) is ignored. FEN lines are a FEN alone. Any
  // invalid or finished position is an error naming its line.
  static std::optional<OpeningBook> load(const OpeningConfig& config, Variant v, unsigned long long seed,
                                         std::string* error);

  // The opening of a round (0-based); rounds wrap around the book.
  const Opening& for_round(long long round) const;
  std::size_t size() const { return order_.size(); }

 private:
  OpeningBook() = default;
  std::vector<Opening> positions_;
  std::vector<std::size_t> order_;
  std::size_t start_ = 0;
};

}  // namespace ordo::match
