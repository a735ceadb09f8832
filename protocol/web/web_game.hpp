// The game shown on the page: a line of turns over the game model (engine/game) with a cursor into
// it, so the page can undo, redo and jump. Every turn is checked by the game model's referee before
// it enters the line; how the game stands is the model's, at the cursor.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game_model.hpp"

namespace ordo::web {

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
  // Plays a legal turn of current() (from parse_turn) at the cursor, with the same redo rule. The
  // game must not be over at the cursor.
  void play(const Turn& turn);
  bool undo();
  bool redo();
  // Moves the cursor to after `ply` turns of the line (0 = the start). False when out of range.
  bool jump(int ply);

  Variant variant() const { return line_.variant(); }
  const Position& start() const { return line_.start(); }
  const Position& current() const { return line_.position(cursor_); }
  int cursor() const { return cursor_; }
  int length() const { return line_.plies(); }
  const std::vector<Turn>& line() const { return line_.turns(); }
  std::vector<std::string> tokens() const { return line_.tokens(); }  // canonical tokens of the whole line
  // The turn that led to the current position, if any.
  std::optional<Turn> last_turn() const;
  // The state at the cursor: the rules decide first, then a third occurrence of a position (same
  // board and side to move) since the start ends the game as a draw (RULES.md section 6).
  game::Termination termination() const { return line_.termination_at(cursor_); }
  game::Outcome outcome() const { return line_.outcome_at(cursor_); }
  bool over() const { return termination() != game::Termination::None; }

 private:
  game::Game line_;
  int cursor_ = 0;
};

std::string_view color_name(Color c);  // "white" or "black"

}  // namespace ordo::web
