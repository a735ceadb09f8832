#include "search/search.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <iterator>

#include "movegen.hpp"
#include "search/evaluate.hpp"

namespace ordo {

namespace {

constexpr int HISTORY_SIZE = 2 * SQUARES * SQUARES;
int history_index(Color c, Move m) { return (int(c) * SQUARES + m.from()) * SQUARES + m.to(); }

bool is_capture(const Position& pos, Move m) { return !m.is_ordo() && pos.pieces(~pos.side_to_move()).has(m.to()); }

// Whether the part puts a piece of the mover on its target row (a win).
bool reaches_target(const Position& pos, Move m) {
  const int target = target_rank(pos.side_to_move());
  if (!m.is_ordo()) return rank_of(m.to()) == target;
  // An ordo lands as a line: horizontal lines keep one rank, vertical ones span end1..end2.
  const int dr = m.delta_rank();
  return rank_of(m.to()) == target || rank_of(m.end2()) + dr == target;
}

// Whether a win this turn may need a sideways part first (an Ordo X turn's start). Such wins are
// found directly, as the move loops' pruning and the quiescence would miss them.
bool can_win_turn_by_sideways(const Position& pos) { return pos.rules().sideways_owes_forward() && !pos.mid_turn(); }

// Sorts moves[first, size) by descending score; ties keep generation order.
void sort_by_score(MoveList& moves, int* scores, std::size_t first = 0) {
  const std::size_t n = moves.size();
  // Insertion sort: lists are short and mostly in order after the first few.
  for (std::size_t i = first + 1; i < n; ++i) {
    const int sc = scores[i];
    const Move m = moves[i];
    std::size_t j = i;
    for (; j > first && scores[j - 1] < sc; --j) {
      scores[j] = scores[j - 1];
      moves.set(j, moves[j - 1]);
    }
    scores[j] = sc;
    moves.set(j, m);
  }
}

// Brings the best-scored move of moves[i, size) to i, the first one among equals, keeping the
// others in order: picking moves one by one this way gives the order sort_by_score gives, without
// sorting the moves a cut-off never reaches.
void pick_best(MoveList& moves, int* scores, std::size_t i) {
  std::size_t best = i;
  for (std::size_t j = i + 1; j < moves.size(); ++j)
    if (scores[j] > scores[best]) best = j;
  const Move m = moves[best];
  const int sc = scores[best];
  for (std::size_t j = best; j > i; --j) {
    moves.set(j, moves[j - 1]);
    scores[j] = scores[j - 1];
  }
  moves.set(i, m);
  scores[i] = sc;
}

// Moves picked one by one before the rest of a node's list is sorted at once.
constexpr std::size_t PICKED_BEFORE_SORT = 6;

}  // namespace

u64 SearchShared::total_nodes() const {
  u64 n = 0;
  for (const auto& t : thread_nodes) n += t->nodes.load(std::memory_order_relaxed);
  return n;
}

void SearchShared::add_thread_counters(int count) {
  for (int i = 0; i < count; ++i) thread_nodes.push_back(std::make_unique<NodeCounter>());
}

void SearchShared::start_clock(i64 at_ns) {
  start_ns_.store(at_ns ? at_ns : std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count());
}

i64 SearchShared::elapsed_ms() const {
  const i64 now = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
  return (now - start_ns_.load()) / 1'000'000;
}

i64 SearchShared::hard_limit_ms() const {
  return first_iteration_done.load() ? budget.hard_ms : std::max(budget.hard_ms, budget.first_iteration_ms);
}

bool SearchShared::out_of_time() const {
  return budget.hard_ms >= 0 && !pondering.load() && elapsed_ms() >= hard_limit_ms();
}

struct Searcher::Frame {
  std::unique_ptr<MoveList> moves;
  std::unique_ptr<int[]> scores;
  Move killers[2];
  Move pv[MAX_HEIGHT + 1];
  int pv_len = 0;
  MoveList& list() {
    if (!moves) moves = std::make_unique<MoveList>(), scores = std::make_unique<int[]>(MoveList::CAPACITY);
    return *moves;
  }
};

Searcher::Searcher(SearchShared& shared, int thread_index)
    : shared_(&shared), index_(thread_index), frames_(std::make_unique<Frame[]>(MAX_HEIGHT + 2)),
      own_history_(std::make_unique<int[]>(HISTORY_SIZE)), history_(own_history_.get()) {
  clear_history();
}

Searcher::~Searcher() = default;

void Searcher::attach(SearchShared& shared) {
  shared_ = &shared;
  history_ = own_history_.get();
  clear_history();
}

void Searcher::share_history(Searcher& main) { history_ = main.history_; }

void Searcher::clear_history() {
  std::fill(history_, history_ + HISTORY_SIZE, 0);
  for (int h = 0; h < MAX_HEIGHT + 2; ++h) frames_[h].killers[0] = frames_[h].killers[1] = Move::none();
}

void Searcher::set_root(const Position& root, const std::vector<u64>& history, bool with_lines) {
  root_ = root;
  keys_ = history;
  history_len_ = keys_.size();
  lines_.clear();
  completed_depth_ = 0;
  if (!with_lines) return;
  for (const Turn& t : legal_turns(root)) {
    const auto& only = shared_->limits.search_turns;
    if (!only.empty() && std::find(only.begin(), only.end(), t) == only.end()) continue;
    RootLine line;
    line.turn = t;
    line.pv = {t.first};
    if (!t.second.is_none()) line.pv.push_back(t.second);
    lines_.push_back(line);
  }
}

bool Searcher::should_stop() {
  if (shared_->stop.load(std::memory_order_relaxed)) return true;
  if (shared_->limits.nodes && shared_->total_nodes() >= shared_->limits.nodes) {
    shared_->stop = true;
    return true;
  }
  if (shared_->level_nodes && shared_->first_iteration_done.load(std::memory_order_relaxed) &&
      shared_->total_nodes() >= shared_->level_nodes) {
    shared_->stop = true;
    return true;
  }
  // Every thread looks at the clock, often: an Ordo X node can be costly, and on a busy machine the
  // main thread may not be the one running. (The engine's timer also stops the search on time.)
  if ((nodes_ & 63) == 0 && shared_->out_of_time()) {
    shared_->stop = true;
    return true;
  }
  return false;
}

bool Searcher::is_repetition(const Position& pos, int height) const {
  assert(keys_.size() == history_len_ + std::size_t(height) && keys_.back() == pos.key());
  if (pos.mid_turn()) return false;
  // Captures and forward moves can never be undone, so only the quiet stretch can repeat.
  const std::size_t end = history_len_ + std::size_t(height);
  const std::size_t lookback = std::min<std::size_t>(end, 2 * std::size_t(pos.quiet_plies()) + 2);
  for (std::size_t i = 2; i <= lookback; ++i)
    if (keys_[end - i] == pos.key()) return true;
  return false;
}

// The table move first, then wins, captures, killers and the other quiet parts by history. History
// stays within +-16384 (update_quiet_stats), below every other class: so after the table move,
// every part that wins or captures comes before every quiet part (late move pruning relies on it).
void Searcher::order_moves(const Position& pos, MoveList& moves, Move tt_move, int height, int* scores) const {
  const Frame& f = frames_[height];
  const Color us = pos.side_to_move();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int s;
    if (m == tt_move) s = 1 << 30;
    else if (reaches_target(pos, m)) s = (1 << 29);
    else if (is_capture(pos, m)) s = (1 << 28) + (m.has_choice() ? 0 : 1);
    else if (m == f.killers[0]) s = (1 << 27) + 1;
    else if (m == f.killers[1]) s = 1 << 27;
    else s = std::atomic_ref<int>(history_[history_index(us, m)]).load(std::memory_order_relaxed);
    scores[i] = s;
  }
}

