// The check at start, as ordo-match does it: every --engine is started, greeted ("uci" .. "uciok",
// or "ugi" .. "ugiok") and ended before the server listens, so a wrong command fails at once with
// one clear line instead of on the page after the first move. The name it announces becomes the
// name the page shows, and its options tell the page whether it has strength levels.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "engine_client.hpp"

namespace ordo::web {

struct EngineProbe {
  bool ok = false;
  std::string name;   // from "id name" (empty if the engine sent none)
  std::vector<driver::EngineOption> options;  // every option it announced, parsed, in order
  std::string error;  // one line when !ok, e.g. "cannot start: No such file or directory"
};

EngineProbe probe_engine(const driver::EngineCommand& command, driver::Dialect dialect = driver::Dialect::Uci,
                         std::chrono::milliseconds timeout = std::chrono::seconds(10));

}  // namespace ordo::web
