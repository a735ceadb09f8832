#include "web_game.hpp"

#include "movegen.hpp"
#include "notation.hpp"

namespace ordo::web {

std::string_view color_name(Color c) { return c == WHITE ? "white" : "black"; }

std::string Outcome::result() const {
  if (!over) return "*";
  if (!winner) return "1/2-1/2";
  return *winner == WHITE ? "1-0" : "0-1";
}

void WebGame::reset(Variant v) {
  variant_ = v;
  turns_.clear();
  positions_.assign(1, Position::start(v));
  cursor_ = 0;
}

std::string WebGame::setup(std::string_view fen) {
  auto parsed = parse_fen(fen, variant_);
  if (!parsed) return "bad FEN: " + parsed.error();
  turns_.clear();
  positions_.assign(1, *parsed);
  cursor_ = 0;
  return "";
}

std::string WebGame::play(std::string_view token) {
  const Outcome now = outcome();
  if (now.over) return "the game is over (" + now.reason + ")";
  auto turn = parse_turn(current(), token);
  if (!turn) return turn.error();
  if (cursor_ < length() && turns_[cursor_] == *turn) {
    ++cursor_;
    return "";
  }
  turns_.resize(cursor_);
  positions_.resize(cursor_ + 1);
  turns_.push_back(*turn);
  positions_.push_back(current().after(*turn));
  ++cursor_;
  return "";
}

bool WebGame::undo() { return jump(cursor_ - 1); }
bool WebGame::redo() { return jump(cursor_ + 1); }

bool WebGame::jump(int ply) {
  if (ply < 0 || ply > length()) return false;
  cursor_ = ply;
  return true;
}

std::vector<std::string> WebGame::tokens() const {
  std::vector<std::string> out;
  out.reserve(turns_.size());
  for (const Turn& t : turns_) out.push_back(format_turn(t));
  return out;
}

std::optional<Turn> WebGame::last_turn() const {
  if (cursor_ == 0) return std::nullopt;
  return turns_[cursor_ - 1];
}

Outcome WebGame::outcome() const {
  Outcome out;
  const GameStatus st = game_status(current());
  if (st.over()) {
    out.over = true;
    out.winner = st.winner;
    switch (st.reason) {
      case WinReason::TargetRow: out.reason = "target row"; break;
      case WinReason::NoPieces: out.reason = "all pieces taken"; break;
      case WinReason::NoLegalMove: out.reason = "no legal turn"; break;
    }
    return out;
  }
  const Position& p = current();
  int seen = 0;
  for (int i = 0; i <= cursor_; ++i) {
    const Position& q = positions_[i];
    if (q.side_to_move() == p.side_to_move() && q.pieces(WHITE) == p.pieces(WHITE) && q.pieces(BLACK) == p.pieces(BLACK))
      ++seen;
  }
  if (seen >= 3) {
    out.over = true;
    out.reason = "threefold repetition";
  }
  return out;
}

}  // namespace ordo::web
