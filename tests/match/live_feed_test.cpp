// The live feed's document and its writes (ordo-match -live): what a game's start, moves and end
// leave in the file, text that must not break the JSON, and a failing write that warns once.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "json_text.hpp"
#include "live_feed.hpp"
#include "../file_text.hpp"

using namespace ordo::match;
using ordo::Json;
using ordo::testing::slurp;

namespace {

std::filesystem::path fresh_dir(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

long lines(const std::ostringstream& out) {
  const std::string text = out.str();
  return std::count(text.begin(), text.end(), '\n');
}

LiveFeed::Setup setup(std::vector<std::string> names) {
  LiveFeed::Setup s;
  s.event = "test";
  s.variant = "ordo";
  s.time_control = "tc nodes=1";
  s.planned_games = 2;
  s.concurrency = 2;
  s.names = std::move(names);
  return s;
}

}  // namespace

TEST_SUITE("match") {
  TEST_CASE("live feed: a game's start moves and end reach the file") {
    const auto dir = fresh_dir("ordo-live-unit");
    const std::string path = (dir / "live.json").string();
    std::ostringstream warnings;
    LiveFeed feed(path, setup({"a", "b"}), warnings);
    ScheduledGame g;
    g.number = 1;
    g.white = 0;
    g.black = 1;
    feed.game_started(g, "start w");
    feed.flush();
    const Json start = Json::parse(slurp(path));
    CHECK(start["running"][0] == Json{{"number", 1}, {"round", 1}, {"white", "a"}, {"black", "b"}, {"status", "playing"},
                                      {"to_move", "white"}, {"start_fen", "start w"}, {"fen", "start w"},
                                      {"moves", Json::array()}, {"clock_ms", {{"white", nullptr}, {"black", nullptr}}},
                                      {"eval", {{"white", nullptr}, {"black", nullptr}}}});
    SearchAnswer answer;
    answer.has_score = true;
    answer.score = 31;
    answer.depth = 9;
    MoveEvent move{0, "c2d2c3", "after b", &answer, {}};
    move.clock_ms[0] = 1500;
    feed.move_played(1, move);
    feed.flush();
    const Json mid = Json::parse(slurp(path))["running"][0];
    CHECK(mid["moves"] == Json{"c2d2c3"});
    CHECK(mid["to_move"] == "black");
    CHECK(mid["clock_ms"] == Json{{"white", 1500}, {"black", nullptr}});
    CHECK(mid["eval"] == Json{{"white", {{"cp", 31}, {"depth", 9}}}, {"black", nullptr}});
    feed.game_finished(1, "1-0", "target row", "", 1.0);
    feed.tournament_over("finished", "");
    const Json end = Json::parse(slurp(path));
    CHECK(end["running"] == Json::array());
    CHECK(end["standings"][0] == Json{{"engine", "a"}, {"games", 1}, {"wins", 1}, {"draws", 0}, {"losses", 0},
                                      {"points", 1.0}, {"score", 1.0}});
    CHECK(end["finished"][0]["result"] == "1-0");
    CHECK(end["finished"][0]["termination"] == "target row");
    // A finished game keeps its moves, so a board can replay it.
    CHECK(end["finished"][0]["moves"] == Json{"c2d2c3"});
    CHECK(end["finished"][0]["plies"] == 1);
    CHECK(end["tournament"]["status"] == "finished");
    CHECK(warnings.str().empty());
    // Only the file itself is left: the temporary one was renamed.
    CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()) == 1);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("live feed: quotes control characters and invalid UTF-8 stay valid JSON") {
    std::ostringstream warnings;
    LiveFeed feed("/nonexistent-dir/live.json", setup({"q\"b\\s", std::string("t\tn\x01") + "\xff\xc3\xa9"}), warnings);
    const Json doc = Json::parse(feed.document());  // throws on invalid UTF-8
    CHECK(doc["tournament"]["engines"][0] == "q\"b\\s");
    CHECK(doc["tournament"]["engines"][1] == std::string("t\tn\x01") + "\xef\xbf\xbd" + "\xc3\xa9");  // 0xFF: U+FFFD
  }

  TEST_CASE("live feed: a failing write warns once and a later write works again") {
    const auto dir = fresh_dir("ordo-live-fail");
    const std::string path = (dir / "sub" / "live.json").string();
    std::ostringstream warnings;
    LiveFeed feed(path, setup({"a", "b"}), warnings);
    feed.publish();
    feed.flush();
    feed.publish();
    feed.flush();
    CHECK(feed.failing());
    CHECK(lines(warnings) == 1);
    CHECK(warnings.str().find("the live file: '" + path + "': no such folder") != std::string::npos);
    std::filesystem::create_directories(dir / "sub");
    feed.publish();
    feed.flush();
    CHECK_FALSE(feed.failing());
    CHECK(Json::parse(slurp(path))["format"] == "ordo-live 1");
    CHECK(lines(warnings) == 1);
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("hostile: live feed: a FIFO put at the live path is never renamed over") {
    const auto dir = fresh_dir("ordo-live-fifo");
    const std::string path = (dir / "live.json").string();
    std::ostringstream warnings;
    LiveFeed feed(path, setup({"a", "b"}), warnings);
    feed.publish();
    feed.flush();
    REQUIRE_FALSE(feed.failing());
    // The file is swapped for a FIFO while the feed runs: the next write refuses it, once.
    std::filesystem::remove(path);
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    feed.publish();
    feed.flush();
    CHECK(feed.failing());
    CHECK(std::filesystem::is_fifo(path));
    CHECK(lines(warnings) == 1);
    CHECK(warnings.str().find("not a regular file (a FIFO)") != std::string::npos);
    std::filesystem::remove_all(dir);
  }
}
