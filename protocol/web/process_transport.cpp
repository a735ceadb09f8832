#include "process_transport.hpp"

#include <boost/asio/post.hpp>

namespace ordo::web {

namespace asio = boost::asio;

ProcessTransport::ProcessTransport(asio::io_context& io, driver::EngineCommand command, TransportEvents events,
                                   std::chrono::milliseconds greeting_timeout)
    : process_(std::move(command)), events_(std::move(events)), pipe_(io), greeting_timer_(io),
      greeting_timeout_(greeting_timeout) {}

ProcessTransport::~ProcessTransport() { close(); }

bool ProcessTransport::start(std::string* error) {
  if (!process_.start(error)) return false;
  boost::system::error_code ec;
  pipe_.assign(process_.read_fd(), ec);
  if (ec) {
    *error = "cannot watch the engine's output: " + ec.message();
    process_.kill();
    return false;
  }
  *alive_ = true;
  greeting_timer_.expires_after(greeting_timeout_);
  greeting_timer_.async_wait([this, alive = alive_](const boost::system::error_code& e) {
    if (!e && *alive && events_.greeting_timeout) events_.greeting_timeout();
  });
  watch();
  return true;
}

void ProcessTransport::watch() {
  pipe_.async_wait(asio::posix::stream_descriptor::wait_read, [this, alive = alive_](const boost::system::error_code& e) {
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
      asio::post(pipe_.get_executor(), [this, alive] {
        if (*alive) drain();
      });
      return;
    }
    const auto status = process_.read_line(line, std::chrono::milliseconds(0));
    if (status == driver::EngineProcess::ReadStatus::Timeout) break;
    if (status == driver::EngineProcess::ReadStatus::Eof) {
      close();
      if (events_.eof) events_.eof();
      return;
    }
    if (line.find("uciok") == 0) greeting_timer_.cancel();
    if (events_.line) events_.line(line);
    if (!*alive) return;  // closed by the line's handler
  }
  watch();
}

void ProcessTransport::close() {
  if (!*alive_) {
    process_.kill();
    return;
  }
  *alive_ = false;
  alive_ = std::make_shared<bool>(false);
  greeting_timer_.cancel();
  boost::system::error_code ec;
  pipe_.cancel(ec);
  pipe_.release();  // the driver owns the descriptor
  process_.stop(std::chrono::milliseconds(200));
}

bool ProcessTransport::send(const std::string& line) {
  if (!*alive_) return false;
  return process_.send(line);
}

}  // namespace ordo::web
