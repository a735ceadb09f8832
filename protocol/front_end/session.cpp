#include "session.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <sstream>

#include "debug_reports.hpp"
#include "go_command.hpp"
#include "line_reader.hpp"
#include "network_file.hpp"
#include "notation.hpp"
#include "perft_stream.hpp"
#include "reports.hpp"
#include "search_text.hpp"
#include "tokenizer.hpp"
#include "tunables.hpp"

#ifndef ORDO_VERSION
#define ORDO_VERSION "0"
#endif

namespace ordo::protocol {

namespace {

const char* const HELP_TEXT =
    "Commands (UCI, or UGI after 'ugi'; see docs/PROTOCOL.md):\n"
    "  uci | ugi                      handshake: engine name, options, uciok/ugiok\n"
    "  isready                        answered with readyok at once\n"
    "  setoption name <N> [value <V>] set an option (UCI_Variant ordo|ordox, Hash, Threads, ...)\n"
    "  ucinewgame                     a new game: clears the hash\n"
    "  position startpos|fen <FEN> [moves <t1> ...]\n"
    "  go [depth N] [nodes N] [movetime MS] [mate N] [wtime MS btime MS winc MS binc MS]\n"
    "     [movestogo N] [infinite] [ponder] [searchmoves <t> ...]   search; ends with bestmove\n"
    "  go perft N                     count the move tree to depth N, split by root move\n"
    "                                 (on Threads threads; with PerftHash, a table of Hash MB)\n"
    "  stop | ponderhit               end the search / the opponent played the expected move\n"
    "  d | moves | eval | flip        board, legal moves, evaluation terms, colour-flip\n"
    "  query p1turn|gameover|result   UGI referee questions about the current position\n"
    "  bench [D]                      fixed search; last line '<N> nodes <M> nps'\n"
    "  tunables [ordo|ordox]          the tunable search parameters: name,value,min,max,c_end,r_end\n"
    "  help | quit\n";

}  // namespace

Session::Session(Output& out, Engine& engine, Variant variant, const std::optional<Position>& start,
                 bool announce_tunables)
    : out_(out), game_(variant), announce_tunables_(announce_tunables), worker_(out, engine) {
  if (start) game_.set_start(*start);
  declare_options(variant);
  declare_tunables();
  // The engine starts with the values the registry announces.
  const auto number = [&](const char* name) { return options_[name].number(); };
  const std::size_t hash = std::size_t(number("Hash"));
  const int threads = int(number("Threads")), multipv = int(number("MultiPV"));
  const int overhead = int(number("Move Overhead"));
  worker_.submit([=](Engine& e, const auto&) {
    e.set_hash_mb(hash);
    e.set_threads(threads);
    e.set_multipv(multipv);
    e.set_move_overhead_ms(overhead);
  });
  apply_play_mode();
}

// Every option, in the order `uci` announces them, with what setting it does (docs/PROTOCOL.md,
// "Options"). Engine work goes through the worker, in command order.
void Session::declare_options(Variant variant) {
  Output& out = out_;
  const auto spin = [](const char* name, Engine::Range r) { return Option::spin(name, r.initial, r.min, r.max); };
  std::vector<std::string> variant_names;
  for (const VariantRules& r : VARIANTS) variant_names.emplace_back(r.name);
  options_.add(Option::combo("UCI_Variant", std::string(variant_name(variant)), variant_names),
               [this](const Option& o) {
                 game_.reset(*parse_variant(o.value));
                 say("info string variant " + o.value + " startpos " + to_fen(game_.start()) + "\n");
               });
  options_.add(spin("Hash", Engine::HASH_MB), [this, &out](const Option& o) {
    worker_.submit([mb = std::size_t(o.number()), &out](Engine& e, const auto& cancelled) {
      if (std::string err = e.set_hash_mb(mb, cancelled); !err.empty()) out.error(err);
    });
  });
  options_.add(spin("Threads", Engine::THREADS), [this, &out](const Option& o) {
    worker_.submit([n = int(o.number()), &out](Engine& e, const auto&) {
      const int used = e.set_threads(n);
      if (used < n)
        out.info("Threads " + std::to_string(n) + " capped at " + std::to_string(used) +
                 ", the hardware threads of this machine");
    });
  });
  options_.add(spin("MultiPV", Engine::MULTIPV), [this](const Option& o) {
    worker_.submit([n = int(o.number())](Engine& e, const auto&) { e.set_multipv(n); });
  });
  options_.add(spin("Move Overhead", Engine::MOVE_OVERHEAD_MS), [this](const Option& o) {
    worker_.submit([n = int(o.number())](Engine& e, const auto&) { e.set_move_overhead_ms(n); });
  });
  options_.add(Option::button("Clear Hash"),
               [this](const Option&) { worker_.submit([](Engine& e, const auto& cancelled) { e.clear_hash(cancelled); }); });
  options_.add(Option::check("Ponder", false));       // the GUI may ponder; the engine never does on its own
  options_.add(Option::check("UCI_ShowWDL", false));  // read at each go
  // Baseline players for strength tests (random or greedy one-turn); seeded for reproducibility.
  options_.add(Option::combo("Play Mode", "search", {"search", "random", "greedy"}),
               [this](const Option&) { apply_play_mode(); });
  options_.add(Option::spin("Seed", 1, 1, 1000000000), [this](const Option&) { apply_play_mode(); });
  // Strength limited to a rating (docs/PROTOCOL.md, "Levels"); the Seed draws the level's choices.
  options_.add(Option::check("UCI_LimitStrength", false), [this](const Option&) { apply_play_mode(); });
  options_.add(spin("UCI_Elo", Engine::ELO), [this](const Option&) { apply_play_mode(); });
  // The evaluation the search uses: auto is each variant's default (docs/NETWORK.md).
  options_.add(Option::combo("EvalMode", "auto", {"auto", "hand", "network"}), [this](const Option& o) {
    const auto m = o.value == "hand" ? Engine::EvalMode::Hand
                   : o.value == "network" ? Engine::EvalMode::Network : Engine::EvalMode::Auto;
    worker_.submit([m](Engine& e, const auto&) { e.set_eval_mode(m); });
  });
  // A network file for the variant its header names; the embedded network until set. The option
  // keeps its text even when the file is refused; the engine keeps its network.
  options_.add(Option::string("EvalFile"), [this, &out](const Option& o) {
    worker_.submit([path = o.value, &out](Engine& e, const auto&) {
      std::string loaded;
      if (std::string err = load_network_file(e, path, loaded); !err.empty()) out.error(err);
      else out.info(loaded);
    });
  });
  // go perft looks counts up in a table of Hash MB of its own, made for each go perft; read at each go.
  options_.add(Option::check("PerftHash", false));
}

// The tunable search parameters, one spin per variant and parameter ("ordox.rfp_margin"), after the
// other options; hidden unless announce_tunables_. The engine starts at their defaults.
void Session::declare_tunables() {
  Output& out = out_;
  for (const VariantRules& r : VARIANTS)
    for (const Engine::TunableValue& t : Engine::default_tunables(r.variant)) {
      Option o = Option::spin(tunable_option_name(r.variant, t.name), t.value, t.min, t.max);
      o.hidden = !announce_tunables_;
      options_.add(std::move(o), [this, &out, v = r.variant, name = t.name](const Option& o) {
        worker_.submit([v, name, value = int(o.number()), &out](Engine& e, const auto&) {
          if (std::string err = e.set_tunable(v, name, value); !err.empty()) out.error(err);
        });
      });
    }
}

void Session::run(std::istream& in, bool interactive) {
  if (interactive) out_.line(std::string("Ordo ") + ORDO_VERSION + " — type uci, or help");
  std::string line;
  for (;;) {
    const LineRead r = read_line(in, line, MAX_LINE_BYTES);
    if (r.kind == LineRead::End) break;
    if (r.kind == LineRead::TooLong) {
      say_error("input line of " + std::to_string(r.bytes) + " bytes ignored (the limit is " +
                std::to_string(MAX_LINE_BYTES) + ")");
      continue;
    }
    if (!handle(line)) return;
  }
  finish();  // end of input
}

void Session::finish() { worker_.finish(); }

void Session::say(std::string text) { worker_.submit_text(std::move(text)); }

void Session::say_error(std::string_view message) { say(Output::error_line(message)); }

bool Session::handle(const std::string& line) {
  const Words w = split_words(line);
  if (w.empty()) return true;
  const std::string& c = w[0];
  const auto no_args = [&]() {
    if (w.size() == 1) return true;
    say_error("'" + c + "' takes no arguments, got '" + join_words(w, 1, w.size()) + "'");
    return false;
  };
  // Honoured at once, whatever runs or waits.
  if (c == "quit") {
    worker_.quit();
    return false;
  }
  if (c == "isready") {
    if (no_args()) worker_.ping();
    return true;
  }
  if (c == "stop") {
    if (no_args()) worker_.stop();
    return true;
  }
  if (c == "ponderhit") {
    if (no_args()) worker_.ponderhit();
    return true;
  }
  // Everything else acts in order, after the work queued before it.
  if (c == "uci") { if (no_args()) cmd_handshake(Dialect::Uci); }
  else if (c == "ugi") { if (no_args()) cmd_handshake(Dialect::Ugi); }
  else if (c == "setoption") cmd_setoption(w, line);
  else if (c == "ucinewgame" || c == "uginewgame") { if (no_args()) cmd_newgame(); }
  else if (c == "position") cmd_position(w);
  else if (c == "go") cmd_go(w);
  else if (c == "query") cmd_query(w);
  else if (c == "d") { if (no_args()) say(board_report(game_)); }
  else if (c == "moves") {
    if (no_args()) {
      std::ostringstream s;
      print_moves(s, game_.current());
      say(s.str());
    }
  }
  else if (c == "eval") { if (no_args()) cmd_eval(); }
  else if (c == "flip") { if (no_args()) game_.flip(); }
  else if (c == "bench") cmd_bench(w);
  else if (c == "tunables") cmd_tunables(w);
  else if (c == "help") { if (no_args()) cmd_help(); }
  else if (c == "debug" || c == "register") {}  // UCI commands without meaning here
  else say_error("unknown command '" + c + "' (type help for the commands)");
  return true;
}

void Session::cmd_handshake(Dialect dialect) {
  dialect_ = dialect;
  std::string s = std::string("id name Ordo ") + ORDO_VERSION + "\nid author the Ordo engine authors\n";
  for (const std::string& l : options_.announce(announce_tunables_)) s += l + "\n";
  s += dialect == Dialect::Uci ? "uciok\n" : "ugiok\n";
  say(std::move(s));
}

void Session::cmd_help() { say(HELP_TEXT); }

void Session::cmd_setoption(const Words& w, const std::string& line) {
  if (std::string err = options_.set(w, line); !err.empty()) say_error(err);
}

void Session::cmd_newgame() {
  game_.reset(game_.variant());
  worker_.submit([](Engine& e, const auto& cancelled) { e.new_game(cancelled); });
}

void Session::cmd_position(const Words& w) {
  if (std::string err = game_.set_from_command(w); !err.empty()) return say_error(err);
}

void Session::cmd_go(const Words& w) {
  const i64 received_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  GoCommand go;
  if (std::string err = parse_go(w, game_.current(), go); !err.empty()) return say_error(err);
  go.limits.received_ns = received_ns;
  if (go.perft_depth) {
    Output& out = out_;
    // As many threads as the search would use; the hash only when asked for.
    const int threads = std::min(int(options_["Threads"].number()), Engine::max_threads());
    const std::size_t hash_mb = options_["PerftHash"].flag() ? std::size_t(options_["Hash"].number()) : 0;
    worker_.submit([&out, pos = game_.current(), depth = *go.perft_depth, threads, hash_mb](Engine&, const auto& cancelled) {
      std::unique_ptr<PerftHash> hash;
      if (hash_mb > 0 && !(hash = PerftHash::create(hash_mb)))
        out.error("perft hash of " + std::to_string(hash_mb) + " MB could not be allocated; counting without it");
      const PerftOutcome r = stream_divide(pos, depth, [&](const std::string& l) { out.line(l); }, cancelled,
                                           PerftSettings{threads, hash.get()});
      if (!r.completed)
        out.info("perft stopped after " + std::to_string(r.roots_done) + " of " + std::to_string(r.roots_total) +
                 " root moves (" + std::to_string(r.nodes) + " nodes counted)");
    }, true);
    return;
  }
  SearchLimits& l = go.limits;
  const Color us = game_.current().side_to_move();
  if (l.time_left_ms[us] < 0 && l.time_left_ms[~us] >= 0) {
    // A clock for the other side only: without a limit the search would never end. Play as if
    // both clocks showed the same time.
    l.time_left_ms[us] = l.time_left_ms[~us];
    l.increment_ms[us] = l.increment_ms[~us];
    say("info string no clock for the side to move (" + std::string(us == WHITE ? "white" : "black") +
        "); using the other side's\n");
  }
  sync_engine_position();
  GoJob job;
  job.limits = std::move(go.limits);
  job.dialect = dialect_;
  job.show_wdl = options_["UCI_ShowWDL"].flag();
  worker_.submit_go(std::move(job));
}

void Session::sync_engine_position() {
  if (engine_revision_ == game_.revision()) return;
  engine_revision_ = game_.revision();
  worker_.submit([pos = game_.current(), keys = game_.history_keys()](Engine& e, const auto&) {
    e.set_position(pos, keys);
  });
}

void Session::cmd_query(const Words& w) {
  if (w.size() != 2) return say_error("expected 'query p1turn|gameover|result'");
  using game::Outcome;
  const Outcome r = game_.result();
  if (w[1] == "p1turn") {
    say(std::string("response ") + (game_.current().side_to_move() == WHITE ? "true" : "false") + "\n");
  } else if (w[1] == "gameover") {
    say(std::string("response ") + (r != Outcome::Ongoing ? "true" : "false") + "\n");
  } else if (w[1] == "result") {
    const char* text = r == Outcome::WhiteWins ? "p1win" : r == Outcome::BlackWins ? "p2win" : r == Outcome::Draw ? "draw" : "none";
    say(std::string("response ") + text + "\n");
  } else {
    say_error("unknown query '" + w[1] + "' (expected p1turn, gameover or result)");
  }
}

// Through the worker: the engine's networks change only there (EvalFile), in command order.
void Session::cmd_eval() {
  Output& out = out_;
  worker_.submit([&out, pos = game_.current()](Engine& e, const auto&) { out.block(eval_report(e.evaluate(pos), pos)); });
}

void Session::cmd_bench(const Words& w) {
  if (w.size() > 2) return say_error("expected 'bench [depth]'");
  int depth = DEFAULT_BENCH_DEPTH;
  if (w.size() == 2) {
    auto d = parse_int(w[1]);
    if (!d || *d < 1 || *d > 99) return say_error("bench depth must be a number from 1 to 99, not '" + w[1] + "'");
    depth = int(*d);
  }
  Output& out = out_;
  worker_.submit([&out, depth](Engine& e, const auto& cancelled) {
    const Engine::BenchResult r = e.bench(depth, [&](const std::string& p) { out.info(p); }, cancelled);
    if (r.completed) out.info(bench_summary(r));
    else out.info("bench stopped");
  }, true);
}

// Through the worker, so the values are those the setoptions sent before it have set.
void Session::cmd_tunables(const Words& w) {
  if (w.size() > 2) return say_error("expected 'tunables [ordo|ordox]'");
  std::vector<Variant> variants;
  if (w.size() == 2) {
    const auto v = parse_variant(w[1]);
    if (!v) return say_error("tunables: unknown variant '" + w[1] + "' (expected ordo or ordox)");
    variants.push_back(*v);
  } else {
    for (const VariantRules& r : VARIANTS) variants.push_back(r.variant);
  }
  Output& out = out_;
  worker_.submit([&out, variants](Engine& e, const auto&) { out.block(tunables_report(e, variants)); });
}

void Session::apply_play_mode() {
  const std::string& mode = options_["Play Mode"].value;
  const auto m = mode == "random" ? Engine::PlayMode::Random : mode == "greedy" ? Engine::PlayMode::Greedy : Engine::PlayMode::Search;
  const u64 seed = u64(options_["Seed"].number());
  std::optional<int> elo;
  if (options_["UCI_LimitStrength"].flag()) elo = int(options_["UCI_Elo"].number());
  worker_.submit([m, seed, elo](Engine& e, const auto&) {
    e.set_play_mode(m, seed);
    e.set_strength_limit(elo, seed);
  });
}

}  // namespace ordo::protocol
