// A LineTransport over the shared engine-process driver, read asynchronously on an Asio executor:
// the engine's output pipe is watched with async_wait and drained with zero-timeout reads, so one
// thread serves the web server and every engine without blocking.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>

#include "engine_process.hpp"
#include "engine_relay.hpp"
#include "web_session.hpp"

namespace ordo::web {

class ProcessTransport : public LineTransport {
 public:
  ProcessTransport(boost::asio::io_context& io, driver::EngineCommand command, TransportEvents events,
                   std::chrono::milliseconds greeting_timeout = std::chrono::seconds(10));
  ~ProcessTransport() override;

  bool start(std::string* error) override;
  bool send(const std::string& line) override;
  void close() override;

 private:
  void watch();
  void drain();

  driver::EngineProcess process_;
  TransportEvents events_;
  boost::asio::posix::stream_descriptor pipe_;
  boost::asio::steady_timer greeting_timer_;
  std::chrono::milliseconds greeting_timeout_;
  // Shared with pending handlers: false once closed, so a late handler does nothing.
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(false);
};

}  // namespace ordo::web
