#include "session.hpp"

#include <sstream>

#include "debug_reports.hpp"
#include "go_command.hpp"
#include "notation.hpp"
#include "reports.hpp"
#include "search_text.hpp"
#include "tokenizer.hpp"

#ifndef ORDO_VERSION
#define ORDO_VERSION "0"
#endif

namespace ordo::protocol {

Session::Session(Output& out, Engine& engine, Variant variant, const std::optional<Position>& start)
    : out_(out), engine_(engine), relay_(out), options_(variant), game_(variant) {
  if (start) game_.set_start(*start);
  // The engine starts with the values the option table announces.
  engine_.set_hash_mb(std::size_t(std::stoll(options_.value(OptionId::Hash))));
  engine_.set_threads(int(std::stoll(options_.value(OptionId::Threads))));
  engine_.set_multipv(int(std::stoll(options_.value(OptionId::MultiPV))));
  engine_.set_move_overhead_ms(int(std::stoll(options_.value(OptionId::MoveOverhead))));
  apply_play_mode();
  sync_engine();
}

void Session::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  finish();  // end of input
}

void Session::finish() {
  if (relay_.active()) {
    engine_.stop();
    relay_.stop();
  }
  engine_.wait();
}

bool Session::busy(const std::string& command) {
  if (relay_.active() && (!bounded_ || relay_.holding())) {
    out_.error("'" + command + "' is not allowed while a search runs (send stop first)");
    return true;
  }
  engine_.wait();
  return false;
}

void Session::sync_engine() { engine_.set_game(game_.start(), game_.turns()); }

bool Session::handle(const std::string& line) {
  const Words w = split_words(line);
  if (w.empty()) return true;
  const std::string& c = w[0];
  const auto no_args = [&]() {
    if (w.size() == 1) return true;
    out_.error("'" + c + "' takes no arguments, got '" + join_words(w, 1, w.size()) + "'");
    return false;
  };
  if (c == "quit") {
    finish();
    return false;
  }
  if (c == "uci") { if (no_args()) cmd_handshake(Dialect::Uci); }
  else if (c == "ugi") { if (no_args()) cmd_handshake(Dialect::Ugi); }
  else if (c == "isready") { if (no_args()) out_.line("readyok"); }
  else if (c == "setoption") cmd_setoption(w);
  else if (c == "ucinewgame" || c == "uginewgame") { if (no_args()) cmd_newgame(); }
  else if (c == "position") cmd_position(w);
  else if (c == "go") cmd_go(w);
  else if (c == "stop") { if (no_args()) cmd_stop(); }
  else if (c == "ponderhit") { if (no_args()) cmd_ponderhit(); }
  else if (c == "query") cmd_query(w);
  else if (c == "d") { if (no_args()) cmd_d(); }
  else if (c == "moves") { if (no_args()) cmd_moves(); }
  else if (c == "eval") { if (no_args()) cmd_eval(); }
  else if (c == "flip") { if (no_args()) cmd_flip(); }
  else if (c == "bench") cmd_bench(w);
  else if (c == "debug" || c == "register") {}  // UCI commands without meaning here
  else out_.error("unknown command '" + c + "'");
  return true;
}

void Session::cmd_handshake(Dialect dialect) {
  dialect_ = dialect;
  std::string s = std::string("id name Ordo ") + ORDO_VERSION + "\nid author the Ordo engine authors\n";
  for (const std::string& l : options_.announce()) s += l + "\n";
  s += dialect == Dialect::Uci ? "uciok\n" : "ugiok\n";
  out_.block(s);
}

void Session::cmd_setoption(const Words& w) {
  Setting s;
  if (std::string err = options_.parse(w, s); !err.empty()) return out_.error(err);
  if (busy("setoption")) return;
  switch (s.id) {
    case OptionId::Variant: {
      const Variant v = *parse_variant(s.value);
      game_.reset(v);
      sync_engine();
      out_.info("variant " + s.value + " startpos " + to_fen(game_.start()));
      break;
    }
    case OptionId::Hash: engine_.set_hash_mb(std::size_t(s.number)); break;
    case OptionId::Threads: engine_.set_threads(int(s.number)); break;
    case OptionId::MultiPV: engine_.set_multipv(int(s.number)); break;
    case OptionId::MoveOverhead: engine_.set_move_overhead_ms(int(s.number)); break;
    case OptionId::ClearHash: engine_.clear_hash(); break;
    case OptionId::Ponder: break;   // the GUI may ponder; the engine never ponders on its own
    case OptionId::ShowWDL: break;  // read at each go
    case OptionId::PlayMode:
    case OptionId::Seed:
      options_.commit(s);  // apply_play_mode reads both values
      apply_play_mode();
      return;
  }
  options_.commit(s);
}

