#include "reports.hpp"

#include "movegen.hpp"
#include "notation.hpp"

namespace ordo {

std::string status_text(const Position& pos) {
  GameStatus st = game_status(pos);
  if (!st.over()) return "ongoing";
  const Color w = *st.winner;
  std::string reason;
  switch (st.reason) {
    case WinReason::TargetRow: reason = "reached the target row"; break;
    case WinReason::NoPieces: reason = std::string(w == WHITE ? "black" : "white") + " has no pieces"; break;
    case WinReason::NoLegalMove: reason = std::string(w == WHITE ? "black" : "white") + " has no legal move"; break;
  }
  return std::string(w == WHITE ? "white" : "black") + " wins (" + reason + ")";
}

void print_moves(std::ostream& out, const Position& pos) {
  for (const Turn& t : legal_turns(pos)) out << format_turn(t) << '\n';
  out << "status: " << status_text(pos) << '\n';
}

}  // namespace ordo
