// The page's save and load: a WebGame as a game record (docs/GAME_RECORDS.md) and back, with the
// players' names and ratings and the scores the record's move comments hold.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "web_game.hpp"

namespace ordo::web {

// A side as a record names it: the White/Black tag and the WhiteElo/BlackElo tag.
struct RecordPlayer {
  std::string name;
  std::optional<int> elo;
};

// A score from a move's comment, turned to White's point of view and put on the position the
// mover searched: the comment after turn i scores the position after i - 1 turns.
struct RecordScore {
  int ply = 0;
  std::optional<int> cp, mate;  // one of the two; a mate counts as the engine counted, signed
  std::optional<int> depth;
};

// What a loaded record tells besides its moves.
struct RecordDetails {
  // Each side the record names (a White/Black tag that is neither empty nor "?"), at most 60 bytes
  // of it, with its rating when the WhiteElo/BlackElo tag is a number from 0 to 9999.
  std::optional<RecordPlayer> players[2];
  std::vector<RecordScore> scores;  // by ply, only the moves whose comment begins with a score
};

// The game up to the cursor as one record with the thirteen standard tags, then WhiteElo and
// BlackElo for a side with a rating; its Result and Termination are `outcome` and `termination`
// (the game's own, or a time forfeit the board's clock decided). `date` is "YYYY.MM.DD",
// `time_control` as the record format spells it (e.g. "st=0.5", "depth=4", "-").
std::string save_record(const WebGame& game, game::Termination termination, game::Outcome outcome,
                        const RecordPlayer& white, const RecordPlayer& black, const std::string& date,
                        const std::string& time_control);

// Reads the first record of `text` and replays it with the rules core. On success the game is
// replaced (its variant from the Variant tag, its start from SetUp/FEN), *details (if given) is
// filled and "" is returned; else the reason (with the move number for an illegal move) and
// nothing changes.
std::string load_record(std::string_view text, WebGame& game, RecordDetails* details = nullptr);

// The mover's score a comment begins with, as the runner writes it: "+0.31/9 0.061s", "-1.20",
// "0.00/4", "+M3/12", "-M2"; the depth after '/' is optional. Nullopt for any other comment
// ("book", empty, "+0.3x"). The result keeps the mover's point of view, ply 0.
std::optional<RecordScore> comment_score(std::string_view comment);

}  // namespace ordo::web
