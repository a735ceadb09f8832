#include "search/nnue_network.hpp"

#include <algorithm>

#if defined(__AVX2__) || defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace ordo::nnue {

namespace {

// Clipped ReLU of both accumulators into the dense layer's input, side to move first.
void transform(const i16* us, const i16* them, u8* out) {
  for (int i = 0; i < ACC_WIDTH; ++i) {
    out[i] = u8(std::clamp<int>(us[i], 0, QA));
    out[ACC_WIDTH + i] = u8(std::clamp<int>(them[i], 0, QA));
  }
}

// One dense row: bias + sum of u8 inputs (0..127) times i8 weights. No overflow is possible:
// a pair of products is within +-2*127*128 (the SIMD pairwise add cannot saturate) and the sum of
// 256 products within +-2^23.
i32 dot_plain(const u8* in, const i8* w, int n) {
  i32 s = 0;
  for (int i = 0; i < n; ++i) s += i32(in[i]) * i32(w[i]);
  return s;
}

#if defined(__AVX2__)
i32 dot_simd(const u8* in, const i8* w, int n) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < n; i += 32) {
    const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
    const __m256i b = _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), ones));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
}
#elif defined(__SSSE3__)
i32 dot_simd(const u8* in, const i8* w, int n) {
  const __m128i ones = _mm_set1_epi16(1);
  __m128i sum = _mm_setzero_si128();
  for (int i = 0; i < n; i += 16) {
    const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(in + i));
    const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(w + i));
    sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_maddubs_epi16(a, b), ones));
  }
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
  return _mm_cvtsi128_si32(sum);
}
#else
i32 dot_simd(const u8* in, const i8* w, int n) { return dot_plain(in, w, n); }
#endif

template <bool Simd>
i32 raw(const Network& net, const i16* us, const i16* them) {
  const Weights& w = net.w;
  alignas(64) u8 input[2 * ACC_WIDTH];
  transform(us, them, input);
  alignas(64) u8 hidden[HIDDEN];
  for (int j = 0; j < HIDDEN; ++j) {
    const i32 s = w.hidden_bias[j] + (Simd ? dot_simd(input, w.hidden_weights[j], 2 * ACC_WIDTH)
                                           : dot_plain(input, w.hidden_weights[j], 2 * ACC_WIDTH));
    hidden[j] = u8(std::clamp<i32>(s >> WEIGHT_SHIFT, 0, QA));  // arithmetic shift: floor
  }
  i32 out = w.out_bias;
  for (int j = 0; j < HIDDEN; ++j) out += i32(hidden[j]) * i32(w.out_weights[j]);
  return out;
}

// QA*QB units to centipawns, rounded toward zero.
i32 to_centipawns(const Network& net, i32 out) { return i32(i64(out) * net.output_scale / (QA * QB)); }

}  // namespace

i32 forward(const Network& net, const i16* us, const i16* them) {
  return to_centipawns(net, raw<true>(net, us, them));
}
i32 forward_plain(const Network& net, const i16* us, const i16* them) {
  return to_centipawns(net, raw<false>(net, us, them));
}
i32 forward_raw_plain(const Network& net, const i16* us, const i16* them) { return raw<false>(net, us, them); }

}  // namespace ordo::nnue
