// Splitting an --engine "CMD" value into a program and its arguments, as a shell would for plain
// words: whitespace separates words; '...' and "..." group (no escapes inside '...', \" and \\ inside
// "..."); a backslash outside quotes takes the next character. No variables, globs or pipes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::web {

// Nullopt (with *error) for an unterminated quote, a trailing backslash or an empty command.
std::optional<std::vector<std::string>> split_command(std::string_view command, std::string* error);

}  // namespace ordo::web
