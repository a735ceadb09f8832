// An engine command that runs a shell script: the driver's and the client's tests play engines
// that misbehave on purpose with a line of sh.
#pragma once

#include <string>

#include "engine_command.hpp"

namespace ordo::testing {

inline driver::EngineCommand shell(const std::string& script) {
  return driver::EngineCommand{{"/bin/sh", "-c", script}, {}};
}

}  // namespace ordo::testing
