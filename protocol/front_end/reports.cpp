#include "reports.hpp"

#include "game_model.hpp"
#include "movegen.hpp"
#include "notation.hpp"

namespace ordo {

std::string status_text(game::Termination t, game::Outcome o) {
  if (t == game::Termination::None) return "ongoing";
  const auto winner = game::winner_of(o);
  const std::string why = " (" + game::termination_sentence(t, o) + ")";
  if (!winner) return "draw" + why;
  return std::string(*winner == WHITE ? "white" : "black") + " wins" + why;
}

std::string status_text(const Position& pos) {
  const GameStatus st = game_status(pos);
  if (!st.over()) return "ongoing";
  return status_text(game::rules_termination(pos), game::win_for(*st.winner));
}

void print_moves(std::ostream& out, const Position& pos) {
  for (const Turn& t : legal_turns(pos)) out << format_turn(t) << '\n';
  out << "status: " << status_text(pos) << '\n';
}

}  // namespace ordo
