// An --engine "CMD" value: the program and its arguments as driver::split_command reads them (as
// a shell would for plain words), after optional proto= words.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine_command.hpp"

namespace ordo::web {

// A whole --engine value: leading words "proto=uci" or "proto=ugi" (ordo-match's engine setting;
// the last one counts) choose the dialect, the rest is the command as driver::split_command reads it.
struct EngineLine {
  std::vector<std::string> argv;
  protocol::Dialect dialect = protocol::Dialect::Uci;
};
// Nullopt (with *error) as driver::split_command, for an empty command, for "proto=" with another
// value (driver::parse_proto), or no command after it.
std::optional<EngineLine> parse_engine_line(std::string_view text, std::string* error);

}  // namespace ordo::web
