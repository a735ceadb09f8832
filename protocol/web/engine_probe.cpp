#include "engine_probe.hpp"

#include "handshake.hpp"

namespace ordo::web {

EngineProbe probe_engine(const driver::EngineCommand& command, std::chrono::milliseconds timeout) {
  EngineProbe probe;
  driver::EngineProcess process(command);
  std::string error;
  if (!process.start(&error)) {
    probe.error = "cannot start: " + error;
    return probe;
  }
  driver::EngineIdentity identity;
  if (!driver::greet(process, driver::Dialect::Uci, timeout, &identity, &error)) {
    probe.error = "does not answer as an engine: " + error;
    process.kill();
    return probe;
  }
  process.stop(std::chrono::milliseconds(200));
  probe.ok = true;
  probe.name = identity.name;
  return probe;
}

}  // namespace ordo::web
