// The HTTP and WebSocket server: serves the page's files and gives each WebSocket connection on
// /ws its own WebSession with its own engine processes. Runs on one Asio io_context thread.
// Limits: request headers and bodies, WebSocket message size, number of sessions, queued output.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine_process.hpp"
#include "web_session.hpp"

namespace ordo::web {

struct ServerConfig {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port
  std::vector<driver::EngineCommand> engines;
  std::vector<EngineSpec> specs;  // one per engine, for display
  int max_sessions = 4;
  std::size_t max_queued_messages = 2000;  // per session; a page that stops reading is dropped
  SessionLimits limits;
};

// Whether a request may use the server: the Host header must name a loopback host when the server
// listens on a loopback address (a guard against DNS rebinding), and an Origin header, when sent,
// must be this same host (a guard against other web sites opening the WebSocket).
bool host_allowed(const std::string& host, bool loopback_only);
bool origin_allowed(const std::string& origin, const std::string& host);

// The open WebSocket sessions, shared by the server and its connections: id -> how to close it.
struct SessionRegistry {
  int next_id = 1;
  std::map<int, std::function<void()>> open;
};

class WebServer {
 public:
  WebServer(boost::asio::io_context& io, ServerConfig config);
  ~WebServer();
  // Binds and starts accepting. False with *error when the address cannot be used.
  bool listen(std::string* error);
  unsigned short port() const;
  int sessions() const { return int(sessions_->open.size()); }
  // Stops accepting and closes every session (their engines are stopped).
  void shut_down();

 private:
  void accept();
  boost::asio::io_context& io_;
  std::shared_ptr<const ServerConfig> config_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<SessionRegistry> sessions_ = std::make_shared<SessionRegistry>();
  bool loopback_only_ = true;
};

}  // namespace ordo::web
