// A game: a start position and the turns played from it, with every position along the way. It is
// the referee of every program (the engine front end, the match runner, the web board, the record
// checker): it checks each token against the rules core, keeps the canonical turns, counts
// repetitions and says how (and whether) the game has ended.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "outcome.hpp"
#include "position.hpp"

namespace ordo::game {

// The rules' ending of a position (RULES.md section 6): TargetRow, NoPieces, NoLegalMove or None.
Termination rules_termination(const Position& pos);
// Same board and same side to move: the positions threefold repetition counts as one.
bool same_position(const Position& a, const Position& b);

class Game {
 public:
  explicit Game(Variant v = Variant::Classic) : Game(Position::start(v)) {}
  explicit Game(const Position& start);
  // From a FEN ("startpos" or empty: the variant's start position); nullopt with *error (if given),
  // "bad FEN '<fen>': <reason>", when it is invalid.
  static std::optional<Game> from_fen(const std::string& fen, Variant v, std::string* error);

  Variant variant() const { return start().variant(); }
  const Position& start() const { return positions_.front(); }
  const Position& current() const { return positions_.back(); }
  // The position after `ply` turns, 0 <= ply <= plies().
  const Position& position(int ply) const { return positions_[static_cast<std::size_t>(ply)]; }
  const std::vector<Turn>& turns() const { return turns_; }
  int plies() const { return static_cast<int>(turns_.size()); }
  std::vector<std::string> tokens() const;  // canonical spelling, one per turn

  // The referee's legality check: the token parsed as a complete legal turn of the current position
  // (any correct spelling), else nullopt with the rules core's reason in *error. It does not ask
  // whether the game has ended.
  std::optional<Turn> legal_turn(std::string_view token, std::string* error) const;
  // Plays the token as the next turn. False with *error, and the game unchanged, when the game has
  // ended ("the game is over (<termination>)") or the token is not a legal turn. *canonical (if
  // given) gets the canonical spelling of the turn played.
  bool play(std::string_view token, std::string* error, std::string* canonical = nullptr);
  // Appends a turn that is legal in the current position (from legal_turn), whether or not the game
  // has ended: a GUI's `position … moves` may go on past an ending, and that is its business.
  void push(Turn turn);
  // Keeps the first `plies` turns (0 <= plies <= plies()).
  void truncate(int plies);

  // How many times the position after `ply` turns has occurred in the game up to it (>= 1).
  int occurrences(int ply) const { return seen_[static_cast<std::size_t>(ply)]; }
  // How many times the current position has occurred in the game.
  int repetitions() const { return occurrences(plies()); }
  // The first ply whose position occurs there for the third time (same board and side to move),
  // or -1. From that ply on the game is drawn (RULES.md section 6, tool policy).
  int threefold_at() const { return threefold_at_; }

  // How the game stands after `ply` turns: the rules decide on that position first, then a
  // threefold repetition at or before it is a draw; None while it goes on.
  Termination termination_at(int ply) const;
  Outcome outcome_at(int ply) const;
  Termination termination() const { return termination_at(plies()); }
  Outcome outcome() const { return outcome_at(plies()); }
  bool over() const { return termination() != Termination::None; }

 private:
  std::vector<Position> positions_;  // the start first; one more than turns_
  std::vector<Turn> turns_;
  std::vector<int> seen_;  // per position: its occurrences up to and including it
  int threefold_at_ = -1;
  // The plies of the positions with each board key, oldest first: a turn's repetition count is
  // its latest earlier occurrence's plus one, found in constant time however long the game (a
  // `position` command may hold some 200000 turns).
  std::unordered_map<u64, std::vector<int>> plies_by_key_;
};

}  // namespace ordo::game
