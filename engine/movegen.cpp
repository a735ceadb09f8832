#include "movegen.hpp"

#include <array>
#include <cassert>
#include <cstdlib>

#include "connectivity.hpp"

namespace ordo {

namespace {

// Which directions each kind of piece group may move in, for one generation pass.
struct PartRules {
  DirSet single = 0;  // singletons
  DirSet h_ordo = 0;  // horizontal ordos (E/W is a single-file move)
  DirSet v_ordo = 0;  // vertical ordos (N/S is a single-file move)
  Bitboard single_targets = BOARD;  // singleton destinations considered at all
  Bitboard movers = BOARD;          // pieces considered for singleton moves at all
};

PartRules classic_rules(Color us, bool split) {
  DirSet fwd = DirSet(forward_dirs(us) | sideways_dirs());
  if (!split) return {fwd, straight_forward(us), sideways_dirs()};
  return {DirSet(fwd | backward_dirs(us)), DirSet(straight_forward(us) | straight_backward(us)), sideways_dirs()};
}
PartRules ordox_forward_rules(Color us) { return {forward_dirs(us), forward_dirs(us), forward_dirs(us)}; }
PartRules ordox_sideways_rules() { return {sideways_dirs(), sideways_dirs(), sideways_dirs()}; }

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

// Enumerates the legal parts of one position under given direction rules. The visitor receives
// singleton destinations per piece as bitboards and ordo moves one by one; every part it receives
// keeps the mover connected.
class PartGenerator {
 public:
  explicit PartGenerator(const Position& pos)
      : PartGenerator(pos.side_to_move(), pos.pieces(pos.side_to_move()), pos.pieces(~pos.side_to_move()),
                      !pos.split(pos.side_to_move()), nullptr) {}
  // A side `us` with pieces `own` (connected or not) against `enemy`; `splits`, if given, is a
  // shared capture-split table for this enemy set.
  PartGenerator(Color us, Bitboard own, Bitboard enemy, bool own_connected, CaptureSplits* splits)
      : us_(us), own_(own), enemy_(enemy), empty_(~(own | enemy)), own_connected_(own_connected), shared_(splits) {
    assert(!splits || splits->enemy() == enemy);
  }

  bool own_connected() const { return own_connected_; }
  Color side() const { return us_; }

  template <class Visitor>
  void run(const PartRules& rules, Visitor& v) {
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
        Bitboard dests = slides(p, rules.single) & rules.single_targets;
        if (!dests) continue;
        // A cut piece (or any piece of a split side) must land touching every other group.
        Bitboard legal = dests & touch_all_groups(own_ ^ Bitboard::square(p));
        if (legal) v.singles(p, legal & empty_, legal & enemy_);
        if (v.done()) return;
      }
    }
    if (own_.more_than_one()) {
      if (rules.h_ordo) ordos<true>(rules.h_ordo, v);
      if (v.done()) return;
      if (rules.v_ordo) ordos<false>(rules.v_ordo, v);
    }
  }

  // The pieces whose removal splits the side (the side must be connected); computed once.
  Bitboard cut_pieces() {
    if (!cut_known_) {
      cut_known_ = true;
      for (Square p : own_ & ring_split_squares(own_))
        if (!still_connected(own_ ^ Bitboard::square(p), neighbours(p) & own_)) cut_ |= Bitboard::square(p);
    }
    return cut_;
  }

