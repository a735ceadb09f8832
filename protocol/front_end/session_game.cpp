#include "session_game.hpp"

#include <optional>

#include "notation.hpp"
#include "reports.hpp"
#include "tokenizer.hpp"

namespace ordo::protocol {

std::string SessionGame::set_from_command(const std::vector<std::string>& words) {
  if (words.size() < 2) return "position: expected 'startpos' or 'fen <FEN>'";
  std::size_t moves_at = words.size();
  for (std::size_t i = 1; i < words.size(); ++i)
    if (words[i] == "moves") { moves_at = i; break; }

  std::optional<game::Game> g;
  if (words[1] == "startpos") {
    if (moves_at != 2 && words.size() > 2)
      return "position: unexpected '" + words[2] + "' after startpos (expected 'moves')";
    g.emplace(variant());
  } else if (words[1] == "fen") {
    if (moves_at == 2) return "position: the FEN is missing after 'fen'";
    const std::string fen = join_words(words, 2, moves_at);
    auto parsed = parse_fen(fen, variant());
    if (!parsed) return "position: bad FEN '" + fen + "': " + parsed.error();
    g.emplace(*parsed);
  } else {
    return "position: expected 'startpos' or 'fen', not '" + words[1] + "'";
  }

  const std::size_t total = moves_at < words.size() ? words.size() - moves_at - 1 : 0;
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    std::string error;
    const auto turn = g->legal_turn(words[i], &error);
    if (!turn)
      return "position: move " + std::to_string(i - moves_at) + " of " + std::to_string(total) + ": " + error;
    g->push(*turn);
  }
  game_ = std::move(*g);
  ++revision_;
  return "";
}

std::vector<u64> SessionGame::history_keys() const {
  std::vector<u64> keys;
  keys.reserve(std::size_t(game_.plies()) + 1);
  for (int ply = 0; ply <= game_.plies(); ++ply) keys.push_back(game_.position(ply).key());
  return keys;
}

std::string SessionGame::status_text() const {
  if (game_.over()) return ordo::status_text(game_.termination(), game_.outcome());
  return "ongoing";
}

}  // namespace ordo::protocol
