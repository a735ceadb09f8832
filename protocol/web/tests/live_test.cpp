// The live tournament view's server side: the watcher that follows the -live file (changes seen,
// a file too big kept out with one warning) and /live.json over a real socket (a waiting answer,
// the document once written, 304 for a page that has it, the live page itself).
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "http_server.hpp"
#include "live_watch.hpp"
#include "running_server.hpp"

namespace ordo::web::testing {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// The server of these tests: following `live_file` (none if empty) every 20 ms.
std::function<void(ServerConfig&)> watching(const std::string& live_file) {
  return [=](ServerConfig& c) {
    c.live_file = live_file;
    c.live_interval = std::chrono::milliseconds(20);
  };
}

std::filesystem::path fresh_dir(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Writes as the runner does: a temporary file renamed into place.
void put(const std::filesystem::path& path, const std::string& text) {
  const auto temp = path.string() + ".tmp";
  {
    std::ofstream f(temp, std::ios::trunc);
    f << text;
  }
  std::filesystem::rename(temp, path);
}

http::response<http::string_body> get(unsigned short port, const std::string& target, const std::string& etag = "") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!etag.empty()) req.set(http::field::if_none_match, etag);
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  http::read(stream, buffer, parser);
  return parser.release();
}

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("live watch: a new file is read and an unchanged one is not but a replaced one is") {
    const auto dir = fresh_dir("ordo-web-live-watch");
    const auto path = dir / "live.json";
    asio::io_context io;
    std::ostringstream warnings;
    LiveWatch watch(io, path.string(), std::chrono::milliseconds(200), warnings);
    CHECK_FALSE(watch.poll());
    CHECK(watch.version() == 0);
    put(path, "{\"sequence\": 1}\n");
    CHECK(watch.poll());
    CHECK(watch.document() == "{\"sequence\": 1}\n");
    CHECK_FALSE(watch.poll());
    put(path, "{\"sequence\": 2}\n");
    CHECK(watch.poll());
    CHECK(watch.version() == 2);
    CHECK(watch.document() == "{\"sequence\": 2}\n");
    // Too big: kept out with one warning, the last document stays.
    put(path, std::string(LiveWatch::kMaxBytes + 1, ' '));
    CHECK_FALSE(watch.poll());
    CHECK_FALSE(watch.poll());
    CHECK(watch.document() == "{\"sequence\": 2}\n");
    CHECK(warnings.str().find("more than") != std::string::npos);
    const std::string warned = warnings.str();
    CHECK(std::count(warned.begin(), warned.end(), '\n') == 1);
    // Gone: the last document stays.
    std::filesystem::remove(path);
    CHECK_FALSE(watch.poll());
    CHECK(watch.version() == 2);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("live.json: waiting then the document then 304 for a page that has it and the live page served") {
    const auto dir = fresh_dir("ordo-web-live-http");
    const auto path = dir / "live.json";
    RunningServer s(watching(path.string()));
    auto res = get(s.port, "/live.json");
    CHECK(res.result() == http::status::ok);
    CHECK(res.body().find("\"waiting\"") != std::string::npos);
    const std::string doc = "{\"format\": \"ordo-live 1\", \"sequence\": 7}\n";
    put(path, doc);
    for (int i = 0; i < 200 && res.body() != doc; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      res = get(s.port, "/live.json?t=1");
    }
    CHECK(res.body() == doc);
    CHECK(res[http::field::content_type] == "application/json; charset=utf-8");
    const std::string etag(res[http::field::etag]);
    CHECK_FALSE(etag.empty());
    CHECK(get(s.port, "/live.json", etag).result() == http::status::not_modified);
    CHECK(get(s.port, "/live.json", "\"0\"").body() == doc);
    for (const char* page : {"/live.html", "/live.js", "/live.css"}) CHECK(get(s.port, page).result() == http::status::ok);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("live.json without --live says so") {
    RunningServer s(watching(""));
    const auto res = get(s.port, "/live.json");
    CHECK(res.result() == http::status::ok);
    CHECK(res.body().find("without --live") != std::string::npos);
  }
}

}  // namespace ordo::web::testing
