// A LineTransport over the shared engine-process driver, on an Asio executor, never blocking it:
// the engine's output pipe is watched with async_wait and drained with zero-timeout reads; its input
// pipe is non-blocking, and lines the engine has not yet taken wait in a bounded queue that is
// written whenever the pipe is writable. One thread serves the web server and every engine.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "engine_process.hpp"
#include "engine_reaper.hpp"
#include "engine_relay.hpp"
#include "web_session.hpp"

namespace ordo::web {

struct TransportOptions {
  // The greeting_timeout event fires once this long after start (the transport knows no protocol
  // words: a relay that has been greeted by then ignores it).
  std::chrono::milliseconds greeting_timeout = std::chrono::seconds(10);
  // Bytes that may wait for an engine that does not read its input (beyond what the pipe holds).
  std::size_t max_queued_bytes = 256 * 1024;
  // How long an engine may take to leave after "quit" before it is killed.
  std::chrono::milliseconds quit_grace = std::chrono::milliseconds(200);
  // Ends the process after close (without one the process is killed at once).
  std::shared_ptr<EngineReaper> reaper;
  // Called (posted, never from inside send) once when the queue overflows; send returns false
  // from then on.
  std::function<void()> overflow;
};

class ProcessTransport : public LineTransport {
 public:
  ProcessTransport(boost::asio::io_context& io, driver::EngineCommand command, TransportEvents events,
                   TransportOptions options = {});
  ~ProcessTransport() override;

  bool start(std::string* error) override;
  // Queues the line and writes what the pipe takes now. False when closed, when the pipe is broken,
  // or when the queue would pass its limit (then the overflow event follows).
  bool send(const std::string& line) override;
  void close() override;
  std::size_t queued_bytes() const { return queue_.size() - written_; }
  int pid() const { return process_ ? process_->pid() : -1; }  // -1 once closed

 private:
  void watch();
  void drain();
  void flush();

  boost::asio::io_context& io_;
  std::unique_ptr<driver::EngineProcess> process_;
  TransportEvents events_;
  TransportOptions options_;
  boost::asio::posix::stream_descriptor out_pipe_;  // engine's stdout (the driver owns the fd)
  boost::asio::posix::stream_descriptor in_pipe_;   // engine's stdin (the driver owns the fd)
  boost::asio::steady_timer greeting_timer_;
  std::string queue_;        // bytes for the engine; queue_[0, written_) are written
  std::size_t written_ = 0;
  bool waiting_write_ = false;
  bool broken_ = false;      // the input pipe failed (the engine has gone)
  bool overflowed_ = false;
  // Shared with pending handlers: false once closed, so a late handler does nothing.
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(false);
};

struct ServerContext;

// The engines of a page's session: engine `engine` of the server's configuration, with the
// server's niceness, engine queue limit and reaper, as a ProcessTransport on `io`. When an engine
// does not read its input, on_overflow(engine, limit_bytes) is called (posted, as the overflow event).
TransportFactory engine_transports(boost::asio::io_context& io, std::shared_ptr<const ServerContext> context,
                                   std::function<void(int engine, std::size_t limit_bytes)> on_overflow);

}  // namespace ordo::web
