// What to run as an engine, and how the programs' command lines name it: ordo-match's args= and
// proto= engine settings and ordo-web's --engine value read their words and dialect here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dialect.hpp"

namespace ordo::driver {

// What to run: argv[0] is the program (searched on PATH when it has no '/'), working_dir the
// directory it starts in (empty: the caller's). Standard error goes to /dev/null unless
// pass_stderr is set, when it is inherited from the caller. niceness > 0 runs the engine that much
// below the caller's priority (at most 19), so that a server that starts many engines keeps
// answering; 0 (the match runner's choice) leaves it at the caller's. cpus, when not empty, are
// the only CPUs the engine may run on, set before exec so every thread it starts inherits them.
struct EngineCommand {
  std::vector<std::string> argv;
  std::string working_dir;
  bool pass_stderr = false;
  int niceness = 0;
  std::vector<int> cpus = {};
};

// Splits a command line into words as a shell would for plain words: any white space separates
// words; '...' and "..." group (no escapes inside '...', \" and \\ inside "..."); a backslash
// outside quotes takes the next character. No variables, globs or pipes. Blank text gives no
// words; nullopt (with *error) for an unterminated quote or a trailing backslash.
std::optional<std::vector<std::string>> split_command(std::string_view command, std::string* error);

// An engine's "proto=" value: "uci" or "ugi". False with *error ("proto must be uci or ugi, not
// 'X'") for anything else.
bool parse_proto(std::string_view value, protocol::Dialect& dialect, std::string* error);

}  // namespace ordo::driver
