// The part generator behind movegen: direction rules per pass, Ordo X capture splits, the
// generator that enumerates the legal parts of one side under given rules, and its visitors
// (count, collect, find). Internal to the rules core: only movegen.cpp includes it.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>

#include "connectivity.hpp"
#include "position.hpp"
#include "shape_facts.hpp"

namespace ordo::parts {


// Which directions each kind of piece group may move in, for one generation pass.
struct PartRules {
  DirSet single = 0;  // singletons
  DirSet h_ordo = 0;  // horizontal ordos (E/W is a single-file move)
  DirSet v_ordo = 0;  // vertical ordos (N/S is a single-file move)
  Bitboard single_targets = BOARD;  // singleton destinations considered at all
  Bitboard movers = BOARD;          // pieces considered for singleton moves at all
};

// The directions of each kind of part. A variant whose parts are whole turns (classic) moves
// forward and sideways in one part, and backward too while the side is split; one whose sideways
// part owes a forward part (Ordo X) has the two kinds apart (VariantRules).
inline PartRules one_part_turn_rules(Color us, bool split) {
  DirSet fwd = DirSet(forward_dirs(us) | sideways_dirs());
  if (!split) return {fwd, straight_forward(us), sideways_dirs()};
  return {DirSet(fwd | backward_dirs(us)), DirSet(straight_forward(us) | straight_backward(us)), sideways_dirs()};
}
inline PartRules forward_part_rules(Color us) { return {forward_dirs(us), forward_dirs(us), forward_dirs(us)}; }
inline PartRules sideways_part_rules() { return {sideways_dirs(), sideways_dirs(), sideways_dirs()}; }

// What a capture on one square does to an Ordo X enemy: how many distinct moves it makes (one per
// tied largest group that may stay) and, when more than one, the lowest square of each such group.
// A connected enemy splits into at most 4 groups, but one that a FEN gives already split can have
// up to 20 (isolated pieces two squares apart: 5 x 4).
struct CaptureSplit {  // no default initialisers: the table keeps 80 of them uninitialised
  int choices;
  std::array<Square, 20> keep;
};

// The capture splits of one enemy set, filled on first use. Generators for several own sets
// against the same enemy (the forward parts after each quiet sideways part of a turn) share one.
class CaptureSplits {
 public:
  explicit CaptureSplits(Bitboard enemy) : enemy_(enemy) {}
  Bitboard enemy() const { return enemy_; }
  const CaptureSplit& of(Square x) {
    if (!known_.has(x)) {
      known_ |= Bitboard::square(x);
      split_[x] = compute(x);
    }
    return split_[x];
  }

 private:
  CaptureSplit compute(Square x) {
    CaptureSplit cs;
    cs.choices = 1;
    const Bitboard rest = enemy_ ^ Bitboard::square(x);
    if (!rest) return cs;
    if (!enemy_known_) enemy_connected_ = is_connected(enemy_), enemy_known_ = true;
    if (enemy_connected_ && ring_connected(enemy_, x)) return cs;
    Groups g = groups_of(rest);
    int best = 0, ties = 0;
    for (int i = 0; i < g.count; ++i) {
      int n = g.group[i].count();
      if (n > best) best = n, ties = 0;
      if (n == best) cs.keep[ties++] = g.group[i].lsb();
    }
    cs.choices = ties;
    return cs;
  }

  const Bitboard enemy_;
  Bitboard known_;
  bool enemy_known_ = false, enemy_connected_ = false;
  CaptureSplit split_[SQUARES];  // valid where known_ is set
};

using Admit = ShapeTable::Admit;

// Enumerates the legal parts of one position under given direction rules. The visitor receives
// singleton destinations per piece as bitboards and ordo moves one by one; every part it receives
// keeps the mover connected. For a connected side the connectivity questions are answered by the
// thread's ShapeTable (the same answers, kept for the next generator of the same pieces); for a
// split side, or where the table is bypassed, by floods of its own.
class PartGenerator {
 public:
  explicit PartGenerator(const Position& pos, Admit use = Admit::Always)
      : PartGenerator(pos.side_to_move(), pos.pieces(pos.side_to_move()), pos.pieces(~pos.side_to_move()),
                      !pos.split(pos.side_to_move()), nullptr, use) {}
  // A side `us` with pieces `own` (connected or not) against `enemy`; `splits`, if given, is a
  // shared capture-split table for this enemy set.
  PartGenerator(Color us, Bitboard own, Bitboard enemy, bool own_connected, CaptureSplits* splits,
                Admit use = Admit::Always)
      : us_(us), own_(own), enemy_(enemy), empty_(~(own | enemy)), own_connected_(own_connected), shared_(splits) {
    assert(!splits || splits->enemy() == enemy);
    if (!own_connected || !own) return;
    if (ShapeTable* table = ShapeTable::for_this_thread(use == Admit::Always))
      facts_ = table->find(us, own, use);
  }

