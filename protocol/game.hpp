// The game the protocol plays: variant, start position and the turns played since, with every
// position along the way (for repetition and for the referee queries of UGI).
#pragma once

#include <string>
#include <vector>

#include "position.hpp"

namespace ordo::protocol {

enum class Result { None, WhiteWins, BlackWins, Draw };

class Game {
 public:
  explicit Game(Variant v) { reset(v); }

  // The variant's start position and no turns.
  void reset(Variant v);

  // A given position (of this game's variant) and no turns.
  void set_start(const Position& p);

  // Applies a `position startpos|fen <FEN> [moves <t1> …]` command (words[0] == "position")
  // atomically: on any error the game is unchanged and the error message is returned; on
  // success returns "".
  std::string set_from_command(const std::vector<std::string>& words);

  // The current position, colour-flipped, becomes the start of a new game without turns.
  void flip();

  Variant variant() const { return variant_; }
  const Position& start() const { return positions_.front(); }
  const Position& current() const { return positions_.back(); }
  const std::vector<Turn>& turns() const { return turns_; }

  // Index into positions of the first position that occurs for the third time (same board and
  // side to move), or -1. Ends the game as a draw (RULES.md section 6, tool policy).
  int threefold_at() const;
  // The rules' result of the current position, else a draw by threefold repetition, else None.
  Result result() const;
  // "ongoing", "white wins (…)", "black wins (…)" or "draw (threefold repetition)".
  std::string status_text() const;

 private:
  Variant variant_ = Variant::Classic;
  std::vector<Turn> turns_;
  std::vector<Position> positions_;  // start first; one more than turns_
};

}  // namespace ordo::protocol
