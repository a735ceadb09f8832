// The tests' client of the board's server on 127.0.0.1: one HTTP request, a WebSocket page, and a
// plain TCP connection for hand-written bytes. A plain C++ interface: Boost.Beast is compiled once,
// in web_client.cpp, not in every test file that talks to the server. Every call blocks; none has
// a timeout of its own (ctest's limit is the bound).
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ordo::web::testing {

// "127.0.0.1:<port>", the Host a page on this port sends.
std::string host_of(unsigned short port);

struct HttpOptions {
  std::string method = "GET";  // any token: GET, HEAD, POST...
  std::string host;            // the Host header; empty: host_of(port)
  std::vector<std::pair<std::string, std::string>> headers;  // extra fields, e.g. If-None-Match
};

struct HttpReply {
  int status = 0;
  std::string body;  // empty for HEAD: its answer announces a body it does not send
  std::vector<std::pair<std::string, std::string>> headers;
  // The first field of this name (case-insensitive), empty if none.
  std::string header(std::string_view name) const;
};

// One request on its own connection (Connection: close). Throws std::runtime_error when the
// connection fails or the answer is not HTTP.
HttpReply http_request(unsigned short port, const std::string& target, const HttpOptions& options = {});

// The server refused the connection or the WebSocket handshake; status is the HTTP answer's (403,
// 503...), 0 when there was none.
struct WsRefused : std::runtime_error {
  int status;
  WsRefused(const std::string& what, int status_code) : std::runtime_error(what), status(status_code) {}
};

// A read or write on a WebSocket connection that is closed or failed (the server closed it, by a
// close frame or by dropping the socket).
struct WsClosed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A page's WebSocket connection to /ws. The destructor drops the socket without a close frame.
class WsClient {
 public:
  // origin: the Origin header, none if empty; host: the Host header, host_of(port) if empty.
  // Throws WsRefused.
  explicit WsClient(unsigned short port, const std::string& origin = "", const std::string& host = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // One text frame, sent as is (even when it is not UTF-8). Throws WsClosed.
  void send(const std::string& text);
  // One binary frame. Throws WsClosed.
  void send_binary(const std::string& bytes);
  // The next message. Throws WsClosed.
  std::string read();
  // Reads until a message {"type":"<type>",... arrives (at most 50 messages; empty if none was).
  std::string read_type(const std::string& type);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A TCP connection for hand-written bytes. Throws std::runtime_error when the connect fails.
class RawConnection {
 public:
  explicit RawConnection(unsigned short port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  // Writes all the bytes; false when the connection failed (the server may close while they go).
  bool write(const std::string& bytes);
  // What one read returns (at most `max` bytes, blocking until some arrive); empty when the stream
  // ended or failed.
  std::string read_some(std::size_t max = 4096);
  // Reads until `until` arrives and returns what came before it; or, if the stream ends or fails
  // first, all that came.
  std::string read_until(const std::string& until);
  // The last read met the end of the stream: the server closed the connection in order.
  bool at_eof() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Sends `request` on a new connection (write errors ignored: the server may answer and close
// first) and returns the answer up to `until`, as RawConnection::read_until.
std::string raw_exchange(unsigned short port, const std::string& request, const std::string& until);

// The head of the answer to one raw request (up to its blank line).
inline std::string answer_head(unsigned short port, const std::string& request) {
  return raw_exchange(port, request, "\r\n\r\n");
}

}  // namespace ordo::web::testing