void Searcher::update_quiet_stats(const Position& pos, Move best, int depth, int height, const MoveList& moves,
                                  int tried) {
  Frame& f = frames_[height];
  if (f.killers[0] != best) f.killers[1] = f.killers[0], f.killers[0] = best;
  const Color us = pos.side_to_move();
  const int bonus = std::min(depth * depth, shared_->params->history_bonus_max);
  auto update = [&](Move m, int delta) {
    // Shared by the threads of a search: a lost update between two of them costs nothing.
    std::atomic_ref<int> h(history_[history_index(us, m)]);
    const int old = h.load(std::memory_order_relaxed);
    h.store(old + delta - old * std::abs(delta) / 16384, std::memory_order_relaxed);
  };
  update(best, bonus);
  for (int i = 0; i < tried; ++i) {
    Move m = moves[std::size_t(i)];
    if (m != best && !is_capture(pos, m)) update(m, -bonus);
  }
}

Value Searcher::qsearch(const Position& pos, Value alpha, Value beta, int ply, int height, int qdepth) {
  ++nodes_;
  shared_->thread_nodes[index_]->nodes.store(nodes_, std::memory_order_relaxed);
  seldepth_ = std::max(seldepth_, ply);
  if (should_stop()) return 0;
  if (pos.board_winner()) return loss_in(ply);
  if (height >= MAX_HEIGHT) return evaluate_node(pos, height);

  Value stand = evaluate_node(pos, height);
  if (stand >= beta) return stand;
  if (wins_by_sideways_turn(pos)) return win_in(ply + 1);

  // Captures are followed qs_capture_plies parts deep; from there on only parts that reach the
  // target row are searched, and their value is known without playing them. (With one enemy piece
  // left, its capture is a win too, which the plain route below leaves out.)
  const SearchParams& p = *shared_->params;
  const bool wins_only = qdepth >= p.qs_capture_plies;
  if (wins_only && pos.pieces(~pos.side_to_move()).more_than_one())
    return has_winning_part(pos) ? win_in(ply + 1) : stand;

  Frame& f = frames_[height];
  MoveList& moves = f.list();
  moves.clear();
  generate_tactical_parts(pos, moves);

  alpha = std::max(alpha, stand);
  Value best = stand;

  // Wins first, then captures by the number of enemy pieces they remove (an Ordo X capture that
  // splits the enemy removes its smaller groups too). Delta pruning (Ordo X; classic has not been
  // tested with it): a capture that, even with a margin, cannot lift the static evaluation to
  // alpha is not searched. The margin: what a capture may gain beyond its material (the capturing
  // piece's advance and leader terms).
  int* scores = f.scores.get();
  const int enemy_count = pos.pieces(~pos.side_to_move()).count();
  const Value material = eval_weights(pos.variant()).material;
  static constexpr bool DELTA_PRUNING[] = {false, true};  // by variant_index, as tested in games
  static_assert(std::size(DELTA_PRUNING) == VARIANTS.size());
  const bool delta_pruning = DELTA_PRUNING[variant_index(pos.variant())];
  std::size_t n = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Move m = moves[i];
    const bool win = reaches_target(pos, m);
    if (!win && (wins_only || !is_capture(pos, m))) continue;
    int score = 1 << 20;
    if (!win) {
      const int removed = delta_pruning ? enemy_count - pos.after(m).pieces(~pos.side_to_move()).count() : 1;
      if (delta_pruning && stand + removed * material + p.qs_delta_margin < alpha) continue;
      score = removed;
    }
    moves.set(n, m);
    scores[n++] = score;
  }
  moves.truncate(n);
  sort_by_score(moves, scores);
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = moves[i];

    const Position child = pos.after(m);
    keys_.push_back(child.key());
    const bool same_side = child.side_to_move() == pos.side_to_move();
    Value v = same_side ? qsearch(child, alpha, beta, ply, height + 1, qdepth + 1)
                        : -qsearch(child, -beta, -alpha, ply + 1, height + 1, qdepth + 1);
    keys_.pop_back();
    if (shared_->stop.load(std::memory_order_relaxed)) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (v >= beta) break;
    }
  }
  return best;
}

