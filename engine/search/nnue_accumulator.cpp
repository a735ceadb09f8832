#include "search/nnue_accumulator.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace ordo::nnue {

namespace {

void add_row(i16* acc, const i16* row) {
  for (int i = 0; i < ACC_WIDTH; ++i) acc[i] = i16(acc[i] + row[i]);  // wraps like the SIMD add
}
void sub_row(i16* acc, const i16* row) {
  for (int i = 0; i < ACC_WIDTH; ++i) acc[i] = i16(acc[i] - row[i]);
}

int changed_features(const Accumulator& a, Bitboard white, Bitboard black) {
  return (a.pieces[WHITE] ^ white).count() + (a.pieces[BLACK] ^ black).count();
}

}  // namespace

void refresh(const Network& net, Accumulator& acc, Bitboard white, Bitboard black) {
  const Bitboard side[2] = {white, black};
  for (Color p : {WHITE, BLACK}) {
    i16* v = acc.values[p];
    std::memcpy(v, net.w.acc_bias, sizeof acc.values[p]);
    for (Color c : {WHITE, BLACK})
      for (Square s : side[c]) add_row(v, net.w.acc_weights[feature_index(p, c, s)]);
  }
  acc.pieces[WHITE] = white;
  acc.pieces[BLACK] = black;
  acc.net = &net;
}

void update(const Network& net, const Accumulator& from, Accumulator& to, Bitboard white, Bitboard black) {
  assert(from.net == &net);
  if (&from != &to) std::memcpy(to.values, from.values, sizeof to.values);
  const Bitboard now[2] = {white, black};
  for (Color c : {WHITE, BLACK}) {
    const Bitboard removed = from.pieces[c] & ~now[c];
    const Bitboard added = now[c] & ~from.pieces[c];
    for (Color p : {WHITE, BLACK}) {
      for (Square s : removed) sub_row(to.values[p], net.w.acc_weights[feature_index(p, c, s)]);
      for (Square s : added) add_row(to.values[p], net.w.acc_weights[feature_index(p, c, s)]);
    }
  }
  to.pieces[WHITE] = white;
  to.pieces[BLACK] = black;
  to.net = &net;
}

AccumulatorStack::AccumulatorStack(int size) : entries_(std::make_unique<Accumulator[]>(std::size_t(size))), size_(size) {}

void AccumulatorStack::reset() {
  for (int i = 0; i < size_; ++i) entries_[i].net = nullptr;
}

i32 AccumulatorStack::evaluate(const Network& net, const Position& pos, int height) {
  assert(height >= 0 && height < size_);
  const Bitboard white = pos.pieces(WHITE), black = pos.pieces(BLACK);
  Accumulator& entry = entries_[height];
  // The cheapest source: this entry's last board, the parent's entry, or a rebuild.
  const Accumulator* source = nullptr;
  int cost = (white | black).count() + 1;
  if (entry.net == &net) {
    const int c = changed_features(entry, white, black);
    if (c < cost) source = &entry, cost = c;
  }
  if (height > 0 && entries_[height - 1].net == &net) {
    const int c = changed_features(entries_[height - 1], white, black);
    if (c < cost) source = &entries_[height - 1], cost = c;
  }
  if (source == &entry && cost == 0) ++reuses;
  else if (source) update(net, *source, entry, white, black), ++updates;
  else refresh(net, entry, white, black), ++refreshes;
  const Color us = pos.side_to_move();
  return forward(net, entry.values[us], entry.values[~us]);
}

i32 evaluate_once(const Network& net, const Position& pos) {
  Accumulator acc;
  refresh(net, acc, pos.pieces(WHITE), pos.pieces(BLACK));
  const Color us = pos.side_to_move();
  return forward(net, acc.values[us], acc.values[~us]);
}

}  // namespace ordo::nnue
