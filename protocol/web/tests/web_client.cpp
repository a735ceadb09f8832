// The tests' client over Boost.Beast and Asio (web_client.hpp), synchronous.
#include "web_client.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <cctype>

namespace ordo::web::testing {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

tcp::endpoint local(unsigned short port) { return {asio::ip::make_address("127.0.0.1"), port}; }

bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::string host_of(unsigned short port) { return "127.0.0.1:" + std::to_string(port); }

std::string HttpReply::header(std::string_view name) const {
  for (const auto& [field, value] : headers)
    if (same_name(field, name)) return value;
  return "";
}

HttpReply http_request(unsigned short port, const std::string& target, const HttpOptions& options) {
  try {
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(local(port));
    http::request<http::string_body> req;
    req.method_string(options.method);
    req.target(target);
    req.version(11);
    req.set(http::field::host, options.host.empty() ? host_of(port) : options.host);
    for (const auto& [name, value] : options.headers) req.set(name, value);
    req.keep_alive(false);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.skip(req.method() == http::verb::head);  // a HEAD answer announces a body it does not send
    http::read(stream, buffer, parser);
    const auto res = parser.release();
    HttpReply reply;
    reply.status = static_cast<int>(res.result_int());
    reply.body = res.body();
    for (const auto& field : res) reply.headers.emplace_back(field.name_string(), field.value());
    return reply;
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("HTTP " + options.method + " " + target + ": " + e.what());
  }
}

struct WsClient::Impl {
  asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
  beast::flat_buffer buffer;

  void write(const std::string& bytes, bool binary) {
    try {
      ws.binary(binary);
      ws.write(asio::buffer(bytes));
    } catch (const boost::system::system_error& e) {
      throw WsClosed(std::string("WebSocket write: ") + e.what());
    }
  }
};

WsClient::WsClient(unsigned short port, const std::string& origin, const std::string& host)
    : impl_(std::make_unique<Impl>()) {
  try {
    impl_->ws.next_layer().connect(local(port));
  } catch (const boost::system::system_error& e) {
    throw WsRefused(std::string("WebSocket connect: ") + e.what(), 0);
  }
  impl_->ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type answer;
  try {
    impl_->ws.handshake(answer, host.empty() ? host_of(port) : host, "/ws");
  } catch (const boost::system::system_error& e) {
    const int status = static_cast<int>(answer.result_int());
    throw WsRefused("WebSocket handshake (HTTP " + std::to_string(status) + "): " + e.what(), status);
  }
}

WsClient::~WsClient() = default;

void WsClient::send(const std::string& text) { impl_->write(text, false); }

void WsClient::send_binary(const std::string& bytes) { impl_->write(bytes, true); }

std::string WsClient::read() {
  impl_->buffer.consume(impl_->buffer.size());
  try {
    impl_->ws.read(impl_->buffer);
  } catch (const boost::system::system_error& e) {
    throw WsClosed(std::string("WebSocket read: ") + e.what());
  }
  return beast::buffers_to_string(impl_->buffer.data());
}

std::string WsClient::read_type(const std::string& type) {
  const std::string prefix = "{\"type\":\"" + type + "\"";
  for (int i = 0; i < 50; ++i) {
    std::string m = read();
    if (m.rfind(prefix, 0) == 0) return m;
  }
  return "";
}

struct RawConnection::Impl {
  asio::io_context io;
  tcp::socket socket{io};
  bool eof = false;
};

RawConnection::RawConnection(unsigned short port) : impl_(std::make_unique<Impl>()) {
  try {
    impl_->socket.connect(local(port));
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error(std::string("TCP connect: ") + e.what());
  }
}

RawConnection::~RawConnection() = default;

bool RawConnection::write(const std::string& bytes) {
  boost::system::error_code ec;
  asio::write(impl_->socket, asio::buffer(bytes), ec);
  return !ec;
}

std::string RawConnection::read_some(std::size_t max) {
  std::string bytes(max, '\0');
  boost::system::error_code ec;
  const auto n = impl_->socket.read_some(asio::buffer(bytes), ec);
  impl_->eof = ec == asio::error::eof;
  bytes.resize(ec ? 0 : n);
  return bytes;
}

std::string RawConnection::read_until(const std::string& until) {
  std::string reply;
  while (reply.find(until) == std::string::npos) {
    const std::string more = read_some();
    if (more.empty()) break;
    reply += more;
  }
  return reply.substr(0, reply.find(until));
}

bool RawConnection::at_eof() const { return impl_->eof; }

std::string raw_exchange(unsigned short port, const std::string& request, const std::string& until) {
  RawConnection c(port);
  c.write(request);
  return c.read_until(until);
}

}  // namespace ordo::web::testing
