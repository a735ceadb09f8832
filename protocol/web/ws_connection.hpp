// One WebSocket connection on /ws and its WebSession. Limits: the message size, a rate limit on the
// page's messages (RateLimit: refused ones get an error, a page that keeps flooding is closed),
// the bytes queued for the page (a page that stops reading is dropped), and the bytes queued for an
// engine that does not read (the session is told so and closed).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>

#include "rate_limit.hpp"
#include "server_context.hpp"

namespace ordo::web {

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  WsConnection(boost::asio::ip::tcp::socket socket, std::shared_ptr<ServerContext> context);
  ~WsConnection();
  // Completes the upgrade this request asked for, then serves the session.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

 private:
  void shut_down();
  void open_session();
  void read();
  void enqueue(std::string message);
  void write();
  // Ends the session with a last error message to the page, then a WebSocket close.
  void finish(const std::string& why, boost::beast::websocket::close_code code);
  void drop();  // closes the socket at once

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  std::shared_ptr<ServerContext> context_;
  int id_ = 0;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::size_t queued_bytes_ = 0;
  std::unique_ptr<WebSession> session_;
  RateLimit rate_;
  boost::asio::steady_timer finish_timer_;
  boost::beast::websocket::close_code finish_code_ = boost::beast::websocket::close_code::normal;
  bool closing_ = false;    // nothing more is queued
  bool finishing_ = false;  // a close follows the queued messages
};

}  // namespace ordo::web
