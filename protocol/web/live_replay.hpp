// The finished games of a served live document (one check_live_document accepted), replayed by the
// rules core so the live page can step through one (/live-game.json?number=N) without knowing the
// rules. A game is replayed on its first request and kept with the document: asking again, or for
// a game not listed, costs a lookup.
//
// The answer for a game is one line of JSON: "number", "round", "white", "black", "result",
// "termination", "detail", "variant", "start_fen", "moves" (canonical tokens) and "fens" (the
// position before the first move and after each, one more than the moves, as the core writes them).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ordo::web {

class FinishedGames {
 public:
  // The finished games of `document` (a document that is not a live one lists none).
  explicit FinishedGames(std::string_view document);

  // The game's answer, or nullopt with *why set to one line: the game is not among the last
  // finished ones, its moves are not in the file, or its start or a move is refused by the core
  // (with the move's number).
  std::optional<std::string> game(long long number, std::string* why);

 private:
  struct Entry {
    std::string listed;  // the finished entry as served (compact JSON)
    bool replayed = false;
    std::optional<std::string> answer;
    std::string why;
  };
  std::string variant_;
  std::map<long long, Entry> games_;
};

}  // namespace ordo::web