Value Searcher::search(const Position& pos, int depth, Value alpha, Value beta, int ply, int height, bool pv_node) {
  Frame& f = frames_[height];
  f.pv_len = 0;
  if (pos.board_winner()) return loss_in(ply);
  if (ply > 0 && is_repetition(pos, height)) return DRAW;
  if (depth <= 0) return qsearch(pos, alpha, beta, ply, height, 0);
  ++nodes_;
  shared_->thread_nodes[index_]->nodes.store(nodes_, std::memory_order_relaxed);
  if (should_stop()) return 0;
  if (height >= MAX_HEIGHT || ply >= MAX_PLY - 1) return evaluate_node(pos, height);
  if (wins_by_sideways_turn(pos)) return win_in(ply + 1);

  // Mate distance pruning.
  alpha = std::max(alpha, loss_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;

  TTHit hit;
  const bool tt_found = shared_->tt->probe(pos.key(), hit);
  if (tt_found && !pv_node && hit.depth >= depth) {
    Value v = from_table(hit.value, ply);
    if (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && v >= beta) || (hit.bound == Bound::Upper && v <= alpha))
      return v;
  }

  // Staged: a usable table move is searched before anything is generated, so a node it cuts
  // off never generates its parts. The order is the one a full sort would give: the table move,
  // then the rest by score (picked one by one, then sorted once if the node goes on).
  const Move tt_move = tt_found && is_unchecked_part(pos, hit.move) ? hit.move : Move::none();
  MoveList& moves = f.list();
  moves.clear();
  int* scores = f.scores.get();
  bool generated = false;
  auto generate = [&] {
    const std::size_t first = moves.size();  // 1 when the table move is already in place
    generate_parts_unchecked(pos, moves);
    if (first == 1) {  // drop the table move's second copy
      std::size_t kept = 1;
      for (std::size_t j = 1; j < moves.size(); ++j)
        if (moves[j] != tt_move) moves.set(kept++, moves[j]);
      moves.truncate(kept);
    }
    order_moves(pos, moves, tt_move, height, scores);
    generated = true;
  };
  // Reverse futility: far above beta at low depth, trust the static evaluation. Tried before any
  // part is generated, except for a classic side that must reconnect (it may have no legal move).
  const SearchParams& p = *shared_->params;
  const Value static_eval = evaluate_node(pos, height);
  const bool reverse_futile =
      !pv_node && depth <= p.rfp_depth && !is_decisive(beta) && static_eval - p.rfp_margin * depth >= beta;
  if (reverse_futile && !pos.split(pos.side_to_move())) return static_eval;

  if (tt_move.is_none()) {
    generate();
    // A mid-turn node without a forward part means the sideways part before it was illegal.
    if (moves.empty()) return pos.mid_turn() ? -INF : loss_in(ply);
  } else {
    moves.push(tt_move);
  }
  if (reverse_futile) return static_eval;

  const Value alpha0 = alpha;
  Value best = -INF;
  Move best_move;
  const Value static_eval_margin = static_eval + p.fut_margin * depth;
  int quiets_tried = 0;
  // Where late move pruning caps the quiet parts tried at a few, they are picked one by one.
  const std::size_t picked_before_sort = !pv_node && depth <= 2 ? MoveList::CAPACITY : PICKED_BEFORE_SORT;
  for (std::size_t i = 0;; ++i) {
    if (i == 1 && !generated) generate();
    if (i >= moves.size()) break;
    if (i == picked_before_sort) sort_by_score(moves, scores, i);
    else if (i < picked_before_sort && !(i == 0 && !tt_move.is_none())) pick_best(moves, scores, i);
    const Move m = moves[i];

    const bool quiet = !is_capture(pos, m) && !reaches_target(pos, m);
    // Late move pruning: at low depth, quiet moves far down the ordering are not tried. Every
    // part after a quiet one (past the table move) is quiet too (see order_moves), and nothing
    // here changes until the next part is searched, so the rest is pruned as well.
    if (!pv_node && quiet && i > 0 && best > -WIN_BOUND && depth <= p.lmp_depth) {
      if (quiets_tried >= p.lmp_base + p.lmp_factor * depth * depth / 10) break;
      if (depth <= p.fut_depth && static_eval_margin <= alpha && quiets_tried >= 1) break;
    }
    if (quiet) ++quiets_tried;
    const Position child = pos.after(m);
    shared_->tt->prefetch(child.key());
    const bool same_side = child.side_to_move() == pos.side_to_move();
    const int new_depth = same_side ? depth : depth - 1;
    const int child_ply = same_side ? ply : ply + 1;
    auto visit = [&](int d, Value a, Value b, bool pv) {
      return same_side ? search(child, d, a, b, child_ply, height + 1, pv)
                       : -search(child, d, -b, -a, child_ply, height + 1, pv);
    };

    keys_.push_back(child.key());
    Value v;
    if (i == 0) {
      v = visit(new_depth, alpha, beta, pv_node);
    } else {
      int r = 0;
      if (quiet && depth >= p.lmr_depth && i >= std::size_t(p.lmr_move)) {
        constexpr int last = SearchParams::LMR_SIZE - 1;
        const int table = p.lmr(std::min(depth, last), int(std::min<std::size_t>(i, last)));
        r = std::clamp(table - (pv_node ? p.lmr_pv : 0), 0, new_depth - 1);
      }
      v = visit(new_depth - r, alpha, alpha + 1, false);
      if (v > alpha && r > 0) v = visit(new_depth, alpha, alpha + 1, false);
      if (v > alpha && v < beta && pv_node) v = visit(new_depth, alpha, beta, true);
    }
    keys_.pop_back();
    if (shared_->stop.load(std::memory_order_relaxed)) return 0;

    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        const Frame& c = frames_[height + 1];
        f.pv[0] = m;
        std::copy(c.pv, c.pv + c.pv_len, f.pv + 1);
        f.pv_len = c.pv_len + 1;
        if (v >= beta) {
          if (quiet) update_quiet_stats(pos, m, depth, height, moves, int(i) + 1);
          break;
        }
      }
    }
  }

  if (best == -INF) return pos.mid_turn() ? -INF : loss_in(ply);  // every sideways part was illegal
  const Bound bound = best >= beta ? Bound::Lower : best > alpha0 ? Bound::Exact : Bound::Upper;
  shared_->tt->store(pos.key(), best_move, to_table(best, ply), depth, bound);
  return best;
}

