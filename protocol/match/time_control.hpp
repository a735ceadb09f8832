// Per-engine search limits of a match: a clock (tc=), a fixed time per move (st=), a node or depth
// limit, or a combination, and the go command that asks for them.
#pragma once

#include <optional>
#include <string>

namespace ordo::match {

struct TimeControl {
  // Clock: base_ms per game (plus base_ms again every moves_per_period moves when that is set),
  // inc_ms added after every move. A clock is in use when has_clock.
  bool has_clock = false;
  long long base_ms = 0;
  long long inc_ms = 0;
  int moves_per_period = 0;
  long long movetime_ms = 0;  // st=, 0 if not set
  long long nodes = 0;        // 0 if not set
  int depth = 0;              // 0 if not set
  long long margin_ms = 0;    // timemargin=: how far past its clock an answer may come

  bool any() const { return has_clock || movetime_ms > 0 || nodes > 0 || depth > 0; }
  // The TimeControl tag text: "40/60+0.6", "2+0.05", "st=0.1", "nodes=1000", "depth=3", joined by
  // ' ' when several are set; "-" when none.
  std::string describe() const;
};

// "[moves/]seconds[+increment]" with seconds as a decimal or m:ss, e.g. "10+0.1", "40/60", "1:30+1".
// False with *error on anything else.
bool parse_clock(const std::string& text, TimeControl& tc, std::string* error);

// Seconds as a decimal number ("0.05") to milliseconds; nullopt if malformed or negative.
std::optional<long long> parse_seconds_ms(const std::string& text);

// A game's clock for one side.
struct Clock {
  long long left_ms = 0;
  int moves_in_period = 0;
  long long carry_us = 0;  // the microseconds used but not yet taken off left_ms (below 1 ms)

  // Takes a move's time, measured in microseconds, off the clock; no fraction is lost or given.
  void spend_us(long long us) {
    carry_us += us;
    left_ms -= carry_us / 1000;
    carry_us %= 1000;
  }
};

// The go command for the side to move. Clock fields use UCI names (wtime/btime/winc/binc) or,
// for UGI engines, the UGI names (p1time/p2time/p1inc/p2inc).
std::string go_command(const TimeControl& own, const TimeControl& other, const Clock& white, const Clock& black,
                       bool white_to_move, bool ugi);

}  // namespace ordo::match
