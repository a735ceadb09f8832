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
struct CaptureSplit {  // no default initialisers: the generator keeps 80 of them uninitialised
  int choices;
  std::array<Square, 20> keep;
};

// Enumerates the legal parts of one position under given direction rules. The visitor receives
// singleton destinations per piece as bitboards and ordo moves one by one; every part it receives
// keeps the mover connected.
class PartGenerator {
 public:
  explicit PartGenerator(const Position& pos)
      : pos_(pos), us_(pos.side_to_move()), own_(pos.pieces(us_)), enemy_(pos.pieces(~us_)),
        empty_(pos.empty_squares()) {}

  bool own_connected() const { return !pos_.split(us_); }
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
  const CaptureSplit& capture_split(Square x) {
    if (!split_known_.has(x)) {
      split_known_ |= Bitboard::square(x);
      split_[x] = compute_split(x);
    }
    return split_[x];
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

  CaptureSplit compute_split(Square x) {
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

  // Ordo moves of lines along ranks (Horizontal) or files. A line is a run of >= 2 own pieces and
  // each sub-run is an ordo. Candidates are found per direction with set operations first, so
  // ordos that cannot move cost nothing.
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
        const Bitboard free = own_ & shift(empty_, opposite(dir));
        Bitboard starts = free & shift<down>(free) & ~shift<up>(free);  // run starts with a next square
        for (Square a : starts) {
          int end = a;
          while (end + step < SQUARES && free.has(Square(end + step)) && same_line<Horizontal>(a, end + step)) end += step;
          for (int lo = a; lo < end; lo += step)
            for (int hi = lo + step; hi <= end; hi += step) slide_ordo<Horizontal>(Square(lo), Square(hi), dir, v);
        }
      }
      if (v.done()) return;
    }
  }

  // Moves along the line itself: the leading end steps onto empty squares, the rest follow.
  template <bool Horizontal, class Visitor>
  void single_file(bool upward, Visitor& v) {
    constexpr Direction up = Horizontal ? E : N, down = Horizontal ? W : S;
    constexpr int step = Horizontal ? 1 : FILES;
    // Leading ends: an own piece behind them on the line and an empty square ahead.
    const Bitboard leads = upward ? own_ & shift<up>(own_) & shift<down>(empty_) : own_ & shift<down>(own_) & shift<up>(empty_);
    for (Square lead : leads) {
      const int back = upward ? -step : step;
      int room = 0;  // empty squares ahead
      for (int s = lead - back; s >= 0 && s < SQUARES && same_line<Horizontal>(lead, s) && empty_.has(Square(s)); s -= back) ++room;
      for (int tail = lead + back; tail >= 0 && tail < SQUARES && same_line<Horizontal>(lead, tail) && own_.has(Square(tail)); tail += back) {
        const Square lo = Square(std::min(tail, int(lead))), hi = Square(std::max(tail, int(lead)));
        const Bitboard line = line_of<Horizontal>(lo, hi);
        OrdoTargets& targets = targets_for(line);
        for (int k = 1; k <= room; ++k) {
          const int shift_by = upward ? k * step : -k * step;
          const Bitboard moved = shift_by > 0 ? line << shift_by : line >> -shift_by;
          if (targets.accepts(moved)) v.ordo(lo, hi, moved.lsb());
        }
      }
    }
  }

  // An ordo [lo, hi] whose every square has an empty neighbour in dir (not along the line).
  template <bool Horizontal, class Visitor>
  void slide_ordo(Square lo, Square hi, Direction dir, Visitor& v) {
    const Bitboard line = line_of<Horizontal>(lo, hi);
    OrdoTargets& targets = targets_for(line);
    const int n = line.count();
    Bitboard moved = shift(line, dir);  // known empty
    for (;;) {
      if (targets.accepts(moved)) v.ordo(lo, hi, moved.lsb());
      const Bitboard next = shift(moved, dir);
      if (next.count() != n || (next & ~empty_)) return;
      moved = next;
    }
  }

  template <bool Horizontal>
  static bool same_line(int a, int b) {
    return Horizontal ? rank_of(Square(a)) == rank_of(Square(b)) : true;
  }

  template <bool Horizontal>
  static Bitboard line_of(Square a, Square b) {
    if constexpr (Horizontal) return Bitboard(((u128(1) << (b + 1)) - 1) ^ ((u128(1) << a) - 1));
    else return line_between(a, b);
  }

  // The other pieces' groups, computed on first use; a landing line is legal iff it touches all.
  class OrdoTargets {
   public:
    OrdoTargets() = default;  // trivial: the generator keeps a cache of these uninitialised
    // `whole`: the side's pieces, when they are connected (then a quick test usually shows the
    // rest stays one group); empty otherwise.
    OrdoTargets(Bitboard rest, Bitboard line, bool whole_connected)
        : rest_(rest.bits()), line_(line.bits()), count_(whole_connected ? -1 : -2) {}
    bool accepts(Bitboard landing) {
      if (!rest_) return true;
      if (count_ == -1 && still_connected(Bitboard(rest_), dilate(Bitboard(line_)) & Bitboard(rest_))) {
        count_ = 1;
        groups_[0] = rest_;
      }
      if (count_ < 0) {
        count_ = 0;
        Bitboard r(rest_);
        while (r) {
          Bitboard g = flood(Bitboard::square(r.lsb()), r);
          if (count_ < GROUPS) groups_[count_] = g.bits();
          ++count_;
          r ^= g;
        }
      }
      if (count_ > GROUPS) return false;  // too many groups for one line to join
      const u128 reach = dilate(landing).bits();
      for (int i = 0; i < count_; ++i)
        if (!(reach & groups_[i])) return false;
      return true;
    }

   private:
    static constexpr int GROUPS = 12;  // a line of <= 10 touches at most 2 * 10 + 6 squares
    u128 rest_, line_;
    int count_;  // groups of rest; -1 unknown but the whole side was connected, -2 unknown
    u128 groups_[GROUPS];
  };

  // The targets of the line, reused across directions (a small cache of recent lines).
  OrdoTargets& targets_for(Bitboard line) {
    for (int i = 0; i < cached_; ++i)
      if (cache_line_[i] == line.bits()) return cache_[i];
    const int slot = cached_ < CACHE ? cached_++ : (next_slot_++ % CACHE);
    cache_line_[slot] = line.bits();
    cache_[slot] = OrdoTargets(own_ ^ line, line, own_connected());
    return cache_[slot];
  }
  static constexpr int CACHE = 16;
  int cached_ = 0, next_slot_ = 0;
  u128 cache_line_[CACHE];  // valid below cached_
  OrdoTargets cache_[CACHE];

  const Position& pos_;
  const Color us_;
  const Bitboard own_, enemy_, empty_;
  bool touch_known_ = false;
  Touch touch_;
  bool cut_known_ = false;
  Bitboard cut_;
  bool enemy_known_ = false, enemy_connected_ = false;
  Bitboard split_known_;
  CaptureSplit split_[SQUARES];  // valid where split_known_ is set
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
  const std::size_t first = out.size();
  generate_parts_unchecked(pos, out);
  if (pos.variant() == Variant::Classic || pos.mid_turn()) return;
  // Keep only the sideways parts that can complete a turn.
  std::size_t kept = first;
  for (std::size_t i = first; i < out.size(); ++i) {
    const Move m = out[i];
    if (m.delta_rank() != 0 || sideways_part_completes(pos.after(m))) out.set(kept++, m);
  }
  out.truncate(kept);
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

std::vector<Turn> legal_turns(const Position& pos) {
  std::vector<Turn> turns;
  MoveList parts;
  generate_parts(pos, parts);
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

bool has_legal_turn(const Position& pos) {
  if (pos.board_winner()) return false;
  const Color us = pos.side_to_move();
  if (pos.variant() == Variant::Classic) return any_with(pos, ClassicRules{});
  if (any_with(pos, ordox_forward_rules(us))) return true;
  if (pos.mid_turn()) return false;
  MoveList sideways;
  collect_with(pos, ordox_sideways_rules(), sideways);
  for (Move m : sideways)
    if (sideways_part_completes(pos.after(m))) return true;
  return false;
}

GameStatus game_status(const Position& pos) {
  if (auto w = pos.board_winner()) return {w, pos.board_win_reason()};
  if (!has_legal_turn(pos)) return {~pos.side_to_move(), WinReason::NoLegalMove};
  return {};
}

}  // namespace ordo
