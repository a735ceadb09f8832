// The protocol steps every client performs on a fresh engine: the uci/ugi greeting, the
// isready/readyok barrier and setoption. Thin wrappers over EngineProcess with timeouts.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "engine_process.hpp"

namespace ordo::driver {

enum class Dialect { Uci, Ugi };

// "uci" or "ugi"; false for anything else.
bool parse_dialect(const std::string& text, Dialect& out);
const char* dialect_name(Dialect d);

struct EngineIdentity {
  std::string name;                  // from "id name", empty if the engine sent none
  std::string author;                // from "id author"
  std::vector<std::string> options;  // option names announced with "option name X type ..."
};

// Sends "uci"/"ugi" and reads until "uciok"/"ugiok". False with *error on timeout or EOF.
bool greet(EngineProcess& engine, Dialect dialect, std::chrono::milliseconds timeout, EngineIdentity* identity,
           std::string* error);

// Sends "isready" and reads until "readyok" (other lines are dropped). False on timeout or EOF.
bool sync_ready(EngineProcess& engine, std::chrono::milliseconds timeout, std::string* error);

// Sends "setoption name NAME value VALUE" ("setoption name NAME" when value is empty).
bool set_option(EngineProcess& engine, const std::string& name, const std::string& value);

// The option name of an "option name X type ..." line, or empty when the line is not one.
std::string option_line_name(const std::string& line);

}  // namespace ordo::driver