void Session::cmd_newgame() {
  if (busy("ucinewgame")) return;
  engine_.new_game();
  game_.reset(game_.variant());
  sync_engine();
}

void Session::cmd_position(const Words& w) {
  if (busy("position")) return;
  if (std::string err = game_.set_from_command(w); !err.empty()) return out_.error(err);
  sync_engine();
}

void Session::cmd_go(const Words& w) {
  if (busy("go")) return;
  GoCommand go;
  if (std::string err = parse_go(w, game_.current(), go); !err.empty()) return out_.error(err);
  if (go.perft_depth) {
    std::ostringstream s;
    print_divide(s, game_.current(), *go.perft_depth);
    out_.block(s.str());
    return;
  }
  const SearchLimits& l = go.limits;
  bounded_ = l.depth > 0 || l.nodes > 0 || l.movetime_ms > 0 || l.mate_moves > 0 || l.time_left_ms[WHITE] >= 0 ||
             l.time_left_ms[BLACK] >= 0;
  relay_.begin(dialect_, options_.flag(OptionId::ShowWDL), l.infinite, l.ponder);
  engine_.go(go.limits, relay_);
}

void Session::cmd_stop() {
  if (!relay_.active()) return;  // nothing to stop: not an error
  engine_.stop();
  relay_.stop();
}

void Session::cmd_ponderhit() {
  if (!relay_.active()) return;
  engine_.ponderhit();
  relay_.ponderhit();
}

void Session::cmd_query(const Words& w) {
  if (w.size() != 2) return out_.error("expected 'query p1turn|gameover|result'");
  const Result r = game_.result();
  if (w[1] == "p1turn") {
    out_.line(std::string("response ") + (game_.current().side_to_move() == WHITE ? "true" : "false"));
  } else if (w[1] == "gameover") {
    out_.line(std::string("response ") + (r != Result::None ? "true" : "false"));
  } else if (w[1] == "result") {
    const char* text = r == Result::WhiteWins ? "p1win" : r == Result::BlackWins ? "p2win" : r == Result::Draw ? "draw" : "none";
    out_.line(std::string("response ") + text);
  } else {
    out_.error("unknown query '" + w[1] + "' (expected p1turn, gameover or result)");
  }
}

void Session::cmd_d() { out_.block(board_report(game_)); }

void Session::cmd_moves() {
  std::ostringstream s;
  print_moves(s, game_.current());
  out_.block(s.str());
}

void Session::cmd_eval() {
  if (busy("eval")) return;
  out_.block(eval_report(engine_.evaluate(), game_.current()));
}

void Session::cmd_flip() {
  if (busy("flip")) return;
  game_.flip();
  sync_engine();
}

void Session::cmd_bench(const Words& w) {
  if (w.size() > 2) return out_.error("expected 'bench [depth]'");
  int depth = DEFAULT_BENCH_DEPTH;
  if (w.size() == 2) {
    auto d = parse_int(w[1]);
    if (!d || *d < 1 || *d > 99) return out_.error("bench depth must be a number from 1 to 99, not '" + w[1] + "'");
    depth = int(*d);
  }
  if (busy("bench")) return;
  const Engine::BenchResult r = engine_.bench(depth, [&](const std::string& p) { out_.info(p); });
  out_.info(bench_summary(r));
  sync_engine();
}

void Session::apply_play_mode() {
  const std::string& mode = options_.value(OptionId::PlayMode);
  const auto m = mode == "random" ? Engine::PlayMode::Random : mode == "greedy" ? Engine::PlayMode::Greedy : Engine::PlayMode::Search;
  engine_.set_play_mode(m, u64(std::stoll(options_.value(OptionId::Seed))));
}

}  // namespace ordo::protocol
