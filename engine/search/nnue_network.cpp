#include "search/nnue_network.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace ordo::nnue {

namespace {

// ---- Plain loops: the reference every SIMD path must equal. ----

// Clipped ReLU of both accumulators (width units each) into the dense layer's input, side to
// move first.
void transform_plain(const i16* us, const i16* them, u8* out, int width) {
  for (int i = 0; i < width; ++i) {
    out[i] = u8(std::clamp<int>(us[i], 0, QA));
    out[width + i] = u8(std::clamp<int>(them[i], 0, QA));
  }
}

// One dense row: sum of u8 inputs (0..127) times i8 weights. No overflow is possible: a pair of
// products is within +-2*127*128 (the SIMD pairwise add cannot saturate) and the sum of 512
// products within +-2^24.
i32 dot_plain(const u8* in, const i8* w, int n) {
  i32 s = 0;
  for (int i = 0; i < n; ++i) s += i32(in[i]) * i32(w[i]);
  return s;
}

i32 raw_plain(const Network& net, const i16* us, const i16* them) {
  const Weights& w = net.w;
  alignas(64) u8 input[2 * MAX_ACC_WIDTH];
  transform_plain(us, them, input, net.width);
  alignas(64) u8 hidden[HIDDEN];
  for (int j = 0; j < HIDDEN; ++j) {
    const i32 s = w.hidden_bias[j] + dot_plain(input, net.hidden_row(j), 2 * net.width);
    hidden[j] = u8(std::clamp<i32>(s >> WEIGHT_SHIFT, 0, QA));  // arithmetic shift: floor
  }
  return w.out_bias + dot_plain(hidden, w.out_weights, HIDDEN);
}

// ---- SIMD: the same integers. Sums of integers are exact in any order, so blocking rows and
// columns changes nothing; int16 sums are only taken where prepare() proved they fit. Each kernel
// is compiled for each width W (a constant, so its loops unroll) and chosen by the network's. ----
#if defined(__SSSE3__)

static_assert(2 * QA * 128 <= 32767, "a pmaddubsw pair of products must not saturate");
static_assert(2 * NARROW_WIDTH % 32 == 0 && 2 * WIDE_WIDTH % 32 == 0 && HIDDEN == 32);

// Clipped ReLU by saturation: int16 -> u8 0..255 (packus), then the minimum with 127. The 16-byte
// pack interleaves nothing (a, b in order), so the output is in input order.
template <int W>
void transform_simd(const i16* us, const i16* them, u8* out) {
  const __m128i top = _mm_set1_epi8(QA);
  for (int half = 0; half < 2; ++half) {
    const __m128i* in = reinterpret_cast<const __m128i*>(half == 0 ? us : them);
    __m128i* o = reinterpret_cast<__m128i*>(out + half * W);
    for (int i = 0; i < W / 16; ++i)
      _mm_store_si128(o + i, _mm_min_epu8(_mm_packus_epi16(_mm_load_si128(in + 2 * i), _mm_load_si128(in + 2 * i + 1)), top));
  }
}

// [sum(a), sum(b), sum(c), sum(d)] of four int32 vectors.
inline __m128i hadd4(__m128i a, __m128i b, __m128i c, __m128i d) {
  return _mm_hadd_epi32(_mm_hadd_epi32(a, b), _mm_hadd_epi32(c, d));
}

#if defined(__AVX2__)
using Vec = __m256i;
constexpr int VEC_BYTES = 32;
inline Vec vload(const void* p) { return _mm256_load_si256(static_cast<const Vec*>(p)); }
inline Vec vzero() { return _mm256_setzero_si256(); }
inline Vec vadd32(Vec a, Vec b) { return _mm256_add_epi32(a, b); }
inline Vec vadd16(Vec a, Vec b) { return _mm256_add_epi16(a, b); }
inline Vec vmaddubs(Vec u, Vec s) { return _mm256_maddubs_epi16(u, s); }
inline Vec vmadd_ones(Vec a) { return _mm256_madd_epi16(a, _mm256_set1_epi16(1)); }
inline __m128i vhadd4(Vec a, Vec b, Vec c, Vec d) {
  const Vec s = _mm256_hadd_epi32(_mm256_hadd_epi32(a, b), _mm256_hadd_epi32(c, d));
  return _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
}
#if defined(__AVX512VNNI__) && defined(__AVX512VL__)
// u8 x i8 products summed by fours straight into int32: nothing to overflow.
#define ORDO_NNUE_DPBUSD(acc, u, s) _mm256_dpbusd_epi32(acc, u, s)
#elif defined(__AVXVNNI__)
#define ORDO_NNUE_DPBUSD(acc, u, s) _mm256_dpbusd_avx_epi32(acc, u, s)
#endif
#else
using Vec = __m128i;
constexpr int VEC_BYTES = 16;
inline Vec vload(const void* p) { return _mm_load_si128(static_cast<const Vec*>(p)); }
inline Vec vzero() { return _mm_setzero_si128(); }
inline Vec vadd32(Vec a, Vec b) { return _mm_add_epi32(a, b); }
inline Vec vadd16(Vec a, Vec b) { return _mm_add_epi16(a, b); }
inline Vec vmaddubs(Vec u, Vec s) { return _mm_maddubs_epi16(u, s); }
inline Vec vmadd_ones(Vec a) { return _mm_madd_epi16(a, _mm_set1_epi16(1)); }
inline __m128i vhadd4(Vec a, Vec b, Vec c, Vec d) { return hadd4(a, b, c, d); }
#endif

// Vectors in one hidden row of a width-w network.
constexpr int row_vecs(int width) { return 2 * width / VEC_BYTES; }

// Four hidden rows' sums (bias excluded) over the whole input; row r starts at w + r * 2W. K: how
// many pmaddubsw results of a row are added in int16 before one pmaddwd widens them to int32
// (hidden_int16_sums; each int16 lane of one result holds two products, whatever the vector width).
template <int W, int K>
inline __m128i rows4(const u8* in, const i8* rows) {
  constexpr int ROW_VECS = row_vecs(W);
  static_assert(ROW_VECS % K == 0);
  const i8* w[4] = {rows, rows + 2 * W, rows + 4 * W, rows + 6 * W};
  Vec acc[4] = {vzero(), vzero(), vzero(), vzero()};
  for (int c = 0; c < ROW_VECS; c += K) {
    for (int r = 0; r < 4; ++r) {
#ifdef ORDO_NNUE_DPBUSD
      for (int k = 0; k < K; ++k)
        acc[r] = ORDO_NNUE_DPBUSD(acc[r], vload(in + (c + k) * VEC_BYTES), vload(w[r] + (c + k) * VEC_BYTES));
#else
      Vec s = vmaddubs(vload(in + c * VEC_BYTES), vload(w[r] + c * VEC_BYTES));
      for (int k = 1; k < K; ++k) s = vadd16(s, vmaddubs(vload(in + (c + k) * VEC_BYTES), vload(w[r] + (c + k) * VEC_BYTES)));
      acc[r] = vadd32(acc[r], vmadd_ones(s));
#endif
    }
  }
  return vhadd4(acc[0], acc[1], acc[2], acc[3]);
}

// Whether every int16 lane of one row's sum over K consecutive vectors stays within int16 for any
// inputs 0..QA: the lane adds the products at bytes 2l and 2l+1 of each vector.
bool int16_sums_fit(const Network& net, int K) {
  for (int j = 0; j < HIDDEN; ++j) {
    const i8* row = net.hidden_row(j);
    for (int g = 0; g < row_vecs(net.width); g += K)
      for (int l = 0; l < VEC_BYTES / 2; ++l) {
        int s = 0;
        for (int k = g; k < g + K; ++k) s += std::abs(int(row[k * VEC_BYTES + 2 * l])) + std::abs(int(row[k * VEC_BYTES + 2 * l + 1]));
        if (s * QA > 32767) return false;
      }
  }
  return true;
}

template <int W, int K>
i32 raw_simd(const Network& net, const i16* us, const i16* them) {
  const Weights& w = net.w;
  alignas(64) u8 input[2 * W];
  transform_simd<W>(us, them, input);
  // Hidden layer, sixteen rows at a time: (sum + bias) >> 6 -> saturating pack to int16, then to
  // u8 (negative values become 0) -> minimum with 127: the clipped ReLU, exactly.
  alignas(16) u8 hidden[HIDDEN];
  for (int j = 0; j < HIDDEN; j += 16) {
    __m128i q[4];
    for (int g = 0; g < 4; ++g) {
      const int row = j + 4 * g;
      const __m128i s = _mm_add_epi32(rows4<W, K>(input, net.hidden_row(row)),
                                      _mm_load_si128(reinterpret_cast<const __m128i*>(w.hidden_bias + row)));
      q[g] = _mm_srai_epi32(s, WEIGHT_SHIFT);
    }
    const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(q[0], q[1]), _mm_packs_epi32(q[2], q[3]));
    _mm_store_si128(reinterpret_cast<__m128i*>(hidden + j), _mm_min_epu8(bytes, _mm_set1_epi8(QA)));
  }
  // Output: 32 products, two 16-byte blocks (pairs within +-2*127*128, no saturation).
  const __m128i ones = _mm_set1_epi16(1);
  __m128i s = _mm_add_epi32(
      _mm_madd_epi16(_mm_maddubs_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(hidden)),
                                       _mm_load_si128(reinterpret_cast<const __m128i*>(w.out_weights))),
                     ones),
      _mm_madd_epi16(_mm_maddubs_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(hidden + 16)),
                                       _mm_load_si128(reinterpret_cast<const __m128i*>(w.out_weights + 16))),
                     ones));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return w.out_bias + _mm_cvtsi128_si32(s);
}

