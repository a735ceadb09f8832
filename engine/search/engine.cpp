#include "search/engine.hpp"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <iterator>
#include <mutex>
#include <thread>

#include "movegen.hpp"
#include "notation.hpp"
#include "search/bench_positions.hpp"
#include "search/evaluate.hpp"
#include "search/nnue_accumulator.hpp"
#include "search/search.hpp"
#include "search/search_params.hpp"
#include "search/timing_log.hpp"
#include "shape_facts.hpp"

namespace ordo {

struct Engine::Impl {
  TranspositionTable tt{std::size_t(HASH_MB.initial)};
  Position current = Position::start(Variant::Classic);
  std::vector<u64> keys{current.key()};
  int threads = THREADS.initial;
  int multipv = MULTIPV.initial;
  int move_overhead_ms = MOVE_OVERHEAD_MS.initial;
  DelayWatch delays;  // written by the search thread after its bestmove, read by go() after wait()
  TimingLog timing_log;
  PlayMode mode = PlayMode::Search;
  u64 rng_state = 1;
  std::optional<int> strength_elo;  // nullopt: full strength
  u64 strength_seed = 1;
  int search_threads() const { return strength_elo ? 1 : threads; }
  EvalMode eval_mode = EvalMode::Auto;
  // Each variant's tunable parameters (read by the searches, changed only while none runs).
  std::array<SearchParams, VARIANTS.size()> params = [] {
    std::array<SearchParams, VARIANTS.size()> p;
    for (const VariantRules& r : VARIANTS) p[std::size_t(variant_index(r.variant))] = default_search_params(r.variant);
    return p;
  }();
  const SearchParams& search_params(Variant v) const { return params[std::size_t(variant_index(v))]; }
  // Each variant's network: the embedded one until a file replaces it.
  std::shared_ptr<const nnue::Network> nets[VARIANTS.size()];
  const nnue::Network* network(Variant v) const { return nets[variant_index(v)].get(); }
  // The network the search uses in a variant, or nullptr for the hand evaluation.
  const nnue::Network* search_network(Variant v) const {
    const bool use = eval_mode == EvalMode::Network || (eval_mode == EvalMode::Auto && network_by_default(v));
    return use ? network(v) : nullptr;
  }

  std::unique_ptr<SearchShared> shared;
  std::vector<std::unique_ptr<Searcher>> searchers;  // one per thread, kept between searches
  // The rules core's tables, one per search thread, made when the thread count is set (making one
  // touches megabytes of fresh memory: never while a clock runs).
  std::vector<std::unique_ptr<ShapeTable>> shape_tables;
  void make_shape_tables() {
    while (shape_tables.size() < std::size_t(threads)) shape_tables.push_back(std::make_unique<ShapeTable>());
  }
  std::thread main_thread;
  std::thread timer_thread;
  mutable std::mutex mutex;
  std::condition_variable cv;
  bool running = false;       // a go() has not yet reported its bestmove
  SearchShared* bench_search = nullptr;  // the bench position being searched, for stop()
  bool bench_stopped = false;

