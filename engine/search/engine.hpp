// The engine facade: the one interface the protocol sees. It owns the game (variant, start
// position, moves played), the options, the transposition table and the search threads.
// Search never prints: it reports through a SearchListener, from the search thread.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "position.hpp"
#include "search/search_types.hpp"
#include "search/strength_limit.hpp"

namespace ordo {

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The position to search and the keys of every position of its game, the start first and
  // `current`'s last (they feed repetition detection). Set once per position the caller's game
  // reaches; no turn is replayed here.
  void set_position(const Position& current, std::vector<u64> history_keys);

  // Options. Each may be called while no search runs. A setting's range and its value in a new
  // engine (the protocol's options announce both); the setters clamp to the range.
  struct Range { int min, max, initial; };
  static constexpr Range HASH_MB{1, 65536, 16};
  static constexpr Range THREADS{1, 256, 1};
  static constexpr Range MULTIPV{1, 256, 1};
  static constexpr Range MOVE_OVERHEAD_MS{0, 5000, 30};
  // Called now and then during long work (writing the hash table); true ends that work early,
  // leaving a valid, empty table (see TranspositionTable).
  using Cancel = std::function<bool()>;
  // Makes the table and writes it whole on the `Threads` threads, so no search pays for its first
  // touch (about 0.15 s per GB, docs/PROTOCOL.md). Returns "" or why the size could not be had
  // (the table then keeps its old size).
  std::string set_hash_mb(std::size_t mb, const Cancel& cancelled = {});
  // Returns the number of search threads used: at most the machine's hardware threads
  // (max_threads()), since more only slow the search and break the stop promise.
  int set_threads(int n);
  static int max_threads();
  void set_multipv(int n);
  void set_move_overhead_ms(int ms);
  // Baselines for strength tests: Random plays a uniformly random legal turn (seeded, so a
  // game is reproducible); Greedy plays the turn with the best static evaluation one turn ahead
  // (an immediate win first). Search is the real engine.
  enum class PlayMode { Search, Random, Greedy };
  void set_play_mode(PlayMode mode, u64 seed = 1);
  // Playing strength limited to a rating (strength_limit.hpp: UCI_LimitStrength and UCI_Elo), or
  // full strength (nullopt). A limited search runs on one thread, searches the level's root lines
  // within its node budget (and the go's own limits) and plays one of them by the level's chance,
  // drawn from the position and `seed`: the same game replays the same turns.
  static constexpr Range ELO{ELO_MIN, ELO_MAX, ELO_MAX};
  void set_strength_limit(std::optional<int> elo, u64 seed = 1);
  // Which evaluation the search uses: Auto is each variant's default (the network once it has
  // beaten the hand evaluation in games: see network_by_default), Hand or Network force one.
  enum class EvalMode { Auto, Hand, Network };
  void set_eval_mode(EvalMode mode);
  static bool network_by_default(Variant v);
  // Loads a network from the bytes of a network file (docs/NETWORK.md; the caller reads the file)
  // for the variant its header names; `source` names it in messages and `eval`. Returns "" and
  // that variant in `loaded`, or the one-line reason it was refused (the network in use is then
  // kept).
  std::string load_network(std::span<const unsigned char> bytes, const std::string& source, Variant& loaded);
  // The search's tunable parameters (search/search_params.hpp): one set per variant, each at the
  // variant's defaults in a new engine. A go searches with its position's variant's set, on every
  // thread; bench with each position's.
  struct TunableValue {
    std::string name;  // e.g. rfp_margin (the protocol's option adds the variant: ordox.rfp_margin)
    int value, min, max;
    double c_end, r_end;  // SPSA steps, fishtest's (docs/CLUSTER.md)
  };
  std::vector<TunableValue> tunables(Variant v) const;  // the current values, in a fixed order
  static std::vector<TunableValue> default_tunables(Variant v);
  // Sets one parameter of a variant's set. Returns "" or the one-line reason it was refused (an
  // unknown name, a value out of range); then nothing changes.
  std::string set_tunable(Variant v, std::string_view name, int value);
  void clear_hash(const Cancel& cancelled = {});  // written on the `Threads` threads, as set_hash_mb
  // clears the hash (as clear_hash) and forgets the delays the time planning learned
  void new_game(const Cancel& cancelled = {});

  // Search on background threads. go() returns at once; the listener gets info lines and exactly
  // one on_bestmove, as soon as the search is over: when a limit is reached, on stop(), or for an
  // infinite or ponder search when it has nothing left to search. (When a protocol may print that
  // bestmove is not the search's business: see protocol/front_end/relay.hpp.) ponderhit() turns a
  // ponder search into a normal timed one. wait() blocks until the search has reported its
  // bestmove. `stopped`: a go that was stopped before it began (a GUI's pipelined stop); it
  // answers at once with the first legal turn, searching nothing.
  void go(const SearchLimits& limits, SearchListener& listener, bool stopped = false);
  void stop();
  void ponderhit();
  void wait();
  bool searching() const;

  // Static evaluation of a position, with its terms and the network's value.
  EvalReport evaluate(const Position& pos) const;

  // Searches the fixed bench positions on one thread with a fresh hash, classic positions to
  // `depth` and Ordo X ones (about 30 times the branching per turn) to bench_depth(OrdoX, depth);
  // returns the total node count and elapsed milliseconds, calling `progress` after each position.
  // stop(), or `cancelled` turning true, ends it early (completed = false).
  struct BenchResult { u64 nodes = 0; i64 time_ms = 0; bool completed = true; };
  static constexpr int DEFAULT_BENCH_DEPTH = 7;
  static int bench_depth(Variant v, int depth);
  BenchResult bench(int depth, const std::function<void(const std::string&)>& progress,
                    const std::function<bool()>& cancelled = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ordo
