#include "time_control.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine_client.hpp"
#include "tokenizer.hpp"

namespace ordo::match {

namespace {
std::string seconds_text(long long ms) {
  char buf[64];
  if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%lld", ms / 1000);
  else std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms) / 1000.0);
  return buf;
}
}  // namespace

std::optional<long long> parse_seconds_ms(const std::string& text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  int dots = 0;
  for (char c : text) {
    if (c == '.') ++dots;
    else if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  if (dots > 1 || text == ".") return std::nullopt;
  const double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v) || v < 0 || v > 1e9) return std::nullopt;
  return static_cast<long long>(std::llround(v * 1000.0));
}

bool parse_clock(const std::string& text, TimeControl& tc, std::string* error) {
  auto fail = [&] {
    if (error) *error = "bad time control '" + text + "' (expected [moves/]seconds[+increment], e.g. 10+0.1)";
    return false;
  };
  std::string rest = text;
  int moves = 0;
  if (const auto slash = rest.find('/'); slash != std::string::npos) {
    const std::string m = rest.substr(0, slash);
    const auto count = protocol::parse_count(m, 6);
    if (!count || *count == 0) return fail();
    moves = static_cast<int>(*count);
    rest = rest.substr(slash + 1);
  }
  std::string base = rest, inc;
  if (const auto plus = rest.find('+'); plus != std::string::npos) {
    base = rest.substr(0, plus);
    inc = rest.substr(plus + 1);
  }
  long long base_ms = 0;
  if (const auto colon = base.find(':'); colon != std::string::npos) {
    const std::string mins = base.substr(0, colon);
    const auto secs = parse_seconds_ms(base.substr(colon + 1));
    const auto minutes = protocol::parse_count(mins, 6);
    if (!minutes || !secs) return fail();
    base_ms = static_cast<long long>(*minutes) * 60000 + *secs;
  } else {
    const auto b = parse_seconds_ms(base);
    if (!b) return fail();
    base_ms = *b;
  }
  long long inc_ms = 0;
  if (!inc.empty() || rest.find('+') != std::string::npos) {
    const auto i = parse_seconds_ms(inc);
    if (!i) return fail();
    inc_ms = *i;
  }
  if (base_ms <= 0 && inc_ms <= 0) return fail();
  tc.has_clock = true;
  tc.base_ms = base_ms;
  tc.inc_ms = inc_ms;
  tc.moves_per_period = moves;
  return true;
}

std::string TimeControl::describe() const {
  std::string out;
  auto add = [&](const std::string& s) {
    if (!out.empty()) out += ' ';
    out += s;
  };
  if (has_clock) {
    std::string c = moves_per_period > 0 ? std::to_string(moves_per_period) + "/" : "";
    c += seconds_text(base_ms);
    if (inc_ms > 0) {
      c += '+';
      c += seconds_text(inc_ms);
    }
    add(c);
  }
  if (movetime_ms > 0) add("st=" + seconds_text(movetime_ms));
  if (nodes > 0) add("nodes=" + std::to_string(nodes));
  if (depth > 0) add("depth=" + std::to_string(depth));
  return out.empty() ? "-" : out;
}

std::string go_command(const TimeControl& own, const TimeControl& other, const Clock& white, const Clock& black,
                       bool white_to_move, bool ugi) {
  driver::GoLimits l;
  if (own.has_clock) {
    const TimeControl& wtc = white_to_move ? own : other;
    const TimeControl& btc = white_to_move ? other : own;
    l.wtime = std::max(0LL, white.left_ms);
    l.btime = std::max(0LL, black.left_ms);
    l.winc = std::max(0LL, wtc.has_clock ? wtc.inc_ms : own.inc_ms);
    l.binc = std::max(0LL, btc.has_clock ? btc.inc_ms : own.inc_ms);
    if (own.moves_per_period > 0) {
      const Clock& mine = white_to_move ? white : black;
      l.movestogo = own.moves_per_period - mine.moves_in_period;
    }
  }
  if (own.movetime_ms > 0) l.movetime = own.movetime_ms;
  if (own.nodes > 0) l.nodes = own.nodes;
  if (own.depth > 0) l.depth = own.depth;
  // With no limit at all "go infinite" (never sent: the runner requires a limit).
  return driver::go_command(l, ugi ? driver::Dialect::Ugi : driver::Dialect::Uci);
}

}  // namespace ordo::match
