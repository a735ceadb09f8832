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
#include <iostream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "http_server.hpp"
#include "live_document.hpp"
#include "live_feed.hpp"
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

// A document of the runner's shape (the smallest: no engines, no games) with this sequence number.
std::string live_doc(int sequence) {
  return "{\"format\": \"ordo-live 1\", \"sequence\": " + std::to_string(sequence) +
         ", \"updated_ms\": 1, \"tournament\": {\"event\": \"e\", \"variant\": \"ordo\", \"time_control\": \"-\", "
         "\"planned_games\": 2, \"finished_games\": 0, \"concurrency\": 1, \"status\": \"running\", "
         "\"stop_reason\": \"\", \"engines\": []}, \"standings\": [], \"running\": [], \"finished\": []}\n";
}

// What the server serves for live_doc(sequence): the document written out again.
std::string served(int sequence) {
  std::string why;
  return check_live_document(live_doc(sequence), &why).value_or("");
}

// The runner's own document (protocol/match/live_feed.cpp) with a running and a finished game.
std::string runner_document(const std::filesystem::path& dir) {
  match::LiveFeed feed((dir / "feed.json").string(), {"Event \"1\"", "ordo", "st=0.1", 4, 2, {"search", "gr\xc3\xa9" "edy"}},
                       std::cerr);
  match::ScheduledGame one{1, 1, 1, 0, 1, 0}, two{2, 1, 1, 1, 0, 0};
  feed.game_started(one, "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1");
  feed.game_started(two, "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1");
  match::SearchAnswer answer;
  answer.has_score = true;
  answer.score = -35;
  answer.depth = 7;
  match::MoveEvent move;
  move.token = "a3a4";
  move.fen = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1";
  move.answer = &answer;
  move.clock_ms[0] = 5000;
  feed.move_played(1, move);
  feed.game_finished(2, "1-0", "target row", "White reached the target row", 1.0);
  return feed.document();
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
    put(path, live_doc(1));
    CHECK(watch.poll());
    CHECK(watch.document() == served(1));
    CHECK_FALSE(watch.poll());
    put(path, live_doc(2));
    CHECK(watch.poll());
    CHECK(watch.version() == 2);
    CHECK(watch.document() == served(2));
    // Too big: kept out with one warning, the last document stays.
    put(path, std::string(LiveWatch::kMaxBytes + 1, ' '));
    CHECK_FALSE(watch.poll());
    CHECK_FALSE(watch.poll());
    CHECK(watch.document() == served(2));
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
    const std::string doc = served(7);
    put(path, live_doc(7));
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

  TEST_CASE("live document: the runner's own document is accepted and served as it means") {
    const auto dir = fresh_dir("ordo-web-live-runner");
    const std::string text = runner_document(dir);
    std::string why;
    const auto doc = check_live_document(text, &why);
    INFO(why);
    REQUIRE(doc);
    CHECK(doc->find("\"engines\":[\"search\",\"gr\xc3\xa9" "edy\"]") != std::string::npos);
    CHECK(doc->find("\"eval\":{\"white\":{\"cp\":-35,\"depth\":7},\"black\":null}") != std::string::npos);
    CHECK(doc->find("\"event\":\"Event \\\"1\\\"\"") != std::string::npos);
    CHECK(check_live_document(*doc, &why) == doc);  // what is served is accepted again, unchanged
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("hostile: live document: anything but strict JSON of the runner's shape is refused") {
    const std::string good = live_doc(3);
    std::string why;
    REQUIRE(check_live_document(good, &why));
    const auto with = [&](const std::string& from, const std::string& to) {
      std::string t = good;
      const auto at = t.find(from);
      REQUIRE(at != std::string::npos);
      return t.replace(at, from.size(), to);
    };
    const std::string refused[] = {
        "", "root:$6$salt$hash:19000:0:99999:7:::\n", "HOME=/root\0PATH=/bin\0", "null", "[]", "\"ordo-live 1\"",
        good + good,                                              // two documents
        good + "x",                                               // trailing bytes
        "/* c */" + good,                                         // a comment
        with("\"sequence\": 3", "\"sequence\": 3, \"sequence\": 4"),  // a name twice
        with("\"sequence\": 3", "\"sequence\": NaN"),
        with("\"sequence\": 3", "\"sequence\": 3.5"),
        with("\"sequence\": 3", "\"sequence\": \"3\""),
        with("ordo-live 1", "ordo-live 2"),
        with("\"event\": \"e\"", "\"event\": \"\xff\xfe\""),      // not UTF-8
        with("\"event\": \"e\"", "\"event\": \"\xed\xa0\x80\""),  // a UTF-16 surrogate in UTF-8
        with("\"event\": \"e\"", "\"event\": \"a\nb\""),       // a raw control character
        with("\"engines\": []", "\"engines\": [1]"),
        with("\"standings\": []", "\"standings\": [{\"engine\": \"a\"}]"),
        with("\"running\": []", "\"running\": {}"),
        with("\"finished\": []", "\"finished\": [[]]"),
        with("\"finished\": []", "\"finished\": [], \"extra\": [[[[[[[[[1]]]]]]]]]"),  // nested too deep
        with("\"tournament\": {", "\"tournament\": {\"tournament\": 1, "),  // fine, an added member...
    };
    for (std::size_t i = 0; i + 1 < std::size(refused); ++i) {
      CAPTURE(i);
      CHECK_FALSE(check_live_document(refused[i], &why));
      CHECK_FALSE(why.empty());
      CHECK(why.find("root") == std::string::npos);  // the reason quotes nothing of the text
    }
    CHECK(check_live_document(refused[std::size(refused) - 1], &why));  // ...members the runner may add are kept
  }

  TEST_CASE("hostile: a live file that is a symbolic link is not followed and nothing it names is served") {
    const auto dir = fresh_dir("ordo-web-live-link");
    const auto secret = dir / "shadow";
    put(secret, "root:$6$secret$hash:19000:0:99999:7:::\n");
    const auto good = dir / "elsewhere.json";
    put(good, live_doc(5));
    const auto path = dir / "live.json";
    std::filesystem::create_symlink(secret, path);
    RunningServer s(watching(path.string()));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto res = get(s.port, "/live.json");
    CHECK(res.body().find("secret") == std::string::npos);
    CHECK(res.body().find("\"waiting\"") != std::string::npos);
    // Even a link to a real live document is refused: the live file is the runner's own file.
    std::filesystem::remove(path);
    std::filesystem::create_symlink(good, path);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    res = get(s.port, "/live.json");
    CHECK(res.body().find("\"waiting\"") != std::string::npos);
    CHECK(res.body().find("symbolic link") != std::string::npos);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("hostile: a live file that is not a live document is not served and the last good one stays") {
    const auto dir = fresh_dir("ordo-web-live-bad");
    const auto path = dir / "live.json";
    asio::io_context io;
    std::ostringstream warnings;
    LiveWatch watch(io, path.string(), std::chrono::milliseconds(200), warnings);
    put(path, live_doc(1));
    CHECK(watch.poll());
    for (const std::string& bad : {std::string("SECRET=1\nPATH=/bin\n"), std::string("{\"format\": \"ordo-live 1\"}"),
                                  live_doc(2) + "SECRET", std::string("{\"a\": \"\xff SECRET\"}")}) {
      put(path, bad);
      CHECK_FALSE(watch.poll());
      CHECK(watch.document() == served(1));
      CHECK(watch.version() == 1);
      CHECK_FALSE(watch.refused().empty());
    }
    const std::string warned = warnings.str();
    CHECK(std::count(warned.begin(), warned.end(), '\n') == 1);  // once, until a good document comes
    CHECK(warned.find("SECRET") == std::string::npos);
    put(path, live_doc(2));
    CHECK(watch.poll());
    CHECK(watch.document() == served(2));
    CHECK(watch.refused().empty());
    // A file of the system named directly (regular, but not a live document) is never served.
    LiveWatch environ(io, "/proc/self/environ", std::chrono::milliseconds(200), warnings);
    CHECK_FALSE(environ.poll());
    CHECK(environ.version() == 0);
    CHECK(environ.document().empty());
    std::filesystem::remove_all(dir);
  }
}

}  // namespace ordo::web::testing