template <int W>
i32 raw_fast_width(const Network& net, const i16* us, const i16* them) {
  switch (net.hidden_int16_sums) {
    case 16: return raw_simd<W, std::min(16, row_vecs(W))>(net, us, them);
    case 8: return raw_simd<W, 8>(net, us, them);
    case 4: return raw_simd<W, 4>(net, us, them);
    case 2: return raw_simd<W, 2>(net, us, them);
    default: break;
  }
  return raw_simd<W, 1>(net, us, them);
}

i32 raw_fast(const Network& net, const i16* us, const i16* them) {
  return net.width == WIDE_WIDTH ? raw_fast_width<WIDE_WIDTH>(net, us, them)
                                 : raw_fast_width<NARROW_WIDTH>(net, us, them);
}

int best_int16_sums(const Network& net) {
  int k = 1;
  while (k < row_vecs(net.width) && k < 16 && int16_sums_fit(net, 2 * k)) k *= 2;
  return k;
}
#else
int best_int16_sums(const Network&) { return 1; }
i32 raw_fast(const Network& net, const i16* us, const i16* them) { return raw_plain(net, us, them); }
#endif

// QA*QB units to centipawns, rounded toward zero (within int32 for every network the parser
// accepts: check_sums() bounds it).
i64 centipawns_wide(i64 out, i32 scale) { return out * scale / (QA * QB); }
i32 to_centipawns(const Network& net, i32 out) { return i32(centipawns_wide(out, net.output_scale)); }

