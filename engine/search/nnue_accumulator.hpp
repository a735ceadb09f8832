// The network's first layer kept per search height: each entry holds both perspectives' int16
// accumulators and the board they were computed for. An entry is brought to a new board from the
// entry below it (the parent) or from its own last board by adding and removing the features of
// the squares that changed, or rebuilt from scratch when fewer pieces are on the board than
// squares changed (an Ordo X capture can take many pieces at once). Any source gives the same
// integers: the update is exact, so the choice only changes the cost.
#pragma once

#include <memory>

#include "position.hpp"
#include "search/nnue_network.hpp"

namespace ordo::nnue {

struct alignas(64) Accumulator {
  alignas(64) i16 values[2][MAX_ACC_WIDTH];  // [perspective]; the network's width of each is used
  Bitboard pieces[2];                     // the board the values are for
  const Network* net = nullptr;           // nullptr: not computed
};

// The accumulator of a board, from scratch.
void refresh(const Network& net, Accumulator& acc, Bitboard white, Bitboard black);
// `to` made the accumulator of (white, black) from `from` (computed by the same network) by the
// features that differ; `from` and `to` may be the same entry.
void update(const Network& net, const Accumulator& from, Accumulator& to, Bitboard white, Bitboard black);

// One per search thread: entries for heights 0..size-1.
class AccumulatorStack {
 public:
  explicit AccumulatorStack(int size);
  // Forgets every entry (a new search, or another network).
  void reset();
  // The network's value of `pos` (centipawns, side to move's view), through the entry at `height`.
  i32 evaluate(const Network& net, const Position& pos, int height);
  const Accumulator& at(int height) const { return entries_[height]; }

  u64 updates = 0, refreshes = 0, reuses = 0;  // counts, for measurements

 private:
  std::unique_ptr<Accumulator[]> entries_;
  int size_;
};

// The network's value of a position from scratch (no stack), e.g. for `eval`.
i32 evaluate_once(const Network& net, const Position& pos);

}  // namespace ordo::nnue
