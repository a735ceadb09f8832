#include "http_server.hpp"

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "page_files.hpp"
#include "process_transport.hpp"

namespace ordo::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// The host part of a Host header value ("127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "[::1]").
std::string host_name(const std::string& host) {
  if (!host.empty() && host.front() == '[') {
    const auto close = host.find(']');
    return close == std::string::npos ? host : host.substr(0, close + 1);
  }
  const auto colon = host.find(':');
  return colon == std::string::npos ? host : host.substr(0, colon);
}

// One WebSocket connection and its session.
class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  WsConnection(tcp::socket socket, std::shared_ptr<const ServerConfig> config, std::shared_ptr<SessionRegistry> sessions)
      : ws_(std::move(socket)), config_(std::move(config)), sessions_(std::move(sessions)) {
    id_ = sessions_->next_id++;
  }
  ~WsConnection() {
    if (session_) session_->close();
    sessions_->open.erase(id_);
  }

  void run(http::request<http::string_body> request) {
    std::weak_ptr<WsConnection> weak = weak_from_this();
    sessions_->open[id_] = [weak] {
      if (auto self = weak.lock()) self->shut_down();
    };
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(config_->limits.max_message);
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->open_session();
      self->read();
    });
  }

 private:
  void shut_down() {
    closing_ = true;
    if (session_) session_->close();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

  void open_session() {
    auto& io = static_cast<asio::io_context&>(ws_.get_executor().context());
    std::weak_ptr<WsConnection> weak = weak_from_this();
    const auto config = config_;
    auto factory = [&io, config](int engine, TransportEvents events) -> std::unique_ptr<LineTransport> {
      return std::make_unique<ProcessTransport>(io, config->engines.at(engine), std::move(events));
    };
    session_ = std::make_unique<WebSession>(config_->specs, factory,
                                            [weak](std::string message) {
                                              if (auto self = weak.lock()) self->enqueue(std::move(message));
                                            },
                                            config_->limits);
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->closing_ = true;
        if (self->session_) self->session_->close();
        return;  // closed, timed out, or a message over the size limit
      }
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      if (!self->ws_.got_text()) {
        self->enqueue(R"({"type":"error","message":"binary messages are not accepted"})");
      } else if (self->session_) {
        self->session_->handle(text);
      }
      if (!self->closing_) self->read();
    });
  }

  void enqueue(std::string message) {
    if (closing_) return;
    if (queue_.size() >= config_->max_queued_messages) {
      closing_ = true;  // the page does not read: drop it
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) write();
  }

  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->closing_ = true;
        self->queue_.clear();
        return;
      }
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  std::shared_ptr<const ServerConfig> config_;
  std::shared_ptr<SessionRegistry> sessions_;
  int id_ = 0;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::unique_ptr<WebSession> session_;
  bool closing_ = false;
};

