// A web server on a free port with the ordo engine, run on its own thread for a test's lifetime;
// `tweak` adjusts the configuration first. The destructor shuts it down on its own thread.
#pragma once

#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>

#include "http_server.hpp"

namespace ordo::web::testing {

struct RunningServer {
  boost::asio::io_context io;
  std::unique_ptr<WebServer> server;
  std::thread thread;
  unsigned short port = 0;

  explicit RunningServer(const std::function<void(ServerConfig&)>& tweak = {}) {
    ServerConfig c;
    c.port = 0;
    c.engines.push_back({{ORDO_ENGINE_BINARY}, "", false});
    c.listings.push_back({"ordo", ""});
    c.overload_lag = std::chrono::hours(1);  // tests on a loaded machine are never refused as overload
    if (tweak) tweak(c);
    server = std::make_unique<WebServer>(io, c);
    std::string error;
    REQUIRE(server->listen(&error));
    port = server->port();
    thread = std::thread([this] { io.run(); });
  }
  ~RunningServer() {
    boost::asio::post(io, [this] {
      server->shut_down();
      io.stop();
    });
    thread.join();
  }
  // f() evaluated on the server's thread.
  template <class F>
  auto on_server(F f) {
    std::promise<decltype(f())> p;
    boost::asio::post(io, [&] { p.set_value(f()); });
    return p.get_future().get();
  }
  int sessions() {
    return on_server([this] { return server->sessions(); });
  }
  // Waits up to `limit` for pred() (evaluated on the server's thread).
  template <class F>
  bool eventually(F pred, std::chrono::milliseconds limit = std::chrono::milliseconds(5000)) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
      if (on_server(pred)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
};

}  // namespace ordo::web::testing
