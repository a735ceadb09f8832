#include "tt.hpp"

#include <algorithm>
#include <cstring>

namespace ordo {

// Data layout: bits 0..31 move, 32..47 value, 48..55 depth, 56..57 bound, 58..63 generation.
u64 TranspositionTable::pack(Move m, Value v, int depth, Bound b, u8 gen) {
  return u64(m.raw()) | u64(u16(i16(v))) << 32 | u64(u8(std::clamp(depth, 0, 255))) << 48 | u64(b) << 56 |
         u64(gen & 0x3F) << 58;
}

void TranspositionTable::resize(std::size_t mb) {
  std::size_t bytes = std::max<std::size_t>(mb, 1) << 20;
  count_ = bytes / sizeof(Bucket);
  buckets_ = std::make_unique<Bucket[]>(count_);
  clear();
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (auto& e : buckets_[i].e) e.check.store(0, std::memory_order_relaxed), e.data.store(0, std::memory_order_relaxed);
  generation_ = 0;
}

bool TranspositionTable::probe(u64 key, TTHit& out) const {
  const Bucket& b = buckets_[key % count_];
  for (const auto& e : b.e) {
    u64 data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
    out.move = Move::from_raw(u32(data));
    out.value = i16(u16(data >> 32));
    out.depth = int((data >> 48) & 0xFF);
    out.bound = Bound((data >> 56) & 3);
    return true;
  }
  return false;
}

void TranspositionTable::store(u64 key, Move move, Value value, int depth, Bound bound) {
  Bucket& b = buckets_[key % count_];
  Entry* victim = &b.e[0];
  int worst = 1 << 30;
  for (auto& e : b.e) {
    u64 data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data) {
      // Same position: keep the old move when the new result has none.
      if (move.is_none()) move = Move::from_raw(u32(data));
      victim = &e;
      break;
    }
    int age = (generation_ - int((data >> 58) & 0x3F)) & 0x3F;
    int worth = int((data >> 48) & 0xFF) - 8 * age;
    if (worth < worst) worst = worth, victim = &e;
  }
  u64 data = pack(move, value, depth, bound, generation_);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0, n = 0;
  for (std::size_t i = 0; i < std::min<std::size_t>(count_, 250); ++i)
    for (const auto& e : buckets_[i].e) {
      u64 data = e.data.load(std::memory_order_relaxed);
      ++n;
      if (data && ((data >> 58) & 0x3F) == generation_) ++used;
    }
  return n ? used * 1000 / n : 0;
}

}  // namespace ordo
