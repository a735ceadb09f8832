#include "game.hpp"

#include "movegen.hpp"
#include "notation.hpp"
#include "reports.hpp"
#include "tokenizer.hpp"

namespace ordo::protocol {

void Game::reset(Variant v) {
  variant_ = v;
  turns_.clear();
  positions_.assign(1, Position::start(v));
}

void Game::set_start(const Position& p) {
  variant_ = p.variant();
  turns_.clear();
  positions_.assign(1, p);
}

std::string Game::set_from_command(const std::vector<std::string>& words) {
  if (words.size() < 2) return "position: expected 'startpos' or 'fen <FEN>'";
  std::size_t moves_at = words.size();
  for (std::size_t i = 1; i < words.size(); ++i)
    if (words[i] == "moves") { moves_at = i; break; }

  std::vector<Position> positions;
  if (words[1] == "startpos") {
    if (moves_at != 2 && words.size() > 2)
      return "position: unexpected '" + words[2] + "' after startpos (expected 'moves')";
    positions.push_back(Position::start(variant_));
  } else if (words[1] == "fen") {
    if (moves_at == 2) return "position: the FEN is missing after 'fen'";
    const std::string fen = join_words(words, 2, moves_at);
    auto parsed = parse_fen(fen, variant_);
    if (!parsed) return "position: bad FEN '" + fen + "': " + parsed.error();
    positions.push_back(*parsed);
  } else {
    return "position: expected 'startpos' or 'fen', not '" + words[1] + "'";
  }

  std::vector<Turn> turns;
  const std::size_t total = moves_at < words.size() ? words.size() - moves_at - 1 : 0;
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    const std::size_t n = i - moves_at;
    auto turn = parse_turn(positions.back(), words[i]);
    if (!turn)
      return "position: move " + std::to_string(n) + " of " + std::to_string(total) + ": " + turn.error();
    turns.push_back(*turn);
    positions.push_back(positions.back().after(*turn));
  }
  turns_ = std::move(turns);
  positions_ = std::move(positions);
  return "";
}

void Game::flip() {
  Position p = current().colour_flipped();
  turns_.clear();
  positions_.assign(1, p);
}

int Game::threefold_at() const {
  for (std::size_t i = 2; i < positions_.size(); ++i) {
    int seen = 1;
    const Position& p = positions_[i];
    for (std::size_t j = 0; j < i && seen < 3; ++j) {
      const Position& q = positions_[j];
      if (q.side_to_move() == p.side_to_move() && q.pieces(WHITE) == p.pieces(WHITE) &&
          q.pieces(BLACK) == p.pieces(BLACK))
        ++seen;
    }
    if (seen >= 3) return int(i);
  }
  return -1;
}

Result Game::result() const {
  GameStatus st = game_status(current());
  if (st.over()) return *st.winner == WHITE ? Result::WhiteWins : Result::BlackWins;
  if (threefold_at() >= 0) return Result::Draw;
  return Result::None;
}

std::string Game::status_text() const {
  if (game_status(current()).over()) return ordo::status_text(current());
  if (threefold_at() >= 0) return "draw (threefold repetition)";
  return "ongoing";
}

}  // namespace ordo::protocol