  void search_thread(SearchListener& listener);
  std::size_t level_line(const std::vector<RootLine>& lines, const SearchShared& s) const;
  std::optional<Turn> level_random_turn() const;
  // A level's draws in this position: the same position and Seed give the same turn, so a game replays.
  u64 level_seed() const { return current.key() ^ (strength_seed * 0x9E3779B97F4A7C15ull); }
  void after_bestmove(const SearchShared& s);
  void finish_and_report(SearchListener& listener, std::optional<Turn> best, std::optional<Turn> ponder);
  void timer(SearchShared& s);
  void end_timer(SearchShared& s) {
    {
      std::lock_guard lock(mutex);
      s.stop = true;
      cv.notify_all();
    }
    if (timer_thread.joinable()) timer_thread.join();
  }
};

Engine::Engine() : impl_(std::make_unique<Impl>()) {
  impl_->make_shape_tables();
  // The embedded networks live as long as the program: shared without ownership.
  for (const VariantRules& r : VARIANTS)
    impl_->nets[variant_index(r.variant)] =
        std::shared_ptr<const nnue::Network>(std::shared_ptr<void>(), nnue::embedded_network(r.variant));
}

// The variants whose network has beaten the hand evaluation in games (docs/NETWORK.md, "The
// networks, measured"): both, classic (ordo.nnue) and Ordo X (ordox.nnue). A new variant's network
// joins them only after such a match.
bool Engine::network_by_default(Variant v) {
  static constexpr bool BY_VARIANT[] = {true, true};  // in VARIANTS' order
  static_assert(std::size(BY_VARIANT) == VARIANTS.size());
  return BY_VARIANT[variant_index(v)];
}

void Engine::set_eval_mode(EvalMode mode) {
  wait();
  impl_->eval_mode = mode;
}

std::string Engine::load_network(std::span<const unsigned char> bytes, const std::string& source, Variant& loaded) {
  wait();
  std::string error;
  std::unique_ptr<nnue::Network> net = nnue::parse_network(bytes, source, error);
  if (!net) return error;
  loaded = net->variant;
  impl_->nets[variant_index(loaded)] = std::move(net);
  return "";
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_position(const Position& current, std::vector<u64> history_keys) {
  wait();
  impl_->current = current;
  impl_->keys = std::move(history_keys);
  if (impl_->keys.empty() || impl_->keys.back() != current.key()) impl_->keys.push_back(current.key());
}

std::string Engine::set_hash_mb(std::size_t mb, const Cancel& cancelled) {
  wait();
  return impl_->tt.resize(std::clamp<std::size_t>(mb, HASH_MB.min, HASH_MB.max), impl_->threads, cancelled);
}

int Engine::max_threads() { return int(std::clamp<unsigned>(std::thread::hardware_concurrency(), THREADS.min, THREADS.max)); }

int Engine::set_threads(int n) {
  wait();
  impl_->threads = std::clamp(n, THREADS.min, max_threads());
  impl_->make_shape_tables();
  return impl_->threads;
}
void Engine::set_multipv(int n) { impl_->multipv = std::clamp(n, MULTIPV.min, MULTIPV.max); }
void Engine::set_move_overhead_ms(int ms) { impl_->move_overhead_ms = std::clamp(ms, MOVE_OVERHEAD_MS.min, MOVE_OVERHEAD_MS.max); }
void Engine::set_play_mode(PlayMode mode, u64 seed) {
  wait();
  impl_->mode = mode;
  impl_->rng_state = seed ? seed : 1;
}

void Engine::set_strength_limit(std::optional<int> elo, u64 seed) {
  wait();
  impl_->strength_elo = elo ? std::optional<int>(std::clamp(*elo, ELO.min, ELO.max)) : std::nullopt;
  impl_->strength_seed = seed;
}

namespace {

std::vector<Engine::TunableValue> tunable_values(const SearchParams& p) {
  std::vector<Engine::TunableValue> out;
  for (const Tunable& t : tunables()) out.push_back({std::string(t.name), p.*t.field, t.min, t.max, t.c_end, t.r_end});
  return out;
}

}  // namespace

std::vector<Engine::TunableValue> Engine::tunables(Variant v) const { return tunable_values(impl_->search_params(v)); }

std::vector<Engine::TunableValue> Engine::default_tunables(Variant v) { return tunable_values(default_search_params(v)); }

std::string Engine::set_tunable(Variant v, std::string_view name, int value) {
  wait();
  return impl_->params[std::size_t(variant_index(v))].set(name, value);
}

void Engine::clear_hash(const Cancel& cancelled) {
  wait();
  impl_->tt.clear(impl_->threads, cancelled);
}
void Engine::new_game(const Cancel& cancelled) {
  wait();
  impl_->tt.clear(impl_->threads, cancelled);
  impl_->delays.reset();  // what the last game's clock taught is not carried into this one
}

void Engine::go(const SearchLimits& limits, SearchListener& listener, bool stopped) {
  stop();
  wait();
  Impl& m = *impl_;
  m.shared = std::make_unique<SearchShared>();
  SearchShared& s = *m.shared;
  s.tt = &m.tt;
  s.limits = limits;
  // A win in N of our turns is proven or refuted by a search of 2N-1 plies: go mate ends there.
  if (limits.mate_moves > 0) {
    const int plies = int(std::min<i64>(2 * i64(limits.mate_moves) - 1, MAX_PLY - 1));
    s.limits.depth = s.limits.depth > 0 ? std::min(s.limits.depth, plies) : plies;
  }
  s.multipv = m.multipv;
  if (m.strength_elo) {
    const StrengthLevel level = strength_level(m.current.variant(), *m.strength_elo);
    s.multipv = std::max(s.multipv, level.lines);
    s.level_nodes = level.nodes;
  }
  s.net = m.search_network(m.current.variant());
  s.params = &m.search_params(m.current.variant());
  s.start_clock(limits.received_ns);
  s.pondering = limits.ponder;
  const bool timed = !limits.infinite && !limits.ponder;
  if (timed) m.delays.on_go(limits, m.current.side_to_move());
  s.budget = limits.infinite ? TimeBudget{}
                              : plan_time(limits, m.current.side_to_move(), m.move_overhead_ms, m.delays.observed(),
                                          *s.params);
  m.timing_log.begin(s, std::max(m.move_overhead_ms, m.delays.delay_ms()), m.delays.slowdown());
  s.add_thread_counters(m.search_threads());
  {
    std::lock_guard lock(m.mutex);
    m.running = true;
    s.stop = stopped;
  }
  m.tt.new_search();
  // The timer first: the search thread joins it.
  if (s.budget.hard_ms >= 0) m.timer_thread = std::thread([this, &s] { impl_->timer(s); });
  m.main_thread = std::thread([this, &listener] { impl_->search_thread(listener); });
}

// Stops the search when its hard limit passes, however busy the search threads are: the node
// counters check the clock too, but a thread that the machine does not run checks nothing.
void Engine::Impl::timer(SearchShared& s) {
  std::unique_lock lock(mutex);
  while (running && !s.stop.load()) {
    if (s.pondering.load()) {
      cv.wait(lock);  // ponderhit restarts the clock and notifies
      continue;
    }
    const i64 left = s.hard_limit_ms() - s.elapsed_ms();
    if (left <= 0) {
      s.stop = true;
      break;
    }
    // One sleep to the deadline. (Once the first iteration is complete the limit shrinks; the
    // search threads see that themselves. Waking often would be worse: on a busy machine every
    // wake-up of this thread can hand the search thread's place on the core to another process.)
    cv.wait_for(lock, std::chrono::milliseconds(left));
  }
}

// The baseline players: no search, one reply at once.
static std::optional<Turn> baseline_turn(const Position& pos, Engine::PlayMode mode, u64& rng) {
  const std::vector<Turn> turns = legal_turns(pos);
  if (turns.empty()) return std::nullopt;
  if (mode == Engine::PlayMode::Random) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;  // xorshift64
    return turns[rng % turns.size()];
  }
  std::optional<Turn> best;
  Value best_value = -INF - 1;
  for (const Turn& t : turns) {
    const Position q = pos.after(t);
    const Value v = q.board_winner() ? WIN : -evaluate(q);
    if (v > best_value) best_value = v, best = t;
  }
  return best;
}

// The line a strength level plays among the searched ones (its root lines, MultiPV's count).
std::size_t Engine::Impl::level_line(const std::vector<RootLine>& lines, const SearchShared& s) const {
  std::vector<Value> scores;
  for (std::size_t i = 0; i < lines.size() && i < std::size_t(s.multipv); ++i)
    scores.push_back(lines[i].score > -INF ? lines[i].score : lines[i].previous);
  const StrengthLevel level = strength_level(current.variant(), *strength_elo);
  return choose_line(scores, level.temperature, level_seed());
}

// A strength level's seeded chance of a uniformly random legal turn, drawn before any search.
std::optional<Turn> Engine::Impl::level_random_turn() const {
  if (!strength_elo) return std::nullopt;
  const int chance = strength_level(current.variant(), *strength_elo).random_permille;
  if (chance <= 0) return std::nullopt;
  const std::vector<Turn> turns = legal_turns(current);
  const std::optional<std::size_t> i = random_turn(chance, turns.size(), level_seed());
  if (!i) return std::nullopt;
  return turns[*i];
}

void Engine::Impl::search_thread(SearchListener& listener) {
  SearchShared& s = *shared;
  // The turns played without a search: a baseline player's, or a level's random turn.
  const bool baseline = mode != PlayMode::Search;
  const std::optional<Turn> at_once = baseline ? baseline_turn(current, mode, rng_state) : level_random_turn();
  if (baseline || at_once) {
    end_timer(s);
    finish_and_report(listener, at_once, std::nullopt);
    after_bestmove(s);
    return;
  }
  const ShapeTable::Adopt kept(*shape_tables[0]);
  // Each search starts with fresh killers and history, in the searchers' kept memory.
  std::vector<std::unique_ptr<Searcher>>& fresh = searchers;
  const int used = search_threads();
  if (fresh.size() > std::size_t(used)) fresh.resize(std::size_t(used));
  for (int i = 0; i < used; ++i) {
    if (std::size_t(i) < fresh.size()) fresh[std::size_t(i)]->attach(s);
    else fresh.push_back(std::make_unique<Searcher>(s, i));
    if (i > 0) fresh[std::size_t(i)]->share_history(*fresh[0]);
  }
  // The helpers take the root on their own threads (they need no lines of their own) while the
  // main thread lists the root turns and begins.
  std::vector<std::thread> helpers;
  for (int i = 1; i < used; ++i)
    helpers.emplace_back([this, &fresh, i] {
      const ShapeTable::Adopt helper_kept(*shape_tables[std::size_t(i)]);
      fresh[std::size_t(i)]->set_root(current, keys, false);
      fresh[std::size_t(i)]->serve();
    });
  fresh[0]->set_root(current, keys);
  fresh[0]->run(&listener);
  s.stop = true;
  s.root_split.finish();
  for (auto& t : helpers) t.join();
  end_timer(s);

  std::optional<Turn> best, ponder;
  const auto& lines = fresh[0]->lines();
  if (!lines.empty()) {
    const std::size_t played = strength_elo ? level_line(lines, s) : 0;
    best = lines[played].turn;
    auto turns = Searcher::parts_to_turns(current, lines[played].pv);
    if (turns.size() >= 2) ponder = turns[1];
  }
  finish_and_report(listener, best, ponder);
  after_bestmove(s);
}

// What the clock showed of this search, once its bestmove is written.
void Engine::Impl::after_bestmove(const SearchShared& s) {
  if (s.limits.infinite || s.limits.ponder) return;  // no clock ran from the go
  const i64 elapsed = s.elapsed_ms();
  delays.on_bestmove(elapsed, s.budget);
  timing_log.end(s, elapsed);
}

// The search is over before its bestmove is printed: a reader of the bestmove may send its next
// command at once and must find the engine idle.
void Engine::Impl::finish_and_report(SearchListener& listener, std::optional<Turn> best, std::optional<Turn> ponder) {
  {
    std::lock_guard lock(mutex);
    running = false;
    cv.notify_all();
  }
  listener.on_bestmove(best, ponder);
}

void Engine::stop() {
  Impl& m = *impl_;
  std::lock_guard lock(m.mutex);
  if (m.bench_search) {
    m.bench_stopped = true;
    m.bench_search->stop = true;
  }
  if (!m.running) return;
  if (m.shared) m.shared->stop = true;
  m.cv.notify_all();
}

void Engine::ponderhit() {
  Impl& m = *impl_;
  std::lock_guard lock(m.mutex);
  if (!m.running || !m.shared) return;
  m.shared->start_clock();
  m.shared->pondering = false;
  m.cv.notify_all();
}

void Engine::wait() {
  Impl& m = *impl_;
  if (m.main_thread.joinable()) m.main_thread.join();
}

bool Engine::searching() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->running;
}

