#include "adjudication.hpp"

#include <cstdlib>

namespace ordo::game {

std::optional<Outcome> Adjudicator::after_turn(const Game& game, Color mover, std::optional<int> score) {
  const int side = mover == WHITE ? 0 : 1;
  if (!score) {
    resign_count_[side] = 0;
    draw_count_ = 0;
    return std::nullopt;
  }
  last_score_[side] = *score;
  has_last_[side] = true;
  if (resign_.enabled) {
    const bool losing = *score <= -resign_.score &&
                        (!resign_.twosided || (has_last_[1 - side] && last_score_[1 - side] >= resign_.score));
    resign_count_[side] = losing ? resign_count_[side] + 1 : 0;
    if (resign_count_[side] >= resign_.movecount && !game.over()) return win_for(~mover);
  }
  if (draw_.enabled) {
    const bool quiet = std::abs(*score) <= draw_.score;
    draw_count_ = quiet ? draw_count_ + 1 : 0;
    const int fullmoves_played = game.plies() / 2;
    if (draw_count_ >= 2 * draw_.movecount && fullmoves_played >= draw_.movenumber && !game.over())
      return Outcome::Draw;
  }
  return std::nullopt;
}

}  // namespace ordo::game
