// The transposition table: a new or cleared table is written whole when it is made, on the given
// threads, so no search pays for its pages; a cancelled writing still leaves an empty table.
#include <doctest/doctest.h>

#include <atomic>
#include <fstream>
#include <string>

#include "search/tt.hpp"

using namespace ordo;

namespace {

// The resident memory of this process (VmRSS), in MB.
long resident_mb() {
  std::ifstream f("/proc/self/status");
  std::string key;
  long kb = -1;
  while (f >> key) {
    if (key == "VmRSS:") {
      f >> kb;
      break;
    }
    f.ignore(1 << 16, '\n');
  }
  return kb / 1024;
}

// Whether the table finds none of `n` keys stored before (empty) and all after storing them.
bool empty_then_stores(TranspositionTable& tt, int n) {
  TTHit hit;
  for (int i = 1; i <= n; ++i)
    if (tt.probe(u64(i) * 0x9E3779B97F4A7C15ull, hit)) return false;
  for (int i = 1; i <= n; ++i) tt.store(u64(i) * 0x9E3779B97F4A7C15ull, Move::none(), 5, 3, Bound::Exact);
  for (int i = 1; i <= n; ++i)
    if (!tt.probe(u64(i) * 0x9E3779B97F4A7C15ull, hit)) return false;
  return true;
}

}  // namespace

TEST_SUITE("tt") {

TEST_CASE("hostile: a large table is present in memory once resized and once cleared (written on several threads)") {
  // A table mapped lazily (with huge pages asked for) made each first touch inside a search stall
  // in the kernel: a 1 s search found 1,349 nodes at Hash 4096 against 1,025,664 at Hash 16.
  TranspositionTable tt(1);
  const long before = resident_mb();
  REQUIRE(tt.resize(256, 2).empty());
  const long grown = resident_mb() - before;
  CAPTURE(grown);
  CHECK(grown >= 240);
  CHECK(empty_then_stores(tt, 10000));
  tt.clear(2);
  CHECK(resident_mb() - before >= 240);  // cleared in place, still present
  CHECK(empty_then_stores(tt, 10000));
}

TEST_CASE("a cancelled resize or clear still leaves an empty table") {
  TranspositionTable tt(1);
  std::atomic<int> polls{0};
  const auto cancel_soon = [&] { return polls.fetch_add(1) >= 2; };
  // One thread: it writes 16 chunks of 16 MB and asks before each, so the third question ends it.
  // (With two threads the other may write every chunk before the caller asks a third time.)
  REQUIRE(tt.resize(256, 1, cancel_soon).empty());
  CHECK(polls.load() == 3);
  CHECK(tt.size_mb() == 256);
  CHECK(empty_then_stores(tt, 10000));
  polls = 0;
  tt.clear(2, cancel_soon);  // ended early or not, on two threads
  CHECK(empty_then_stores(tt, 10000));
  polls = 0;
  REQUIRE(tt.resize(128, 2, cancel_soon).empty());
  CHECK(empty_then_stores(tt, 10000));
  tt.clear(4, [] { return true; });
  CHECK(empty_then_stores(tt, 10000));
}

}  // TEST_SUITE
