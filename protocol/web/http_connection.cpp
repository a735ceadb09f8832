#include "http_connection.hpp"

#include <boost/beast/websocket.hpp>

#include "json_text.hpp"
#include "page_files.hpp"
#include "ws_connection.hpp"

namespace ordo::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

HttpConnection::HttpConnection(tcp::socket socket, std::shared_ptr<ServerContext> context)
    : stream_(std::move(socket)), context_(std::move(context)) {
  id_ = context_->next_http++;
}

HttpConnection::~HttpConnection() { context_->http.erase(id_); }

void HttpConnection::close() {
  beast::error_code ec;
  stream_.socket().close(ec);
  context_->http.erase(id_);
}

void HttpConnection::read() {
  std::weak_ptr<HttpConnection> weak = weak_from_this();
  context_->http[id_] = {std::chrono::steady_clock::now(), [weak] {
                           if (auto self = weak.lock()) self->close();
                         }};
  parser_.emplace();
  parser_->header_limit(8 * 1024);
  parser_->body_limit(4 * 1024);
  stream_.expires_after(context_->config.idle_timeout);
  http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (auto it = self->context_->http.find(self->id_); it != self->context_->http.end()) it->second.waiting_since.reset();
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

void HttpConnection::serve(http::request<http::string_body> req) {
  // One Host (RFC 7230 5.4) and at most one Origin: with two, the checks below would judge one
  // header while another part of the chain may act on the other.
  if (req.count(http::field::host) > 1 || req.count(http::field::origin) > 1)
    return respond_error(http::status::bad_request, "one Host and at most one Origin header\n", false);
  const std::string host(req[http::field::host]);
  const std::string origin(req[http::field::origin]);
  const HostPolicy& hosts = context_->hosts;
  if (!hosts.host_allowed(host)) return respond_error(http::status::forbidden, "host not allowed\n", false);
  if (!hosts.origin_allowed(origin, host)) return respond_error(http::status::forbidden, "origin not allowed\n", false);
  if (websocket::is_upgrade(req)) {
    if (req.target() != "/ws") return respond_error(http::status::not_found, "no WebSocket here\n", false);
    if (int(context_->sessions.size()) >= context_->config.max_sessions)
      return respond_error(http::status::service_unavailable, "too many open boards: close one and reload\n", false);
    if (std::chrono::steady_clock::now() < context_->overloaded_until)
      return respond_error(http::status::service_unavailable, "the server is busy: try again in a few seconds\n", false);
    stream_.expires_never();
    context_->http.erase(id_);
    std::make_shared<WsConnection>(stream_.release_socket(), context_)->run(std::move(req));
    return;
  }
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return respond_error(http::status::method_not_allowed, "only GET and HEAD\n", req.keep_alive());
  std::string_view target(req.target().data(), req.target().size());
  target = target.substr(0, target.find('?'));
  if (target == "/live.json") return serve_live(req);
  if (target == "/live-game.json") return serve_live_game(req);
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

void HttpConnection::serve_live(const http::request<http::string_body>& req) {
  const LiveWatch* live = context_->live.get();
  // Until there is a document, a small one saying why (a 200, so a waiting page logs no error).
  std::string waiting;
  if (!live) waiting = "ordo-web was started without --live";
  else if (live->version() == 0)
    waiting = "waiting for the tournament to write " + live->path() +
              (live->refused().empty() ? "" : " (refused: " + live->refused() + ")");
  const std::string etag = waiting.empty() ? "\"" + std::to_string(live->version()) + "\"" : "";
  const bool unchanged = !etag.empty() && req[http::field::if_none_match] == etag;
  auto res = std::make_shared<http::response<http::string_body>>(
      unchanged ? http::status::not_modified : http::status::ok, req.version());
  res->set(http::field::server, "ordo-web");
  res->set(http::field::cache_control, "no-store");
  res->set("X-Content-Type-Options", "nosniff");
  if (!etag.empty()) res->set(http::field::etag, etag);
  if (!unchanged) {
    const std::string body = waiting.empty() ? live->document() : json_text({{"waiting", waiting}}) + "\n";
    res->set(http::field::content_type, "application/json; charset=utf-8");
    if (req.method() == http::verb::get) res->body() = body;
    res->content_length(body.size());
  }
  res->keep_alive(req.keep_alive());
  send(res);
}

namespace {

// The game number of a /live-game.json query: "number=N" among its parameters, N decimal digits
// (1 to 15 of them, not 0); nullopt for anything else.
std::optional<long long> game_number(std::string_view target) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(q + 1);
  std::optional<long long> number;
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view param = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (param.substr(0, 7) != "number=") continue;
    const std::string_view digits = param.substr(7);
    if (number || digits.empty() || digits.size() > 15) return std::nullopt;
    long long n = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      n = n * 10 + (c - '0');
    }
    if (n == 0) return std::nullopt;
    number = n;
  }
  return number;
}

}  // namespace

void HttpConnection::serve_live_game(const http::request<http::string_body>& req) {
  const std::string_view target(req.target().data(), req.target().size());
  const auto number = game_number(target);
  std::string why;
  std::optional<std::string> answer;
  if (!number)
    why = "ask for /live-game.json?number=N, N a game number";
  else if (!context_->live)
    why = "ordo-web was started without --live";
  else
    answer = context_->live->finished_game(*number, &why);
  const http::status status = answer ? http::status::ok : number ? http::status::not_found : http::status::bad_request;
  const std::string body = answer ? *answer : json_text({{"error", why}}) + "\n";
  auto res = std::make_shared<http::response<http::string_body>>(status, req.version());
  res->set(http::field::server, "ordo-web");
  res->set(http::field::cache_control, "no-store");
  res->set("X-Content-Type-Options", "nosniff");
  res->set(http::field::content_type, "application/json; charset=utf-8");
  if (req.method() == http::verb::get) res->body() = body;
  res->content_length(body.size());
  res->keep_alive(req.keep_alive());
  send(res);
}

void HttpConnection::respond_error(http::status status, const char* text, bool keep_alive) {
  auto res = std::make_shared<http::response<http::string_body>>(status, 11);
  res->set(http::field::server, "ordo-web");
  res->set(http::field::content_type, "text/plain; charset=utf-8");
  if (status == http::status::service_unavailable) res->set(http::field::retry_after, "5");
  res->body() = text;
  res->prepare_payload();
  res->keep_alive(keep_alive);
  send(res);
}

void HttpConnection::send(std::shared_ptr<http::response<http::string_body>> res) {
  stream_.expires_after(std::chrono::seconds(30));  // a reader that takes nothing is not waited for
  http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!res->keep_alive()) {
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    self->read();
  });
}

}  // namespace ordo::web
