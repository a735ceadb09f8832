#include "debug_reports.hpp"

#include <cstdio>

#include "notation.hpp"

namespace ordo::protocol {

namespace {

std::string files_line() {
  std::string s = "    ";
  for (int f = 0; f < FILES; ++f) {
    s += char('a' + f);
    s += f + 1 < FILES ? " " : "";
  }
  return s + "\n";
}

std::string pad(std::string s, std::size_t width, bool right) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

}  // namespace

std::string board_report(const SessionGame& game) {
  const Position& pos = game.current();
  const std::string border = "  +" + std::string(2 * FILES + 1, '-') + "+\n";
  std::string s = files_line() + border;
  for (int r = RANKS - 1; r >= 0; --r) {
    s += std::to_string(r + 1) + " |";
    for (int f = 0; f < FILES; ++f) {
      const Square sq = make_square(f, r);
      s += ' ';
      s += pos.pieces(WHITE).has(sq) ? 'W' : pos.pieces(BLACK).has(sq) ? 'B' : '.';
    }
    s += " | " + std::to_string(r + 1) + "\n";
  }
  s += border + files_line();
  char key[17];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(pos.key()));
  s += "\nVariant: " + std::string(variant_name(pos.variant())) + "\n";
  s += "FEN: " + to_fen(pos) + "\n";
  s += "Key: " + std::string(key) + "\n";
  s += std::string("Side to move: ") + (pos.side_to_move() == WHITE ? "white" : "black") + "\n";
  s += "Turns played: " + std::to_string(game.turns().size()) + "\n";
  s += "Status: " + game.status_text() + "\n";
  return s;
}

std::string eval_report(const EvalReport& report, const Position& pos) {
  std::string s = pad("Term", 20, false) + pad("White", 8, true) + pad("Black", 8, true) + "\n";
  for (const EvalTerm& t : report.terms)
    s += pad(t.name, 20, false) + pad(std::to_string(t.white), 8, true) + pad(std::to_string(t.black), 8, true) + "\n";
  s += std::string("Total (") + (pos.side_to_move() == WHITE ? "white" : "black") +
       " to move): " + std::to_string(report.total) + "\n";
  if (report.network)
    s += "Network: " + std::to_string(*report.network) + " (" + report.network_source + "; " +
         (report.network_used ? "used by the search" : "the search uses the hand evaluation") + ")\n";
  return s;
}

}  // namespace ordo::protocol
