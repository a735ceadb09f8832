// The HTTP and WebSocket server over real sockets: page files, refusals of foreign hosts and
// origins, the session limit, oversized and binary messages, and a game message round trip.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "fake_transport.hpp"
#include "host_policy.hpp"
#include "http_server.hpp"
#include "running_server.hpp"
#include "web_client.hpp"

namespace ordo::web::testing {

namespace {

// The server of these tests: at most `max_sessions` sessions, messages of at most `max_message` bytes.
std::function<void(ServerConfig&)> limits(int max_sessions = 2, std::size_t max_message = 4096) {
  return [=](ServerConfig& c) {
    c.max_sessions = max_sessions;
    c.limits.max_message = max_message;
  };
}

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("host and origin checks") {
    const HostPolicy local;  // bound to 127.0.0.1
    CHECK(local.host_allowed("127.0.0.1:8080"));
    CHECK(local.host_allowed("localhost:8080"));
    CHECK(local.host_allowed("LOCALHOST"));
    CHECK(local.host_allowed("localhost."));
    CHECK(local.host_allowed("[::1]:8080"));
    CHECK(local.host_allowed("[0:0:0:0:0:0:0:1]:8080"));
    CHECK_FALSE(local.host_allowed("evil.example:8080"));
    CHECK_FALSE(local.host_allowed("127.0.0.1.evil.example"));
    CHECK_FALSE(local.host_allowed(""));
    CHECK_FALSE(local.host_allowed("127.0.0.1:80x"));
    CHECK_FALSE(local.host_allowed("::1"));
    CHECK_FALSE(local.host_allowed("[::ffff:127.0.0.1]:8080"));
    CHECK_FALSE(local.host_allowed("127.0.0.2:8080"));
    CHECK(local.origin_allowed("", "127.0.0.1:8080"));
    CHECK(local.origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080"));
    CHECK_FALSE(local.origin_allowed("http://evil.example", "127.0.0.1:8080"));
    CHECK_FALSE(local.origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8080"));
    CHECK_FALSE(local.origin_allowed("null", "127.0.0.1:8080"));
    CHECK_FALSE(local.origin_allowed("http://evil.example", "evil.example"));
  }

  TEST_CASE("the host allow-list holds on every address and takes extra names") {
    namespace ip = boost::asio::ip;
    // Listening on all addresses does not switch the check off.
    const HostPolicy any(ip::make_address("0.0.0.0"), {});
    CHECK_FALSE(any.host_allowed("evil.example:8080"));
    CHECK_FALSE(any.host_allowed("0.0.0.0:8080"));
    CHECK(any.host_allowed("127.0.0.1:8080"));
    CHECK_FALSE(any.origin_allowed("http://evil.example:8080", "evil.example:8080"));
    // Nor does an IPv4-mapped loopback address.
    const HostPolicy mapped(ip::make_address("::ffff:127.0.0.1"), {});
    CHECK_FALSE(mapped.host_allowed("evil.example:8080"));
    CHECK(mapped.host_allowed("[::ffff:127.0.0.1]:8080"));
    CHECK(mapped.host_allowed("[::ffff:7f00:1]:8080"));
    // The bound address answers its own URL.
    const HostPolicy other(ip::make_address("127.0.0.2"), {});
    CHECK(other.host_allowed("127.0.0.2:8080"));
    CHECK(other.origin_allowed("http://127.0.0.2:8080", "127.0.0.2:8080"));
    const HostPolicy named(ip::make_address("0.0.0.0"), {*parse_host("Board.Lan"), *parse_host("fe80::1", true)});
    CHECK(named.host_allowed("board.lan:8080"));
    CHECK(named.host_allowed("[fe80::1]:8080"));
    CHECK_FALSE(named.host_allowed("other.lan:8080"));
    CHECK_FALSE(parse_host("a b"));
    CHECK_FALSE(parse_host("[::1"));
    CHECK_FALSE(parse_host("fe80::1"));
    CHECK(is_loopback(ip::make_address("::ffff:127.0.0.1")));
    CHECK(is_loopback(ip::make_address("127.0.0.2")));
    CHECK_FALSE(is_loopback(ip::make_address("0.0.0.0")));
    CHECK_FALSE(is_loopback(ip::make_address("::")));
    CHECK(url_host(ip::make_address("::1")) == "[::1]");
    CHECK(url_host(ip::make_address("::")) == "[::1]");
    CHECK(url_host(ip::make_address("0.0.0.0")) == "127.0.0.1");
    CHECK(url_host(ip::make_address("127.0.0.2")) == "127.0.0.2");
  }

  TEST_CASE("the server serves the page files and refuses everything else") {
    RunningServer s(limits());
    const auto get = [&](const std::string& target, const std::string& method = "GET", const std::string& host = "") {
      HttpOptions options;
      options.method = method;
      options.host = host;
      return http_request(s.port, target, options);
    };
    auto index = get("/");
    CHECK(index.status == 200);
    CHECK(index.header("Content-Type") == "text/html; charset=utf-8");
    CHECK(index.body.find("<svg id=\"board\"") != std::string::npos);
    CHECK(get("/app.js?v=1").status == 200);
    CHECK(get("/style.css").header("Content-Type") == "text/css; charset=utf-8");
    CHECK(get("/../CMakeLists.txt").status == 404);
    CHECK(get("/etc/passwd").status == 404);
    CHECK(get("/", "POST").status == 405);
    CHECK(get("/", "GET", "evil.example:80").status == 403);
    CHECK(get("/", "HEAD").body.empty());
  }

  TEST_CASE("hostile: a request with an oversized header is answered 400 and the server goes on") {
    RunningServer s(limits());
    const std::string req = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n";
    CHECK(raw_exchange(s.port, req, "\r\n").rfind("HTTP/1.1 400", 0) == 0);
    CHECK(http_request(s.port, "/").status == 200);
  }

  TEST_CASE("hostile: a request with two Host or two Origin headers is refused and the server goes on") {
    RunningServer s(limits());
    const std::string host = host_of(s.port);
    // The status line of the answer to one raw request.
    const auto status_of = [&](const std::string& request) {
      return raw_exchange(s.port, request, "\r\n").substr(0, 12);
    };
    const std::string upgrade =
        "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    // RFC 7230 5.4: more than one Host is a bad request, whichever comes first.
    CHECK(status_of("GET / HTTP/1.1\r\nHost: " + host + "\r\nHost: evil.example\r\n\r\n") == "HTTP/1.1 400");
    CHECK(status_of("GET / HTTP/1.1\r\nHost: evil.example\r\nHost: " + host + "\r\n\r\n") == "HTTP/1.1 400");
    CHECK(status_of(upgrade + "Host: " + host + "\r\nHost: evil.example\r\n\r\n") == "HTTP/1.1 400");
    // Two Origins, a good one first: the page that sent the second is not known.
    CHECK(status_of(upgrade + "Host: " + host + "\r\nOrigin: http://" + host + "\r\nOrigin: http://evil.example\r\n\r\n") ==
          "HTTP/1.1 400");
    CHECK(status_of("GET / HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host + "\r\nOrigin: http://" + host +
                    "\r\n\r\n") == "HTTP/1.1 400");
    // One of each is still answered.
    CHECK(status_of(upgrade + "Host: " + host + "\r\nOrigin: http://" + host + "\r\n\r\n") == "HTTP/1.1 101");
    CHECK(http_request(s.port, "/").status == 200);
  }

  TEST_CASE("WebSocket: a game message round trip, then bad input answered with errors") {
    RunningServer s(limits());
    WsClient c(s.port, "http://" + host_of(s.port));
    c.send("hello");
    CHECK(c.read_type("hello").find("\"engines\"") != std::string::npos);
    CHECK(c.read_type("state").find("\"legal\"") != std::string::npos);
    c.send("players human human");
    c.read_type("state");
    c.send("move a3a4");
    CHECK(c.read_type("state").find("\"moves\":[\"a3a4\"]") != std::string::npos);
    c.send("move a3a4");
    const std::string err = c.read_type("error");
    CHECK(err.find("move refused") != std::string::npos);
    CHECK(is_json(err));
    c.send(std::string("\x01\x02\x00 junk \x7f", 11));
    CHECK(is_json(c.read_type("error")));
    c.send_binary("hello");
    CHECK(c.read_type("error").find("binary messages are not accepted") != std::string::npos);
    // A text frame that is not UTF-8 breaks the WebSocket protocol: that connection is closed.
    c.send(std::string("\xff\xfe junk", 7));
    CHECK_THROWS_AS(c.read(), WsClosed);
    WsClient d(s.port, "");
    d.send("hello");
    CHECK(!d.read_type("hello").empty());
  }

  TEST_CASE("hostile: WebSocket: a message over the limit closes that connection only") {
    RunningServer s(limits(2, 1024));
    WsClient c(s.port, "");
    try {
      c.send(std::string(5000, 'x'));  // the server may close while this is still being written
    } catch (const WsClosed&) {
    }
    CHECK_THROWS_AS(c.read(), WsClosed);
    WsClient d(s.port, "");
    d.send("hello");
    CHECK(!d.read_type("hello").empty());
  }

  TEST_CASE("hostile: WebSocket: foreign origins and hosts are refused and the session limit holds") {
    RunningServer s(limits(1));
    CHECK_THROWS_AS(WsClient(s.port, "http://evil.example"), WsRefused);
    CHECK_THROWS_AS(WsClient(s.port, "", "evil.example"), WsRefused);
    {
      WsClient first(s.port, "");
      first.send("hello");
      first.read_type("hello");
      CHECK(s.sessions() == 1);
      CHECK_THROWS_AS(WsClient(s.port, ""), WsRefused);
    }
    // The closed session frees its place.
    for (int i = 0; i < 100 && s.sessions() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    WsClient again(s.port, "");
    again.send("hello");
    CHECK(!again.read_type("hello").empty());
  }
}

}  // namespace ordo::web::testing