  bool own_connected() const { return own_connected_; }
  Color side() const { return us_; }

  template <class Visitor>
  void run(const PartRules& rules, Visitor& v) {
    refresh_facts();
    if (rules.single && (own_ & rules.movers)) {
      Bitboard pieces = own_ & rules.movers;
      const bool bulk = own_connected();
      if (bulk) {
        const Bitboard cut = cut_pieces();
        singles_in_bulk(rules.single, pieces & ~cut, rules.single_targets, v);
        if (v.done()) return;
        pieces &= cut;
      }
      for (Square p : pieces) {
        // A cut piece (or any piece of a split side) must land touching every other group. The
        // table's landing squares, few or none, are tested one by one for a free way there.
        Bitboard legal;
        if (facts_) {
          const Bitboard landings = rules.single_targets & facts_->cut_landings(p) & (empty_ | enemy_) &
                                    rays(p, rules.single);
          const Bitboard occupied = own_ | enemy_;
          for (Square t : landings)
            if (!(between(p, t) & occupied)) legal |= Bitboard::square(t);
        } else {
          Bitboard dests = slides(p, rules.single) & rules.single_targets;
          // A cut piece of a connected side leaves two groups or more, so its landing touches two
          // other pieces at least (singles_in_bulk has counted the touches).
          assert(!bulk || touch_known_);
          if (bulk) dests &= touch_.twice;
          if (dests) legal = dests & touching_every_group(own_ ^ Bitboard::square(p));
        }
        if (legal) v.singles(p, legal & empty_, legal & enemy_);
        if (v.done()) return;
      }
    }
    if (own_.more_than_one()) {
      if constexpr (requires { Visitor::counts_only; }) {
        // The facts' listed paths count every ordo part at once.
        if (facts_ && (rules.h_ordo || rules.v_ordo)) {
          const int n = facts_->count_ordo_parts(rules.h_ordo, rules.v_ordo, ~empty_);
          if (n >= 0) {
            v.n += u64(n);
            return;
          }
        }
      }
      if (rules.h_ordo) ordos<true>(rules.h_ordo, v);
      if (v.done()) return;
      if (rules.v_ordo) ordos<false>(rules.v_ordo, v);
    }
  }

  // The pieces whose removal splits the side (the side must be connected); computed once.
  Bitboard cut_pieces() {
    refresh_facts();
    if (facts_) return facts_->cut();
    if (!cut_known_) cut_ = cut_squares_cached(own_), cut_known_ = true;
    return cut_;
  }

  // Singleton parts of `movers`, none of them a cut piece of the (connected) side, found in bulk
  // direction by direction. For such a piece p, a destination t keeps the side connected iff t
  // touches another piece: the first square of a ray touches p itself, so it needs two touching
  // pieces; farther squares do not touch p, so one is enough. Rays of one direction never share
  // a square, so each destination has one origin: the nearest own piece back along the ray.
  template <class Visitor>
  void singles_in_bulk(DirSet dirs, Bitboard movers, Bitboard targets, Visitor& v) {
    if (!touch_known_) touch_ = facts_ ? facts_->touch() : touch_counts(own_), touch_known_ = true;
    const Bitboard open = empty_ | enemy_;
    Bitboard once = touch_.once, twice = touch_.twice;
    if (!own_.more_than_one()) once = twice = BOARD;  // a lone piece stays connected anywhere
    for (unsigned rest = dirs; rest; rest &= rest - 1) {
      const Direction dir = Direction(std::countr_zero(rest));
      Bitboard legal;
      switch (dir) {
        case N: legal = bulk_landings<N>(movers, open, once, twice); break;
        case NE: legal = bulk_landings<NE>(movers, open, once, twice); break;
        case E: legal = bulk_landings<E>(movers, open, once, twice); break;
        case SE: legal = bulk_landings<SE>(movers, open, once, twice); break;
        case S: legal = bulk_landings<S>(movers, open, once, twice); break;
        case SW: legal = bulk_landings<SW>(movers, open, once, twice); break;
        case W: legal = bulk_landings<W>(movers, open, once, twice); break;
        case NW: legal = bulk_landings<NW>(movers, open, once, twice); break;
      }
      legal &= targets;
      if (legal) v.bulk(*this, dir, legal & empty_, legal & enemy_);
      if (v.done()) return;
    }
  }

