#include "web_game.hpp"

#include "notation.hpp"

namespace ordo::web {

std::string_view color_name(Color c) { return c == WHITE ? "white" : "black"; }

void WebGame::reset(Variant v) {
  line_ = game::Game(v);
  cursor_ = 0;
}

std::string WebGame::setup(std::string_view fen) {
  auto parsed = parse_fen(fen, variant());
  if (!parsed) return "bad FEN: " + parsed.error();
  line_ = game::Game(*parsed);
  cursor_ = 0;
  return "";
}

std::string WebGame::play(std::string_view token) {
  if (over()) return std::string("the game is over (") + game::termination_name(termination()) + ")";
  auto turn = parse_turn(current(), token);
  if (!turn) return turn.error();
  play(*turn);
  return "";
}

void WebGame::play(const Turn& turn) {
  if (cursor_ < length() && line_.turns()[cursor_] == turn) {
    ++cursor_;
    return;
  }
  line_.truncate(cursor_);
  line_.push(turn);
  ++cursor_;
}

bool WebGame::undo() { return jump(cursor_ - 1); }
bool WebGame::redo() { return jump(cursor_ + 1); }

bool WebGame::jump(int ply) {
  if (ply < 0 || ply > length()) return false;
  cursor_ = ply;
  return true;
}

std::optional<Turn> WebGame::last_turn() const {
  if (cursor_ == 0) return std::nullopt;
  return line_.turns()[cursor_ - 1];
}

}  // namespace ordo::web