Value Searcher::search_turn(const Turn& turn, int depth, Value alpha, Value beta, bool pv_node) {
  const Position child = root_.after(turn);
  // keys_ holds one key per height: a two-part turn passes a mid-turn position too.
  if (turn.parts() == 2) keys_.push_back(root_.after(turn.first).key());
  keys_.push_back(child.key());
  // The turn's parts occupy heights 0 (and 1 for a two-part turn); the reply starts after.
  const int h = turn.parts();
  const Value v = -search(child, depth - 1, -beta, -alpha, 1, h, pv_node);
  keys_.resize(keys_.size() - std::size_t(h));
  return v;
}

void Searcher::record_line(RootLine& line, Value v, Value alpha, Value beta) const {
  line.score = v;
  line.seldepth = seldepth_;
  line.bound = v <= alpha ? Bound::Upper : v >= beta ? Bound::Lower : Bound::Exact;
  line.pv.assign({line.turn.first});
  if (!line.turn.second.is_none()) line.pv.push_back(line.turn.second);
  const Frame& c = frames_[line.turn.parts()];
  line.pv.insert(line.pv.end(), c.pv, c.pv + c.pv_len);
}

void Searcher::search_claimed_lines(const RootSplit::Pass& pass) {
  RootSplit& split = shared_->root_split;
  const int depth = pass.depth;
  const Value beta = pass.beta;
  while (const auto i = split.claim(pass.id)) {
    RootLine& line = (*shared_->root_lines)[*i];
    if (const auto below = split.known_below(*i)) {  // searched ahead: it cannot raise the best score
      split.report(*i, *below, [&](bool) { line.score = -INF; });
      continue;
    }
    Value alpha = split.alpha();
    Value v = search_turn(line.turn, depth, alpha, alpha + 1, false);
    // A null window that fails high gives only a lower bound: when another thread has raised the
    // best score meanwhile, the line is tested again against the new one (a turn that beats it
    // must not be lost), and searched with the whole window once it beats the latest.
    while (v > alpha && v < beta && !shared_->stop.load(std::memory_order_relaxed)) {
      const Value now = split.alpha();
      if (now > alpha) {
        alpha = now;
        v = search_turn(line.turn, depth, alpha, alpha + 1, false);
        continue;
      }
      v = search_turn(line.turn, depth, alpha, beta, true);
      break;
    }
    // An interrupted search says nothing: the line keeps its score of the last iteration.
    if (shared_->stop.load(std::memory_order_relaxed)) {
      split.abandon();
      break;
    }
    split.report(*i, v, [&](bool raised) {
      if (raised) record_line(line, v, alpha, beta);
      else line.score = -INF;
    });
  }
}