  // The squares of `open` that the slides of `movers` in dir reach, the first square of each ray
  // kept if in `twice`, the farther ones if in `once` (see singles_in_bulk).
  template <Direction dir>
  Bitboard bulk_landings(Bitboard movers, Bitboard open, Bitboard once, Bitboard twice) const {
    const Bitboard first = shift<dir>(movers) & open;
    const Bitboard farther = shift<dir>(fill<dir>(first & empty_, empty_)) & open;
    return (first & twice) | (farther & once);
  }

  // The origin of a singleton that arrived on t moving in direction d.
  Square origin(Direction d, Square t) const {
    const Direction back = opposite(d);
    const Bitboard r = ray(back, t) & own_;
    return is_increasing(back) ? r.lsb() : r.msb();
  }

  // Ordo X: the effect of capturing the enemy piece on x.
  const CaptureSplit& capture_split(Square x) { return splits().of(x); }

  // The capture-split table in use (this generator's own unless one was shared with it).
  CaptureSplits& splits() {
    if (!shared_) own_splits_.emplace(enemy_), shared_ = &*own_splits_;
    return *shared_;
  }

 private:
  // The squares of the rays from p in the given directions.
  static Bitboard rays(Square p, DirSet dirs) {
    Bitboard all;
    for (unsigned rest = dirs; rest; rest &= rest - 1) all |= ray(Direction(std::countr_zero(rest)), p);
    return all;
  }

  // All squares a singleton on p reaches in the given directions: empty squares up to the first
  // occupied one, which is included when it holds an enemy piece. Without branches on the board:
  // the first occupied square of a ray is its lowest one (a ray of rising squares) or its highest
  // one, found with the ray's far end as a stop when none is.
  Bitboard slides(Square p, DirSet dirs) const {
    const u128 occ = (own_ | enemy_).bits();
    Bitboard all;
    for (unsigned rest = dirs; rest; rest &= rest - 1) {
      const Direction d = Direction(std::countr_zero(rest));
      const u128 r = ray(d, p).bits();
      if (is_increasing(d)) {
        const u128 first = r & occ & -(r & occ);  // none: 0, and then every square of r is kept
        all |= Bitboard(r & (first | (first - 1)));
      } else {
        // The far end (lowest square) of r stops it too; with r empty, square 0 has no ray.
        const Square b = Bitboard((r & occ) | (r & -r) | 1).msb();
        all |= Bitboard(r) ^ ray(d, b);
      }
    }
    return all & ~own_;
  }

  // The table's facts may have been replaced by another generator's since this one last ran.
  void refresh_facts() {
    if (facts_ && !facts_->describes(us_, own_))
      facts_ = ShapeTable::for_this_thread(true)->find(us_, own_, Admit::Always);
  }

  // The lowest square of an ordo whose lowest square was lo, moved k steps in d.
  static Square moved_lsb(Square lo, Direction d, int k) {
    return Square(lo + k * (dir_rank(d) * FILES + dir_file(d)));
  }

  // The ordo lo..hi lands at the distances of `reach` (bit k: k steps in d); the visitor hears each.
  template <class Visitor>
  static void visit_reach(Visitor& v, Square lo, Square hi, Direction d, unsigned reach) {
    for (; reach; reach &= reach - 1) v.ordo(lo, hi, moved_lsb(lo, d, std::countr_zero(reach)));
  }

