#include "evaluate.hpp"

#include <bit>

#include "connectivity.hpp"

namespace ordo {

namespace {

// Classic: starting from hand-set values, each term was scaled toward a logistic fit of the
// evaluation to self-play results (scripts/tune_eval.py; the fit asks for much more weight on
// advancement and shape than on material), and kept after winning an SPRT match.
constexpr EvalWeights CLASSIC = {
    100,
    {0, 6, 18, 36, 66, 114, 210, 0},
    {0, 0, 12, 36, 90, 180, 480, 0},
    -28,
    6,
    -12,
    6,
    12,
};

// Ordo X keeps its hand-set weights: both fitted versions lost their SPRT matches.
constexpr EvalWeights ORDOX = {
    100,
    {0, 3, 8, 14, 24, 40, 70, 0},
    {0, 0, 4, 12, 30, 60, 160, 0},
    -10,
    3,
    -4,
    12,
    12,
};

// Ranks a square is advanced from c's home row.
int advanced(Color c, Square s) { return c == WHITE ? rank_of(s) : RANKS - 1 - rank_of(s); }

// Pieces of a connected set whose removal would split it.
int cut_pieces(Bitboard side, bool split) {
  if (!side.more_than_one() || split) return 0;
  return cut_squares(side).count();
}

int touching_pairs(Bitboard side) {
  // Each pair counted once: east, north-east, north, north-west neighbours.
  return (side & shift<E>(side)).count() + (side & shift<NE>(side)).count() + (side & shift<N>(side)).count() +
         (side & shift<NW>(side)).count();
}

// The occupied files as a 10-bit mask.
int file_mask(Bitboard side) {
  u128 b = side.bits();
  u128 folded = 0;
  for (int r = 0; r < RANKS; ++r) folded |= b >> (r * FILES);
  return int(u64(folded) & 0x3FF);
}

int width(Bitboard side) {
  const int m = file_mask(side);
  if (!m) return 0;
  return (31 - std::countl_zero(u32(m))) - std::countr_zero(u32(m)) + 1;
}

// Squares ahead of s for colour c in its file and the two neighbouring files.
struct SpanTable {
  Bitboard span[2][SQUARES]{};
  constexpr SpanTable() {
    for (int c = 0; c < 2; ++c)
      for (int s = 0; s < SQUARES; ++s)
        for (int t = 0; t < SQUARES; ++t) {
          int df = file_of(Square(t)) - file_of(Square(s)), dr = rank_of(Square(t)) - rank_of(Square(s));
          if (df >= -1 && df <= 1 && (c == WHITE ? dr > 0 : dr < 0)) span[c][s] |= Bitboard::square(Square(t));
        }
  }
};
constexpr SpanTable SPANS{};
Bitboard forward_span(Color c, Square s) { return SPANS.span[c][s]; }

struct SideTerms {
  int material = 0, advance = 0, leader = 0, cut = 0, link = 0, spread = 0, runner = 0;
  int total() const { return material + advance + leader + cut + link + spread + runner; }
};

SideTerms side_terms(const Position& pos, Color c, const EvalWeights& w) {
  SideTerms t;
  const Bitboard own = pos.pieces(c), enemy = pos.pieces(~c);
  if (!own) return t;
  t.material = w.material * own.count();
  int best = 0;
  for (Square s : own) {
    int a = advanced(c, s);
    t.advance += w.advance[a];
    best = std::max(best, a);
    if (!(forward_span(c, s) & enemy) && a >= 3) t.runner += w.free_runner * (a - 2);
  }
  t.leader = w.leader[best];
  t.cut = w.cut_piece * cut_pieces(own, pos.split(c));
  t.link = w.link * touching_pairs(own);
  t.spread = w.spread * std::max(0, width(own) - 4);
  return t;
}

}  // namespace

const EvalWeights& eval_weights(Variant v) { return v == Variant::Classic ? CLASSIC : ORDOX; }

Value evaluate(const Position& pos) {
  const EvalWeights& w = eval_weights(pos.variant());
  const Color us = pos.side_to_move();
  return side_terms(pos, us, w).total() - side_terms(pos, ~us, w).total() + w.tempo;
}

EvalReport evaluate_report(const Position& pos) {
  const EvalWeights& w = eval_weights(pos.variant());
  const SideTerms white = side_terms(pos, WHITE, w), black = side_terms(pos, BLACK, w);
  EvalReport r;
  r.terms = {{"material", white.material, black.material},   {"advance", white.advance, black.advance},
             {"leader", white.leader, black.leader},         {"cut pieces", white.cut, black.cut},
             {"links", white.link, black.link},              {"spread", white.spread, black.spread},
             {"free runners", white.runner, black.runner}};
  const bool white_to_move = pos.side_to_move() == WHITE;
  r.terms.push_back({"tempo", white_to_move ? w.tempo : 0, white_to_move ? 0 : w.tempo});
  r.total = evaluate(pos);
  return r;
}

}  // namespace ordo
