// The game the protocol plays, over the game model (engine/game): the commands that set it
// (`position`, `flip`, a variant change) and the texts the front end reports about it.
#pragma once

#include <string>
#include <vector>

#include "game_model.hpp"

namespace ordo::protocol {

class SessionGame {
 public:
  explicit SessionGame(Variant v) : game_(v) {}

  // The variant's start position and no turns.
  void reset(Variant v) { game_ = game::Game(v), ++revision_; }

  // A given position (of this game's variant) and no turns.
  void set_start(const Position& p) { game_ = game::Game(p), ++revision_; }

  // Applies a `position startpos|fen <FEN> [moves <t1> …]` command (words[0] == "position")
  // atomically: on any error the game is unchanged and the error message is returned; on
  // success returns "". Turns after an ending are accepted (the GUI owns the game).
  std::string set_from_command(const std::vector<std::string>& words);

  // The current position, colour-flipped, becomes the start of a new game without turns.
  void flip() { game_ = game::Game(current().colour_flipped()), ++revision_; }

  Variant variant() const { return game_.variant(); }
  const Position& start() const { return game_.start(); }
  const Position& current() const { return game_.current(); }
  const std::vector<Turn>& turns() const { return game_.turns(); }
  // The keys of every position of the game, the start first (what the search's repetition
  // detection needs).
  std::vector<u64> history_keys() const;
  // Counts the changes of the game: equal revisions, the same game.
  u64 revision() const { return revision_; }

  // The rules' result of the current position, else a draw once any position of the game has
  // occurred for the third time (RULES.md section 6, tool policy), else Ongoing.
  game::Outcome result() const { return game_.outcome(); }
  // "ongoing", "white wins (…)", "black wins (…)" or "draw (threefold repetition)".
  std::string status_text() const;

 private:
  game::Game game_;
  u64 revision_ = 0;
};

}  // namespace ordo::protocol