  // Ordo moves of lines along ranks (Horizontal) or files. A line is a run of >= 2 own pieces and
  // each sub-run is an ordo. Candidates are found per direction with set operations first, so
  // ordos that cannot move cost nothing; each candidate landing then costs one short flood, or with
  // the facts one look-up per ordo. (A count with the facts takes the facts' listed paths instead,
  // in run().)
  template <bool Horizontal, class Visitor>
  void ordos(DirSet dirs, Visitor& v) {
    for (unsigned rest = dirs; rest; rest &= rest - 1) {
      switch (Direction(std::countr_zero(rest))) {
        case N: ordos_toward<Horizontal, N>(v); break;
        case NE: ordos_toward<Horizontal, NE>(v); break;
        case E: ordos_toward<Horizontal, E>(v); break;
        case SE: ordos_toward<Horizontal, SE>(v); break;
        case S: ordos_toward<Horizontal, S>(v); break;
        case SW: ordos_toward<Horizontal, SW>(v); break;
        case W: ordos_toward<Horizontal, W>(v); break;
        case NW: ordos_toward<Horizontal, NW>(v); break;
      }
      if (v.done()) return;
    }
  }

  template <bool Horizontal, Direction dir, class Visitor>
  void ordos_toward(Visitor& v) {
    constexpr Direction up = Horizontal ? E : N, down = Horizontal ? W : S;  // along the line
    constexpr int step = Horizontal ? 1 : FILES;
    if constexpr (dir == up || dir == down) {
      single_file<Horizontal>(dir == up, v);
    } else {
      // Squares whose neighbour in dir is empty; a movable ordo lies wholly inside them.
      const Bitboard steppable = shift<opposite(dir)>(empty_);
      const Bitboard free = own_ & steppable;
      Bitboard starts = free & shift<down>(free) & ~shift<up>(free);  // run starts with a next square
      for (Square a : starts) {
        const int end = run_end<Horizontal>(free, a);
        if (facts_) {
          slide_run<Horizontal, dir>(a, end, v);
          continue;
        }
        for (int lo = a; lo < end; lo += step)
          for (int hi = lo + step; hi <= end; hi += step)
            slide_ordo<Horizontal>(Square(lo), Square(hi), dir, steppable, v);
      }
    }
  }

  // With the facts: the ordos inside a run a..end of squares that each have an empty neighbour in
  // dir. An ordo moves k steps when each of its squares has k empty squares ahead in dir.
  template <bool Horizontal, Direction dir, class Visitor>
  void slide_run(Square a, int end, Visitor& v) {
    constexpr int step = Horizontal ? 1 : FILES;
    const Bitboard occupied = ~empty_;
    int room[FILES];
    int n = 0;
    for (int s = a; s <= end; s += step) room[n++] = first_stop(ray(dir, Square(s)), occupied, dir);
    for (int i = 0; i < n - 1; ++i) {
      const Square lo = Square(a + i * step);
      int r = room[i];
      for (int j = i + 1; j < n; ++j) {
        r = std::min(r, room[j]);
        const Square hi = Square(a + j * step);
        visit_reach(v, lo, hi, dir, facts_->ordo_reach(Horizontal, lo, hi, dir) & ((2u << r) - 2));
      }
    }
  }

  // The last square of the run of `set` that starts at a and goes up the line.
  template <bool Horizontal>
  static int run_end(Bitboard set, Square a) {
    if constexpr (Horizontal) {
      // The first square above a that is not in the set or starts the next rank ends the run.
      const u128 stop = (~set.bits() | FILE_A.bits()) >> (a + 1);
      const u64 lo = u64(stop);
      return a + (lo ? std::countr_zero(lo) : 64);
    } else {
      int end = a;
      while (end + FILES < SQUARES && set.has(Square(end + FILES))) end += FILES;
      return end;
    }
  }

  // Moves along the line itself: the leading end steps onto empty squares, the rest follow. A
  // visitor with `single_file_lines()` hears only the lines whose leading end is in that set.
  template <bool Horizontal, class Visitor>
  void single_file(bool upward, Visitor& v) {
    constexpr Direction up = Horizontal ? E : N, down = Horizontal ? W : S;
    constexpr int step = Horizontal ? 1 : FILES;
    const Direction ahead = upward ? up : down, behind = upward ? down : up;
    // Leading ends: an own piece behind them on the line and an empty square ahead.
    Bitboard leads = upward ? own_ & shift<up>(own_) & shift<down>(empty_) : own_ & shift<down>(own_) & shift<up>(empty_);
    if constexpr (requires { v.single_file_lines(); }) leads &= v.single_file_lines();
    for (Square lead : leads) {
      const int room = first_stop(ray(ahead, lead), ~empty_, ahead);  // empty squares ahead
      const int length = first_stop(ray(behind, lead), ~own_, behind);  // own pieces behind
      const int back = upward ? -step : step;
      for (int t = 1; t <= length; ++t) {
        const int tail = lead + t * back;
        const Square lo = Square(std::min(tail, int(lead))), hi = Square(std::max(tail, int(lead)));
        if (facts_) {
          const unsigned open = (2u << room) - 2;  // distances 1..room
          visit_reach(v, lo, hi, ahead, facts_->ordo_reach(Horizontal, lo, hi, ahead) & open);
          continue;
        }
        const Bitboard line = line_of<Horizontal>(lo, hi);
        const Bitboard need = dilate(line) & (own_ ^ line);
        for (int k = 1; k <= room; ++k) {
          const int shift_by = upward ? k * step : -k * step;
          const Bitboard moved = shift_by > 0 ? line << shift_by : line >> -shift_by;
          if (wanted(v, line, moved) && keeps_connected(line, need, moved)) v.ordo(lo, hi, moved.lsb());
        }
      }
    }
  }