EvalReport Engine::evaluate(const Position& pos) const {
  EvalReport r = evaluate_report(pos);
  if (const nnue::Network* net = impl_->network(pos.variant()); net) {
    r.network = nnue::evaluate_once(*net, pos);
    r.network_source = net->source;
    r.network_used = impl_->search_network(pos.variant()) == net;
  }
  return r;
}

int Engine::bench_depth(Variant v, int depth) {
  // Ordo X has about 30 times the branching per turn: its positions are searched 4 plies less.
  static constexpr int LESS[] = {0, 4};  // in VARIANTS' order
  static_assert(std::size(LESS) == VARIANTS.size());
  return std::max(1, depth - LESS[variant_index(v)]);
}

Engine::BenchResult Engine::bench(int depth, const std::function<void(const std::string&)>& progress,
                                  const std::function<bool()>& cancelled) {
  wait();
  Impl& m = *impl_;
  {
    std::lock_guard lock(m.mutex);
    m.bench_stopped = false;
  }
  BenchResult r;
  TranspositionTable tt(16);
  const auto start = Clock::now();
  const ShapeTable::Adopt kept(*m.shape_tables[0]);  // as a search thread does
  for (const BenchPosition& bp : bench_positions()) {
    tt.clear();
    SearchShared s;
    s.tt = &tt;
    s.limits.depth = bench_depth(bp.position.variant(), depth);
    s.net = m.search_network(bp.position.variant());
    s.params = &m.search_params(bp.position.variant());
    s.start_clock();
    s.add_thread_counters(1);
    {
      std::lock_guard lock(m.mutex);
      m.bench_search = &s;  // from here on stop() reaches this search
    }
    if (cancelled && cancelled()) {
      std::lock_guard lock(m.mutex);
      m.bench_search = nullptr;
      m.bench_stopped = true;
      break;
    }
    Searcher searcher(s, 0);
    searcher.set_root(bp.position, {bp.position.key()});
    searcher.run(nullptr);
    {
      std::lock_guard lock(m.mutex);
      m.bench_search = nullptr;
      if (m.bench_stopped) break;
    }
    const u64 n = s.total_nodes();
    r.nodes += n;
    if (progress) progress(std::string(variant_name(bp.position.variant())) + " " + bp.fen + ": " + std::to_string(n) + " nodes");
  }
  r.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  std::lock_guard lock(m.mutex);
  r.completed = !m.bench_stopped;
  return r;
}

}  // namespace ordo
