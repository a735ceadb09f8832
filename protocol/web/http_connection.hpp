// One HTTP connection: the page's files, or the upgrade to a WebSocket session. Checks the Host and
// Origin headers of every request against the allow-list; closes a connection that has not sent a
// whole request within the idle timeout, and registers itself so that the server can shed it first
// when it runs out of file descriptors.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server_context.hpp"

namespace ordo::web {

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
 public:
  HttpConnection(boost::asio::ip::tcp::socket socket, std::shared_ptr<ServerContext> context);
  ~HttpConnection();
  // Waits for the next request.
  void read();

 private:
  void serve(boost::beast::http::request<boost::beast::http::string_body> req);
  // /live.json: the live tournament document (--live), 304 when the page has it already.
  void serve_live(const boost::beast::http::request<boost::beast::http::string_body>& req);
  // /live-game.json?number=N: a finished game of the live document replayed (live_replay.hpp); 400
  // for a malformed query, 404 for a game that cannot be given, each with {"error": "…"}.
  void serve_live_game(const boost::beast::http::request<boost::beast::http::string_body>& req);
  void respond_error(boost::beast::http::status status, const char* text, bool keep_alive);
  void send(std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> res);
  void close();

  boost::beast::tcp_stream stream_;
  std::shared_ptr<ServerContext> context_;
  int id_ = 0;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace ordo::web
