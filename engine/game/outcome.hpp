// How a game ends: the one outcome (who won) and termination (why) of every program. The names and
// tokens are those of the record format (docs/GAME_RECORDS.md): a record's Result is result_token()
// and its Termination tag termination_name().
#pragma once

#include <optional>
#include <string>

#include "types.hpp"

namespace ordo::game {

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

// "unterminated", "target row", "no pieces", "no legal move", "threefold repetition", "move limit",
// "adjudication", "time forfeit", "illegal move", "crash", "stall", "abandoned".
const char* termination_name(Termination t);
std::optional<Termination> parse_termination(const std::string& name);
// Whether a termination forfeits the game of the side to move (time, illegal move, crash, stall).
bool is_forfeit(Termination t);
// Whether the rules (not a policy, a runner or an engine's failure) ended the game.
bool is_rules_ending(Termination t);

enum class Outcome { Ongoing, WhiteWins, BlackWins, Draw };
const char* result_token(Outcome o);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Outcome> parse_result_token(const std::string& token);

// The winner's outcome for a side.
inline Outcome win_for(Color c) { return c == WHITE ? Outcome::WhiteWins : Outcome::BlackWins; }
// The winner of an outcome; none for a draw or a game still going on.
std::optional<Color> winner_of(Outcome o);

// The ending in words for people, the loser of `outcome` named where the ending is a side's:
// "reached the target row", "black has no pieces", "white has no legal move", "threefold
// repetition", "white ran out of time", "ongoing" for None.
std::string termination_sentence(Termination t, Outcome outcome);

// The points `side` scores in a game: 1 for a win, 0.5 for a draw, 0 for a loss or a game still
// going on. The one outcome-to-points rule of every report.
double points(Outcome o, Color side);
// One game's points for one side (1, 0.5 or 0) read back as what they count in a W/D/L tally.
enum class GameResult { Loss, Draw, Win };
GameResult result_of_points(double points);

}  // namespace ordo::game
