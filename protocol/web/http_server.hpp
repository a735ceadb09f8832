// The HTTP and WebSocket server: serves the page's files and gives each WebSocket connection on
// /ws its own WebSession with its own engine processes. Runs on one Asio io_context thread, which
// nothing blocks: engine pipes are non-blocking, engines end through a reaper.
// Limits (ServerConfig): request headers and bodies, WebSocket message size and rate, number of
// sessions, bytes queued for a page and for an engine, idle HTTP connections. When file
// descriptors run out, accepting backs off and the longest-waiting idle HTTP connections are shed.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "server_context.hpp"

namespace ordo::web {

class WebServer {
 public:
  WebServer(boost::asio::io_context& io, ServerConfig config);
  ~WebServer();
  // Binds and starts accepting. False with *error when the address cannot be used.
  bool listen(std::string* error);
  unsigned short port() const;
  // The address as a URL host ("127.0.0.1", "[::1]"), and whether it reaches beyond this machine.
  std::string url_host() const;
  bool beyond_loopback() const;
  int sessions() const { return int(context_->sessions.size()); }
  int http_connections() const { return int(context_->http.size()); }
  // Stops accepting, closes every connection and kills every engine at once.
  void shut_down();

 private:
  void accept();
  void accept_later(std::chrono::milliseconds delay);
  // Closes up to n HTTP connections that have waited longest for a request; how many it closed.
  int shed_idle(int n);
  // Every kTick: how late the event loop runs (past overload_lag, new boards are refused for a
  // while), and memory that closed boards freed is given back to the system once they stop closing.
  void tick();
  static constexpr std::chrono::milliseconds kTick{50};

  boost::asio::io_context& io_;
  std::shared_ptr<ServerContext> context_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer accept_timer_;
  boost::asio::steady_timer tick_timer_;
  std::chrono::steady_clock::time_point tick_due_{};
  int closed_last_tick_ = 0;
  std::chrono::milliseconds backoff_{0};
};

}  // namespace ordo::web
