#include "movegen.hpp"

#include <array>
#include <cassert>
#include <cstdlib>
#include <optional>

#include "connectivity.hpp"
#include "part_generator.hpp"

namespace ordo {

using namespace parts;

namespace {

// After a sideways part: the turn either ended (the last enemy piece was taken) or owes a forward part.
bool sideways_part_completes(const Position& after_part) {
  return !after_part.mid_turn() || any_with(after_part, forward_part_rules(after_part.side_to_move()));
}

// Ordo X, at the start of a turn (`pos`, its generator `start`): runs `visit` on a generator of
// the position after the sideways part m, for its forward parts. A quiet part leaves the enemy
// as it was, so that generator works on the moved own set directly and shares the turn start's
// capture splits; a capture goes through the full position. Returns false, without visiting,
// when m took the last enemy piece (the turn ends with it).
template <class Visit>
bool after_sideways(const Position& pos, PartGenerator& start, Move m, Admit use, Visit&& visit) {
  const Color us = pos.side_to_move();
  const Bitboard enemy = pos.pieces(~us);
  if (m.is_ordo() || !enemy.has(m.to())) {
    PartGenerator gen(us, pos.pieces(us) ^ changed_squares(m), enemy, true, &start.splits(), use);
    visit(gen);
    return true;
  }
  const Position q = pos.after(m);
  if (!q.mid_turn()) return false;
  PartGenerator gen(q, use);
  visit(gen);
  return true;
}

// Ordo X turn start: the sideways parts that some forward part can follow (or that take the last
// enemy piece), appended to `out` from index `first` on, in order; the others are dropped.
void keep_completing_sideways(const Position& pos, PartGenerator& start, MoveList& out, std::size_t first) {
  const PartRules forward = forward_part_rules(pos.side_to_move());
  std::size_t kept = first;
  for (std::size_t i = first; i < out.size(); ++i) {
    const Move m = out[i];
    bool completes = true;
    after_sideways(pos, start, m, Admit::Never, [&](PartGenerator& gen) {
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
    // Squares from which a slide in d reaches a target: walk back from targets over empty squares.
    const Bitboard reach = targets & (empty | enemy);
    found |= own & with_direction(opposite(Direction(d)), [&]<Direction back>() {
      return shift<back>(fill<back>(reach, empty));
    });
  }
  return found;
}

// Ordo X turn start: the sideways parts that capture (singletons onto enemy pieces; ordos never
// capture).
PartRules sideways_capture_rules(const Position& pos) {
  const Bitboard enemy = pos.pieces(~pos.side_to_move());
  return {sideways_dirs(), 0, 0, enemy, pieces_reaching(pos, sideways_dirs(), enemy)};
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

// Whether `length` consecutive ranks each hold a piece of `set`.
bool occupies_consecutive_ranks(Bitboard set, int length) {
  unsigned ranks = 0;
  for (int r = 0; r < RANKS; ++r)
    if (set & rank_bb(r)) ranks |= 1u << r;
  unsigned run = ranks;  // bit r: ranks r..r+i all hold pieces
  for (int i = 1; i < length && run; ++i) run &= ranks >> i;
  return run != 0;
}

// Calls f(direction, squares) for each forward line from one of `tops` to the target row: the
// squares from the one after the top up to the landing square on the target row.
template <class F>
void for_each_line_to_target(Color us, Bitboard tops, F&& f) {
  const Bitboard target_row = rank_bb(target_rank(us));
  for (Square p : tops)
    for (int d = 0; d < DIRECTIONS; ++d) {
      if (!(forward_dirs(us) & (1 << d))) continue;
      const Bitboard r = ray(Direction(d), p);
      const Bitboard landing = r & target_row;
      // The ray less what lies beyond the landing square.
      if (landing) f(Direction(d), r ^ ray(Direction(d), landing.lsb()));
    }
}

// The forward directions in which one of `tops` slides over empty squares onto an empty square of
// the target row (the leading piece of an ordo that lands there).
DirSet open_lines_to_target(Color us, Bitboard occupied, Bitboard tops) {
  DirSet dirs = 0;
  for_each_line_to_target(us, tops, [&](Direction d, Bitboard line) {
    if (!(line & occupied)) dirs |= DirSet(1 << d);
  });
  return dirs;
}

// The squares of the forward lines from `tops` to the target row, landing squares included: what
// a blocking piece must leave for such a line to open.
Bitboard lines_to_target(Color us, Bitboard tops) {
  Bitboard zone;
  for_each_line_to_target(us, tops, [&](Direction, Bitboard line) { zone |= line; });
  return zone;
}

// The ranks holding a square of `set`.
Bitboard ranks_of(Bitboard set) {
  Bitboard ranks;
  for (int r = 0; r < RANKS; ++r)
    if (set & rank_bb(r)) ranks |= rank_bb(r);
  return ranks;
}

// Whether the side to move wins with its next part alone.
bool part_wins(const Position& pos) {
  const Color us = pos.side_to_move();
  const Bitboard enemy = pos.pieces(~us);
  const bool last_enemy = enemy.count() == 1;
  const bool two_part = pos.rules().sideways_owes_forward();
  const Bitboard target_row = rank_bb(target_rank(us));
  PartRules rules = two_part ? forward_part_rules(us) : one_part_turn_rules(us, pos.split(us));
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
  PartGenerator gen(pos, Admit::Never);
  WinFinder f{target_row, last_enemy};
  gen.run(rules, f);
  if (!f.found && two_part && last_enemy && !pos.mid_turn())
    gen.run(sideways_capture_rules(pos), f);
  return f.found;
}

// Collects sideways parts but the ordo landings `ruled_out(line, landing)` rejects, passing over
// them before their connectivity is checked where it would take a flood (and when the shape's
// facts settle it, as they are heard); null keeps them all.
template <class RuledOut>
struct SidewaysForWin : Collector {
  const RuledOut* ruled_out;
  Bitboard lines = BOARD;  // where a line moving along itself may help (ruled_out rejects the rest)
  Bitboard single_file_lines() const { return lines; }
  bool wants_ordo(Bitboard line, Bitboard landing) const { return !ruled_out || !(*ruled_out)(line, landing); }
  void ordo(Square a, Square b, Square to) {
    if (ruled_out) {
      const Bitboard line = line_between(a, b);
      const int delta = int(to) - int(a);
      if ((*ruled_out)(line, delta > 0 ? line << delta : line >> -delta)) return;
    }
    Collector::ordo(a, b, to);
  }
};

}  // namespace

bool has_winning_part(const Position& pos) { return !pos.board_winner() && part_wins(pos); }

bool has_winning_turn(const Position& pos) {
  if (pos.board_winner()) return false;
  if (part_wins(pos)) return true;
  if (!pos.rules().sideways_owes_forward() || pos.mid_turn()) return false;
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(~us), occupied = own | enemy;
  PartRules rules = sideways_part_rules();
  const TargetReach reach = target_reach(own, us);
  // Squares of which a quiet ordo landing must hold one (BOARD: no such condition), see below.
  Bitboard ordo_landing_needs = BOARD;
  if (!reach.possible() && enemy.more_than_one() && own.count() > RANKS) {
    // A quiet part can then help only by making a vertical run as long as the leader's distance
    // from the target row (see target_reach; too many pieces to make one file). A sideways part
    // moves no piece to another rank, so such a run needs that many consecutive ranks holding
    // pieces already; without them only captures are left to try.
    if (!occupies_consecutive_ranks(own, reach.distance)) {
      rules = sideways_capture_rules(pos);
    } else {
      // A quiet singleton must complete such a run.
      rules.single_targets = enemy | run_completions(own, reach.distance);
      rules.movers = pieces_reaching(pos, rules.single, rules.single_targets);
      // A quiet ordo must make the run too, through a square it lands on (the side has no such
      // run now). A horizontal ordo lands on one rank, so that square completes a run with the
      // pieces above and below it, which the part leaves alone; a vertical one lands in another
      // file next to, above or below, an own piece of that file.
      ordo_landing_needs = run_completions(own, reach.distance);
    }
  }
  // Runs long enough, but every line from them to the target row blocked: a quiet part (it moves
  // no piece to another rank) helps only by leaving such a line or by making a new run where it
  // lands; the others would be ruled out below. So singletons come in two passes with disjoint
  // movers: the pieces on those lines, with everything else, then the rest's singletons onto run
  // completions and captures only. Ordos are filtered alike (a horizontal one landing on a run
  // completion, a vertical one next to an own piece of its new file or being such a run itself).
  std::optional<PartRules> other_singles;
  Bitboard blocked_zone, completions;
  const bool lines_blocked = reach.vertical_tops && !reach.near && enemy.more_than_one() && own.count() > RANKS &&
                             !open_lines_to_target(us, occupied, reach.vertical_tops);
  if (lines_blocked) {
    blocked_zone = lines_to_target(us, reach.vertical_tops);
    completions = run_completions(own, reach.distance);
    const Bitboard targets = enemy | completions;
    other_singles = PartRules{sideways_dirs(), 0, 0, targets, pieces_reaching(pos, sideways_dirs(), targets) & ~blocked_zone};
    rules.movers = own & blocked_zone;
  }
  // A quiet part leaves the enemy whole, so the forward part must reach the target row: most
  // quiet parts are ruled out by the shape of the side alone (`changed`: the squares they change).
  const auto ruled_out = [&](Bitboard changed) {
    const TargetReach r = target_reach(own ^ changed, us);
    return !r.near && !(r.vertical_tops && open_lines_to_target(us, occupied ^ changed, r.vertical_tops));
  };
  const auto ordo_ruled_out = [&](Bitboard line, Bitboard landing) {
    const bool one_rank = !(landing & ~rank_bb(rank_of(landing.lsb())));
    const bool joins_file = bool((shift<N>(landing) | shift<S>(landing)) & own & ~line);
    if (ordo_landing_needs != BOARD && (one_rank ? !(landing & ordo_landing_needs) : !joins_file)) return true;
    if (lines_blocked && !(line & ~landing & blocked_zone) &&
        (one_rank ? !(landing & completions) : !joins_file && line.count() < reach.distance))
      return true;
    return ruled_out(line ^ landing);
  };
  MoveList sideways;
  PartGenerator gen(pos, Admit::Never);  // one pass over a set rarely met again here
  SidewaysForWin<decltype(ordo_ruled_out)> c{{&gen, true, &sideways}, enemy.more_than_one() ? &ordo_ruled_out : nullptr};
  // A horizontal ordo moving along its rank changes that rank only: without a run, it helps only
  // on a rank with a run completion.
  if (ordo_landing_needs != BOARD) c.lines = ranks_of(ordo_landing_needs);
  gen.run(rules, c);
  if (other_singles) gen.run(*other_singles, c);
  for (Move m : sideways) {
    const bool quiet = m.is_ordo() || !enemy.has(m.to());
    if (quiet && enemy.more_than_one() && ruled_out(changed_squares(m))) continue;
    const Position q = pos.after(m);
    if (q.mid_turn() ? part_wins(q) : q.board_winner() == us) return true;
  }
  return false;
}

void generate_forward_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  collect_with(pos, forward_part_rules(pos.side_to_move()), out);
}

void generate_parts_unchecked(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  if (!pos.rules().sideways_owes_forward()) {
    collect_with(pos, OnePartTurnRules{}, out);
    return;
  }
  // One generator for both passes: the cut pieces and touch counts are shared.
  PartGenerator gen(pos, Admit::Again);
  Collector c{&gen, true, &out};
  gen.run(forward_part_rules(pos.side_to_move()), c);
  if (!pos.mid_turn()) gen.run(sideways_part_rules(), c);
}

void generate_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  if (!pos.rules().sideways_owes_forward() || pos.mid_turn()) {
    generate_parts_unchecked(pos, out);
    return;
  }
  PartGenerator gen(pos, Admit::Again);
  Collector c{&gen, true, &out};
  gen.run(forward_part_rules(pos.side_to_move()), c);
  const std::size_t first = out.size();
  gen.run(sideways_part_rules(), c);
  keep_completing_sideways(pos, gen, out, first);
}

void generate_tactical_parts(const Position& pos, MoveList& out) {
  if (pos.board_winner()) return;
  const Color us = pos.side_to_move();
  PartGenerator gen(pos, Admit::Never);
  const RulesOf variant = pos.rules();
  if (!variant.capture_keeps_largest_group() && !gen.own_connected()) {  // a split side reconnects
    Collector c{&gen, false, &out};
    gen.run(one_part_turn_rules(us, true), c);
    return;
  }
  TacticalCollector c{{&gen, variant.capture_keeps_largest_group(), &out}, rank_bb(target_rank(us))};
  // Ordos never capture: they matter only when one can land on the target row, which needs an
  // own piece with an empty forward path to it.
  const DirSet winning_dirs = open_paths_to_target(pos);
  PartRules rules = variant.sideways_owes_forward() ? forward_part_rules(us) : one_part_turn_rules(us, false);
  rules.h_ordo &= winning_dirs;
  rules.v_ordo &= winning_dirs;
  rules.single_targets = pos.pieces(~us) | rank_bb(target_rank(us));
  rules.movers = pieces_reaching(pos, rules.single, rules.single_targets);
  gen.run(rules, c);
  if (variant.sideways_owes_forward() && !pos.mid_turn()) gen.run(sideways_capture_rules(pos), c);
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
  const bool two_part = pos.rules().sideways_owes_forward();
  PartRules rules = two_part ? forward_part_rules(us) : one_part_turn_rules(us, pos.split(us));
  if (two_part && !pos.mid_turn()) {
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
    if (!pos.rules().capture_keeps_largest_group() || !enemy.has(to)) return m == Move::singleton(from, to);
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
  if (!pos.rules().sideways_owes_forward() || pos.mid_turn()) {
    generate_parts_unchecked(pos, parts);
    for (Move m : parts) turns.push_back({m, Move::none()});
    return turns;
  }
  const Color us = pos.side_to_move();
  PartGenerator gen(pos);
  Collector c{&gen, true, &parts};
  gen.run(forward_part_rules(us), c);
  for (Move m : parts) turns.push_back({m, Move::none()});
  parts.clear();
  gen.run(sideways_part_rules(), c);
  MoveList second;
  for (Move m : parts) {
    second.clear();
    const bool owes = after_sideways(pos, gen, m, Admit::Always, [&](PartGenerator& g) {
      Collector f{&g, true, &second};
      g.run(forward_part_rules(us), f);
    });
    if (!owes) turns.push_back({m, Move::none()});
    for (Move f : second) turns.push_back({m, f});
  }
  return turns;
}

u64 count_turns(const Position& pos) {
  if (pos.board_winner()) return 0;
  const Color us = pos.side_to_move();
  if (!pos.rules().sideways_owes_forward()) return count_with(pos, OnePartTurnRules{});
  PartGenerator gen(pos);
  Counter c{&gen, true};
  gen.run(forward_part_rules(us), c);
  if (pos.mid_turn()) return c.n;
  MoveList sideways;
  Collector s{&gen, true, &sideways};
  gen.run(sideways_part_rules(), s);
  u64 n = c.n;
  for (Move m : sideways) {
    const bool owes = after_sideways(pos, gen, m, Admit::Always, [&](PartGenerator& g) {
      Counter f{&g, true};
      g.run(forward_part_rules(us), f);
      n += f.n;
    });
    if (!owes) ++n;
  }
  return n;
}

bool has_legal_turn(const Position& pos) {
  if (pos.board_winner()) return false;
  const Color us = pos.side_to_move();
  if (!pos.rules().sideways_owes_forward()) return any_with(pos, OnePartTurnRules{});
  PartGenerator gen(pos, Admit::Never);
  AnyFinder any;
  gen.run(forward_part_rules(us), any);
  if (any.found || pos.mid_turn()) return any.found;
  MoveList sideways;
  Collector s{&gen, true, &sideways};
  gen.run(sideways_part_rules(), s);
  keep_completing_sideways(pos, gen, sideways, 0);
  return !sideways.empty();
}

namespace reference {

// The plain forms: every sideways part is played on a full position and its forward parts are
// generated from scratch, with every connectivity question answered by a flood of its own (the
// thread's ShapeTable is bypassed).

void generate_parts(const Position& pos, MoveList& out) {
  const ShapeTable::Bypass from_scratch;
  const std::size_t first = out.size();
  generate_parts_unchecked(pos, out);
  if (!pos.rules().sideways_owes_forward() || pos.mid_turn()) return;
  std::size_t kept = first;
  for (std::size_t i = first; i < out.size(); ++i) {
    const Move m = out[i];
    if (m.delta_rank() != 0 || sideways_part_completes(pos.after(m))) out.set(kept++, m);
  }
  out.truncate(kept);
}

std::vector<Turn> legal_turns(const Position& pos) {
  const ShapeTable::Bypass from_scratch;
  std::vector<Turn> turns;
  MoveList parts;
  reference::generate_parts(pos, parts);
  if (!pos.rules().sideways_owes_forward() || pos.mid_turn()) {
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
  const ShapeTable::Bypass from_scratch;
  if (pos.board_winner()) return 0;
  const Color us = pos.side_to_move();
  if (!pos.rules().sideways_owes_forward()) return count_with(pos, OnePartTurnRules{});
  u64 n = count_with(pos, forward_part_rules(us));
  if (pos.mid_turn()) return n;
  MoveList sideways;
  collect_with(pos, sideways_part_rules(), sideways);
  for (Move m : sideways) {
    const Position q = pos.after(m);
    n += q.mid_turn() ? count_with(q, forward_part_rules(us)) : 1;
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
