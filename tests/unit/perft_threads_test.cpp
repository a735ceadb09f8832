// The streamed divide (protocol/perft_stream) on threads and with a perft hash: the same lines in
// the same order as on one thread without a hash, on the shallow depths of both EPD suites; a
// stop ends a threaded count at once. Run under ThreadSanitizer too (scripts/test).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "notation.hpp"
#include "perft_hash.hpp"
#include "perft_stream.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

// The sanitizers run perft and start threads many times slower: their builds check a quarter of
// the smaller entries.

std::vector<std::string> lines_of(const Position& pos, int depth, const PerftSettings& s) {
  std::vector<std::string> out;
  const PerftOutcome r = stream_divide(pos, depth, [&](const std::string& l) { out.push_back(l); }, [] { return false; }, s);
  CHECK(r.completed);
  return out;
}

// Every depth of the file up to `max_nodes` leaves (at least `min_checked` of them): one thread, two threads, two threads sharing a
// hash (one table for the whole file, so later lines find the earlier ones' counts).
void check_suite(const std::string& file, Variant v, u64 max_nodes, std::size_t min_checked) {
  auto hash = PerftHash::create(8);
  REQUIRE(hash);
  std::size_t checked = 0, seen = 0;
  for (const EpdLine& e : read_epd(std::string(ORDO_TEST_DATA) + "/" + file)) {
    const Position pos = pos_of(e.fen, v);
    for (auto [depth, nodes] : e.depths) {
      if (nodes > max_nodes || (SANITIZED && seen++ % 4 != 0)) continue;  // sanitized: a quarter
      INFO(file << ":" << e.line_number << " depth " << depth);
      const auto one = lines_of(pos, depth, {});
      REQUIRE_FALSE(one.empty());
      CHECK(one.back() == "Nodes searched: " + std::to_string(nodes));
      CHECK(lines_of(pos, depth, {2, nullptr}) == one);
      CHECK(lines_of(pos, depth, {2, hash.get()}) == one);
      ++checked;
    }
  }
  CHECK(checked >= min_checked);
}

}  // namespace

TEST_SUITE("perft_threads") {

TEST_CASE("EPD suite classic: two threads and the hash give the divides of one thread") {
  check_suite("perft_ordo.epd", Variant::Classic, SANITIZED ? 5000 : 200000, SANITIZED ? 30 : 150);
}

TEST_CASE("EPD suite Ordo X: two threads and the hash give the divides of one thread") {
  check_suite("perft_ordox.epd", Variant::OrdoX, SANITIZED ? 5000 : 20000, SANITIZED ? 20 : 90);
}

TEST_CASE("the start positions split a ply deeper and give the same divide on one thread and on two") {
  // Classic perft(3) is split into the 3,136 subtrees below the second ply.
  const Position s = Position::start(Variant::Classic);
  const auto one = lines_of(s, 3, {});
  CHECK(one.size() == 56 + 2);
  CHECK(one.back() == "Nodes searched: 190114");
  CHECK(lines_of(s, 3, {2, nullptr}) == one);
  auto hash = PerftHash::create(2);
  CHECK(lines_of(s, 3, {2, hash.get()}) == one);
  CHECK(lines_of(Position::start(Variant::OrdoX), 0, {2, nullptr}) ==
        std::vector<std::string>{"", "Nodes searched: 1"});
}

TEST_CASE("a stop ends a threaded perft at once after a prefix of the divide") {
  for (int threads : {1, 2}) {
    const Position s = Position::start(Variant::Classic);
    std::vector<std::string> out;
    const auto t0 = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::steady_clock::now() - t0; };
    // perft(8) would take hours; stopped after 0.2 s.
    const PerftOutcome r = stream_divide(s, 8, [&](const std::string& l) { out.push_back(l); },
                                         [&] { return elapsed() > std::chrono::milliseconds(200); },
                                         PerftSettings{threads, nullptr});
    CHECK_FALSE(r.completed);
    CHECK(r.roots_total == 56);
    CHECK(out.size() == r.roots_done);
    CHECK(elapsed() < std::chrono::seconds(10));  // a fraction of a second in Release
  }
}

}  // TEST_SUITE