void Searcher::search_ahead(const RootSplit::Pass& pass) {
  RootSplit& split = shared_->root_split;
  while (!shared_->stop.load(std::memory_order_relaxed)) {
    const auto i = split.claim(pass.id);
    if (!i) break;
    const Turn turn = (*shared_->root_lines)[*i].turn;
    split.abandon();  // answered once the turn is read: the main thread may reorder the lines after
    const Value v = search_turn(turn, pass.depth, pass.guess, pass.guess + 1, false);
    if (shared_->stop.load(std::memory_order_relaxed)) break;
    split.record_ahead(*i, pass.id, v);
  }
}

Value Searcher::search_root(int depth, Value alpha, Value beta, std::size_t first) {
  ++nodes_;
  RootSplit& split = shared_->root_split;
  // While the main thread searches the first line, the helpers search the others ahead against
  // the window's lower bound (or, with no window, the first line's last score less a margin): the
  // pass's best score will be at least the lower bound.
  RootLine& lead = lines_[first];
  const Value guess = alpha > -INF ? alpha
                    : lead.previous > -INF && !is_decisive(lead.previous) ? lead.previous - shared_->params->asp_delta
                                                                          : -INF;
  const bool ahead = shared_->thread_nodes.size() > 1 && guess > -INF && first + 1 < lines_.size();
  if (ahead) split.open_ahead(first + 1, lines_.size(), depth, guess);
  // The first line alone, with the whole window.
  const Value v = search_turn(lead.turn, depth, alpha, beta, true);
  const bool stopped = shared_->stop.load(std::memory_order_relaxed);
  if (!stopped) record_line(lead, v, alpha, beta);
  if (stopped || v >= beta || first + 1 == lines_.size()) {
    if (ahead) split.close();  // no helper reads the lines once it returns
    return stopped ? -INF : v;
  }

  // The other lines, shared with the helper threads.
  search_claimed_lines(split.open(first + 1, lines_.size(), depth, std::max(alpha, v), beta));
  const RootSplit::Outcome outcome = split.close();
  // Each line that raised the best score moves to the front of the searched range, in the order
  // they did: the best one ends first, as a sequential loop that moves each at once leaves them.
  std::vector<Turn> raised;
  for (const std::size_t i : outcome.raised) raised.push_back(lines_[i].turn);
  for (const Turn& t : raised) {
    const auto at = std::find_if(lines_.begin() + std::ptrdiff_t(first), lines_.end(),
                                 [&](const RootLine& l) { return l.turn == t; });
    std::rotate(lines_.begin() + std::ptrdiff_t(first), at, at + 1);
  }
  return std::max(v, outcome.best);
}

