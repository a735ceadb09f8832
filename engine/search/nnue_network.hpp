// The network's layers: which input feature a piece is, and the forward pass from the two
// perspectives' accumulators to a value in centipawns. The dense layer runs with AVX2 or SSSE3
// when the build targets them and as plain C++ otherwise; every path gives the same integers.
#pragma once

#include <string>

#include "search/nnue_format.hpp"

namespace ordo::nnue {

// The input feature of a piece of colour `piece` on `sq`, seen from `perspective`: its colour
// relative to the perspective (own 0, other 1) times 80, plus the square as that side sees it
// (Black's view is the board turned 180 degrees, as the colour flip does).
constexpr int feature_index(Color perspective, Color piece, Square sq) {
  const int oriented = perspective == WHITE ? int(sq) : SQUARES - 1 - int(sq);
  return (piece == perspective ? 0 : SQUARES) + oriented;
}

// Whether every sum of the forward pass (accumulator values in int16, hidden and output sums in
// int32, the output in centipawns) stays within its type for every board and every input the
// layers can receive, bounded from the weights alone: "" if so, else one line naming the first
// layer that could overflow. parse_network() refuses a network that fails it; the forward pass
// is exact (and free of undefined behaviour) for every network that passes.
std::string check_sums(const Network& net);

// Sets the fields the forward pass derives from the weights (Network::hidden_int16_sums).
// parse_network() calls it; code that writes weights directly calls it after (without it the
// forward pass is only slower, never wrong).
void prepare(Network& net);

// The value, in centipawns from the side to move's point of view, of the accumulators of the
// side to move (`us`) and of the other side (`them`).
i32 forward(const Network& net, const i16* us, const i16* them);
// The same computed with plain loops only (the reference the SIMD path is tested against).
i32 forward_plain(const Network& net, const i16* us, const i16* them);

// The raw output sum (QA*QB units) before the centipawn scaling, plain loops.
i32 forward_raw_plain(const Network& net, const i16* us, const i16* them);

}  // namespace ordo::nnue
