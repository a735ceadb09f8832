// Per-engine search limits of a match: a clock (tc=), a fixed time per move (st=), a node or depth
// limit, or a combination, and the go command that asks for them. The clock itself is the game
// model's (engine/game/side_clock.hpp), its text the records' (time_control_text.hpp).
#pragma once

#include <optional>
#include <string>

#include "side_clock.hpp"

namespace ordo::match {

struct EngineLimits {
  std::optional<game::TimeControl> clock;  // tc=, if set
  long long movetime_ms = 0;  // st=, 0 if not set
  long long nodes = 0;        // 0 if not set
  int depth = 0;              // 0 if not set
  long long margin_ms = 0;    // timemargin=: how far past its clock an answer may come

  bool any() const { return clock || movetime_ms > 0 || nodes > 0 || depth > 0; }
  // The TimeControl tag text: "40/60+0.6", "2+0.05", "st=0.1", "nodes=1000", "depth=3", joined by
  // ' ' when several are set; "-" when none.
  std::string describe() const;
};

// The go command for the side to move. Clock fields use UCI names (wtime/btime/winc/binc) or,
// for UGI engines, the UGI names (p1time/p2time/p1inc/p2inc).
std::string go_command(const EngineLimits& own, const EngineLimits& other, const game::SideClock& white,
                       const game::SideClock& black, bool white_to_move, bool ugi);

}  // namespace ordo::match