// One HTTP connection: page files, or the upgrade to a WebSocket session.
class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
 public:
  HttpConnection(tcp::socket socket, std::shared_ptr<const ServerConfig> config, std::shared_ptr<SessionRegistry> sessions,
                 bool loopback_only)
      : stream_(std::move(socket)), config_(std::move(config)), sessions_(std::move(sessions)),
        loopback_only_(loopback_only) {}

  void read() {
    parser_.emplace();
    parser_->header_limit(8 * 1024);
    parser_->body_limit(4 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec == http::error::end_of_stream) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
      }
      if (ec) {
        // Over-long or malformed requests get a plain 400; a closed or timed-out connection nothing.
        if (ec.category() == beast::http::make_error_code(http::error::bad_target).category())
          self->respond_error(http::status::bad_request, "bad request\n", false);
        return;
      }
      self->serve(self->parser_->release());
    });
  }

 private:
  void serve(http::request<http::string_body> req) {
    const std::string host(req[http::field::host]);
    if (!host_allowed(host, loopback_only_)) return respond_error(http::status::forbidden, "host not allowed\n", false);
    if (websocket::is_upgrade(req)) {
      const std::string origin(req[http::field::origin]);
      if (req.target() != "/ws") return respond_error(http::status::not_found, "no WebSocket here\n", false);
      if (!origin_allowed(origin, host)) return respond_error(http::status::forbidden, "origin not allowed\n", false);
      if (int(sessions_->open.size()) >= config_->max_sessions)
        return respond_error(http::status::service_unavailable, "too many open boards: close one and reload\n", false);
      stream_.expires_never();
      std::make_shared<WsConnection>(stream_.release_socket(), config_, sessions_)->run(std::move(req));
      return;
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      return respond_error(http::status::method_not_allowed, "only GET and HEAD\n", req.keep_alive());
    std::string_view target(req.target().data(), req.target().size());
    target = target.substr(0, target.find('?'));
    const PageFile* file = find_page_file(target);
    if (!file) return respond_error(http::status::not_found, "not found\n", req.keep_alive());
    auto res = std::make_shared<http::response<http::string_body>>(http::status::ok, req.version());
    res->set(http::field::server, "ordo-web");
    res->set(http::field::content_type, std::string(file->content_type));
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->set("Content-Security-Policy",
             "default-src 'self'; connect-src 'self' ws://" + host + "; img-src 'self' data: blob:; style-src 'self'; "
             "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    if (req.method() == http::verb::get) res->body() = std::string(file->body);
    res->content_length(file->body.size());
    res->keep_alive(req.keep_alive());
    send(res);
  }

  void respond_error(http::status status, const char* text, bool keep_alive) {
    auto res = std::make_shared<http::response<http::string_body>>(status, 11);
    res->set(http::field::server, "ordo-web");
    res->set(http::field::content_type, "text/plain; charset=utf-8");
    res->body() = text;
    res->prepare_payload();
    res->keep_alive(keep_alive);
    send(res);
  }

  void send(std::shared_ptr<http::response<http::string_body>> res) {
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
      if (ec) return;
      if (!res->keep_alive()) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
      }
      self->read();
    });
  }

  beast::tcp_stream stream_;
  std::shared_ptr<const ServerConfig> config_;
  std::shared_ptr<SessionRegistry> sessions_;
  bool loopback_only_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

bool host_allowed(const std::string& host, bool loopback_only) {
  if (host.empty()) return false;
  if (!loopback_only) return true;
  const std::string name = lower_ascii(host_name(host));
  return name == "127.0.0.1" || name == "localhost" || name == "[::1]";
}

bool origin_allowed(const std::string& origin, const std::string& host) {
  if (origin.empty()) return true;  // not a browser page (a script or a test client)
  return lower_ascii(origin) == "http://" + lower_ascii(host);
}

WebServer::WebServer(asio::io_context& io, ServerConfig config)
    : io_(io), config_(std::make_shared<const ServerConfig>(std::move(config))), acceptor_(io) {}

WebServer::~WebServer() = default;

bool WebServer::listen(std::string* error) {
  beast::error_code ec;
  const auto address = asio::ip::make_address(config_->address, ec);
  if (ec) {
    *error = "bad address '" + config_->address + "': " + ec.message();
    return false;
  }
  const tcp::endpoint endpoint(address, config_->port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    *error = "cannot listen on " + config_->address + ":" + std::to_string(config_->port) + ": " + ec.message();
    return false;
  }
  loopback_only_ = address.is_loopback();
  accept();
  return true;
}

void WebServer::shut_down() {
  beast::error_code ec;
  acceptor_.close(ec);
  auto open = sessions_->open;  // closing erases entries
  for (auto& [id, close] : open) close();
}

unsigned short WebServer::port() const { return acceptor_.local_endpoint().port(); }

void WebServer::accept() {
  acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec == asio::error::operation_aborted) return;
    } else {
      std::make_shared<HttpConnection>(std::move(socket), config_, sessions_, loopback_only_)->read();
    }
    accept();
  });
}

}  // namespace ordo::web
