#include "http_server.hpp"

#include <algorithm>
#include <boost/beast/core.hpp>
#include <fcntl.h>
#include <iostream>
#include <malloc.h>
#include <vector>

#include "http_connection.hpp"

namespace ordo::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

namespace {

// Asio opens sockets without close-on-exec: an engine started later would inherit them and keep a
// connection the server closed open (the browser then waits on it forever) or the port bound.
void close_on_exec(int fd) {
  const int flags = ::fcntl(fd, F_GETFD);
  if (flags >= 0) ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

}  // namespace

WebServer::WebServer(asio::io_context& io, ServerConfig config)
    : io_(io), context_(std::make_shared<ServerContext>()), acceptor_(io), accept_timer_(io), tick_timer_(io) {
  context_->config = std::move(config);
  context_->reaper = std::make_shared<EngineReaper>(io);
}

WebServer::~WebServer() {
  // Connections that outlive the server (held by handlers of a stopped io_context) end their
  // engines at once.
  context_->reaper->kill_all();
}

bool WebServer::listen(std::string* error) {
  const ServerConfig& config = context_->config;
  beast::error_code ec;
  const auto address = asio::ip::make_address(config.address, ec);
  if (ec) {
    *error = "bad address '" + config.address + "': " + ec.message();
    return false;
  }
  const tcp::endpoint endpoint(address, config.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) close_on_exec(acceptor_.native_handle());
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    *error = "cannot listen on " + ordo::web::url_host(address) + ":" + std::to_string(config.port) + ": " + ec.message();
    return false;
  }
  context_->hosts = HostPolicy(address, config.allowed_hosts);
  if (!config.live_file.empty()) {
    context_->live = std::make_shared<LiveWatch>(io_, config.live_file, config.live_interval, std::cerr);
    context_->live->start();
  }
  accept();
  tick_due_ = std::chrono::steady_clock::now() + kTick;
  tick();
  return true;
}

void WebServer::tick() {
  const auto now = std::chrono::steady_clock::now();
  if (now - tick_due_ > context_->config.overload_lag) context_->overloaded_until = now + std::chrono::seconds(2);
  // Boards closed and none in the last tick: the heap they used goes back (glibc keeps freed
  // memory of the main arena otherwise, and a server that had many boards would stay big).
  if (context_->closed_since_trim > 0 && context_->closed_since_trim == closed_last_tick_) {
    ::malloc_trim(0);
    context_->closed_since_trim = 0;
  }
  closed_last_tick_ = context_->closed_since_trim;
  tick_due_ = now + kTick;
  tick_timer_.expires_at(tick_due_);
  tick_timer_.async_wait([this](const beast::error_code& ec) {
    if (!ec && acceptor_.is_open()) tick();
  });
}

std::string WebServer::url_host() const { return ordo::web::url_host(acceptor_.local_endpoint().address()); }

bool WebServer::beyond_loopback() const { return !is_loopback(acceptor_.local_endpoint().address()); }

void WebServer::shut_down() {
  beast::error_code ec;
  acceptor_.close(ec);
  accept_timer_.cancel();
  tick_timer_.cancel();
  if (context_->live) context_->live->stop();
  context_->reaper->kill_all();
  auto sessions = context_->sessions;  // closing erases entries
  for (auto& [id, close] : sessions) close();
  auto http = context_->http;
  for (auto& [id, entry] : http) entry.close();
}

unsigned short WebServer::port() const { return acceptor_.local_endpoint().port(); }

void WebServer::accept() {
  acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
      backoff_ = std::chrono::milliseconds(0);
      close_on_exec(socket.native_handle());
      std::make_shared<HttpConnection>(std::move(socket), context_)->read();
      accept();
      return;
    }
    // Out of descriptors or memory, accepting again at once fails again at once: shed idle
    // connections to make room, and wait a little (longer while nothing can be shed).
    const bool exhausted = ec == asio::error::no_descriptors ||
                           ec == boost::system::errc::too_many_files_open_in_system ||
                           ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
    if (exhausted && shed_idle(4) > 0) {
      backoff_ = std::chrono::milliseconds(0);
      return accept_later(std::chrono::milliseconds(5));
    }
    backoff_ = std::clamp(backoff_ * 2, std::chrono::milliseconds(20), std::chrono::milliseconds(1000));
    accept_later(backoff_);
  });
}

void WebServer::accept_later(std::chrono::milliseconds delay) {
  accept_timer_.expires_after(delay);
  accept_timer_.async_wait([this](const beast::error_code& ec) {
    if (!ec && acceptor_.is_open()) accept();
  });
}

int WebServer::shed_idle(int n) {
  std::vector<std::pair<std::chrono::steady_clock::time_point, int>> waiting;
  for (const auto& [id, entry] : context_->http)
    if (entry.waiting_since) waiting.emplace_back(*entry.waiting_since, id);
  std::sort(waiting.begin(), waiting.end());
  int closed = 0;
  for (const auto& [since, id] : waiting) {
    if (closed == n) break;
    auto it = context_->http.find(id);
    if (it == context_->http.end()) continue;
    auto close = it->second.close;
    close();
    ++closed;
  }
  return closed;
}

}  // namespace ordo::web
