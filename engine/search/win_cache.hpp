// A per-thread memo of an expensive yes/no fact about a position (today: whether the side to move
// has a winning Ordo X turn), keyed by the position's hash key. Direct-mapped; an entry holds the
// key with its lowest bit replaced by the answer, so a lookup compares 63 bits of the key. The
// fact must depend on the position alone: then a hit returns exactly what computing it would, and
// the search does not change, only its speed.
#pragma once

#include <memory>
#include <optional>

#include "types.hpp"

namespace ordo {

class WinCache {
 public:
  static constexpr int BITS = 15;  // 32,768 entries, 256 KiB

  WinCache() : entries_(std::make_unique<u64[]>(std::size_t(1) << BITS)) {}

  std::optional<bool> probe(u64 key) const {
    const u64 e = entries_[index(key)];
    if (e == 0 || (e | 1) != (key | 1)) return std::nullopt;
    return (e & 1) != 0;
  }
  void store(u64 key, bool value) {
    const u64 e = (key & ~u64(1)) | u64(value);
    entries_[index(key)] = e;
  }

 private:
  static std::size_t index(u64 key) { return std::size_t(key >> (64 - BITS)); }
  std::unique_ptr<u64[]> entries_;
};

}  // namespace ordo
