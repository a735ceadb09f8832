// The two dialects of the engine protocol: UCI, and UGI (the generic-game dialect: "ugi"/"ugiok",
// "uginewgame", p1time/p2time for wtime/btime, mate scores in plies, no ponder field in bestmove).
// One type for the whole project: the front end answers in it, the engine client speaks it.
#pragma once

#include <string_view>

namespace ordo::protocol {

enum class Dialect { Uci, Ugi };

// "uci" or "ugi"; false for anything else.
inline bool parse_dialect(std::string_view text, Dialect& out) {
  if (text == "uci") {
    out = Dialect::Uci;
    return true;
  }
  if (text == "ugi") {
    out = Dialect::Ugi;
    return true;
  }
  return false;
}

inline const char* dialect_name(Dialect d) { return d == Dialect::Uci ? "uci" : "ugi"; }

}  // namespace ordo::protocol
