// Checks a game record against the rules: its tags, every move's legality and spelling, and that
// its Result and Termination agree with the game the moves make.
#pragma once

#include <string>
#include <vector>

#include "game_record.hpp"
#include "outcome.hpp"

namespace ordo::records {

struct ReplayReport {
  bool ok = true;
  std::vector<std::string> problems;  // one line each; empty when ok
  int plies = 0;                      // moves replayed (up to the first illegal one)
  game::Termination termination = game::Termination::None;  // from the tag
  std::string final_fen;
};

// Replays one record. Checked: the Variant tag (ordo|ordox), SetUp/FEN (a FEN with SetUp "1",
// else the start position), every token legal and canonical, no move after the rules or a
// threefold repetition ended the game, PlyCount, and the Result against the Termination:
// rule endings and the threefold draw must be what the final position says; a forfeit (time,
// illegal move, crash, stall) is a loss of the side to move; a move limit is a draw; a game that
// has not ended is "*" with Termination "abandoned" or "unterminated".
ReplayReport replay_record(const GameRecord& record);

}  // namespace ordo::records
