// The transposition table: shared by all search threads without locks. Each entry stores its key
// XOR its data, so a torn write is detected as a miss.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

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
  explicit TranspositionTable(std::size_t mb = 16) { resize(mb); }
  void resize(std::size_t mb);
  void clear();
  void new_search() { generation_ = u8((generation_ + 1) & 0x3F); }

  bool probe(u64 key, TTHit& out) const;
  // Replaces, in the key's bucket, the same key or else the least valuable entry (shallow or old).
  void store(u64 key, Move move, Value value, int depth, Bound bound);
  int hashfull() const;  // per mille of recently used entries, sampled

 private:
  struct Entry {
    std::atomic<u64> check;  // key ^ data
    std::atomic<u64> data;
  };
  static constexpr int BUCKET = 4;
  struct alignas(64) Bucket { Entry e[BUCKET]; };
  static u64 pack(Move m, Value v, int depth, Bound b, u8 gen);

  std::unique_ptr<Bucket[]> buckets_;
  std::size_t count_ = 0;
  u8 generation_ = 0;
};

}  // namespace ordo
