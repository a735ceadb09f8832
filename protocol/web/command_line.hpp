// Splitting an --engine "CMD" value into a program and its arguments, as a shell would for plain
// words: whitespace separates words; '...' and "..." group (no escapes inside '...', \" and \\ inside
// "..."); a backslash outside quotes takes the next character. No variables, globs or pipes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dialect.hpp"

namespace ordo::web {

// Nullopt (with *error) for an unterminated quote, a trailing backslash or an empty command.
std::optional<std::vector<std::string>> split_command(std::string_view command, std::string* error);

// A whole --engine value: leading words "proto=uci" or "proto=ugi" (ordo-match's engine setting;
// the last one counts) choose the dialect, the rest is the command as split_command reads it.
struct EngineLine {
  std::vector<std::string> argv;
  protocol::Dialect dialect = protocol::Dialect::Uci;
};
// Nullopt (with *error) as split_command, for "proto=" with another value, or no command after it.
std::optional<EngineLine> parse_engine_line(std::string_view text, std::string* error);

}  // namespace ordo::web
