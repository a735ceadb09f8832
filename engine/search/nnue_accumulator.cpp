#include "search/nnue_accumulator.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ordo::nnue {

namespace {

// dst = src + the `add` rows - the `sub` rows over the W units of a width-W network, block by
// block (src may be dst). int16 sums wrap, the same in every path.
#if defined(__SSE2__)
constexpr int LANES = 8;               // int16 lanes per register
constexpr int BLOCK = NARROW_WIDTH;    // lanes kept in registers at once (16 registers)
static_assert(NARROW_WIDTH % BLOCK == 0 && WIDE_WIDTH % BLOCK == 0);

template <int W>
void apply_width(i16* dst, const i16* src, const i16* const* add, int n_add, const i16* const* sub, int n_sub) {
  for (int b = 0; b < W; b += BLOCK) {
    __m128i r[BLOCK / LANES];
    for (int i = 0; i < BLOCK / LANES; ++i) r[i] = _mm_load_si128(reinterpret_cast<const __m128i*>(src + b) + i);
    for (int k = 0; k < n_add; ++k)
      for (int i = 0; i < BLOCK / LANES; ++i)
        r[i] = _mm_add_epi16(r[i], _mm_load_si128(reinterpret_cast<const __m128i*>(add[k] + b) + i));
    for (int k = 0; k < n_sub; ++k)
      for (int i = 0; i < BLOCK / LANES; ++i)
        r[i] = _mm_sub_epi16(r[i], _mm_load_si128(reinterpret_cast<const __m128i*>(sub[k] + b) + i));
    for (int i = 0; i < BLOCK / LANES; ++i) _mm_store_si128(reinterpret_cast<__m128i*>(dst + b) + i, r[i]);
  }
}
#else
template <int W>
void apply_width(i16* dst, const i16* src, const i16* const* add, int n_add, const i16* const* sub, int n_sub) {
  if (dst != src) std::memcpy(dst, src, W * sizeof(i16));
  for (int k = 0; k < n_add; ++k)
    for (int i = 0; i < W; ++i) dst[i] = i16(dst[i] + add[k][i]);
  for (int k = 0; k < n_sub; ++k)
    for (int i = 0; i < W; ++i) dst[i] = i16(dst[i] - sub[k][i]);
}
#endif

void apply(const Network& net, i16* dst, const i16* src, const i16* const* add, int n_add, const i16* const* sub,
           int n_sub) {
  if (net.width == WIDE_WIDTH) apply_width<WIDE_WIDTH>(dst, src, add, n_add, sub, n_sub);
  else apply_width<NARROW_WIDTH>(dst, src, add, n_add, sub, n_sub);
}

int changed_features(const Accumulator& a, Bitboard white, Bitboard black) {
  return (a.pieces[WHITE] ^ white).count() + (a.pieces[BLACK] ^ black).count();
}

// The rows of both perspectives for a piece of colour c on s, appended at rows[.][n].
void append_rows(const Network& net, Color c, Square s, const i16* (*rows)[SQUARES], int& n) {
  rows[WHITE][n] = net.acc_row(feature_index(WHITE, c, s));
  rows[BLACK][n] = net.acc_row(feature_index(BLACK, c, s));
  ++n;
}

}  // namespace

void refresh(const Network& net, Accumulator& acc, Bitboard white, Bitboard black) {
  const i16* rows[2][SQUARES];
  int n = 0;
  for (Square s : white) append_rows(net, WHITE, s, rows, n);
  for (Square s : black) append_rows(net, BLACK, s, rows, n);
  for (Color p : {WHITE, BLACK}) apply(net, acc.values[p], net.w.acc_bias, rows[p], n, nullptr, 0);
  acc.pieces[WHITE] = white;
  acc.pieces[BLACK] = black;
  acc.net = &net;
}

void update(const Network& net, const Accumulator& from, Accumulator& to, Bitboard white, Bitboard black) {
  assert(from.net == &net);
  // At most every square added and every square removed (a square holds one colour at a time).
  const i16* added[2][SQUARES];
  const i16* removed[2][SQUARES];
  int n_added = 0, n_removed = 0;
  for (Square s : from.pieces[WHITE] & ~white) append_rows(net, WHITE, s, removed, n_removed);
  for (Square s : from.pieces[BLACK] & ~black) append_rows(net, BLACK, s, removed, n_removed);
  for (Square s : white & ~from.pieces[WHITE]) append_rows(net, WHITE, s, added, n_added);
  for (Square s : black & ~from.pieces[BLACK]) append_rows(net, BLACK, s, added, n_added);
  for (Color p : {WHITE, BLACK}) apply(net, to.values[p], from.values[p], added[p], n_added, removed[p], n_removed);
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