  // Singleton parts of `movers`, none of them a cut piece of the (connected) side, found in bulk
  // direction by direction. For such a piece p, a destination t keeps the side connected iff t
  // touches another piece: the first square of a ray touches p itself, so it needs two touching
  // pieces; farther squares do not touch p, so one is enough. Rays of one direction never share
  // a square, so each destination has one origin: the nearest own piece back along the ray.
  template <class Visitor>
  void singles_in_bulk(DirSet dirs, Bitboard movers, Bitboard targets, Visitor& v) {
    if (!touch_known_) touch_ = touch_counts(own_), touch_known_ = true;
    const Bitboard open = empty_ | enemy_;
    Bitboard once = touch_.once, twice = touch_.twice;
    if (!own_.more_than_one()) once = twice = BOARD;  // a lone piece stays connected anywhere
    for (int d = 0; d < DIRECTIONS; ++d) {
      if (!(dirs & (1 << d))) continue;
      const Direction dir = Direction(d);
      Bitboard ray = shift(movers, dir) & open;
      Bitboard legal = ray & twice;
      ray &= empty_;
      while ((ray = shift(ray, dir) & open)) {
        legal |= ray & once;
        ray &= empty_;
      }
      legal &= targets;
      if (legal) v.bulk(*this, dir, legal & empty_, legal & enemy_);
      if (v.done()) return;
    }
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
  // All squares a singleton on p reaches in the given directions: empty squares up to the first
  // occupied one, which is included when it holds an enemy piece.
  Bitboard slides(Square p, DirSet dirs) const {
    const Bitboard occ = own_ | enemy_;
    Bitboard all;
    for (int d = 0; d < DIRECTIONS; ++d) {
      if (!(dirs & (1 << d))) continue;
      Bitboard r = ray(Direction(d), p);
      Bitboard blockers = r & occ;
      if (blockers) {
        Square b = is_increasing(Direction(d)) ? blockers.lsb() : blockers.msb();
        r ^= ray(Direction(d), b);
        if (own_.has(b)) r ^= Bitboard::square(b);
      }
      all |= r;
    }
    return all;
  }

  // Squares touching every group of `set`.
  static Bitboard touch_all_groups(Bitboard set) {
    Bitboard mask = BOARD;
    while (set) {
      Bitboard g = flood(Bitboard::square(set.lsb()), set);
      mask &= dilate(g);
      set ^= g;
    }
    return mask;
  }

  // Ordo moves of lines along ranks (Horizontal) or files. A line is a run of >= 2 own pieces and
  // each sub-run is an ordo. Candidates are found per direction with set operations first, so
  // ordos that cannot move cost nothing; each candidate landing then costs one short flood.
  template <bool Horizontal, class Visitor>
  void ordos(DirSet dirs, Visitor& v) {
    constexpr Direction up = Horizontal ? E : N, down = Horizontal ? W : S;  // along the line
    constexpr int step = Horizontal ? 1 : FILES;
    for (int d = 0; d < DIRECTIONS; ++d) {
      if (!(dirs & (1 << d))) continue;
      const Direction dir = Direction(d);
      if (dir == up || dir == down) {
        single_file<Horizontal>(dir == up, v);
      } else {
        // Squares whose neighbour in dir is empty; a movable ordo lies wholly inside them.
        const Bitboard steppable = shift(empty_, opposite(dir));
        const Bitboard free = own_ & steppable;
        Bitboard starts = free & shift<down>(free) & ~shift<up>(free);  // run starts with a next square
        for (Square a : starts) {
          const int end = run_end<Horizontal>(free, a);
          for (int lo = a; lo < end; lo += step)
            for (int hi = lo + step; hi <= end; hi += step)
              slide_ordo<Horizontal>(Square(lo), Square(hi), dir, steppable, v);
        }
      }
      if (v.done()) return;
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

  // Moves along the line itself: the leading end steps onto empty squares, the rest follow.
  template <bool Horizontal, class Visitor>
  void single_file(bool upward, Visitor& v) {
    constexpr Direction up = Horizontal ? E : N, down = Horizontal ? W : S;
    constexpr int step = Horizontal ? 1 : FILES;
    const Direction ahead = upward ? up : down, behind = upward ? down : up;
    // Leading ends: an own piece behind them on the line and an empty square ahead.
    const Bitboard leads = upward ? own_ & shift<up>(own_) & shift<down>(empty_) : own_ & shift<down>(own_) & shift<up>(empty_);
    for (Square lead : leads) {
      const int room = first_stop(ray(ahead, lead), ~empty_, ahead);  // empty squares ahead
      const int length = first_stop(ray(behind, lead), ~own_, behind);  // own pieces behind
      const int back = upward ? -step : step;
      for (int t = 1; t <= length; ++t) {
        const int tail = lead + t * back;
        const Square lo = Square(std::min(tail, int(lead))), hi = Square(std::max(tail, int(lead)));
        const Bitboard line = line_of<Horizontal>(lo, hi);
        const Bitboard need = dilate(line) & (own_ ^ line);
        for (int k = 1; k <= room; ++k) {
          const int shift_by = upward ? k * step : -k * step;
          const Bitboard moved = shift_by > 0 ? line << shift_by : line >> -shift_by;
          if (keeps_connected(line, need, moved)) v.ordo(lo, hi, moved.lsb());
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
      if (keeps_connected(line, need, moved)) v.ordo(lo, hi, moved.lsb());
      if (moved & ~steppable) return;
      moved = shift(moved, dir);
    }
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
  CaptureSplits* shared_;                    // the capture-split table in use, if any yet
  std::optional<CaptureSplits> own_splits_;  // this generator's own table, made on first capture
};

// Whether the ordo a..b, with a landing on `to`, puts a piece on `row`: the landing line's ranks are
// those of `to` and of b moved as far.
bool ordo_lands_on(Square a, Square b, Square to, Bitboard row) {
  const int dr = rank_of(to) - rank_of(a);
  return bool((rank_bb(rank_of(to)) | rank_bb(rank_of(b) + dr)) & row);
}

// Visitors.
struct Counter {
  PartGenerator* gen;
  bool ordox;
  u64 n = 0;
  bool done() const { return false; }
  void singles(Square, Bitboard quiet, Bitboard captures) {
    n += u64(quiet.count());
    if (!ordox) { n += u64(captures.count()); return; }
    for (Square x : captures) n += u64(gen->capture_split(x).choices);
  }
  void ordo(Square, Square, Square) { ++n; }
  // Destinations reached in one direction, each by exactly one piece.
  void bulk(PartGenerator&, Direction, Bitboard quiet, Bitboard captures) { singles(NO_SQUARE, quiet, captures); }
};

struct Collector {
  PartGenerator* gen;
  bool ordox;
  MoveList* out;
  bool done() const { return false; }
  void singles(Square from, Bitboard quiet, Bitboard captures) {
    for (Square t : quiet) out->push(Move::singleton(from, t));
    for (Square x : captures) {
      const CaptureSplit* cs = ordox ? &gen->capture_split(x) : nullptr;
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
};

// Classic rules depend on whether the side to move is split; the generator knows.
struct ClassicRules {};

const PartRules& resolve(const PartGenerator&, const PartRules& rules) { return rules; }
PartRules resolve(const PartGenerator& gen, ClassicRules) { return classic_rules(gen.side(), !gen.own_connected()); }

template <class Rules>
u64 count_with(const Position& pos, const Rules& rules) {
  PartGenerator gen(pos);
  Counter c{&gen, pos.variant() == Variant::OrdoX};
  gen.run(resolve(gen, rules), c);
  return c.n;
}

template <class Rules>
void collect_with(const Position& pos, const Rules& rules, MoveList& out) {
  PartGenerator gen(pos);
  Collector c{&gen, pos.variant() == Variant::OrdoX, &out};
  gen.run(resolve(gen, rules), c);
}

template <class Rules>
bool any_with(const Position& pos, const Rules& rules) {
  PartGenerator gen(pos);
  AnyFinder f;
  gen.run(resolve(gen, rules), f);
  return f.found;
}

// After a sideways part: the turn either ended (the last enemy piece was taken) or owes a forward part.
bool sideways_part_completes(const Position& after_part) {
  return !after_part.mid_turn() || any_with(after_part, ordox_forward_rules(after_part.side_to_move()));
}

// Ordo X, at the start of a turn (`pos`, its generator `start`): runs `visit` on a generator of
// the position after the sideways part m, for its forward parts. A quiet part leaves the enemy
// as it was, so that generator works on the moved own set directly and shares the turn start's
// capture splits; a capture goes through the full position. Returns false, without visiting,
// when m took the last enemy piece (the turn ends with it).
template <class Visit>
bool after_sideways(const Position& pos, PartGenerator& start, Move m, Visit&& visit) {
  const Color us = pos.side_to_move();
  const Bitboard enemy = pos.pieces(~us);
  if (m.is_ordo() || !enemy.has(m.to())) {
    PartGenerator gen(us, pos.pieces(us) ^ changed_squares(m), enemy, true, &start.splits());
    visit(gen);
    return true;
  }
  const Position q = pos.after(m);
  if (!q.mid_turn()) return false;
  PartGenerator gen(q);
  visit(gen);
  return true;
}

// Ordo X turn start: the sideways parts that some forward part can follow (or that take the last
// enemy piece), appended to `out` from index `first` on, in order; the others are dropped.
void keep_completing_sideways(const Position& pos, PartGenerator& start, MoveList& out, std::size_t first) {
  const PartRules forward = ordox_forward_rules(pos.side_to_move());
  std::size_t kept = first;
  for (std::size_t i = first; i < out.size(); ++i) {
    const Move m = out[i];
    bool completes = true;
    after_sideways(pos, start, m, [&](PartGenerator& gen) {
      AnyFinder f;
      gen.run(forward, f);
      completes = f.found;
    });
    if (completes) out.set(kept++, m);
  }
  out.truncate(kept);
}

// The pieces of the side to move whose slide in one of `dirs` can end on a square of `targets`
// (the first non-empty square of the ray, or any empty square on the way).
Bitboard pieces_reaching(const Position& pos, DirSet dirs, Bitboard targets) {
  const Bitboard empty = pos.empty_squares(), own = pos.pieces(pos.side_to_move());
  const Bitboard enemy = pos.pieces(~pos.side_to_move());
  Bitboard found;
  for (int d = 0; d < DIRECTIONS; ++d) {
    if (!(dirs & (1 << d))) continue;
    const Direction back = opposite(Direction(d));
    // Squares from which a slide in d reaches a target: walk back from targets over empty squares.
    Bitboard reach = targets & (empty | enemy);
    Bitboard step = shift(reach, back), from = step;
    while ((step = shift(step & empty, back) & ~from)) from |= step;
    found |= own & from;
  }
  return found;
}

// The forward directions in which some piece of the side to move can slide onto an empty square
// of its target row (where an ordo, which never captures, could land).
DirSet open_paths_to_target(const Position& pos) {
  const Color us = pos.side_to_move();
  const Bitboard open_target = rank_bb(target_rank(us)) & pos.empty_squares();
  DirSet dirs = 0;
  for (int d = 0; d < DIRECTIONS; ++d)
    if ((forward_dirs(us) & (1 << d)) && pieces_reaching(pos, DirSet(1 << d), open_target)) dirs |= DirSet(1 << d);
  return dirs;
}

// Which parts of a connected side can land on its target row and leave it connected, judged by
// rank distances alone. The landing piece must touch a piece that stays: for a singleton or a
// horizontal ordo that one stands on the row before the target row (`near`); a vertical ordo of
// length L needs one within L rows of the target row, so it must be at least as long as the
// leader's distance from it (`vertical_tops`: the top pieces of such runs). A side that is one
// line has no piece to touch and may land anyhow.
struct TargetReach {
  bool near;
  Bitboard vertical_tops;
  int distance;  // of the leader from the target row
  bool possible() const { return near || vertical_tops; }
};
TargetReach target_reach(Bitboard own, Color us) {
  const Square first = own.lsb();
  const int leader = us == WHITE ? rank_of(own.msb()) : rank_of(own.lsb());
  const int distance = std::abs(target_rank(us) - leader);
  if (!(own & ~rank_bb(rank_of(first))) || !(own & ~file_bb(file_of(first)))) return {true, own, distance};
  if (distance <= 1) return {true, own, distance};
  // Pieces with distance - 1 own pieces contiguously below them (above, for Black).
  Bitboard runs = own;
  for (int i = 1; i < distance && runs; ++i) runs &= us == WHITE ? shift<N>(runs) : shift<S>(runs);
  return {false, runs, distance};
}

// The squares where one more own piece completes a vertical run of `length`: length - 1 own
// pieces contiguously above and below it in its file together.
Bitboard run_completions(Bitboard own, int length) {
  Bitboard above[RANKS], below[RANKS];  // [k]: squares with at least k own pieces right above/below
  above[0] = below[0] = BOARD;
  for (int k = 1; k < length; ++k) {
    above[k] = shift<S>(own & above[k - 1]);
    below[k] = shift<N>(own & below[k - 1]);
  }
  Bitboard found;
  for (int k = 0; k < length; ++k) found |= above[k] & below[length - 1 - k];
  return found;
}

// The forward directions in which one of `tops` slides over empty squares onto an empty square of
// the target row (the leading piece of an ordo that lands there).
DirSet open_lines_to_target(Color us, Bitboard occupied, Bitboard tops) {
  const int target = target_rank(us);
  DirSet dirs = 0;
  for (Square p : tops)
    for (int d = 0; d < DIRECTIONS; ++d) {
      if (!(forward_dirs(us) & (1 << d))) continue;
      const Bitboard r = ray(Direction(d), p);
      const Bitboard landing = r & rank_bb(target);
      // The squares up to the landing square: the ray less what lies beyond it.
      if (landing && !((r ^ ray(Direction(d), landing.lsb())) & occupied)) dirs |= DirSet(1 << d);
    }
  return dirs;
}

// Whether the side to move wins with its next part alone.
bool part_wins(const Position& pos) {
  const Color us = pos.side_to_move();
  const Bitboard enemy = pos.pieces(~us);
  const bool last_enemy = enemy.count() == 1;
  const bool ordox = pos.variant() == Variant::OrdoX;
  const Bitboard target_row = rank_bb(target_rank(us));
  PartRules rules = ordox ? ordox_forward_rules(us) : classic_rules(us, pos.split(us));
  if (!last_enemy) {
    // Only slides onto the target row can win: restrict to the pieces with a path there.
    const TargetReach reach = pos.split(us) ? TargetReach{true, BOARD, 0} : target_reach(pos.pieces(us), us);
    if (reach.near) {
      const DirSet winning_dirs = open_paths_to_target(pos);
      rules.h_ordo &= winning_dirs;
      rules.v_ordo &= winning_dirs;
      rules.single_targets = target_row;
      rules.movers = pieces_reaching(pos, rules.single, target_row);
    } else {
      // Only a long vertical ordo can win, led by one of the tops.
      if (!reach.vertical_tops) return false;
      rules.single = rules.h_ordo = 0;
      rules.v_ordo &= open_lines_to_target(us, ~pos.empty_squares(), reach.vertical_tops);
    }
    if (!(rules.single && rules.movers) && !rules.h_ordo && !rules.v_ordo) return false;
  }
  PartGenerator gen(pos);
  WinFinder f{target_row, last_enemy};
  gen.run(rules, f);
  if (!f.found && ordox && last_enemy && !pos.mid_turn())
    gen.run({sideways_dirs(), 0, 0, enemy, pieces_reaching(pos, sideways_dirs(), enemy)}, f);
  return f.found;
}

}  // namespace

bool has_winning_turn(const Position& pos) {
  if (pos.board_winner()) return false;
  if (part_wins(pos)) return true;
  if (pos.variant() == Variant::Classic || pos.mid_turn()) return false;
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(~us), occupied = own | enemy;
  PartRules rules = ordox_sideways_rules();
  const TargetReach reach = target_reach(own, us);
  if (!reach.possible() && enemy.more_than_one() && own.count() > RANKS) {
    // A quiet singleton can then help only by completing a vertical run as long as the leader's
    // distance from the target row (see target_reach); too many pieces to make one file.
    rules.single_targets = enemy | run_completions(own, reach.distance);
    rules.movers = pieces_reaching(pos, rules.single, rules.single_targets);
  }
  MoveList sideways;
  collect_with(pos, rules, sideways);
  for (Move m : sideways) {
    // A quiet part leaves the enemy whole, so the forward part must reach the target row: most
    // parts are ruled out by the shape of the side alone.
    const bool quiet = m.is_ordo() || !enemy.has(m.to());
    if (quiet && enemy.more_than_one()) {
      const Bitboard changed = changed_squares(m);
      const TargetReach r = target_reach(own ^ changed, us);
      if (!r.near && !(r.vertical_tops && open_lines_to_target(us, occupied ^ changed, r.vertical_tops))) continue;
    }
    const Position q = pos.after(m);
    if (q.mid_turn() ? part_wins(q) : q.board_winner() == us) return true;
  }
  return false;
}

void generate_forward_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  collect_with(pos, ordox_forward_rules(pos.side_to_move()), out);
}

void generate_parts_unchecked(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  if (pos.variant() == Variant::Classic) {
    collect_with(pos, ClassicRules{}, out);
    return;
  }
  // One generator for both passes: the cut pieces and touch counts are shared.
  PartGenerator gen(pos);
  Collector c{&gen, true, &out};
  gen.run(ordox_forward_rules(pos.side_to_move()), c);
  if (!pos.mid_turn()) gen.run(ordox_sideways_rules(), c);
}

void generate_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  if (pos.variant() == Variant::Classic || pos.mid_turn()) {
    generate_parts_unchecked(pos, out);
    return;
  }
  PartGenerator gen(pos);
  Collector c{&gen, true, &out};
  gen.run(ordox_forward_rules(pos.side_to_move()), c);
  const std::size_t first = out.size();
  gen.run(ordox_sideways_rules(), c);
  keep_completing_sideways(pos, gen, out, first);
}

void generate_tactical_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  const Color us = pos.side_to_move();
  PartGenerator gen(pos);
  const bool ordox = pos.variant() == Variant::OrdoX;
  if (!ordox && !gen.own_connected()) {
    Collector c{&gen, false, &out};
    gen.run(classic_rules(us, true), c);
    return;
  }
  TacticalCollector c{{&gen, ordox, &out}, rank_bb(target_rank(us))};
  // Ordos never capture: they matter only when one can land on the target row, which needs an
  // own piece with an empty forward path to it.
  const DirSet winning_dirs = open_paths_to_target(pos);
  PartRules rules = ordox ? ordox_forward_rules(us) : classic_rules(us, false);
  rules.h_ordo &= winning_dirs;
  rules.v_ordo &= winning_dirs;
  rules.single_targets = pos.pieces(~us) | rank_bb(target_rank(us));
  rules.movers = pieces_reaching(pos, rules.single, rules.single_targets);
  gen.run(rules, c);
  if (ordox && !pos.mid_turn()) {
    const Bitboard enemy = pos.pieces(~us);
    gen.run({sideways_dirs(), 0, 0, enemy, pieces_reaching(pos, sideways_dirs(), enemy)}, c);
  }
}

namespace {

// The direction of a step of (df, dr), each -1, 0 or 1, not both 0.
Direction direction_of(int df, int dr) {
  constexpr Direction table[3][3] = {{SW, W, NW}, {S, N, N}, {SE, E, NE}};  // [df + 1][dr + 1]
  return table[df + 1][dr + 1];
}

}  // namespace

bool is_unchecked_part(const Position& pos, Move m) {
  if (m.is_none() || pos.board_winner()) return false;
  const Square from = m.from(), to = m.to();
  if (from >= SQUARES || to >= SQUARES || from == to) return false;
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return false;
  const Direction d = direction_of((df > 0) - (df < 0), (dr > 0) - (dr < 0));
  const int steps = std::max(std::abs(df), std::abs(dr));

  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(~us), empty = pos.empty_squares();
  const bool ordox = pos.variant() == Variant::OrdoX;
  PartRules rules = ordox ? ordox_forward_rules(us) : classic_rules(us, pos.split(us));
  if (ordox && !pos.mid_turn()) {
    rules.single |= sideways_dirs();
    rules.h_ordo |= sideways_dirs();
    rules.v_ordo |= sideways_dirs();
  }

  if (!m.is_ordo()) {
    if (!own.has(from) || !(rules.single & dir_bit(d))) return false;
    const Bitboard between = ray(d, from) ^ ray(d, to) ^ Bitboard::square(to);
    if (between & ~empty) return false;
    if (!empty.has(to) && !enemy.has(to)) return false;
    if (!is_connected(own ^ Bitboard::square(from) ^ Bitboard::square(to))) return false;
    if (!ordox || !enemy.has(to)) return m == Move::singleton(from, to);
    CaptureSplits splits(enemy);
    const CaptureSplit& cs = splits.of(to);
    if (cs.choices == 1) return m == Move::singleton(from, to);
    for (int i = 0; i < cs.choices; ++i)
      if (m == Move::singleton_keeping(from, to, cs.keep[i])) return true;
    return false;
  }

  const Square end2 = Square((m.raw() >> 14) & 0x7F);
  if (end2 >= SQUARES || from >= end2) return false;
  const bool horizontal = rank_of(from) == rank_of(end2);
  if (!horizontal && file_of(from) != file_of(end2)) return false;
  if (m != Move::ordo(from, end2, to)) return false;
  const Bitboard line = line_between(from, end2);
  if ((line & own) != line || !((horizontal ? rules.h_ordo : rules.v_ordo) & dir_bit(d))) return false;
  const int n = line.count();
  Bitboard moved = line;
  for (int k = 0; k < steps; ++k) {
    moved = shift(moved, d);
    if (moved.count() != n || (moved & ~(empty | line))) return false;
  }
  return is_connected((own ^ line) | moved);
}

std::vector<Turn> legal_turns(const Position& pos) {
  std::vector<Turn> turns;
  if (pos.board_winner()) return turns;
  MoveList parts;
  if (pos.variant() == Variant::Classic || pos.mid_turn()) {
    generate_parts_unchecked(pos, parts);
    for (Move m : parts) turns.push_back({m, Move::none()});
    return turns;
  }
  const Color us = pos.side_to_move();
  PartGenerator gen(pos);
  Collector c{&gen, true, &parts};
  gen.run(ordox_forward_rules(us), c);
  for (Move m : parts) turns.push_back({m, Move::none()});
  parts.clear();
  gen.run(ordox_sideways_rules(), c);
  MoveList second;
  for (Move m : parts) {
    second.clear();
    const bool owes = after_sideways(pos, gen, m, [&](PartGenerator& g) {
      Collector f{&g, true, &second};
      g.run(ordox_forward_rules(us), f);
    });
    if (!owes) turns.push_back({m, Move::none()});
    for (Move f : second) turns.push_back({m, f});
  }
  return turns;
}

u64 count_turns(const Position& pos) {
  if (pos.board_winner()) return 0;
  const Color us = pos.side_to_move();
  if (pos.variant() == Variant::Classic) return count_with(pos, ClassicRules{});
  PartGenerator gen(pos);
  Counter c{&gen, true};
  gen.run(ordox_forward_rules(us), c);
  if (pos.mid_turn()) return c.n;
  MoveList sideways;
  Collector s{&gen, true, &sideways};
  gen.run(ordox_sideways_rules(), s);
  u64 n = c.n;
  for (Move m : sideways) {
    const bool owes = after_sideways(pos, gen, m, [&](PartGenerator& g) {
      Counter f{&g, true};
      g.run(ordox_forward_rules(us), f);
      n += f.n;
    });
    if (!owes) ++n;
  }
  return n;
}

bool has_legal_turn(const Position& pos) {
  if (pos.board_winner()) return false;
  const Color us = pos.side_to_move();
  if (pos.variant() == Variant::Classic) return any_with(pos, ClassicRules{});
  PartGenerator gen(pos);
  AnyFinder any;
  gen.run(ordox_forward_rules(us), any);
  if (any.found || pos.mid_turn()) return any.found;
  MoveList sideways;
  Collector s{&gen, true, &sideways};
  gen.run(ordox_sideways_rules(), s);
  keep_completing_sideways(pos, gen, sideways, 0);
  return !sideways.empty();
}

namespace reference {

// The plain forms: every sideways part is played on a full position and its forward parts are
// generated from scratch.

void generate_parts(const Position& pos, MoveList& out) {
  const std::size_t first = out.size();
  generate_parts_unchecked(pos, out);
  if (pos.variant() == Variant::Classic || pos.mid_turn()) return;
  std::size_t kept = first;
  for (std::size_t i = first; i < out.size(); ++i) {
    const Move m = out[i];
    if (m.delta_rank() != 0 || sideways_part_completes(pos.after(m))) out.set(kept++, m);
  }
  out.truncate(kept);
}

std::vector<Turn> legal_turns(const Position& pos) {
  std::vector<Turn> turns;
  MoveList parts;
  reference::generate_parts(pos, parts);
  if (pos.variant() == Variant::Classic || pos.mid_turn()) {
    for (Move m : parts) turns.push_back({m, Move::none()});
    return turns;
  }
  MoveList second;
  for (Move m : parts) {
    if (m.delta_rank() != 0) { turns.push_back({m, Move::none()}); continue; }
    const Position q = pos.after(m);
    if (!q.mid_turn()) { turns.push_back({m, Move::none()}); continue; }
    second.clear();
    generate_forward_parts(q, second);
    for (Move f : second) turns.push_back({m, f});
  }
  return turns;
}

u64 count_turns(const Position& pos) {
  if (pos.board_winner()) return 0;
  const Color us = pos.side_to_move();
  if (pos.variant() == Variant::Classic) return count_with(pos, ClassicRules{});
  u64 n = count_with(pos, ordox_forward_rules(us));
  if (pos.mid_turn()) return n;
  MoveList sideways;
  collect_with(pos, ordox_sideways_rules(), sideways);
  for (Move m : sideways) {
    const Position q = pos.after(m);
    n += q.mid_turn() ? count_with(q, ordox_forward_rules(us)) : 1;
  }
  return n;
}

}  // namespace reference

GameStatus game_status(const Position& pos) {
  if (auto w = pos.board_winner()) return {w, pos.board_win_reason()};
  if (!has_legal_turn(pos)) return {~pos.side_to_move(), WinReason::NoLegalMove};
  return {};
}

}  // namespace ordo
