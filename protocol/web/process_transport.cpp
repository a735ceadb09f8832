#include "process_transport.hpp"

#include <boost/asio/post.hpp>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include "server_context.hpp"

namespace ordo::web {

namespace asio = boost::asio;

ProcessTransport::ProcessTransport(asio::io_context& io, driver::EngineCommand command, TransportEvents events,
                                   TransportOptions options)
    : io_(io), process_(std::make_unique<driver::EngineProcess>(std::move(command))), events_(std::move(events)),
      options_(std::move(options)), out_pipe_(io), in_pipe_(io), greeting_timer_(io) {}

ProcessTransport::~ProcessTransport() { close(); }

bool ProcessTransport::start(std::string* error) {
  if (!process_) {
    *error = "the transport was closed";
    return false;
  }
  if (!process_->start(error)) return false;
  boost::system::error_code ec;
  const int in_fd = process_->write_fd();
  const int flags = ::fcntl(in_fd, F_GETFL);
  if (flags < 0 || ::fcntl(in_fd, F_SETFL, flags | O_NONBLOCK) < 0) {
    *error = "cannot make the engine's input non-blocking";
    process_->kill();
    return false;
  }
  out_pipe_.assign(process_->read_fd(), ec);
  if (!ec) in_pipe_.assign(in_fd, ec);
  if (ec) {
    *error = "cannot watch the engine's pipes: " + ec.message();
    if (out_pipe_.is_open()) out_pipe_.release();
    process_->kill();
    return false;
  }
  *alive_ = true;
  greeting_timer_.expires_after(options_.greeting_timeout);
  greeting_timer_.async_wait([this, alive = alive_](const boost::system::error_code& e) {
    if (!e && *alive && events_.greeting_timeout) events_.greeting_timeout();
  });
  watch();
  return true;
}

void ProcessTransport::watch() {
  out_pipe_.async_wait(asio::posix::stream_descriptor::wait_read, [this, alive = alive_](const boost::system::error_code& e) {
    if (e || !*alive) return;
    drain();
  });
}

void ProcessTransport::drain() {
  auto alive = alive_;
  std::string line;
  // A bounded number of lines per wake-up keeps one chatty engine from starving the others.
  for (int n = 0; n < 256; ++n) {
    if (n == 255) {  // lines may still wait in the driver's buffer, which the pipe does not show
      asio::post(io_, [this, alive] {
        if (*alive) drain();
      });
      return;
    }
    const auto status = process_->read_line(line, std::chrono::milliseconds(0));
    if (status == driver::EngineProcess::ReadStatus::Timeout) break;
    if (status == driver::EngineProcess::ReadStatus::Eof) {
      close();
      if (events_.eof) events_.eof();
      return;
    }
    if (events_.line) events_.line(line);
    if (!*alive) return;  // closed by the line's handler
  }
  watch();
}

bool ProcessTransport::send(const std::string& line) {
  if (!*alive_ || broken_ || overflowed_) return false;
  if (queued_bytes() + line.size() + 1 > options_.max_queued_bytes) {
    overflowed_ = true;
    if (options_.overflow) asio::post(io_, [alive = alive_, overflow = options_.overflow] {
        if (*alive) overflow();
      });
    return false;
  }
  queue_ += line;
  queue_ += '\n';
  if (!waiting_write_) flush();
  return !broken_;
}

void ProcessTransport::flush() {
  const int fd = process_->write_fd();
  while (written_ < queue_.size()) {
    const ssize_t n = ::write(fd, queue_.data() + written_, queue_.size() - written_);
    if (n > 0) {
      written_ += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (written_ >= 64 * 1024) {  // keep the buffer from growing by its written head
        queue_.erase(0, written_);
        written_ = 0;
      }
      waiting_write_ = true;
      in_pipe_.async_wait(asio::posix::stream_descriptor::wait_write,
                          [this, alive = alive_](const boost::system::error_code& e) {
                            if (e || !*alive) return;
                            waiting_write_ = false;
                            flush();
                          });
      return;
    }
    broken_ = true;  // EPIPE: the engine has gone; its end of output reports that
    break;
  }
  queue_.clear();
  written_ = 0;
}

void ProcessTransport::close() {
  if (!process_) return;
  if (!*alive_) {
    process_->kill();
    return;
  }
  *alive_ = false;
  alive_ = std::make_shared<bool>(false);
  greeting_timer_.cancel();
  boost::system::error_code ec;
  out_pipe_.cancel(ec);
  in_pipe_.cancel(ec);
  out_pipe_.release();  // the driver owns the descriptors
  in_pipe_.release();
  queue_.clear();
  written_ = 0;
  if (options_.reaper) options_.reaper->retire(std::move(process_), options_.quit_grace);
  else process_->kill();
  process_.reset();
}

TransportFactory engine_transports(asio::io_context& io, std::shared_ptr<const ServerContext> context,
                                   std::function<void(int engine, std::size_t limit_bytes)> on_overflow) {
  return [&io, context = std::move(context), on_overflow = std::move(on_overflow)](
             int engine, TransportEvents events) -> std::unique_ptr<LineTransport> {
    TransportOptions options;
    options.max_queued_bytes = context->config.max_engine_queue;
    options.reaper = context->reaper;
    options.overflow = [on_overflow, engine, limit = options.max_queued_bytes] { on_overflow(engine, limit); };
    driver::EngineCommand command = context->config.engines.at(engine);
    command.niceness = context->config.engine_niceness;
    return std::make_unique<ProcessTransport>(io, std::move(command), std::move(events), std::move(options));
  };
}

}  // namespace ordo::web
