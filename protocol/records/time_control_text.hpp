// The time control as text, the one grammar of the records' TimeControl tag, the match runner's
// tc= and the web board's clock command: "[moves/]seconds[+increment]", seconds a decimal or m:ss,
// e.g. "10+0.1", "40/60", "1:30+1", "180+2".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "side_clock.hpp"

namespace ordo::records {

// The time control the text names; nullopt with *error (one line) on anything else, or when it
// gives no time at all (0+0).
std::optional<game::TimeControl> parse_time_control(const std::string& text, std::string* error);

// The tag's text of a time control: "40/60+0.6", "2+0.05", "180".
std::string time_control_text(const game::TimeControl& tc);

// Seconds as a decimal number ("0.05") to milliseconds; nullopt if malformed, negative or huge.
std::optional<std::int64_t> parse_seconds_ms(const std::string& text);

// Milliseconds as seconds, as short as exact: 2000 -> "2", 50 -> "0.05".
std::string seconds_text(std::int64_t ms);

}  // namespace ordo::records
