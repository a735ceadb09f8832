#include "time_control_text.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "tokenizer.hpp"

namespace ordo::records {

std::string seconds_text(std::int64_t ms) {
  char buf[64];
  if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(ms / 1000));
  else std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms) / 1000.0);
  return buf;
}

std::optional<std::int64_t> parse_seconds_ms(const std::string& text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  int dots = 0;
  for (char c : text) {
    if (c == '.') ++dots;
    else if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  if (dots > 1 || text == ".") return std::nullopt;
  const double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v) || v < 0 || v > 1e9) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(v * 1000.0));
}

std::optional<game::TimeControl> parse_time_control(const std::string& text, std::string* error) {
  auto fail = [&]() -> std::optional<game::TimeControl> {
    if (error) *error = "bad time control '" + text + "' (expected [moves/]seconds[+increment], e.g. 10+0.1)";
    return std::nullopt;
  };
  game::TimeControl tc;
  std::string rest = text;
  if (const auto slash = rest.find('/'); slash != std::string::npos) {
    const auto count = protocol::parse_count(rest.substr(0, slash), 6);
    if (!count || *count == 0) return fail();
    tc.moves_per_period = static_cast<int>(*count);
    rest = rest.substr(slash + 1);
  }
  std::string base = rest, inc;
  const auto plus = rest.find('+');
  if (plus != std::string::npos) {
    base = rest.substr(0, plus);
    inc = rest.substr(plus + 1);
  }
  if (const auto colon = base.find(':'); colon != std::string::npos) {
    const auto minutes = protocol::parse_count(base.substr(0, colon), 6);
    const auto secs = parse_seconds_ms(base.substr(colon + 1));
    if (!minutes || !secs) return fail();
    tc.base_ms = static_cast<std::int64_t>(*minutes) * 60000 + *secs;
  } else {
    const auto b = parse_seconds_ms(base);
    if (!b) return fail();
    tc.base_ms = *b;
  }
  if (plus != std::string::npos) {
    const auto i = parse_seconds_ms(inc);
    if (!i) return fail();
    tc.inc_ms = *i;
  }
  if (tc.base_ms <= 0 && tc.inc_ms <= 0) return fail();
  return tc;
}

std::string time_control_text(const game::TimeControl& tc) {
  std::string out = tc.moves_per_period > 0 ? std::to_string(tc.moves_per_period) + "/" : "";
  out += seconds_text(tc.base_ms);
  if (tc.inc_ms > 0) {
    out += '+';  // (not "+" + text: GCC 12 warns of a false overlap there)
    out += seconds_text(tc.inc_ms);
  }
  return out;
}

}  // namespace ordo::records
