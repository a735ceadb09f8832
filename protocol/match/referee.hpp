// The in-process referee of one game: the rules core applies and checks every turn, and the tool
// policy of RULES.md section 6 adds the threefold-repetition draw. Shared by the match runner,
// the record checker and the web board.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notation.hpp"
#include "position.hpp"

namespace ordo::records {

// How a game ended; the Termination tag of a record is termination_name() of it.
enum class Termination {
  None,           // still going on
  TargetRow,      // rules: a piece reached its target row
  NoPieces,       // rules: a side lost its last piece
  NoLegalMove,    // rules: the side to move had no legal turn
  Threefold,      // policy: third occurrence of a position with the same side to move (draw)
  MoveLimit,      // runner: -maxmoves reached (draw)
  Adjudication,   // runner: -draw or -resign adjudication
  TimeForfeit,    // the side to move ran out of time
  IllegalMove,    // the side to move sent an unparsable or illegal move
  Crash,          // the side to move's engine exited or broke its pipe
  Stall,          // the side to move's engine stopped answering (past its clock plus a margin)
  Abandoned,      // the game was stopped before its end (e.g. the runner was interrupted)
};

const char* termination_name(Termination t);
std::optional<Termination> parse_termination(const std::string& name);
// Whether a termination forfeits the game of the side to move (time, illegal move, crash, stall).
bool is_forfeit(Termination t);

enum class Outcome { Ongoing, WhiteWins, BlackWins, Draw };
const char* result_token(Outcome o);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Outcome> parse_result_token(const std::string& token);

class Referee {
 public:
  Referee(const Position& start) : start_(start), pos_(start) { keys_.push_back(start.key()); }
  // From a FEN ("startpos" or empty: the start position); nullopt with *error if it is invalid.
  static std::optional<Referee> from_fen(const std::string& fen, Variant v, std::string* error);

  const Position& start() const { return start_; }
  const Position& position() const { return pos_; }
  const std::vector<std::string>& tokens() const { return tokens_; }  // canonical, one per turn
  int plies() const { return static_cast<int>(tokens_.size()); }

  // Parses the token as a turn of the current position and plays it. False with *error (and the
  // game unchanged) if the game is over or the token is malformed or illegal. *canonical gets the
  // canonical spelling of the turn played.
  bool play(const std::string& token, std::string* error, std::string* canonical = nullptr);

  // The rules' status, then threefold repetition.
  Termination status() const;
  // The result that status() implies (Ongoing while it is None).
  Outcome outcome() const;
  // How many times the current position (board and side to move) has occurred in the game.
  int repetitions() const;

 private:
  Position start_;
  Position pos_;
  std::vector<std::string> tokens_;
  std::vector<u64> keys_;  // position keys from the start, one per position reached
};

// The winner's outcome for a side.
inline Outcome win_for(Color c) { return c == WHITE ? Outcome::WhiteWins : Outcome::BlackWins; }

}  // namespace ordo::records
