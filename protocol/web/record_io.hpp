// The page's save and load: a WebGame as a game record (docs/GAME_RECORDS.md) and back.
#pragma once

#include <string>
#include <string_view>

#include "web_game.hpp"

namespace ordo::web {

// The game up to the cursor as one record with the thirteen standard tags; its Result and
// Termination are `outcome` and `termination` (the game's own, or a time forfeit the board's clock
// decided). `date` is "YYYY.MM.DD", `time_control` as the record format spells it (e.g. "st=0.5",
// "depth=4", "-").
std::string save_record(const WebGame& game, game::Termination termination, game::Outcome outcome,
                        const std::string& white, const std::string& black, const std::string& date,
                        const std::string& time_control);

// Reads the first record of `text` and replays it with the rules core. On success the game is
// replaced (its variant from the Variant tag, its start from SetUp/FEN) and "" is returned; else the
// reason (with the move number for an illegal move) and the game is unchanged.
std::string load_record(std::string_view text, WebGame& game);

}  // namespace ordo::web
