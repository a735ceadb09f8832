#include "engine_limits.hpp"

#include <algorithm>

#include "engine_client.hpp"
#include "time_control_text.hpp"

namespace ordo::match {

std::string EngineLimits::describe() const {
  std::string out;
  auto add = [&](const std::string& s) {
    if (!out.empty()) out += ' ';
    out += s;
  };
  if (clock) add(records::time_control_text(*clock));
  if (movetime_ms > 0) add("st=" + records::seconds_text(movetime_ms));
  if (nodes > 0) add("nodes=" + std::to_string(nodes));
  if (depth > 0) add("depth=" + std::to_string(depth));
  return out.empty() ? "-" : out;
}

std::string go_command(const EngineLimits& own, const EngineLimits& other, const game::SideClock& white,
                       const game::SideClock& black, bool white_to_move, bool ugi) {
  driver::GoLimits l;
  if (own.clock) {
    const EngineLimits& wtc = white_to_move ? own : other;
    const EngineLimits& btc = white_to_move ? other : own;
    l.wtime = std::max<long long>(0, white.left_ms);
    l.btime = std::max<long long>(0, black.left_ms);
    l.winc = std::max<long long>(0, (wtc.clock ? wtc.clock : own.clock)->inc_ms);
    l.binc = std::max<long long>(0, (btc.clock ? btc.clock : own.clock)->inc_ms);
    if (own.clock->moves_per_period > 0) l.movestogo = (white_to_move ? white : black).moves_to_go(*own.clock);
  }
  if (own.movetime_ms > 0) l.movetime = own.movetime_ms;
  if (own.nodes > 0) l.nodes = own.nodes;
  if (own.depth > 0) l.depth = own.depth;
  // With no limit at all "go infinite" (never sent: the runner requires a limit).
  return driver::go_command(l, ugi ? driver::Dialect::Ugi : driver::Dialect::Uci);
}

}  // namespace ordo::match
