#include "engine_probe.hpp"

namespace ordo::web {

EngineProbe probe_engine(const driver::EngineCommand& command, driver::Dialect dialect,
                         std::chrono::milliseconds timeout) {
  EngineProbe probe;
  driver::EngineClient client(command, dialect);
  std::string error;
  if (!client.start(timeout, &error)) {
    // The client's greeting failure ("no 'uciok' within …") comes from a process that ran; any
    // other error is the process's own start failure.
    const bool ran = error.rfind("no '", 0) == 0;
    probe.error = (ran ? "does not answer as an engine: " : "cannot start: ") + error;
    return probe;
  }
  probe.name = client.identity().name;
  client.quit(std::chrono::milliseconds(200));
  probe.ok = true;
  return probe;
}

}  // namespace ordo::web
