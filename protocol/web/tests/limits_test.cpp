// The limits that keep one page or one engine from stalling the server: the message rate limit,
// an engine that does not read its input (non-blocking writes, a bounded queue, an end through the
// reaper), the bytes queued for a page that does not read, and idle HTTP connections.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <csignal>
#include <sys/wait.h>
#include <thread>

#include "http_server.hpp"
#include "process_transport.hpp"
#include "rate_limit.hpp"
#include "running_server.hpp"
#include "web_client.hpp"

namespace ordo::web::testing {

namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

bool process_gone(int pid) { return pid > 0 && ::kill(pid, 0) != 0; }

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("the rate limit takes a burst then the rate and disconnects a page deep in debt") {
    const auto t0 = RateLimit::Clock::now();
    RateLimit limit(10, 5, t0);
    for (int i = 0; i < 5; ++i) CHECK(limit.take(t0) == RateLimit::Verdict::Accept);
    CHECK(limit.take(t0) == RateLimit::Verdict::Refuse);
    // A second later ten tokens came back, capped at the burst (and the debt of one paid).
    for (int i = 0; i < 5; ++i) CHECK(limit.take(t0 + 1s) == RateLimit::Verdict::Accept);
    CHECK(limit.take(t0 + 1s) == RateLimit::Verdict::Refuse);
    for (int i = 0; i < 4; ++i) CHECK(limit.take(t0 + 1s) == RateLimit::Verdict::Refuse);
    CHECK(limit.take(t0 + 1s) == RateLimit::Verdict::Disconnect);
  }

  TEST_CASE("hostile: writes to an engine that does not read never block and overflow a bounded queue") {
    asio::io_context io;
    auto reaper = std::make_shared<EngineReaper>(io);
    int overflows = 0;
    TransportOptions options;
    options.max_queued_bytes = 16 * 1024;
    options.reaper = reaper;
    options.overflow = [&] { ++overflows; };
    // sleep never reads its input: the pipe fills after 64 KiB, then the queue.
    ProcessTransport t(io, {{"sleep", "600"}, "", false}, {[](const std::string&) {}, [] {}, [] {}}, options);
    std::string error;
    REQUIRE(t.start(&error));
    const int pid = t.pid();
    const std::string line(99, 'x');
    int accepted = 0;
    while (accepted < 100000 && t.send(line)) ++accepted;  // 10 MB if nothing stopped it
    CHECK(accepted > 16 * 1024 / 100);  // the pipe and the queue took some
    CHECK(accepted < 2000);
    CHECK(t.queued_bytes() <= options.max_queued_bytes);
    CHECK_FALSE(t.send(line));
    io.poll();
    CHECK(overflows == 1);  // posted once, not called from inside send
    // Closing hands the process to the reaper, which kills it after the grace period.
    t.close();
    CHECK(t.pid() == -1);
    CHECK(reaper->retiring() == 1);
    for (int i = 0; i < 200 && reaper->retiring() > 0; ++i) io.run_for(10ms);
    CHECK(reaper->retiring() == 0);
    CHECK(process_gone(pid));
  }

  TEST_CASE("the reaper kills at once after kill_all") {
    asio::io_context io;
    auto reaper = std::make_shared<EngineReaper>(io);
    auto p = std::make_unique<driver::EngineProcess>(driver::EngineCommand{{"sleep", "600"}, "", false});
    std::string error;
    REQUIRE(p->start(&error));
    const int pid = p->pid();
    reaper->kill_all();
    reaper->retire(std::move(p), 60s);
    CHECK(reaper->retiring() == 0);
    CHECK(process_gone(pid));
  }

  TEST_CASE("hostile: a page that sends too fast is refused then closed") {
    RunningServer s([](ServerConfig& c) {
      c.message_rate = 1;
      c.message_burst = 3;
    });
    WsClient page(s.port);
    for (int i = 0; i < 10; ++i) page.send("check a3a4");
    int refusals = 0, too_many = 0;
    bool closed = false;
    try {
      for (int i = 0; i < 20; ++i) {
        const std::string m = page.read();
        if (m.find("\"refusal\"") != std::string::npos) ++refusals;
        if (m.find("too many messages") != std::string::npos) ++too_many;
      }
    } catch (const WsClosed&) {
      closed = true;
    }
    CHECK(refusals == 3);
    CHECK(too_many == 4);  // three refused, then the last word
    CHECK(closed);
    CHECK(s.eventually([&] { return s.server->sessions() == 0; }));
  }

  TEST_CASE("hostile: a page that does not read is dropped when its queued bytes pass the limit") {
    RunningServer s([](ServerConfig& c) {
      c.max_queued_bytes = 256 * 1024;
      c.message_rate = 1e6;
      c.message_burst = 1e6;
    });
    WsClient page(s.port);
    page.send("new ordox");  // each state reply is over 100 KB
    try {
      for (int i = 0; i < 300; ++i) page.send("hello");  // 600 replies, 38 MB
    } catch (const WsClosed&) {
    }
    CHECK(s.eventually([&] { return s.server->sessions() == 0; }));
  }

  TEST_CASE("hostile: an HTTP connection that sends nothing is closed after the idle timeout") {
    RunningServer s([](ServerConfig& c) { c.idle_timeout = 200ms; });
    RawConnection idle(s.port);
    CHECK(s.eventually([&] { return s.server->http_connections() == 1; }));
    CHECK(s.eventually([&] { return s.server->http_connections() == 0; }, 3000ms));
    CHECK(idle.read_some(1).empty());
    CHECK(idle.at_eof());
  }

  TEST_CASE("hostile: a board asked for while the event loop runs late gets 503 with Retry-After and pages are still served") {
    RunningServer s([](ServerConfig& c) { c.overload_lag = 200ms; });
    const std::string host = "Host: 127.0.0.1:" + std::to_string(s.port) + "\r\n";
    const std::string upgrade = "GET /ws HTTP/1.1\r\n" + host +
                                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    s.on_server([] {
      std::this_thread::sleep_for(800ms);  // the server's thread held up, as by a flood of work
      return 0;
    });
    std::this_thread::sleep_for(150ms);  // the next tick has seen it
    const std::string refused = answer_head(s.port, upgrade);
    CHECK(refused.rfind("HTTP/1.1 503", 0) == 0);
    CHECK(refused.find("Retry-After: 5") != std::string::npos);
    CHECK(answer_head(s.port, "GET / HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n").rfind("HTTP/1.1 200", 0) == 0);
    // Then boards are taken again (2 s on; a loaded machine may take longer to settle).
    bool taken = false;
    for (int i = 0; i < 30 && !taken; ++i) {
      std::this_thread::sleep_for(500ms);
      taken = answer_head(s.port, upgrade).rfind("HTTP/1.1 101", 0) == 0;
    }
    CHECK(taken);
  }

  TEST_CASE("hostile: a board over the session limit gets 503 with Retry-After") {
    RunningServer s([](ServerConfig& c) { c.max_sessions = 1; });
    const std::string upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(s.port) +
                                "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    WsClient first(s.port);
    REQUIRE(s.eventually([&] { return s.server->sessions() == 1; }));
    const std::string refused = answer_head(s.port, upgrade);
    CHECK(refused.rfind("HTTP/1.1 503", 0) == 0);
    CHECK(refused.find("Retry-After: 5") != std::string::npos);
  }
}

}  // namespace ordo::web::testing