  // The number of squares of a ray (from its origin outward in d) before its first square in
  // `stops`, or the whole ray.
  static int first_stop(Bitboard r, Bitboard stops, Direction d) {
    const Bitboard hit = r & stops;
    if (!hit) return r.count();
    return (r ^ ray(d, is_increasing(d) ? hit.lsb() : hit.msb())).count() - 1;
  }

  // An ordo [lo, hi] whose every square has an empty neighbour in dir (not along the line): it
  // slides while every square of the moved line is `steppable` (has an empty neighbour in dir).
  template <bool Horizontal, class Visitor>
  void slide_ordo(Square lo, Square hi, Direction dir, Bitboard steppable, Visitor& v) {
    const Bitboard line = line_of<Horizontal>(lo, hi);
    const Bitboard need = dilate(line) & (own_ ^ line);
    Bitboard moved = shift(line, dir);  // known empty
    for (;;) {
      if (wanted(v, line, moved) && keeps_connected(line, need, moved)) v.ordo(lo, hi, moved.lsb());
      if (moved & ~steppable) return;
      moved = shift(moved, dir);
    }
  }

  // A visitor may pass over ordo landings before their connectivity is checked: one with
  // `wants_ordo(line, landing)` hears only the landings it wants (the others may be heard too,
  // where the table's facts settle connectivity without a flood).
  template <class Visitor>
  static bool wanted(Visitor& v, Bitboard line, Bitboard landing) {
    if constexpr (requires { v.wants_ordo(line, landing); }) return v.wants_ordo(line, landing);
    else return true;
  }

  // Whether the side stays connected when `line` (its squares of the rest touching it: `need`)
  // lands on `landing`. A connected side's rest has every group touching the line, so the side
  // stays connected iff a flood from the landing line reaches all of `need`.
  bool keeps_connected(Bitboard line, Bitboard need, Bitboard landing) const {
    const Bitboard after = (own_ ^ line) | landing;
    if (!own_connected_) return is_connected(after);
    return flood_reaches(landing, after, need);
  }

  template <bool Horizontal>
  static Bitboard line_of(Square a, Square b) {
    const Bitboard span(((u128(1) << (b + 1)) - 1) ^ ((u128(1) << a) - 1));
    if constexpr (Horizontal) return span;
    else return span & file_bb(file_of(a));
  }

