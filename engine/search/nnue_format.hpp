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

// The one architecture this engine runs: FEATURES inputs (colour relative to a perspective x 80
// squares seen from that perspective) -> ACC_WIDTH per perspective (int16 accumulator) -> clipped
// ReLU of both perspectives (side to move first) -> HIDDEN (int8 weights, int32 sums) -> clipped
// ReLU -> 1 output (int8 weights, int32 sum).
inline constexpr int FEATURES = 2 * SQUARES;
inline constexpr int ACC_WIDTH = 128;
inline constexpr int HIDDEN = 32;
inline constexpr int QA = 127;  // accumulator units per 1.0 (and clipped-ReLU ceiling)
inline constexpr int QB = 64;   // dense-layer weight units per 1.0
inline constexpr int WEIGHT_SHIFT = 6;  // log2(QB): a dense sum in QA*QB units back to QA units
static_assert((1 << WEIGHT_SHIFT) == QB);

inline constexpr char MAGIC[8] = {'O', 'R', 'D', 'O', 'N', 'N', 'U', 'E'};
inline constexpr u32 FORMAT_VERSION = 1;
inline constexpr std::size_t HEADER_BYTES = 64;
inline constexpr std::size_t RESERVED_AT = 48;  // header bytes 48..63: reserved, must be zero
inline constexpr std::size_t PAYLOAD_BYTES = 2 * ACC_WIDTH + 2 * FEATURES * ACC_WIDTH  // accumulator
                                             + 4 * HIDDEN + HIDDEN * 2 * ACC_WIDTH     // hidden layer
                                             + 4 + HIDDEN;                              // output
inline constexpr std::size_t FILE_BYTES = HEADER_BYTES + PAYLOAD_BYTES;

// The weights, laid out for the forward pass. Rows of the dense layers are contiguous per output.
struct alignas(64) Weights {
  alignas(64) i16 acc_bias[ACC_WIDTH];
  alignas(64) i16 acc_weights[FEATURES][ACC_WIDTH];
  alignas(64) i32 hidden_bias[HIDDEN];
  alignas(64) i8 hidden_weights[HIDDEN][2 * ACC_WIDTH];
  i32 out_bias;
  alignas(64) i8 out_weights[HIDDEN];
};

// A loaded network: its weights, its variant, the centipawns of one output unit, and where it
// came from (for `eval` and messages).
struct Network {
  Variant variant = Variant::Classic;
  i32 output_scale = 100;  // centipawns per 1.0 of the float output
  std::string source;
  // How many pmaddubsw results (int16 lanes of two u8 x i8 products each) of one hidden row the
  // SIMD dense layer may add in int16 before widening to int32, so that no int16 sum can overflow
  // whatever the inputs (0..QA): derived from the weights by prepare() (nnue_network.hpp). 1 is
  // safe for any weights.
  int hidden_int16_sums = 1;
  Weights w;
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
