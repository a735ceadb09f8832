#include "tt.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace ordo {

namespace {
using Ref = std::atomic_ref<u64>;
constexpr auto RELAXED = std::memory_order_relaxed;
}  // namespace

// Data layout: bits 0..31 move, 32..47 value, 48..55 depth, 56..57 bound, 58..63 generation.
u64 TranspositionTable::pack(Move m, Value v, int depth, Bound b, u8 gen) {
  return u64(m.raw()) | u64(u16(i16(v))) << 32 | u64(u8(std::clamp(depth, 0, 255))) << 48 | u64(b) << 56 |
         u64(gen & 0x3F) << 58;
}

// Writes zeros over the table, with one thread per hardware thread when it is large.
void TranspositionTable::zero_parallel(Bucket* b, std::size_t count) {
  const std::size_t bytes = count * sizeof(Bucket);
  const std::size_t n = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 64);
  if (n == 1 || bytes < LARGE_BYTES) {
    std::memset(static_cast<void*>(b), 0, bytes);
    return;
  }
  std::vector<std::thread> threads;
  const std::size_t per = count / n;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t from = i * per, to = i + 1 == n ? count : from + per;
    threads.emplace_back([=] { std::memset(static_cast<void*>(b + from), 0, (to - from) * sizeof(Bucket)); });
  }
  for (auto& t : threads) t.join();
}

// The table is mapped on a 2 MB boundary and asks for huge pages (where the system gives them, as
// a hint only): a probe is a random access, and with 4 KB pages nearly every one also misses the
// address translation caches. Fresh anonymous memory reads as zeros and costs nothing until it is
// touched: the pages are made present by the searches that use them, so setting a size of many
// gigabytes takes no time (writing zeros over 16 GB took half a minute, and `isready` and `quit`
// waited for it).
TranspositionTable::Bucket* TranspositionTable::map_zeroed(std::size_t count) {
  constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;
  const std::size_t bytes = count * sizeof(Bucket);
  void* raw = mmap(nullptr, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  // Keep [start, start + bytes) and give back the slack before and after it.
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t start = (at + HUGE_PAGE - 1) & ~std::uintptr_t(HUGE_PAGE - 1);
  if (start > at) munmap(raw, start - at);
  if (const std::size_t tail = HUGE_PAGE - (start - at); tail > 0)
    munmap(reinterpret_cast<void*>(start + bytes), tail);
#ifdef MADV_HUGEPAGE
  madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<Bucket*>(start);  // so every bucket sits on its own cache line
}

// Giving back a large table whose pages are present takes time too (a second or more for many
// gigabytes): that is done on a thread of its own, which nothing waits for.
void TranspositionTable::unmap(Bucket* b, std::size_t count) {
  if (!b) return;
  const std::size_t bytes = count * sizeof(Bucket);
  if (bytes < LARGE_BYTES) {
    munmap(b, bytes);
    return;
  }
  try {
    std::thread([b, bytes] { munmap(b, bytes); }).detach();
  } catch (const std::system_error&) {
    munmap(b, bytes);  // no thread to be had: here, then
  }
}

TranspositionTable::TranspositionTable(std::size_t mb) {
  if (std::string err = resize(mb); !err.empty()) throw std::runtime_error(err);
}

TranspositionTable::~TranspositionTable() {
  if (buckets_) munmap(buckets_, count_ * sizeof(Bucket));
}

std::string TranspositionTable::resize(std::size_t mb) {
  mb = std::max<std::size_t>(mb, 1);
  const std::size_t count = (mb << 20) / sizeof(Bucket);
  Bucket* fresh = map_zeroed(count);
  if (!fresh && buckets_) {
    // Short of memory: release the old table (now, not on a thread) and try again.
    munmap(buckets_, count_ * sizeof(Bucket));
    buckets_ = nullptr;
    fresh = map_zeroed(count);
    if (!fresh) {
      buckets_ = map_zeroed(count_);  // the old size, empty
      if (!buckets_) buckets_ = map_zeroed(count_ = (std::size_t(1) << 20) / sizeof(Bucket)), mb_ = 1;
      generation_ = 0;
      return "Hash " + std::to_string(mb) + " MB could not be allocated; the table keeps " + std::to_string(mb_) +
             " MB (cleared)";
    }
  }
  if (!fresh) return "Hash " + std::to_string(mb) + " MB could not be allocated";
  unmap(buckets_, count_);
  buckets_ = fresh;
  count_ = count;
  mb_ = mb;
  generation_ = 0;
  return "";
}

void TranspositionTable::clear() {
  generation_ = 0;
  if (count_ * sizeof(Bucket) >= LARGE_BYTES) {
    // A large table is replaced by fresh memory (zeros, present when touched) at once.
    if (Bucket* fresh = map_zeroed(count_)) {
      unmap(buckets_, count_);
      buckets_ = fresh;
      return;
    }
  }
  zero_parallel(buckets_, count_);
}

bool TranspositionTable::probe(u64 key, TTHit& out) const {
  Bucket& b = bucket(key);
  for (auto& e : b.e) {
    u64 data = Ref(e.data).load(RELAXED);
    if ((Ref(e.check).load(RELAXED) ^ data) != key || data == 0) continue;
    out.move = Move::from_raw(u32(data));
    out.value = i16(u16(data >> 32));
    out.depth = int((data >> 48) & 0xFF);
    out.bound = Bound((data >> 56) & 3);
    return true;
  }
  return false;
}

void TranspositionTable::store(u64 key, Move move, Value value, int depth, Bound bound) {
  Bucket& b = bucket(key);
  Entry* victim = &b.e[0];
  int worst = 1 << 30;
  for (auto& e : b.e) {
    u64 data = Ref(e.data).load(RELAXED);
    if ((Ref(e.check).load(RELAXED) ^ data) == key && data) {
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
  Ref(victim->data).store(data, RELAXED);
  Ref(victim->check).store(key ^ data, RELAXED);
}

int TranspositionTable::hashfull() const {
  int used = 0, n = 0;
  for (std::size_t i = 0; i < std::min<std::size_t>(count_, 250); ++i)
    for (auto& e : buckets_[i].e) {
      u64 data = Ref(e.data).load(RELAXED);
      ++n;
      if (data && ((data >> 58) & 0x3F) == generation_) ++used;
    }
  return n ? used * 1000 / n : 0;
}

}  // namespace ordo
