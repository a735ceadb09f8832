// A table of perft counts, keyed by the whole position and the depth, that several threads may
// share (the core starts none). Optional: perft counts the same with it or without it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "position.hpp"

namespace ordo {

class PerftHash {
 public:
  // nullptr when `mb` megabytes (at least 1) cannot be had. The memory reads as empty and is
  // touched as it is used.
  static std::unique_ptr<PerftHash> create(std::size_t mb);
  ~PerftHash();
  PerftHash(const PerftHash&) = delete;
  PerftHash& operator=(const PerftHash&) = delete;

  // Counts of fewer plies are cheaper to count again than to look up.
  // (A classic turn is one part, an Ordo X one may be two: its depth 1 already pays.)
  static int min_depth(Variant v) { return rules_of(v).sideways_owes_forward() ? 1 : 2; }

  // An entry names its position exactly (both sides' pieces, the side to move, the variant, the
  // split flags) and its depth, so a hit is the count of this very position: a key collision
  // cannot give a wrong count. Entries are written under a per-entry sequence word (a seqlock of
  // atomics): a reader never takes a half-written entry. `pos` is never mid-turn; 1 <= depth <= 99.
  std::optional<u64> probe(const Position& pos, int depth) const;
  void store(const Position& pos, int depth, u64 nodes);

  std::size_t entries() const { return buckets_ * WAYS; }

 private:
  static constexpr std::size_t WAYS = 2;  // a depth-preferred and an always-replaced entry
  static constexpr std::size_t WORDS = 4;  // meta, white low, black low, count
  PerftHash(u64* words, void* block, std::size_t buckets) : words_(words), block_(block), buckets_(buckets) {}
  u64* bucket(u64 key) const;

  u64* words_;    // buckets_ * WAYS * WORDS words, 64-byte aligned
  void* block_;   // what was allocated
  std::size_t buckets_;
};

}  // namespace ordo