bool Searcher::wins_by_sideways_turn(const Position& pos) {
  if (!can_win_turn_by_sideways(pos)) return false;
  if (const auto known = win_cache_.probe(pos.key())) return *known;
  const bool wins = has_winning_turn(pos);
  win_cache_.store(pos.key(), wins);
  return wins;
}

Value Searcher::evaluate_node(const Position& pos, int height) {
  if (!shared_->net) return evaluate(pos, eval_cache_);
  const Value v = accumulators_->evaluate(*shared_->net, pos, height);
  // Within the non-decisive range, whatever the weights.
  return std::clamp<Value>(v, -WIN_BOUND + 1, WIN_BOUND - 1);
}

void Searcher::begin_search() {
  nodes_ = 0;
  if (shared_->net) {
    if (!accumulators_) accumulators_ = std::make_unique<nnue::AccumulatorStack>(MAX_HEIGHT + 2);
    accumulators_->reset();  // the network may differ from the last search's
  }
}

void Searcher::serve() {
  begin_search();
  unsigned long long seen = 0;
  while (const auto pass = shared_->root_split.wait_for_pass(seen)) {
    seen = pass->id;
    seldepth_ = 0;
    if (pass->ahead) search_ahead(*pass);
    else search_claimed_lines(*pass);
  }
}