  const Color us_;
  const Bitboard own_, enemy_, empty_;
  const bool own_connected_;
  bool touch_known_ = false;
  Touch touch_;
  bool cut_known_ = false;
  Bitboard cut_;
  ShapeFacts* facts_ = nullptr;              // the connected side's facts from the thread's table
  CaptureSplits* shared_;                    // the capture-split table in use, if any yet
  std::optional<CaptureSplits> own_splits_;  // this generator's own table, made on first capture
};

// Whether the ordo a..b, with a landing on `to`, puts a piece on `row`: the landing line's ranks are
// those of `to` and of b moved as far.
inline bool ordo_lands_on(Square a, Square b, Square to, Bitboard row) {
  const int dr = rank_of(to) - rank_of(a);
  return bool((rank_bb(rank_of(to)) | rank_bb(rank_of(b) + dr)) & row);
}

// Visitors.
struct Counter {
  static constexpr bool counts_only = true;  // ordo parts may be counted without being visited
  PartGenerator* gen;
  bool keeps_largest;  // VariantRules::capture_keeps_largest_group: a capture may be several moves
  u64 n = 0;
  bool done() const { return false; }
  void singles(Square, Bitboard quiet, Bitboard captures) {
    n += u64(quiet.count());
    if (!keeps_largest) { n += u64(captures.count()); return; }
    for (Square x : captures) n += u64(gen->capture_split(x).choices);
  }
  void ordo(Square, Square, Square) { ++n; }
  // Destinations reached in one direction, each by exactly one piece.
  void bulk(PartGenerator&, Direction, Bitboard quiet, Bitboard captures) { singles(NO_SQUARE, quiet, captures); }
};

struct Collector {
  PartGenerator* gen;
  bool keeps_largest;  // as Counter's
  MoveList* out;
  bool done() const { return false; }
  void singles(Square from, Bitboard quiet, Bitboard captures) {
    for (Square t : quiet) out->push(Move::singleton(from, t));
    for (Square x : captures) {
      const CaptureSplit* cs = keeps_largest ? &gen->capture_split(x) : nullptr;
      if (!cs || cs->choices == 1) { out->push(Move::singleton(from, x)); continue; }
      for (int i = 0; i < cs->choices; ++i) out->push(Move::singleton_keeping(from, x, cs->keep[i]));
    }
  }
  void ordo(Square a, Square b, Square to) { out->push(Move::ordo(a, b, to)); }
  void bulk(PartGenerator& g, Direction d, Bitboard quiet, Bitboard captures) {
    for (Square t : quiet) out->push(Move::singleton(g.origin(d, t), t));
    for (Square x : captures) singles(g.origin(d, x), Bitboard(), Bitboard::square(x));
  }
};

// Keeps captures and moves onto the target row.
struct TacticalCollector : Collector {
  Bitboard target_row;
  void singles(Square from, Bitboard quiet, Bitboard captures) { Collector::singles(from, quiet & target_row, captures); }
  void bulk(PartGenerator& g, Direction d, Bitboard quiet, Bitboard captures) {
    Collector::bulk(g, d, quiet & target_row, captures);
  }
  void ordo(Square a, Square b, Square to) {
    if (ordo_lands_on(a, b, to, target_row)) Collector::ordo(a, b, to);
  }
  bool wants_ordo(Bitboard, Bitboard landing) const { return bool(landing & target_row); }
};

struct AnyFinder {
  bool found = false;
  bool done() const { return found; }
  void singles(Square, Bitboard, Bitboard) { found = true; }
  void ordo(Square, Square, Square) { found = true; }
  void bulk(PartGenerator&, Direction, Bitboard, Bitboard) { found = true; }
};

// Finds a part that wins at once: a piece onto the target row, or the capture of the last enemy piece.
struct WinFinder {
  Bitboard target_row;
  bool last_enemy;
  bool found = false;
  bool done() const { return found; }
  void singles(Square, Bitboard quiet, Bitboard captures) {
    if (((quiet | captures) & target_row) || (last_enemy && captures)) found = true;
  }
  void bulk(PartGenerator&, Direction, Bitboard quiet, Bitboard captures) { singles(NO_SQUARE, quiet, captures); }
  void ordo(Square a, Square b, Square to) {
    if (ordo_lands_on(a, b, to, target_row)) found = true;
  }
  bool wants_ordo(Bitboard, Bitboard landing) const { return bool(landing & target_row); }
};

// One-part-turn rules depend on whether the side to move is split; the generator knows.
struct OnePartTurnRules {};

inline const PartRules& resolve(const PartGenerator&, const PartRules& rules) { return rules; }
inline PartRules resolve(const PartGenerator& gen, OnePartTurnRules) { return one_part_turn_rules(gen.side(), !gen.own_connected()); }

template <class Rules>
u64 count_with(const Position& pos, const Rules& rules) {
  PartGenerator gen(pos);
  Counter c{&gen, pos.rules().capture_keeps_largest_group()};
  gen.run(resolve(gen, rules), c);
  return c.n;
}

template <class Rules>
void collect_with(const Position& pos, const Rules& rules, MoveList& out) {
  PartGenerator gen(pos, Admit::Again);
  Collector c{&gen, pos.rules().capture_keeps_largest_group(), &out};
  gen.run(resolve(gen, rules), c);
}

template <class Rules>
bool any_with(const Position& pos, const Rules& rules) {
  PartGenerator gen(pos, Admit::Never);
  AnyFinder f;
  gen.run(resolve(gen, rules), f);
  return f.found;
}

}  // namespace ordo::parts
