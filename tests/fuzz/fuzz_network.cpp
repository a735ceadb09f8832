// Fuzz target: the network loader (nnue::parse_network) on arbitrary bytes.
//
// Input: the bytes of a network file. They are parsed as they are; when that fails only on the
// checksum, they are parsed again with the checksum made right, so that mutated weights reach
// the checks behind it. A refusal must be one line "network 'fuzz': <cause>". An accepted network
// must pass check_sums() and then be evaluated without overflow (UBSan is on in this build) on
// the start positions and on boards the input picks, up to every square full: the accumulator of
// each must equal its sum computed in plain int (which must fit int16, as check_sums proved), the
// SIMD forward pass must equal the plain one, and an incremental update must equal a rebuild.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "search/nnue_accumulator.hpp"

using namespace ordo;
using namespace ordo::nnue;

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "invariant violated: %s%s%s\n", what, detail.empty() ? "" : ": ", detail.c_str());
  std::abort();
}
#define NET_CHECK(condition, ...) \
  do {                            \
    if (!(condition)) violated(#condition __VA_OPT__(,) __VA_ARGS__); \
  } while (0)

// Whether two accumulators hold the same values in the network's units.
bool same_units(const Network& net, const Accumulator& a, const Accumulator& b) {
  for (Color p : {WHITE, BLACK})
    if (std::memcmp(a.values[p], b.values[p], std::size_t(net.width) * sizeof(i16)) != 0) return false;
  return true;
}

void check_refusal(const std::string& error) {
  NET_CHECK(error.rfind("network 'fuzz': ", 0) == 0, error);
  NET_CHECK(error.size() > 16 && error.find('\n') == std::string::npos, error);
}

// A board from 20 bytes of the input (two 80-bit masks, white first), white winning overlaps.
void board_from(const std::uint8_t* p, Bitboard& white, Bitboard& black) {
  white = black = Bitboard();
  for (int s = 0; s < SQUARES; ++s) {
    if (p[s / 8] >> (s % 8) & 1) white |= Bitboard::square(Square(s));
    else if (p[10 + s / 8] >> (s % 8) & 1) black |= Bitboard::square(Square(s));
  }
}

void check_board(const Network& net, Bitboard white, Bitboard black) {
  Accumulator acc;
  refresh(net, acc, white, black);
  for (Color p : {WHITE, BLACK})
    for (int i = 0; i < net.width; ++i) {
      int sum = net.w.acc_bias[i];
      for (Square s : white) sum += net.acc_row(feature_index(p, WHITE, s))[i];
      for (Square s : black) sum += net.acc_row(feature_index(p, BLACK, s))[i];
      NET_CHECK(sum >= -32768 && sum <= 32767, "accumulator " + std::to_string(sum) + " past int16");
      NET_CHECK(acc.values[p][i] == sum, "accumulator differs from its sum");
    }
  for (Color us : {WHITE, BLACK}) {
    const i32 fast = forward(net, acc.values[us], acc.values[~us]);
    const i32 plain = forward_plain(net, acc.values[us], acc.values[~us]);
    NET_CHECK(fast == plain, std::to_string(fast) + " vs " + std::to_string(plain));
  }
  // From an empty board to this one and back: the incremental path equals the rebuilds.
  Accumulator empty, updated;
  refresh(net, empty, Bitboard(), Bitboard());
  update(net, empty, updated, white, black);
  NET_CHECK(same_units(net, updated, acc), "update differs from a rebuild");
  update(net, updated, updated, Bitboard(), Bitboard());
  NET_CHECK(same_units(net, updated, empty), "update back differs");
}

void check_network(const Network& net, const std::uint8_t* data, std::size_t size) {
  NET_CHECK(check_sums(net).empty(), check_sums(net));
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    const Position start = Position::start(v);
    NET_CHECK(evaluate_once(net, start) == evaluate_once(net, start.colour_flipped()), "colour flip changes the value");
  }
  const Bitboard full = BOARD;
  check_board(net, full, Bitboard());
  check_board(net, Bitboard(), full);
  // Boards picked by the input's last bytes (the weights' tail: whatever the mutation touched).
  for (std::size_t at = 0; at + 20 <= std::min<std::size_t>(size, 60); at += 20) {
    Bitboard white, black;
    board_from(data + size - 20 - at, white, black);
    check_board(net, white, black);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string error;
  std::span<const unsigned char> bytes(data, size);
  auto net = parse_network(bytes, "fuzz", error);
  std::vector<unsigned char> fixed;
  if (!net && error.find("checksum mismatch") != std::string::npos) {
    // Everything but the checksum held: parse again with the checksum made right.
    fixed.assign(data, data + size);
    const u32 crc = crc32(std::span<const unsigned char>(fixed).subspan(HEADER_BYTES));
    for (int i = 0; i < 4; ++i) fixed[44 + std::size_t(i)] = static_cast<unsigned char>(crc >> (8 * i));
    net = parse_network(fixed, "fuzz", error);
    NET_CHECK(net || error.find("checksum mismatch") == std::string::npos, "a made-right checksum refused: " + error);
  }
  if (!net) {
    check_refusal(error);
    return 0;
  }
  NET_CHECK(error.empty(), error);
  NET_CHECK(net->variant == Variant::Classic || net->variant == Variant::OrdoX);
  NET_CHECK(net->output_scale >= 1 && net->output_scale <= 10000);
  check_network(*net, data, size);
  return 0;
}