void Searcher::run(SearchListener* listener) {
  begin_search();
  if (lines_.empty()) return;
  shared_->root_lines = &lines_;
  shared_->root_split.prepare(lines_.size());
  const SearchLimits& lim = shared_->limits;
  const SearchParams& p = *shared_->params;
  const int max_depth = lim.depth > 0 ? std::min(lim.depth, MAX_PLY - 1) : MAX_PLY - 1;
  const int pv_count = std::min<int>(shared_->multipv, int(lines_.size()));
  for (int depth = 1; depth <= max_depth; ++depth) {
    for (auto& l : lines_) l.previous = l.score;
    seldepth_ = 0;
    for (int pv = 0; pv < pv_count; ++pv) {
      const std::size_t first = std::size_t(pv);
      // Aspiration window around the last score of this line.
      Value prev = lines_[first].previous;
      Value delta = p.asp_delta;
      Value alpha = -INF, beta = INF;
      if (depth >= p.asp_depth && !is_decisive(prev) && prev > -INF) alpha = prev - delta, beta = prev + delta;
      for (;;) {
        Value v = search_root(depth, alpha, beta, first);
        if (shared_->stop.load(std::memory_order_relaxed)) break;
        if (v <= alpha) alpha = std::max(-INF, alpha - delta), delta *= 2;
        else if (v >= beta) beta = std::min(INF, beta + delta), delta *= 2;
        else break;
        if (delta > p.asp_widen_max) alpha = -INF, beta = INF;
      }
      // Keep the searched lines in order of score below the fixed ones.
      std::stable_sort(lines_.begin() + std::ptrdiff_t(first) + 1, lines_.end(),
                       [](const RootLine& a, const RootLine& b) { return a.score > b.score; });
      if (shared_->stop.load(std::memory_order_relaxed)) break;
    }
    if (shared_->stop.load(std::memory_order_relaxed)) {
      // A first iteration cut short still reports the root turns it finished.
      if (listener && (completed_depth_ > 0 || lines_[0].score > -INF)) report(*listener, std::max(completed_depth_, 1));
      break;
    }
    completed_depth_ = depth;
    shared_->first_iteration_done = true;
    if (listener) report(*listener, depth);

    // Limits checked between iterations.
    if (shared_->level_nodes && shared_->total_nodes() >= shared_->level_nodes) break;
    const Value best = lines_[0].score;
    if (lim.mate_moves > 0 && best >= WIN_BOUND && WIN - best <= 2 * lim.mate_moves - 1) break;
    if (!lim.infinite && !shared_->pondering.load() && shared_->budget.soft_ms >= 0 &&
        shared_->elapsed_ms() >= shared_->budget.soft_ms * p.tm_iteration_pct / 100)
      break;
    if (!lim.infinite && best >= WIN_BOUND && depth >= WIN - best + 2 && lim.mate_moves == 0 && lim.depth == 0 &&
        !shared_->pondering.load())
      break;  // a forced win is found and proven at this depth
  }
}

std::vector<Turn> Searcher::parts_to_turns(const Position& pos, const std::vector<Move>& parts) {
  std::vector<Turn> turns;
  Position p = pos;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    Position q = p.after(parts[i]);
    if (q.mid_turn()) {
      if (i + 1 == parts.size()) break;  // an unfinished turn is not reported
      turns.push_back({parts[i], parts[i + 1]});
      p = q.after(parts[i + 1]);
      ++i;
    } else {
      turns.push_back({parts[i], Move::none()});
      p = q;
    }
    if (p.board_winner()) break;
  }
  return turns;
}

void Searcher::report(SearchListener& listener, int depth) {
  const int pv_count = std::min<int>(shared_->multipv, int(lines_.size()));
  const i64 ms = shared_->elapsed_ms();
  const u64 nodes = shared_->total_nodes();
  for (int i = 0; i < pv_count; ++i) {
    const RootLine& l = lines_[std::size_t(i)];
    Value v = l.score > -INF ? l.score : l.previous;
    if (v <= -INF) continue;
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(l.seldepth, depth);
    info.multipv = i + 1;
    if (v >= WIN_BOUND) info.score.mate_plies = WIN - v;
    else if (v <= -WIN_BOUND) info.score.mate_plies = -(WIN + v);
    else info.score.cp = v;
    info.bound = l.bound == Bound::Lower ? SearchInfo::Bound::Lower
               : l.bound == Bound::Upper ? SearchInfo::Bound::Upper : SearchInfo::Bound::Exact;
    info.nodes = nodes;
    info.time_ms = ms;
    info.nps = ms > 0 ? nodes * 1000 / u64(ms) : nodes * 1000;
    info.hashfull = shared_->tt->hashfull();
    if (info.score.mate_plies) {
      int w = *info.score.mate_plies > 0 ? 1000 : 0;
      info.wdl[0] = w, info.wdl[2] = 1000 - w;
    } else {
      int w = int(std::lround(1000.0 / (1.0 + std::exp(-double(v) / 150.0))));
      info.wdl[0] = w, info.wdl[2] = 1000 - w;
    }
    info.pv = parts_to_turns(root_, l.pv);
    listener.on_info(info);
  }
}

}  // namespace ordo
