// What the server and its connections share: the configuration with its limits, the host
// allow-list, the reaper that ends engine processes, and the registries of open connections (to
// close them at shutdown, and to shed idle HTTP connections when file descriptors run out). Lives
// on the server's one thread.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine_process.hpp"
#include "engine_reaper.hpp"
#include "host_policy.hpp"
#include "live_watch.hpp"
#include "web_session.hpp"

namespace ordo::web {

struct ServerConfig {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port
  std::vector<driver::EngineCommand> engines;
  std::vector<EngineListing> listings;  // one per engine, for display
  std::vector<HostName> allowed_hosts;  // beyond the loopback names and the bound address
  int max_sessions = 4;
  // The engines run this much below the server's priority: however many think, the server (one
  // thread) keeps answering.
  int engine_niceness = 10;
  // A board asked for while the server's event loop runs this late is refused with 503 (and a
  // Retry-After) instead of adding to the load.
  // Late by a second is a server that cannot keep up (a loaded machine's scheduling is well below).
  std::chrono::milliseconds overload_lag{1000};
  // Bytes waiting to be sent to one page; a page that stops reading is dropped past this.
  std::size_t max_queued_bytes = 8 * 1024 * 1024;
  // Bytes waiting for one engine that does not read; past this the page's session is closed.
  std::size_t max_engine_queue = 256 * 1024;
  // Messages a page may send: `message_rate` a second on average, `message_burst` at once.
  double message_rate = 50, message_burst = 200;
  // An HTTP connection that has not sent a whole request in this time is closed.
  std::chrono::milliseconds idle_timeout = std::chrono::seconds(10);
  SessionLimits limits;
  // --live FILE: the live tournament file served at /live.json, checked every live_interval.
  std::string live_file;
  std::chrono::milliseconds live_interval{200};
};

struct ServerContext {
  ServerConfig config;
  HostPolicy hosts;
  std::shared_ptr<EngineReaper> reaper;
  std::shared_ptr<LiveWatch> live;  // null without --live
  // Open WebSocket sessions: id -> how to close it.
  int next_session = 1;
  std::map<int, std::function<void()>> sessions;
  // Open HTTP connections: id -> since when it waits for a request (or nullopt while it answers)
  // and how to close it.
  struct HttpEntry {
    std::optional<std::chrono::steady_clock::time_point> waiting_since;
    std::function<void()> close;
  };
  int next_http = 1;
  std::map<int, HttpEntry> http;
  // Until when new boards are refused: the event loop was found running late (see WebServer).
  std::chrono::steady_clock::time_point overloaded_until{};
  // Boards closed since the memory they freed was last given back to the system.
  int closed_since_trim = 0;
};

}  // namespace ordo::web
