// Records cut off by an interrupted writer: the reader keeps them apart from the record written
// after them wherever the cut fell (in the tags, in the movetext, inside a comment), and the
// runner's appender moves a cut-off last record aside before appending.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "durable_appender.hpp"
#include "game_record.hpp"
#include "../file_text.hpp"

using namespace ordo;
using namespace ordo::records;
using ordo::testing::slurp;

namespace {

std::vector<GameRecord> read_text(const std::string& text, std::vector<std::string>* errors) {
  std::istringstream in(text);
  return read_records(in, errors);
}

const std::string kFirst = "[Event \"first\"]\n[Site \"s\"]\n\n1. c1a1 {+0.10/1 0.001s} c8a8 {-0.10/1 0.001s} 1-0\n\n";
const std::string kNext = "[Event \"next\"]\n[Site \"s\"]\n\n1. c1a1 {+0.20/1 0.001s} c8a8 0-1\n\n";

void spill(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

std::string temp_name(const char* stem) {
  return "/tmp/ordo_record_cuts_" + std::to_string(::getpid()) + "_" + stem + ".pgn";
}

}  // namespace

TEST_SUITE("records") {
  TEST_CASE("a record cut off inside a comment does not swallow the record after it") {
    const std::string cut = "[Event \"cut\"]\n[Site \"s\"]\n\n1. c1a1 {+0.1";
    std::vector<std::string> errors;
    const auto recs = read_text(kFirst + cut + "\n\n" + kNext, &errors);
    REQUIRE(recs.size() == 2);
    CHECK(recs[0].tag("Event") == "first");
    CHECK(recs[1].tag("Event") == "next");
    CHECK(recs[1].result == "0-1");
    REQUIRE(recs[1].moves.size() == 2);
    CHECK(recs[1].moves[0].comment == "+0.20/1 0.001s");
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("comment not closed") != std::string::npos);
  }

  TEST_CASE("a tag line inside a comment without a blank line before it is comment text") {
    std::vector<std::string> errors;
    const auto recs = read_text("[Event \"x\"]\n\n1. c1a1 {a note\n[Event \"quoted\"]\nends} 1-0\n", &errors);
    CHECK(errors.empty());
    REQUIRE(recs.size() == 1);
    REQUIRE(recs[0].moves.size() == 1);
    CHECK(recs[0].moves[0].comment == "a note [Event \"quoted\"] ends");
  }

  TEST_CASE("a record cut off after a complete tag line gives way to the record after it") {
    std::vector<std::string> errors;
    const auto recs = read_text(kFirst + "[Event \"cut\"]\n[Site \"s\"]\n" + kNext, &errors);
    REQUIRE(recs.size() == 2);
    CHECK(recs[1].tag("Event") == "next");
    CHECK(recs[1].tag("Site") == "s");
    CHECK(recs[1].moves.size() == 2);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("cut off in its tags") != std::string::npos);
  }

  TEST_CASE("a record cut off in its movetext gives way to the record after it") {
    std::vector<std::string> errors;
    const auto recs = read_text(kFirst + "[Event \"cut\"]\n\n1. c1a1\n" + kNext, &errors);
    REQUIRE(recs.size() == 2);
    CHECK(recs[1].tag("Event") == "next");
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("no result") != std::string::npos);
  }

  TEST_CASE("the reader tells where the last complete record ends") {
    std::vector<std::string> errors;
    std::istringstream in(kFirst + kNext + "[Event \"cut\"]\n\n1. c1a1 {+0.1");
    RecordReader reader(in);
    GameRecord r;
    std::string err;
    CHECK(reader.record_end() == 0);
    REQUIRE(reader.next(r, &err));
    CHECK(reader.record_end() == kFirst.size() - 1);  // past the result line, before the blank one
    REQUIRE(reader.next(r, &err));
    CHECK_FALSE(reader.next(r, &err));
    CHECK(reader.at_end());
    CHECK(reader.record_end() == kFirst.size() + kNext.size() - 1);
  }

  TEST_CASE("opening the records moves a cut-off last record aside") {
    const std::string path = temp_name("cut"), cut_path = path + ".cut";
    std::remove(cut_path.c_str());
    const std::string cut = "[Event \"cut\"]\n[Site \"s\"]\n\n1. c1a1 {+0.1";
    spill(path, kFirst + kNext + cut);
    {
      match::DurableAppender appender;
      std::string error, note;
      REQUIRE(appender.open(path, &error, &note));
      CHECK(note.find(std::to_string(cut.size()) + " bytes") != std::string::npos);
      CHECK(note.find(cut_path) != std::string::npos);
      CHECK(slurp(path) == kFirst + kNext);
      CHECK(slurp(cut_path) == cut + "\n\n");
      REQUIRE(appender.append(kNext));
    }
    std::vector<std::string> errors;
    const auto recs = read_text(slurp(path), &errors);
    CHECK(errors.empty());
    CHECK(recs.size() == 3);
    std::remove(path.c_str());
    std::remove(cut_path.c_str());
  }

  TEST_CASE("a cut right after a tag line is moved aside and the file ends with a blank line") {
    const std::string path = temp_name("tags"), cut_path = path + ".cut";
    std::remove(cut_path.c_str());
    std::string first_unspaced = kFirst.substr(0, kFirst.size() - 1);  // no blank line after it
    spill(path, first_unspaced + "[Event \"cut\"]\n");
    {
      match::DurableAppender appender;
      std::string error, note;
      REQUIRE(appender.open(path, &error, &note));
      CHECK_FALSE(note.empty());
      CHECK(slurp(path) == kFirst);
      CHECK(slurp(cut_path) == "[Event \"cut\"]\n\n");
    }
    std::remove(path.c_str());
    std::remove(cut_path.c_str());
  }

  TEST_CASE("complete records and text that is no record are left as they are") {
    const std::string path = temp_name("whole"), cut_path = path + ".cut";
    std::remove(cut_path.c_str());
    std::remove(path.c_str());
    std::string error, note;
    {
      match::DurableAppender appender;  // no file yet
      REQUIRE(appender.open(path, &error, &note));
      CHECK(note.empty());
      CHECK(slurp(path).empty());
    }
    spill(path, kFirst + kNext);
    {
      match::DurableAppender appender;
      REQUIRE(appender.open(path, &error, &note));
      CHECK(note.empty());
      CHECK(slurp(path) == kFirst + kNext);
    }
    spill(path, "some notes, not a record");
    {
      match::DurableAppender appender;
      REQUIRE(appender.open(path, &error, &note));
      CHECK(note.empty());
      CHECK(slurp(path) == "some notes, not a record\n\n");
    }
    std::ifstream none(cut_path);
    CHECK_FALSE(none.good());
    std::remove(path.c_str());
  }
}
