#include "tt.hpp"

#include <sys/mman.h>
#include <unistd.h>

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

// Chunks of 16 MB handed out one at a time, so a thread that the machine runs less does less; the
// calling thread tests `cancelled` between its chunks and the others follow its word.
bool TranspositionTable::zero_parallel(Bucket* b, std::size_t count, int threads, const Cancel& cancelled) {
  constexpr std::size_t CHUNK = (std::size_t(16) << 20) / sizeof(Bucket);
  const std::size_t bytes = count * sizeof(Bucket);
  const int n = bytes < LARGE_BYTES ? 1 : std::clamp(threads, 1, 256);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> abort{false};
  const auto work = [&](bool polls) {
    for (;;) {
      if (polls && cancelled && cancelled()) abort.store(true, RELAXED);
      if (abort.load(RELAXED)) return;
      const std::size_t from = next.fetch_add(CHUNK, RELAXED);
      if (from >= count) return;
      std::memset(static_cast<void*>(b + from), 0, std::min(CHUNK, count - from) * sizeof(Bucket));
    }
  };
  std::vector<std::thread> helpers;
  for (int i = 1; i < n; ++i) {
    try {
      helpers.emplace_back(work, false);
    } catch (const std::system_error&) {
      break;  // fewer threads, then
    }
  }
  work(true);
  for (auto& t : helpers) t.join();
  return !abort.load();
}

// The table is mapped on a 2 MB boundary and asks for huge pages (where the system gives them, as
// a hint only): a probe is a random access, and with 4 KB pages nearly every one also misses the
// address translation caches. Fresh anonymous memory reads as zeros; resize() and clear() then
// write it so that its pages are present before any search.
TranspositionTable::Bucket* TranspositionTable::map_zeroed(std::size_t count) {
  constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;
  const std::size_t bytes = count * sizeof(Bucket);
  // The table is written whole: more than the machine's memory would not fail here but later,
  // as the system killed the process.
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0 && bytes > std::size_t(pages) * std::size_t(page)) return nullptr;
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

std::string TranspositionTable::resize(std::size_t mb, int threads, const Cancel& cancelled) {
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
  zero_parallel(buckets_, count_, threads, cancelled);  // fresh memory: empty even if cancelled
  return "";
}

void TranspositionTable::clear(int threads, const Cancel& cancelled) {
  generation_ = 0;
  if (zero_parallel(buckets_, count_, threads, cancelled)) return;
  // Cancelled part way: fresh memory (zeros, present when touched) keeps the promise of an empty
  // table at once; without it, the rest is written here.
  if (Bucket* fresh = map_zeroed(count_)) {
    unmap(buckets_, count_);
    buckets_ = fresh;
    return;
  }
  zero_parallel(buckets_, count_, threads, {});
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
