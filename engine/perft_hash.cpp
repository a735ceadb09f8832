#include "perft_hash.hpp"

#include <atomic>
#include <cstdint>
#include <cstdlib>

namespace ordo {

namespace {

using Ref = std::atomic_ref<u64>;
constexpr auto RELAXED = std::memory_order_relaxed;
constexpr auto ACQUIRE = std::memory_order_acquire;
constexpr auto RELEASE = std::memory_order_release;

// The meta word: bits 0..15 and 16..31 the high 16 bits of White's and Black's 80-square sets,
// 32 the side to move, 33 the variant, 34..35 the split flags, 36..42 the depth, 43 the write
// lock, 44..63 a sequence number that each write raises. A zero word (depth 0) is an empty entry.
constexpr u64 LOCK = u64(1) << 43;
constexpr int SEQ_SHIFT = 44;
constexpr u64 IDENTITY = LOCK - 1;

u64 identity(const Position& pos, int depth) {
  return pos.pieces(WHITE).hi() | pos.pieces(BLACK).hi() << 16 | u64(pos.side_to_move()) << 32 |
         u64(variant_index(pos.variant())) << 33 | u64(pos.split(WHITE)) << 34 | u64(pos.split(BLACK)) << 35 |
         u64(depth) << 36;
}

int depth_of(u64 meta) { return int((meta >> 36) & 0x7F); }

constexpr std::size_t BUCKET_BYTES = 64;  // one cache line

}  // namespace

std::unique_ptr<PerftHash> PerftHash::create(std::size_t mb) {
  if (mb < 1) mb = 1;
  if (mb > (std::size_t(1) << 24)) return nullptr;
  const std::size_t buckets = (mb << 20) / BUCKET_BYTES;
  // calloc: fresh pages of a large block read as zeros without being written.
  void* block = std::calloc(buckets + 1, BUCKET_BYTES);
  if (!block) return nullptr;
  const std::uintptr_t at = (reinterpret_cast<std::uintptr_t>(block) + BUCKET_BYTES - 1) & ~std::uintptr_t(BUCKET_BYTES - 1);
  return std::unique_ptr<PerftHash>(new PerftHash(reinterpret_cast<u64*>(at), block, buckets));
}

PerftHash::~PerftHash() { std::free(block_); }

u64* PerftHash::bucket(u64 key) const {
  static_assert(WAYS * WORDS * sizeof(u64) == BUCKET_BYTES);
  return words_ + std::size_t((u128(key) * buckets_) >> 64) * WAYS * WORDS;
}

std::optional<u64> PerftHash::probe(const Position& pos, int depth) const {
  const u64 id = identity(pos, depth);
  u64* b = bucket(pos.key());
  for (std::size_t way = 0; way < WAYS; ++way) {
    u64* e = b + way * WORDS;
    const u64 m = Ref(e[0]).load(ACQUIRE);
    if ((m & (IDENTITY | LOCK)) != id) continue;
    // Acquire loads: if one reads a later writer's word, the reload below sees its lock or more.
    const u64 white = Ref(e[1]).load(ACQUIRE), black = Ref(e[2]).load(ACQUIRE), nodes = Ref(e[3]).load(ACQUIRE);
    if (Ref(e[0]).load(RELAXED) != m) continue;  // rewritten meanwhile
    if (white == pos.pieces(WHITE).lo() && black == pos.pieces(BLACK).lo()) return nodes;
  }
  return std::nullopt;
}

void PerftHash::store(const Position& pos, int depth, u64 nodes) {
  const u64 id = identity(pos, depth);
  u64* b = bucket(pos.key());
  // The first entry keeps the deepest count seen; the second takes the rest.
  const u64 first = Ref(b[0]).load(RELAXED);
  u64* e = (first & IDENTITY) == id || depth >= depth_of(first) ? b : b + WORDS;
  Ref meta(e[0]);
  u64 m = meta.load(RELAXED);
  if (m & LOCK) return;  // another thread writes it: skip
  if (!meta.compare_exchange_strong(m, m | LOCK, std::memory_order_acq_rel, RELAXED)) return;
  // Release stores: a reader that sees one of them also sees the lock (no fences: ThreadSanitizer
  // does not model them).
  Ref(e[1]).store(pos.pieces(WHITE).lo(), RELEASE);
  Ref(e[2]).store(pos.pieces(BLACK).lo(), RELEASE);
  Ref(e[3]).store(nodes, RELEASE);
  meta.store(id | ((m >> SEQ_SHIFT) + 1) << SEQ_SHIFT, RELEASE);
}

}  // namespace ordo
