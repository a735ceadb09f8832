#include "ws_connection.hpp"

#include "json_text.hpp"
#include "process_transport.hpp"

namespace ordo::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

std::string error_message(const std::string& text) { return json_text({{"type", "error"}, {"message", text}}); }

std::string number(double x) {
  const long long n = static_cast<long long>(x);
  return double(n) == x ? std::to_string(n) : std::to_string(x);
}

}  // namespace

WsConnection::WsConnection(tcp::socket socket, std::shared_ptr<ServerContext> context)
    : ws_(std::move(socket)), context_(std::move(context)),
      rate_(context_->config.message_rate, context_->config.message_burst), finish_timer_(ws_.get_executor()) {
  id_ = context_->next_session++;
}

WsConnection::~WsConnection() {
  if (session_) session_->close();
  context_->sessions.erase(id_);
  ++context_->closed_since_trim;
}

void WsConnection::run(http::request<http::string_body> request) {
  std::weak_ptr<WsConnection> weak = weak_from_this();
  context_->sessions[id_] = [weak] {
    if (auto self = weak.lock()) self->shut_down();
  };
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(context_->config.limits.max_message);
  ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return;
    self->open_session();
    self->read();
  });
}

void WsConnection::shut_down() {
  closing_ = true;
  if (session_) session_->close();
  drop();
}

void WsConnection::drop() {
  closing_ = true;
  finish_timer_.cancel();
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
}

void WsConnection::open_session() {
  auto& io = static_cast<asio::io_context&>(ws_.get_executor().context());
  std::weak_ptr<WsConnection> weak = weak_from_this();
  auto factory = engine_transports(io, context_, [weak](int engine, std::size_t limit) {
    if (auto self = weak.lock())
      self->finish("engine " + std::to_string(engine + 1) + " does not read its input (more than " +
                       std::to_string(limit / 1024) + " KiB wait for it): this board is closed; reload the page",
                   websocket::close_code::try_again_later);
  });
  session_ = std::make_unique<WebSession>(context_->config.listings, factory,
                                          [weak](std::string message) {
                                            if (auto self = weak.lock()) self->enqueue(std::move(message));
                                          },
                                          context_->config.limits);
}

void WsConnection::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      self->closing_ = true;
      if (self->session_) self->session_->close();
      return;  // closed, timed out, or a message over the size limit
    }
    if (self->finishing_ || self->closing_) return;
    const std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    const auto& config = self->context_->config;
    switch (self->rate_.take()) {
      case RateLimit::Verdict::Accept:
        if (!self->ws_.got_text()) self->enqueue(error_message("binary messages are not accepted"));
        else if (self->session_) self->session_->handle(text);
        break;
      case RateLimit::Verdict::Refuse:
        self->enqueue(error_message("too many messages (at most " + number(config.message_rate) + " a second, " +
                                    number(config.message_burst) + " at once): this one was ignored"));
        break;
      case RateLimit::Verdict::Disconnect:
        self->finish("too many messages (at most " + number(config.message_rate) +
                         " a second): this board is closed; reload the page",
                     websocket::close_code::policy_error);
        return;
    }
    if (!self->closing_ && !self->finishing_) self->read();
  });
}

void WsConnection::enqueue(std::string message) {
  if (closing_) return;
  // A page that stops reading is dropped when what waits for it passes the limit; one message is
  // always taken, however long.
  if (!queue_.empty() && queued_bytes_ + message.size() > context_->config.max_queued_bytes) {
    if (session_) session_->close();
    drop();
    return;
  }
  queued_bytes_ += message.size();
  queue_.push_back(std::move(message));
  if (queue_.size() == 1) write();
}

void WsConnection::write() {
  ws_.text(true);
  ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      self->closing_ = true;
      self->queue_.clear();
      self->queued_bytes_ = 0;
      return;
    }
    self->queued_bytes_ -= self->queue_.front().size();
    self->queue_.pop_front();
    if (!self->queue_.empty()) return self->write();
    if (self->finishing_) {
      self->ws_.async_close(self->finish_code_, [self](beast::error_code) { self->drop(); });
    }
  });
}

void WsConnection::finish(const std::string& why, websocket::close_code code) {
  if (closing_ || finishing_) return;
  if (session_) session_->close();
  enqueue(error_message(why));
  closing_ = true;
  finishing_ = true;
  finish_code_ = code;
  // A page that does not read its last messages is not waited for long.
  finish_timer_.expires_after(std::chrono::seconds(2));
  finish_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (ec) return;
    if (auto self = weak.lock()) self->drop();
  });
}

}  // namespace ordo::web
