// The live tournament view's server side: the watcher that follows the -live file (changes seen,
// a file too big kept out with one warning), /live.json over a real socket (a waiting answer,
// the document once written, 304 for a page that has it, the live page itself), and the finished
// games replayed for the page's board (live_replay.hpp, /live-game.json).
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "http_server.hpp"
#include "live_document.hpp"
#include "json_text.hpp"
#include "live_feed.hpp"
#include "live_replay.hpp"
#include "live_watch.hpp"
#include "running_server.hpp"
#include "web_client.hpp"

namespace ordo::web::testing {

namespace {

namespace asio = boost::asio;

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
  feed.move_played(2, move);
  feed.game_finished(2, "1-0", "target row", "White reached the target row", 1.0);
  return feed.document();
}

const std::string kStart = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1";
const std::string kAfterA3A4 = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1";

// live_doc(1) with `finished` (a JSON array) as its finished games.
std::string with_finished(const std::string& finished) {
  std::string t = live_doc(1);
  const std::string from = "\"finished\": []";
  return t.replace(t.find(from), from.size(), "\"finished\": " + finished);
}

// A finished game's entry as the runner writes it, from the start position.
std::string finished_entry(int number, const std::string& start, const std::string& moves) {
  return "{\"number\": " + std::to_string(number) +
         ", \"round\": 1, \"white\": \"a\", \"black\": \"b\", \"result\": \"1-0\", \"termination\": \"t\", "
         "\"detail\": \"\", \"plies\": 1, \"start_fen\": \"" + start + "\", \"fen\": \"x\"" +
         (moves.empty() ? "" : ", \"moves\": " + moves) + "}";
}

// GET `target`, with If-None-Match: `etag` unless it is empty.
HttpReply get(unsigned short port, const std::string& target, const std::string& etag = "") {
  HttpOptions options;
  if (!etag.empty()) options.headers.emplace_back("If-None-Match", etag);
  return http_request(port, target, options);
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
    CHECK(res.status == 200);
    CHECK(res.body.find("\"waiting\"") != std::string::npos);
    const std::string doc = served(7);
    put(path, live_doc(7));
    for (int i = 0; i < 200 && res.body != doc; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      res = get(s.port, "/live.json?t=1");
    }
    CHECK(res.body == doc);
    CHECK(res.header("Content-Type") == "application/json; charset=utf-8");
    const std::string etag = res.header("ETag");
    CHECK_FALSE(etag.empty());
    CHECK(get(s.port, "/live.json", etag).status == 304);
    CHECK(get(s.port, "/live.json", "\"0\"").body == doc);
    for (const char* page : {"/live.html", "/live.js", "/live.css"}) CHECK(get(s.port, page).status == 200);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("live.json without --live says so") {
    RunningServer s(watching(""));
    const auto res = get(s.port, "/live.json");
    CHECK(res.status == 200);
    CHECK(res.body.find("without --live") != std::string::npos);
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

  TEST_CASE("live replay: a finished game of the runner's document is replayed by the core, position by position") {
    const auto dir = fresh_dir("ordo-web-live-replay");
    std::string why;
    const auto doc = check_live_document(runner_document(dir), &why);
    REQUIRE(doc);
    CHECK(doc->find("\"moves\":[\"a3a4\"]}]") != std::string::npos);  // the finished game's moves, served
    FinishedGames games(*doc);
    const auto two = games.game(2, &why);
    INFO(why);
    REQUIRE(two);
    const Json g = Json::parse(*two);
    CHECK(g["number"] == 2);
    CHECK(g["white"] == "gr\xc3\xa9" "edy");
    CHECK(g["result"] == "1-0");
    CHECK(g["variant"] == "ordo");
    CHECK(g["start_fen"] == kStart);
    CHECK(g["moves"] == Json{"a3a4"});
    CHECK(g["fens"] == Json{kStart, kAfterA3A4});
    CHECK(games.game(2, &why) == two);  // kept
    CHECK_FALSE(games.game(1, &why));    // running, not finished
    CHECK(why == "game 1 is not among the last finished games");
    CHECK_FALSE(games.game(3, &why));
    // A Black-to-move start of move 12 stays as it is, and a move spelt otherwise comes back canonical.
    const std::string black12 = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 12";
    FinishedGames from12(with_finished("[" + finished_entry(5, black12, "[\"d7c7d5\", \"a4e4\"]") + "]"));
    const auto five = from12.game(5, &why);
    INFO(why);
    REQUIRE(five);
    const Json f = Json::parse(*five);
    CHECK(f["moves"] == Json{"c7d7c5", "a4e4"});
    CHECK(f["fens"].size() == 3);
    CHECK(f["fens"][0] == black12);
    CHECK(f["fens"][2] == "2BB2BB2/BB2BBBBBB/BB2BB2BB/2BB6/4W5/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 1 13");
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("hostile: live replay: illegal moves, bad starts, missing moves and odd numbers get a reason, never a crash") {
    std::string why;
    // A finished game's moves must be strings, when given.
    CHECK_FALSE(check_live_document(with_finished("[" + finished_entry(1, kStart, "[1]") + "]"), &why));
    CHECK_FALSE(check_live_document(with_finished("[" + finished_entry(1, kStart, "\"a3a4\"") + "]"), &why));
    REQUIRE(check_live_document(with_finished("[" + finished_entry(1, kStart, "") + "]"), &why));
    const std::string long_token(5000, 'a');
    const std::string games = "[" + finished_entry(1, kStart, "[\"a3a4\", \"a4a5\"]") + ", " +  // Black's turn
                              finished_entry(2, "not a FEN", "[]") + ", " + finished_entry(3, kStart, "") + ", " +
                              finished_entry(4, kStart, "[\"" + long_token + "\"]") + ", " +
                              finished_entry(4, kStart, "[\"a3a4\"]") + "]";  // a number twice: the first kept
    const auto served_games = check_live_document(with_finished(games), &why);
    REQUIRE(served_games);
    FinishedGames replays(*served_games);
    CHECK_FALSE(replays.game(1, &why));
    CHECK(why.find("game 1's ply 2 'a4a5' is not legal") == 0);
    CHECK_FALSE(replays.game(2, &why));
    CHECK(why == "game 2's start position is refused by the rules core");
    CHECK_FALSE(replays.game(3, &why));
    CHECK(why.find("moves are not in the live file") != std::string::npos);
    CHECK_FALSE(replays.game(4, &why));
    CHECK(why.size() < 240);  // the token quoted cut short, in the core's reason too
    for (const long long n : {0LL, -1LL, 5LL, 9223372036854775807LL}) CHECK_FALSE(replays.game(n, &why));
    // Not a live document at all: no games.
    for (const char* text : {"", "[]", "{\"finished\": 1}", "{\"tournament\": {}, \"finished\": [{\"number\": 1}]}"}) {
      FinishedGames none(text);
      CHECK_FALSE(none.game(1, &why));
    }
    std::string chess = with_finished("[" + finished_entry(1, kStart, "[]") + "]");
    chess.replace(chess.find("\"variant\": \"ordo\""), 17, "\"variant\": \"chess\"");
    FinishedGames other_variant(chess);
    CHECK_FALSE(other_variant.game(1, &why));
    CHECK(why == "the tournament's variant is not 'ordo' or 'ordox'");
  }

  TEST_CASE("/live-game.json: a finished game replayed, 404 for one not listed, 400 for a malformed query") {
    const auto dir = fresh_dir("ordo-web-live-game");
    const auto path = dir / "live.json";
    RunningServer s(watching(path.string()));
    auto res = get(s.port, "/live-game.json?number=2");
    CHECK(res.status == 404);  // no document yet
    CHECK(Json::parse(res.body)["error"] == "no tournament document yet");
    put(path, with_finished("[" + finished_entry(2, kStart, "[\"a3a4\"]") + "]"));
    for (int i = 0; i < 200 && res.status != 200; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      res = get(s.port, "/live-game.json?number=2&t=1");
    }
    REQUIRE(res.status == 200);
    CHECK(res.header("Content-Type") == "application/json; charset=utf-8");
    CHECK(Json::parse(res.body)["fens"] == Json{kStart, kAfterA3A4});
    res = get(s.port, "/live-game.json?number=7");
    CHECK(res.status == 404);
    CHECK(Json::parse(res.body)["error"] == "game 7 is not among the last finished games");
    for (const char* bad : {"/live-game.json", "/live-game.json?", "/live-game.json?number=", "/live-game.json?number=0",
                            "/live-game.json?number=-2", "/live-game.json?number=2x", "/live-game.json?number=+2",
                            "/live-game.json?number=1&number=2", "/live-game.json?number=1234567890123456",
                            "/live-game.json?game=2", "/live-game.json?number=%32"}) {
      CAPTURE(bad);
      res = get(s.port, bad);
      CHECK(res.status == 400);
      CHECK(Json::parse(res.body)["error"] == "ask for /live-game.json?number=N, N a game number");
    }
    CHECK(get(s.port, "/live_viewer.js").status == 200);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("/live-game.json without --live says so") {
    RunningServer s(watching(""));
    const auto res = get(s.port, "/live-game.json?number=1");
    CHECK(res.status == 404);
    CHECK(Json::parse(res.body)["error"] == "ordo-web was started without --live");
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
    CHECK(res.body.find("secret") == std::string::npos);
    CHECK(res.body.find("\"waiting\"") != std::string::npos);
    // Even a link to a real live document is refused: the live file is the runner's own file.
    std::filesystem::remove(path);
    std::filesystem::create_symlink(good, path);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    res = get(s.port, "/live.json");
    CHECK(res.body.find("\"waiting\"") != std::string::npos);
    CHECK(res.body.find("symbolic link") != std::string::npos);
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
