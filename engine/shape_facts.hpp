// The connectivity facts of one side's connected piece set, and a small per-thread table that
// keeps them. They depend on that side's pieces and colour only, never on the enemy, so the same
// set met again (after every enemy reply, after every sideways part of a turn that leads to the
// same set) reuses them instead of flooding the set anew.
#pragma once

#include <array>
#include <cassert>
#include <memory>

#include "connectivity.hpp"

namespace ordo {

namespace detail {
// The slot of each direction among the five that are not backward for a side (-1: backward).
struct DirSlots {
  int of[2][DIRECTIONS]{};
  constexpr DirSlots() {
    for (int c = 0; c < 2; ++c) {
      int next = 0;
      for (int d = 0; d < DIRECTIONS; ++d)
        of[c][d] = (backward_dirs(Color(c)) & dir_bit(Direction(d))) ? -1 : next++;
    }
  }
};
inline constexpr DirSlots DIR_SLOTS{};
}  // namespace detail

// What the part generator needs of a connected set `own` of side `us`, apart from obstacles: the
// squares touching it once and twice, its cut pieces (whose removal splits it) with the squares
// each may land on, and for every ordo (a contiguous sub-run of two or more pieces of a line of
// the set) and every direction that is not backward for `us`, the distances at which the moved
// ordo keeps the set connected. Landing squares and ordo distances are computed on first request.
class ShapeFacts {
 public:
  static constexpr int MAX_CUT = 24, MAX_ORDOS = 128, MAX_PATHS = 256;

  // Takes `own` (connected, not empty) as the set described. Returns false, leaving the facts
  // unusable, when the set has more cut pieces or ordos than the object has room for.
  bool reset(Color us, Bitboard own);
  bool describes(Color us, Bitboard own) const { return own_ == own && us_ == us; }
  bool usable() const { return usable_; }

  const Touch& touch() const { return touch_; }
  Bitboard cut() const { return cut_; }
  // The squares where the cut piece p may land and leave the set connected: those on a line
  // through p that touch every group of the set without p (obstacles aside).
  Bitboard cut_landings(Square p) {
    assert(usable_ && cut_.has(p));
    const int index = (cut_ & Bitboard((u128(1) << p) - 1)).count();
    if (!landings_known_.has(p)) find_landings(p, index);
    return landings_[index];
  }
  // Bit k (1..9) is set when the ordo lo..hi (lo < hi, both on one rank if `horizontal`, else on
  // one file, every square between them own) moved k steps in d stays on the board, lands on no
  // other own piece and leaves the set connected. d must not be a backward direction for `us`.
  u16 ordo_reach(bool horizontal, Square lo, Square hi, Direction d) {
    const int vertical = horizontal ? 0 : 1;
    return reach_at(row_[vertical][lo] + place_[vertical][hi], lo, hi, d);
  }
  // The number of ordo parts of the lines along ranks in the directions `h_dirs` and of the lines
  // along files in `v_dirs` when `occupied` holds the pieces of both sides: every landing allowed
  // by ordo_reach whose path (the squares the ordo crosses and lands on, less its own) is empty.
  // No direction may be backward for `us`. -1 when the landings do not fit in the object (the
  // caller then counts them itself). The paths are listed for the last pair of direction sets
  // asked for: a caller that keeps asking with one pair pays for the listing once.
  int count_ordo_parts(DirSet h_dirs, DirSet v_dirs, Bitboard occupied) {
    const u16 key = u16(h_dirs | v_dirs << 8);
    if (!paths_known_ || paths_key_ != key) list_paths(h_dirs, v_dirs);
    if (paths_used_ == NO_LIST) return -1;
    // Halves apart, so that the compiler can test two paths at once.
    const u64 lo = occupied.lo(), hi = occupied.hi();
    int n = 0;
    for (int i = 0; i < paths_used_; ++i) n += ((path_lo_[i] & lo) | (path_hi_[i] & hi)) == 0;
    return n;
  }

 private:
  int slot(Direction d) const { return detail::DIR_SLOTS.of[us_][d]; }
  u16 reach_at(int index, Square lo, Square hi, Direction d) {
    const int s = slot(d);
    if (rest_[index] == Rest::Unknown) study_rest(index, lo, hi);
    if (!(reach_[index][s] & 1)) compute_reach(index, lo, hi, d);
    return reach_[index][s] & ~u16(1);
  }
  // What is left of the set without an ordo: nothing, one group, or several (then every
  // direction's reach is computed at once).
  enum class Rest : u8 { Unknown, Empty, OneGroup, Groups };
  void find_landings(Square p, int index);
  void study_rest(int index, Square lo, Square hi);
  void compute_reach(int index, Square lo, Square hi, Direction d);
  void list_paths(DirSet h_dirs, DirSet v_dirs);
  bool list_paths(bool horizontal, Direction d);
  static constexpr u16 NO_LIST = 0xFFFF;

