#include "time_control.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace ordo::match {

namespace {
std::string seconds_text(long long ms) {
  char buf[64];
  if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%lld", ms / 1000);
  else std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms) / 1000.0);
  return buf;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
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
    if (!all_digits(m) || m.size() > 6 || std::stoi(m) <= 0) return fail();
    moves = std::stoi(m);
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
    if (!all_digits(mins) || mins.size() > 6 || !secs) return fail();
    base_ms = std::stoll(mins) * 60000 + *secs;
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
  std::string cmd = "go";
  if (own.has_clock) {
    const TimeControl& wtc = white_to_move ? own : other;
    const TimeControl& btc = white_to_move ? other : own;
    auto field = [&](const char* uci, const char* ugi_name, long long v) {
      cmd += ' ';
      cmd += ugi ? ugi_name : uci;
      cmd += ' ' + std::to_string(std::max(0LL, v));
    };
    field("wtime", "p1time", white.left_ms);
    field("btime", "p2time", black.left_ms);
    field("winc", "p1inc", wtc.has_clock ? wtc.inc_ms : own.inc_ms);
    field("binc", "p2inc", btc.has_clock ? btc.inc_ms : own.inc_ms);
    if (own.moves_per_period > 0) {
      const Clock& mine = white_to_move ? white : black;
      cmd += " movestogo " + std::to_string(own.moves_per_period - mine.moves_in_period);
    }
  }
  if (own.movetime_ms > 0) cmd += " movetime " + std::to_string(own.movetime_ms);
  if (own.nodes > 0) cmd += " nodes " + std::to_string(own.nodes);
  if (own.depth > 0) cmd += " depth " + std::to_string(own.depth);
  if (cmd == "go") cmd += " infinite";  // never reached: the runner requires a limit
  return cmd;
}

}  // namespace ordo::match