// The range of bias + sum of w[k] * x[k] over inputs x[k] in 0..top.
struct SumRange {
  i64 lo, hi;
};
template <typename W>
SumRange dense_range(i64 bias, const W* w, int n, int top) {
  SumRange r{bias, bias};
  for (int k = 0; k < n; ++k) (w[k] < 0 ? r.lo : r.hi) += i64(w[k]) * top;
  return r;
}

std::string outside(const char* what, SumRange r, i64 lo, i64 hi) {
  return std::string(what) + " can reach " + std::to_string(r.lo < lo ? r.lo : r.hi) + ", outside " +
         std::to_string(lo) + ".." + std::to_string(hi) + ": weights that can overflow are refused";
}

}  // namespace

std::string check_sums(const Network& net) {
  const Weights& w = net.w;
  constexpr i64 I16_MIN = -32768, I16_MAX = 32767, I32_MIN = -2147483648LL, I32_MAX = 2147483647LL;
  // Accumulator: each square holds one piece of either colour or none, so the extremes of a value
  // take, square by square, the larger (smaller) of its two rows or nothing. Both perspectives
  // use the same pairs of rows (own, other) per oriented square. The incremental updates wrap in
  // int16 on the way and so end exact whenever the value itself fits.
  for (int i = 0; i < net.width; ++i) {
    SumRange r{w.acc_bias[i], w.acc_bias[i]};
    for (int q = 0; q < SQUARES; ++q) {
      const i64 own = net.acc_row(q)[i], other = net.acc_row(SQUARES + q)[i];
      r.lo += std::min<i64>({0, own, other});
      r.hi += std::max<i64>({0, own, other});
    }
    if (r.lo < I16_MIN || r.hi > I16_MAX)
      return outside(("accumulator unit " + std::to_string(i)).c_str(), r, I16_MIN, I16_MAX);
  }
  // Hidden layer: inputs 0..QA, int32 sums.
  for (int j = 0; j < HIDDEN; ++j) {
    const SumRange r = dense_range(w.hidden_bias[j], net.hidden_row(j), 2 * net.width, QA);
    if (r.lo < I32_MIN || r.hi > I32_MAX)
      return outside(("hidden unit " + std::to_string(j) + "'s sum").c_str(), r, I32_MIN, I32_MAX);
  }
  // Output: inputs 0..QA, an int32 sum, then scaled to centipawns (int32 too).
  const SumRange r = dense_range(w.out_bias, w.out_weights, HIDDEN, QA);
  if (r.lo < I32_MIN || r.hi > I32_MAX) return outside("the output sum", r, I32_MIN, I32_MAX);
  const SumRange cp{centipawns_wide(r.lo, net.output_scale), centipawns_wide(r.hi, net.output_scale)};
  if (cp.lo < I32_MIN || cp.hi > I32_MAX) return outside("the output in centipawns", cp, I32_MIN, I32_MAX);
  return "";
}

void prepare(Network& net) { net.hidden_int16_sums = best_int16_sums(net); }

i32 forward(const Network& net, const i16* us, const i16* them) { return to_centipawns(net, raw_fast(net, us, them)); }
i32 forward_plain(const Network& net, const i16* us, const i16* them) {
  return to_centipawns(net, raw_plain(net, us, them));
}
i32 forward_raw_plain(const Network& net, const i16* us, const i16* them) { return raw_plain(net, us, them); }

}  // namespace ordo::nnue
