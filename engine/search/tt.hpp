// The transposition table: shared by all search threads without locks. Each entry stores its key
// XOR its data, so a torn write is detected as a miss. The table is mapped from the operating
// system, so a size the machine cannot hold is refused at once. A new or cleared table is written
// whole at once, on the engine's search threads (as Stockfish does): a search never pays for
// making its pages present (a lazily mapped table of gigabytes made the first searches in it
// hundreds of times slower). Writing costs about 0.15 s per GB for a new table and 0.1 s per GB
// for a clear (2-core machine); a caller that must stay prompt passes a cancel test.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "bitboard.hpp"
#include "move.hpp"
#include "score.hpp"

namespace ordo {

enum class Bound : u8 { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTHit {
  Move move;
  Value value = 0;
  int depth = 0;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  // Called now and then while a table is written; true ends the writing early. The table is
  // empty either way: the pages not yet written are then fresh (zero) memory, made present by the
  // searches that touch them.
  using Cancel = std::function<bool()>;

  explicit TranspositionTable(std::size_t mb = 16);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // A new, empty table of `mb` megabytes, written on `threads` threads. When memory is short the
  // old table is released first; if the new size still cannot be had, the table keeps its old
  // size (emptied if it had to be released) and the error is returned. Returns "" on success.
  std::string resize(std::size_t mb, int threads = 1, const Cancel& cancelled = {});
  std::size_t size_mb() const { return mb_; }
  // Empties the table, writing it on `threads` threads.
  void clear(int threads = 1, const Cancel& cancelled = {});
  void new_search() { generation_ = u8((generation_ + 1) & 0x3F); }

  bool probe(u64 key, TTHit& out) const;
  // Starts loading the key's bucket into the cache, for a probe soon after.
  void prefetch(u64 key) const { __builtin_prefetch(&bucket(key)); }
  // Replaces, in the key's bucket, the same key or else the least valuable entry (shallow or old).
  void store(u64 key, Move move, Value value, int depth, Bound bound);
  int hashfull() const;  // per mille of recently used entries, sampled

 private:
  struct Entry {  // accessed through std::atomic_ref only
    u64 check;     // key ^ data
    u64 data;
  };
  static constexpr int BUCKET = 4;
  struct alignas(64) Bucket { Entry e[BUCKET]; };
  // The key's bucket: the high half of key * count, a uniform index without a division.
  Bucket& bucket(u64 key) const { return buckets_[std::size_t(u128(key) * count_ >> 64)]; }
  static u64 pack(Move m, Value v, int depth, Bound b, u8 gen);

  // From this size on, a table is written on several threads and given back on a thread.
  static constexpr std::size_t LARGE_BYTES = std::size_t(64) << 20;
  static Bucket* map_zeroed(std::size_t count);  // nullptr when the memory cannot be had
  // Writes zeros over the buckets; false if `cancelled` ended it first (then partly written).
  static bool zero_parallel(Bucket* b, std::size_t count, int threads, const Cancel& cancelled);
  static void unmap(Bucket* b, std::size_t count);  // large tables on a detached thread

  Bucket* buckets_ = nullptr;
  std::size_t count_ = 0;
  std::size_t mb_ = 0;
  u8 generation_ = 0;
};

}  // namespace ordo
