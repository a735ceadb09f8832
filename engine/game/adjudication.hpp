// The hooks that end a game by policy rather than by the rules (RULES.md section 6 leaves both to
// the tools): a move limit, and adjudication from the engines' own scores (the runner's -maxmoves,
// -draw and -resign).
#pragma once

#include <optional>

#include "game_model.hpp"

namespace ordo::game {

struct DrawAdjudication {
  bool enabled = false;
  int movenumber = 0;   // not before this full move
  int movecount = 0;    // consecutive full moves with both scores within score
  int score = 0;        // centipawns
};

struct ResignAdjudication {
  bool enabled = false;
  int movecount = 0;  // consecutive own moves at or below -score
  int score = 0;      // centipawns
  bool twosided = false;
};

// Whether a game of `plies` turns has reached a limit of `maxmoves` full moves (0: no limit): the
// game is then drawn (Termination::MoveLimit).
inline bool move_limit_reached(int plies, int maxmoves) { return maxmoves > 0 && plies >= 2 * maxmoves; }

// Score adjudication over one game: fed each turn's score as its mover reported it, it says when
// the game is to be resigned (a loss for the mover) or drawn (Termination::Adjudication).
class Adjudicator {
 public:
  Adjudicator(const DrawAdjudication& draw, const ResignAdjudication& resign) : draw_(draw), resign_(resign) {}
  // After `mover` played the last turn of `game` with its own score in centipawns from its point of
  // view (nullopt: it gave none, which resets both counts). The adjudicated outcome, or nullopt;
  // a game the rules or repetition ended is never adjudicated.
  std::optional<Outcome> after_turn(const Game& game, Color mover, std::optional<int> score);

 private:
  DrawAdjudication draw_;
  ResignAdjudication resign_;
  int resign_count_[2] = {0, 0};
  int last_score_[2] = {0, 0};
  bool has_last_[2] = {false, false};
  int draw_count_ = 0;
};

}  // namespace ordo::game
