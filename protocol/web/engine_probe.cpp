#include "engine_probe.hpp"

namespace ordo::web {

EngineProbe probe_engine(const driver::EngineCommand& command, driver::Dialect dialect,
                         std::chrono::milliseconds timeout) {
  EngineProbe probe;
  driver::EngineClient client(command, dialect);
  driver::ClientError error;
  if (!client.start(timeout, &error)) {
    // A process that ran but did not greet is no engine; any other failure is its start's.
    const bool ran = error.kind == driver::ClientError::Kind::NoGreeting;
    probe.error = (ran ? "does not answer as an engine: " : "cannot start: ") + error.text;
    return probe;
  }
  probe.name = client.identity().name;
  probe.options = client.identity().typed_options;
  client.quit(std::chrono::milliseconds(200));
  probe.ok = true;
  return probe;
}

}  // namespace ordo::web