  Bitboard own_;
  Color us_ = WHITE;
  bool usable_ = false;
  Touch touch_;
  Bitboard cut_, landings_known_;
  std::array<Bitboard, MAX_CUT> landings_;            // per cut piece, in square order
  // Ordos are numbered line by line; within a line of n pieces the ordo of pieces i..j (from 0,
  // i < j) has number i * (2n - i - 1) / 2 + j - i - 1 after the line's first. Per own square and
  // orientation: row_ = the number of the ordo from that square to the next piece, less the
  // next piece's place; place_ = the square's place in its line.
  std::array<std::array<i16, SQUARES>, 2> row_;
  std::array<std::array<u8, SQUARES>, 2> place_;
  std::array<std::array<u16, 5>, MAX_ORDOS> reach_;    // per ordo and non-backward direction; bit 0: known
  std::array<Rest, MAX_ORDOS> rest_;
  struct Line {
    Square start;
    u8 length;
    u16 base;  // the number of its first ordo
  };
  std::array<std::array<Line, SQUARES / 2>, 2> lines_;  // [vertical], in square order
  std::array<u8, 2> line_count_;
  // The paths of count_ordo_parts for the direction sets paths_key_ (h_dirs | v_dirs << 8), made
  // on first use, halves apart; paths_used_ is NO_LIST when they did not fit.
  bool paths_known_ = false;
  u16 paths_key_ = 0, paths_used_ = 0;
  std::array<u64, MAX_PATHS> path_lo_, path_hi_;
};

// A table of ShapeFacts, one per thread: 4-way buckets, the least recently used entry of a bucket
// replaced. A generator that holds facts from it must check `describes` again after any other
// generator may have used the table.
class ShapeTable {
 public:
  // When facts not yet kept are made: always (counting, where the same set comes back after every
  // enemy reply), when the set is asked for a second time in a row of its bucket's misses
  // (generating every part: a set met once costs more to study than to generate from scratch),
  // or never (a search for one part or a few, which uses facts already kept).
  enum class Admit { Always, Again, Never };
  // The facts of `own` (connected, not empty) for `us`; unless the table held them, filled now if
  // `admit` lets it, else nullptr. Also nullptr when the set does not fit or the table is bypassed.
  ShapeFacts* find(Color us, Bitboard own, Admit admit);

  // The table this thread has adopted, if any, else the thread's own, made now if `make` (else
  // nullptr until some caller makes it). Making one touches some megabytes of fresh memory, which
  // costs milliseconds: a thread that lives for one task only (a search started for one `go`)
  // should adopt a table that lives longer, and only counting makes one (a thread that just
  // reads a move or lists the parts of a position once is better off without).
  static ShapeTable* for_this_thread(bool make);

  // While one exists, this thread uses `table` (which must outlive it).
  class Adopt {
   public:
    explicit Adopt(ShapeTable& table);
    ~Adopt();
    Adopt(const Adopt&) = delete;
    Adopt& operator=(const Adopt&) = delete;

   private:
    ShapeTable* previous_;
  };

  // While one exists on a thread, find() there returns nullptr: the generators then work from
  // scratch (the reference routes of movegen, which the tests compare with the fast ones).
  class Bypass {
   public:
    Bypass();
    ~Bypass();
    Bypass(const Bypass&) = delete;
    Bypass& operator=(const Bypass&) = delete;
  };

 private:
  static constexpr int BUCKET_BITS = 8, WAYS = 4;
  struct Key {
    Bitboard own;
    u32 used = 0;  // when last found (0: never filled)
    Color us = WHITE;
  };
  std::array<std::array<Key, WAYS>, 1 << BUCKET_BITS> keys_;
  std::array<u64, 1 << BUCKET_BITS> refused_{};  // per bucket: the hash of the last set not admitted
  std::array<std::array<ShapeFacts, WAYS>, 1 << BUCKET_BITS> facts_;
  u32 clock_ = 0;
};

}  // namespace ordo
