// Hostile input to the match runner: records and openings files with a byte order mark, numbers
// in records that are not numbers, files that are not regular files, command-line numbers out of
// range.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "game_record.hpp"
#include "match_config.hpp"
#include "notation.hpp"
#include "openings.hpp"
#include "results.hpp"

using namespace ordo;
using namespace ordo::match;

namespace {

const char* const kRecord =
    "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[GameNumber \"12\"]\n[Pair \"6\"]\n\n*\n\n";

std::string temp_path(const char* name) { return "/tmp/ordo_hostile_" + std::to_string(::getpid()) + "_" + name; }

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::optional<Invocation> parse(std::vector<std::string> args, std::string* error) {
  return parse_command_line(args, error);
}

std::vector<std::string> two_engines(std::vector<std::string> extra) {
  std::vector<std::string> args = {"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=1"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_SUITE("match") {
  TEST_CASE("hostile: records: a byte order mark before the first record is skipped") {
    std::istringstream in(std::string("\xEF\xBB\xBF") + kRecord + kRecord);
    std::vector<std::string> skipped;
    const auto records = records::read_records(in, &skipped);
    CHECK(skipped.empty());
    REQUIRE(records.size() == 2);
    CHECK(records[0].tag("Event") == "e");
    // The offsets still count the mark's bytes (a cut record is truncated at the right place).
    std::istringstream again(std::string("\xEF\xBB\xBF") + kRecord);
    records::RecordReader reader(again);
    records::GameRecord r;
    std::string error;
    REQUIRE(reader.next(r, &error));
    CHECK(reader.record_end() == 3 + std::string(kRecord).size() - 1);
    // Only at the start of the file: elsewhere the bytes are what they are.
    std::istringstream inside(std::string(kRecord) + "\xEF\xBB\xBF" + kRecord);
    skipped.clear();
    const auto later = records::read_records(inside, &skipped);
    CHECK(skipped.size() == 1);  // its Event line is not a tag line
    REQUIRE(later.size() == 2);
    CHECK_FALSE(later[1].tag("Event"));
  }

  TEST_CASE("hostile: records: a number tag is digits only") {
    records::GameRecord r;
    for (const char* good : {"1", "12", "000", "999999999999999999"}) {
      r.set_tag("GameNumber", good);
      CHECK_MESSAGE(records::number_tag(r, "GameNumber"), good);
    }
    for (const char* bad : {"", "12abc", "-3", "+3", " 3", "3 ", "1e3", "0x10", "9999999999999999999", "١٢"}) {
      r.set_tag("GameNumber", bad);
      CHECK_MESSAGE(!records::number_tag(r, "GameNumber"), bad);
    }
    CHECK_FALSE(records::number_tag(r, "Missing"));
  }

  TEST_CASE("hostile: records: a game numbered 12abc or -3 is refused and not counted as game 12") {
    std::istringstream in(kRecord);
    auto record = records::read_records(in).at(0);
    record.result = "1-0";
    record.set_tag("Result", "1-0");
    for (const char* bad : {"12abc", "-3", "0"}) {
      record.set_tag("GameNumber", bad);
      std::string error;
      CHECK_FALSE(finished_from_record(record, {"a", "b"}, &error));
      CHECK_MESSAGE(error.find(std::string("bad GameNumber tag '") + bad + "'") != std::string::npos, error);
    }
    record.set_tag("GameNumber", "12");
    record.set_tag("Pair", "6x");
    std::string error;
    CHECK_FALSE(finished_from_record(record, {"a", "b"}, &error));
    CHECK(error.find("bad Pair tag '6x'") != std::string::npos);
  }

  TEST_CASE("hostile: records: a FIFO or a folder named as a records file is refused at once") {
    const std::string fifo = temp_path("records.fifo");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string error;
    CHECK_FALSE(records::read_record_file(fifo, &error));  // a plain open would wait for a writer
    CHECK(error.find("a FIFO") != std::string::npos);
    CHECK_FALSE(records::read_record_file("/tmp", &error));
    CHECK(error.find("folder") != std::string::npos);
    std::remove(fifo.c_str());
    const std::string big = temp_path("big.pgn");
    write_file(big, std::string(1000, '\n'));
    CHECK_FALSE(records::read_record_file(big, &error, nullptr, 999));
    CHECK(error.find("more than the 999 allowed") != std::string::npos);
    std::remove(big.c_str());
  }

  TEST_CASE("hostile: openings: a byte order mark is skipped and a FIFO is refused") {
    const std::string path = temp_path("book.epd");
    write_file(path, "\xEF\xBB\xBF" "B9/10/10/10/4W5/10/10/10 w 0 1 ;D1 21\n");
    OpeningConfig oc;
    oc.file = path;
    std::string error;
    const auto book = OpeningBook::load(oc, Variant::Classic, 1, &error);
    REQUIRE_MESSAGE(book, error);
    CHECK(book->size() == 1);
    std::remove(path.c_str());
    const std::string fifo = temp_path("book.fifo");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    oc.file = fifo;
    CHECK_FALSE(OpeningBook::load(oc, Variant::Classic, 1, &error));
    CHECK(error.find("-openings") != std::string::npos);
    CHECK(error.find("a FIFO") != std::string::npos);
    std::remove(fifo.c_str());
  }

  TEST_CASE("hostile: command line: every number out of range is refused in one line naming the option and the range") {
    struct Case {
      std::vector<std::string> extra;
      const char* option;
      const char* range;
    };
    const Case cases[] = {
        {{"-rounds", "0"}, "-rounds", "[1, 10000000]"},
        {{"-rounds", "10000001"}, "-rounds", "[1, 10000000]"},
        {{"-rounds", "99999999999999999999"}, "-rounds", "[1, 10000000]"},
        {{"-games", "1001"}, "-games", "[1, 1000]"},
        {{"-concurrency", "0"}, "-concurrency", "[1, 256]"},
        {{"-maxmoves", "-1"}, "-maxmoves", "[1, 1000000]"},
        {{"-ratinginterval", "x"}, "-ratinginterval", "[0, 100000000]"},
        {{"-srand", "-1"}, "-srand", "[0, 9223372036854775807]"},
        {{"-shard", "3/2"}, "-shard I", "[1, 2]"},
        {{"-shard", "1/0"}, "-shard N", "[1, 1000000]"},
        {{"-stall", "-1"}, "-stall", "[0, 86400]"},
        {{"-stall", "1e300"}, "-stall", "[0, 86400]"},
        {{"-stall", " 5"}, "-stall", "[0, 86400]"},
        {{"-sprt", "elo0=-1e9", "elo1=5"}, "-sprt elo0", "[-1000, 1000]"},
        {{"-sprt", "elo0=0", "elo1=5", "alpha=0.7"}, "-sprt alpha", "[0, 0.5]"},
        {{"-draw", "movenumber=1", "movecount=0", "score=1"}, "-draw movecount", "[1, 100000]"},
        {{"-resign", "movecount=3", "score=-5"}, "-resign score", "[0, 1000000]"},
        {{"-openings", "file=x", "start=0"}, "-openings start", "[1, 2147483647]"},
        {{"-each", "nodes=0"}, "-each nodes", "[1, 4611686018427387903]"},
        {{"-each", "depth=1001"}, "-each depth", "[1, 1000]"},
        {{"-each", "timemargin=-1"}, "-each timemargin", "[0, 3600000]"},
        {{"-each", "st=100000"}, "st=", "[0.001, 86400]"},
        {{"-each", "tc=100000+1"}, "tc=", "[0, 86400]"},
        {{"-each", "tc=10+100000"}, "tc=", "[0, 86400]"},
    };
    for (const auto& c : cases) {
      std::string error;
      CHECK_FALSE(parse(two_engines(c.extra), &error));
      CHECK_MESSAGE(error.find(c.option) != std::string::npos, error);
      CHECK_MESSAGE(error.find(c.range) != std::string::npos, error);
      CHECK(error.find('\n') == std::string::npos);
    }
    // In range at both ends.
    std::string error;
    CHECK_MESSAGE(parse(two_engines({"-rounds", "10000000", "-games", "1000", "-stall", "86400", "-srand",
                                     "9223372036854775807", "-sprt", "elo0=-1000", "elo1=1000"}),
                        &error),
                  error);
    // A word with a line break is quoted on the same line.
    CHECK_FALSE(parse(two_engines({"-rounds", "1\n2"}), &error));
    CHECK(error.find('\n') == std::string::npos);
    CHECK(error.find("1\\x0A2") != std::string::npos);
    // More engines than the schedule allows.
    std::vector<std::string> many = {"-each", "depth=1"};
    for (int i = 0; i < 1001; ++i) many.insert(many.end(), {"-engine", "cmd=e" + std::to_string(i)});
    CHECK_FALSE(parse(many, &error));
    CHECK(error.find("at most 1000") != std::string::npos);
    // Options a mode does not use are refused, not ignored.
    CHECK_FALSE(parse({"-replay", "a.pgn", "-json", "x.json"}, &error));
    CHECK(error.find("-replay takes no -json") != std::string::npos);
    CHECK_FALSE(parse({"-merge", "a.pgn", "-live", "x.json"}, &error));
    CHECK(error.find("-merge takes no -live") != std::string::npos);
  }

  TEST_CASE("hostile: records: a movetext word starting with a bracket is refused (found by fuzz_records)") {
    // Written back, a long such word wrapped to the start of a line read as a tag line.
    std::istringstream in("[Event \"e\"]\n\n1. e3e5 [" + std::string(90, 'F') + "] *\n\n" + kRecord);
    std::vector<std::string> skipped;
    const auto records = records::read_records(in, &skipped);
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].find("is not a move") != std::string::npos);
    CHECK(records.size() == 1);
    std::istringstream glued("[Event \"e\"]\n\n1.[x e3e5 *\n\n");
    skipped.clear();
    CHECK(records::read_records(glued, &skipped).empty());
    CHECK(skipped.size() == 1);
  }

  TEST_CASE("hostile: command line: a cmd ending in a slash gives no empty engine name (found by fuzz_match_cli)") {
    std::string error;
    CHECK_FALSE(parse({"-engine", "cmd=engines/", "-engine", "cmd=b", "-each", "depth=1"}, &error));
    CHECK(error.find("give name=") != std::string::npos);
    CHECK(parse({"-engine", "cmd=engines/", "name=x", "-engine", "cmd=b", "-each", "depth=1"}, &error));
  }
}
