#include "game_model.hpp"

#include "movegen.hpp"
#include "notation.hpp"
#include "zobrist.hpp"

namespace ordo::game {

Termination rules_termination(const Position& pos) {
  const GameStatus s = game_status(pos);
  if (!s.over()) return Termination::None;
  switch (s.reason) {
    case WinReason::TargetRow: return Termination::TargetRow;
    case WinReason::NoPieces: return Termination::NoPieces;
    case WinReason::NoLegalMove: return Termination::NoLegalMove;
  }
  return Termination::None;
}

bool same_position(const Position& a, const Position& b) {
  return a.side_to_move() == b.side_to_move() && a.pieces(WHITE) == b.pieces(WHITE) &&
         a.pieces(BLACK) == b.pieces(BLACK);
}

namespace {
// The key of the board and the side to move alone (without an owed Ordo X part).
u64 board_key(const Position& p) { return p.mid_turn() ? p.key() ^ zobrist::KEYS.mid_turn : p.key(); }
}  // namespace

Game::Game(const Position& start) : positions_{start}, seen_{1} { plies_by_key_[board_key(start)].push_back(0); }

std::optional<Game> Game::from_fen(const std::string& fen, Variant v, std::string* error) {
  if (fen.empty() || fen == "startpos") return Game(Position::start(v));
  auto parsed = parse_fen(fen, v);
  if (!parsed) {
    if (error) *error = "bad FEN '" + fen + "': " + parsed.error();
    return std::nullopt;
  }
  return Game(parsed.value());
}

std::vector<std::string> Game::tokens() const {
  std::vector<std::string> out;
  out.reserve(turns_.size());
  for (const Turn& t : turns_) out.push_back(format_turn(t));
  return out;
}

std::optional<Turn> Game::legal_turn(std::string_view token, std::string* error) const {
  auto turn = parse_turn(current(), token);
  if (!turn) {
    if (error) *error = turn.error();
    return std::nullopt;
  }
  return turn.value();
}

bool Game::play(std::string_view token, std::string* error, std::string* canonical) {
  if (const Termination t = termination(); t != Termination::None) {
    if (error) *error = std::string("the game is over (") + termination_name(t) + ")";
    return false;
  }
  const auto turn = legal_turn(token, error);
  if (!turn) return false;
  push(*turn);
  if (canonical) *canonical = format_turn(*turn);
  return true;
}

void Game::push(Turn turn) {
  positions_.push_back(current().after(turn));
  turns_.push_back(turn);
  const Position& now = positions_.back();
  std::vector<int>& same_key = plies_by_key_[board_key(now)];
  // The latest earlier occurrence (the newest same-key entry, unless two positions share a key).
  int seen = 1;
  for (auto it = same_key.rbegin(); it != same_key.rend(); ++it)
    if (same_position(position(*it), now)) {
      seen = occurrences(*it) + 1;
      break;
    }
  same_key.push_back(plies());
  seen_.push_back(seen);
  if (seen >= 3 && threefold_at_ < 0) threefold_at_ = plies();
}

void Game::truncate(int plies) {
  const auto n = static_cast<std::size_t>(plies);
  for (int ply = this->plies(); ply > plies; --ply) {
    const auto it = plies_by_key_.find(board_key(position(ply)));
    it->second.pop_back();
    if (it->second.empty()) plies_by_key_.erase(it);
  }
  turns_.resize(n);
  positions_.resize(n + 1);
  seen_.resize(n + 1);
  if (threefold_at_ > plies) threefold_at_ = -1;
}

Termination Game::termination_at(int ply) const {
  if (const Termination t = rules_termination(position(ply)); t != Termination::None) return t;
  if (threefold_at_ >= 0 && threefold_at_ <= ply) return Termination::Threefold;
  return Termination::None;
}

Outcome Game::outcome_at(int ply) const {
  const GameStatus s = game_status(position(ply));
  if (s.over()) return win_for(*s.winner);
  if (threefold_at_ >= 0 && threefold_at_ <= ply) return Outcome::Draw;
  return Outcome::Ongoing;
}

}  // namespace ordo::game
