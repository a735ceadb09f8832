// The game shown on the page: a start position and a line of turns with a cursor into it, so the
// page can undo, redo and jump. Every turn is checked by the rules core before it enters the line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position.hpp"

namespace ordo::web {

struct Outcome {
  bool over = false;
  std::optional<Color> winner;  // none for a draw or a game still going
  std::string reason;           // "target row", "all pieces taken", "no legal turn", "threefold repetition"
  std::string result() const;   // "1-0", "0-1", "1/2-1/2" or "*"
};

class WebGame {
 public:
  explicit WebGame(Variant v = Variant::Classic) { reset(v); }

  // The variant's start position, no turns.
  void reset(Variant v);
  // A FEN of the current variant becomes the start position, no turns. On error returns the reason
  // and the game is unchanged; "" on success.
  std::string setup(std::string_view fen);
  // Plays one complete turn (any correct spelling) at the cursor. When it is the turn the line
  // already continues with, the rest of the line is kept (a redo); otherwise the line is cut there.
  // On error returns the reason and nothing changes; "" on success.
  std::string play(std::string_view token);
  bool undo();
  bool redo();
  // Moves the cursor to after `ply` turns of the line (0 = the start). False when out of range.
  bool jump(int ply);

  Variant variant() const { return variant_; }
  const Position& start() const { return positions_.front(); }
  const Position& current() const { return positions_[cursor_]; }
  int cursor() const { return cursor_; }
  int length() const { return int(turns_.size()); }
  const std::vector<Turn>& line() const { return turns_; }
  std::vector<std::string> tokens() const;  // canonical tokens of the whole line
  // The turn that led to the current position, if any.
  std::optional<Turn> last_turn() const;
  // The state at the cursor: the rules decide first, then a third occurrence of a position (same
  // board and side to move) since the start ends the game as a draw (RULES.md section 6).
  Outcome outcome() const;

 private:
  Variant variant_ = Variant::Classic;
  std::vector<Turn> turns_;
  std::vector<Position> positions_;  // one more than turns_
  int cursor_ = 0;
};

std::string_view color_name(Color c);  // "white" or "black"

}  // namespace ordo::web
