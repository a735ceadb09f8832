// The network file format (docs/NETWORK.md): a 64-byte little-endian header (magic, format
// version, variant, layer sizes, quantisation scales, payload size, CRC-32 of the payload), then the
// quantised weights. parse_network() validates everything and never throws on bad bytes.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "types.hpp"

namespace ordo::nnue {

using i8 = std::int8_t;

// The architecture this engine runs: FEATURES inputs (colour relative to a perspective x 80
// squares seen from that perspective) -> `width` per perspective (int16 accumulator; 128 or 256,
// the file says which) -> clipped ReLU of both perspectives (side to move first) -> HIDDEN (int8
// weights, int32 sums) -> clipped ReLU -> 1 output (int8 weights, int32 sum).
inline constexpr int FEATURES = 2 * SQUARES;
inline constexpr int NARROW_WIDTH = 128, WIDE_WIDTH = 256;  // the accumulator widths it runs
inline constexpr int MAX_ACC_WIDTH = WIDE_WIDTH;
inline constexpr int HIDDEN = 32;
inline constexpr int QA = 127;  // accumulator units per 1.0 (and clipped-ReLU ceiling)
inline constexpr int QB = 64;   // dense-layer weight units per 1.0
inline constexpr int WEIGHT_SHIFT = 6;  // log2(QB): a dense sum in QA*QB units back to QA units
static_assert((1 << WEIGHT_SHIFT) == QB);

constexpr bool supported_width(u32 width) { return width == NARROW_WIDTH || width == WIDE_WIDTH; }

inline constexpr char MAGIC[8] = {'O', 'R', 'D', 'O', 'N', 'N', 'U', 'E'};
inline constexpr u32 FORMAT_VERSION = 1;
inline constexpr std::size_t HEADER_BYTES = 64;
inline constexpr std::size_t RESERVED_AT = 48;  // header bytes 48..63: reserved, must be zero
constexpr std::size_t payload_bytes(int width) {
  return std::size_t(2 * width + 2 * FEATURES * width  // accumulator
                     + 4 * HIDDEN + HIDDEN * 2 * width  // hidden layer
                     + 4 + HIDDEN);                     // output
}
constexpr std::size_t file_bytes(int width) { return HEADER_BYTES + payload_bytes(width); }

// The weights, laid out for the forward pass, with room for the widest layout; a network of
// width w uses the first w (accumulator) or 2w (hidden row) entries of each row, rows packed at
// that stride (Network::acc_row, hidden_row). Rows of the dense layers are contiguous per output.
struct alignas(64) Weights {
  alignas(64) i16 acc_bias[MAX_ACC_WIDTH];
  alignas(64) i16 acc_weights[FEATURES * MAX_ACC_WIDTH];
  alignas(64) i32 hidden_bias[HIDDEN];
  alignas(64) i8 hidden_weights[HIDDEN * 2 * MAX_ACC_WIDTH];
  i32 out_bias;
  alignas(64) i8 out_weights[HIDDEN];
};

// A loaded network: its weights, its variant, its accumulator width, the centipawns of one
// output unit, and where it came from (for `eval` and messages).
struct Network {
  Variant variant = Variant::Classic;
  int width = NARROW_WIDTH;  // accumulator units per perspective: NARROW_WIDTH or WIDE_WIDTH
  i32 output_scale = 100;    // centipawns per 1.0 of the float output
  std::string source;
  // How many pmaddubsw results (int16 lanes of two u8 x i8 products each) of one hidden row the
  // SIMD dense layer may add in int16 before widening to int32, so that no int16 sum can overflow
  // whatever the inputs (0..QA): derived from the weights by prepare() (nnue_network.hpp). 1 is
  // safe for any weights.
  int hidden_int16_sums = 1;
  Weights w;

  // The accumulator row of input feature f (width entries) and the weights of hidden unit j
  // (2 * width entries, the side to move's units first).
  i16* acc_row(int f) { return w.acc_weights + std::size_t(f) * std::size_t(width); }
  const i16* acc_row(int f) const { return w.acc_weights + std::size_t(f) * std::size_t(width); }
  i8* hidden_row(int j) { return w.hidden_weights + std::size_t(j) * 2 * std::size_t(width); }
  const i8* hidden_row(int j) const { return w.hidden_weights + std::size_t(j) * 2 * std::size_t(width); }
};

// CRC-32 (IEEE 802.3, reflected, as zlib's crc32) of a byte range.
u32 crc32(std::span<const unsigned char> bytes);

// Parses a whole file image (the search reads no files: the front end reads a network file and
// hands its bytes here). On success returns the network and leaves `error` empty; otherwise
// returns nullptr and sets `error` to one line naming the cause.
std::unique_ptr<Network> parse_network(std::span<const unsigned char> bytes, const std::string& source,
                                       std::string& error);

// The networks built into the binary (engine/nets/, embedded at build time); nullptr if the
// embedded image does not parse (a build error, reported by the tests).
const Network* embedded_network(Variant v);

}  // namespace ordo::nnue
