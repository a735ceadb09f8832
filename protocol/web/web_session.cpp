#include "web_session.hpp"

#include <algorithm>
#include <cstdio>

#include "legal_parts.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "game_record.hpp"
#include "record_io.hpp"
#include "refusal.hpp"
#include "time_control_text.hpp"
#include "tokenizer.hpp"

namespace ordo::web {

using protocol::parse_int;
using protocol::split_words;

namespace {

std::string_view trim(std::string_view s) {
  const char* space = " \t\r\n";
  const auto a = s.find_first_not_of(space);
  if (a == std::string_view::npos) return {};
  const auto b = s.find_last_not_of(space);
  return s.substr(a, b - a + 1);
}

// Text fit for a one-line message: at most `max` bytes, control characters replaced.
std::string excerpt(std::string_view s, std::size_t max = 60) {
  std::string out;
  for (char c : s.substr(0, max)) out += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
  if (s.size() > max) out += "...";
  return out;
}

Json turn_parts_json(const Turn& turn) {
  Json parts = Json::array({part_json(turn.first)});
  if (!turn.second.is_none()) parts.push_back(part_json(turn.second));
  return parts;
}

}  // namespace

WebSession::WebSession(std::vector<EngineListing> engines, TransportFactory factory, std::function<void(std::string)> send,
                       SessionLimits limits)
    : listings_(std::move(engines)), factory_(std::move(factory)), send_(std::move(send)), limits_(limits) {
  slots_.resize(listings_.size());
  levels_.resize(listings_.size());
  if (!listings_.empty()) players_[BLACK] = 0;  // a person (White) against the first engine
}

WebSession::~WebSession() { close(); }

void WebSession::close() {
  if (closed_) return;
  closed_ = true;
  search_.reset();
  for (auto& slot : slots_)
    if (slot && slot->relay) slot->relay->shut_down();
}

void WebSession::handle(std::string_view message) {
  if (closed_) return;
  if (message.size() > limits_.max_message) {
    send_error("message too long (" + std::to_string(message.size()) + " bytes; the limit is " +
               std::to_string(limits_.max_message) + ")");
    return;
  }
  const std::string_view text = trim(message);
  const auto space = text.find_first_of(" \t\r\n");
  const std::string_view verb = text.substr(0, space);
  const std::string_view rest = space == std::string_view::npos ? std::string_view{} : trim(text.substr(space));
  if (verb.empty()) {
    send_error("empty command");
    return;
  }
  dispatch(verb, rest);
}

void WebSession::dispatch(std::string_view verb, std::string_view rest) {
  if (verb == "hello") {
    send_hello();
    send_state();
  } else if (verb == "new") {
    cmd_new(rest);
  } else if (verb == "fen") {
    cmd_fen(rest);
  } else if (verb == "players") {
    cmd_players(rest);
  } else if (verb == "limit") {
    cmd_limit(rest);
  } else if (verb == "move") {
    cmd_move(rest);
  } else if (verb == "check") {
    cmd_check(rest);
  } else if (verb == "undo" || verb == "redo" || verb == "jump") {
    cmd_navigate(verb, rest);
  } else if (verb == "play") {
    cmd_play();
  } else if (verb == "stop") {
    cmd_stop();
  } else if (verb == "hint") {
    cmd_hint();
  } else if (verb == "save") {
    cmd_save();
  } else if (verb == "load") {
    cmd_load(rest);
  } else if (verb == "clock") {
    cmd_clock(rest);
  } else if (verb == "flag") {
    cmd_flag();
  } else if (verb == "analyse") {
    cmd_analyse(rest);
  } else if (verb == "level") {
    cmd_level(rest);
  } else {
    send_error("unknown command '" + excerpt(verb, 30) + "'");
  }
}

void WebSession::cmd_new(std::string_view rest) {
  const auto words = split_words(rest);
  Variant v = game_.variant();
  if (words.size() > 1) return send_error("new: expected a variant (ordo or ordox) and nothing else");
  if (words.size() == 1) {
    auto parsed = parse_variant(words[0]);
    if (!parsed) return send_error("new: unknown variant '" + excerpt(words[0], 20) + "' (expected ordo or ordox)");
    v = *parsed;
  }
  game_.reset(v);
  record_players_[WHITE].reset();
  record_players_[BLACK].reset();
  paused_ = false;
  clock_start_game();
  game_changed();
}

void WebSession::cmd_fen(std::string_view rest) {
  if (rest.empty()) return send_error("fen: the FEN is missing");
  const std::string why = game_.setup(rest);
  if (!why.empty()) return send_error("fen: " + why);
  record_players_[WHITE].reset();
  record_players_[BLACK].reset();
  clock_.stop();
  set_paused(true);  // a set-up position waits for "play" before an engine moves
  game_changed();
}

void WebSession::cmd_players(std::string_view rest) {
  const auto words = split_words(rest);
  if (words.size() != 2) return send_error("players: expected two players (human or an engine number)");
  std::optional<int> chosen[2];
  for (int c = 0; c < 2; ++c) {
    if (words[c] == "human") continue;
    const auto n = parse_int(words[c]);
    if (!n || *n < 1 || *n > std::int64_t(listings_.size()))
      return send_error("players: '" + excerpt(words[c], 20) + "' is neither human nor an engine number from 1 to " +
                        std::to_string(listings_.size()));
    chosen[c] = int(*n - 1);
  }
  players_[WHITE] = chosen[0];
  players_[BLACK] = chosen[1];
  cancel_search();
  // The players never un-pause: a paused game (a restored one, a set-up) waits for "play".
  game_changed();
}

void WebSession::cmd_limit(std::string_view rest) {
  const auto words = split_words(rest);
  if (words.size() != 2) return send_error("limit: expected 'movetime <ms>' or 'depth <n>'");
  const auto n = parse_int(words[1]);
  if (words[0] == "movetime") {
    if (!n || *n < limits_.min_movetime || *n > limits_.max_movetime)
      return send_error("limit: movetime takes milliseconds from " + std::to_string(limits_.min_movetime) + " to " +
                        std::to_string(limits_.max_movetime));
    limit_ = {SearchLimit::Kind::Movetime, int(*n)};
  } else if (words[0] == "depth") {
    if (!n || *n < 1 || *n > limits_.max_depth)
      return send_error("limit: depth takes a number from 1 to " + std::to_string(limits_.max_depth));
    limit_ = {SearchLimit::Kind::Depth, int(*n)};
  } else {
    return send_error("limit: expected 'movetime <ms>' or 'depth <n>'");
  }
  send_state();
}

void WebSession::cmd_move(std::string_view rest) {
  const auto words = split_words(rest);
  if (words.size() != 1) return send_error("move: expected one move token");
  const Color side = game_.current().side_to_move();
  if (clock_.flagged())
    return send_error("move refused: the game is over (" +
                      game::termination_sentence(game::Termination::TimeForfeit, ending().outcome) + ")");
  // An engine's side is the engine's, paused or not: nobody moves for it.
  if (engine_of(side))
    return send_error("move refused: it is " + player_name(side) + "'s turn (" + std::string(color_name(side)) + ")" +
                      (paused_ ? "; engine play is paused: press Play" : ""));
  if (clock_out_of_time(side)) {
    cancel_search();
    send_state();
    return;
  }
  const std::string why = game_.play(words[0]);
  if (!why.empty()) return send_error("move refused: '" + excerpt(words[0], 40) + "': " + why);
  clock_.moved(side, now_());
  set_paused(false);
  game_changed();
}

void WebSession::cmd_check(std::string_view rest) {
  const auto words = split_words(rest);
  if (words.size() != 1) return send_error("check: expected one move token");
  std::string why = explain_refusal(game_.current(), words[0]);
  if (why.empty()) {
    why = excerpt(words[0], 40);
    why.append(" is legal");
  }
  send_(json_text({{"type", "refusal"}, {"message", why}}));
}

void WebSession::cmd_navigate(std::string_view verb, std::string_view rest) {
  const auto words = split_words(rest);
  bool ok = false;
  if (verb == "jump") {
    if (words.size() != 1) return send_error("jump: expected a move number");
    const auto n = parse_int(words[0]);
    if (!n || *n < 0 || *n > game_.length())
      return send_error("jump: move number out of range (0 to " + std::to_string(game_.length()) + ")");
    ok = game_.jump(int(*n));
  } else {
    if (!words.empty()) return send_error(std::string(verb) + ": takes no arguments");
    if (verb == "undo") {
      ok = game_.undo();
      // Against an engine, take back to the person's own turn.
      const Color side = game_.current().side_to_move();
      if (ok && engine_of(side) && !engine_of(~side) && game_.cursor() > 0) game_.undo();
    } else {
      ok = game_.redo();
    }
    if (!ok) return send_error(std::string(verb) + ": no move to " + std::string(verb));
  }
  if (!ok) return send_error("jump: move number out of range");
  if (analysis_) {  // looking through the game while it is analysed: the analysis goes on
    ++version_;
    set_paused(true);
    send_state();
    return;
  }
  clock_.stop();
  cancel_search();
  // Looking through the game never starts an engine: "play" does.
  set_paused(engine_of(game_.current().side_to_move()).has_value());
  game_changed();
}

void WebSession::cmd_play() {
  set_paused(false);
  if (!engine_of(game_.current().side_to_move())) send_notice("it is a person's turn: make a move");
  game_changed();
}

void WebSession::cmd_stop() {
  stop_analysis();
  set_paused(true);
  if (!search_) {
    send_state();
    return;
  }
  if (EngineRelay* r = relay(search_->engine)) r->stop();
  send_state();
}

void WebSession::cmd_hint() {
  const Color side = game_.current().side_to_move();
  if (game_over()) return send_error("hint: the game is over");
  if (search_ && search_->purpose == Purpose::Play) return send_error("hint: an engine is thinking about its move");
  if (analysis_) return send_error("hint: the game is being analysed (Stop ends the analysis)");
  int engine = 0;
  if (engine_of(~side)) engine = *engine_of(~side);
  else if (engine_of(side)) engine = *engine_of(side);
  if (listings_.empty()) return send_error("hint: no engine is configured");
  if (!start_search(engine, Purpose::Hint)) return;
  send_state();
}

void WebSession::cmd_save() {
  std::string time_control = "-";
  if (clock_.on()) {
    time_control = records::time_control_text(clock_.control());
  } else if (engine_of(WHITE) || engine_of(BLACK)) {
    if (limit_.kind == SearchLimit::Kind::Depth) {
      time_control = "depth=" + std::to_string(limit_.value);
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "st=%g", limit_.value / 1000.0);
      time_control = buf;
    }
  }
  const Ending ending = this->ending();
  send_(json_text({{"type", "record"},
                   {"text", save_record(game_, ending.termination, ending.outcome, record_player(WHITE),
                                        record_player(BLACK), records::today_tag_date(), time_control)}}));
}

void WebSession::cmd_load(std::string_view rest) {
  if (rest.empty()) return send_error("load: the record is missing");
  RecordDetails details;
  const std::string why = load_record(rest, game_, &details);
  if (!why.empty()) return send_error("load: " + why);
  for (Color c : {WHITE, BLACK}) record_players_[c] = details.players[c];
  cancel_search();
  clock_.stop();
  set_paused(true);
  send_notice("game loaded: " + std::to_string(game_.length()) + " moves");
  game_changed();
  if (details.scores.empty()) return;
  // The scores of the record's comments, White's view, for the evaluation graph.
  Json scores = Json::array();
  for (const RecordScore& sc : details.scores) {
    Json one = {{"ply", sc.ply}};
    if (sc.mate) one["mate"] = *sc.mate;
    else one["cp"] = *sc.cp;
    if (sc.depth) one["depth"] = *sc.depth;
    scores.push_back(one);
  }
  send_(json_text({{"type", "scores"}, {"scores", scores}}));
}

void WebSession::game_changed() {
  ++version_;
  stop_analysis();
  cancel_search();
  send_state();
  maybe_engine_move();
}

void WebSession::cancel_search() {
  if (!search_) return;
  if (EngineRelay* r = relay(search_->engine)) r->stop();
  search_.reset();
}

void WebSession::maybe_engine_move() {
  if (paused_ || search_ || game_over()) return;
  const auto engine = engine_of(game_.current().side_to_move());
  if (!engine) return;
  if (start_search(*engine, Purpose::Play)) send_state();
}

bool WebSession::start_search(int engine, Purpose purpose, int ply, std::optional<SearchLimit> limit) {
  EngineRelay* r = relay(engine);
  if (!r || r->failed()) {
    set_paused(true);
    send_error(engine_label(engine) + " is not available");
    return false;
  }
  cancel_search();
  SearchRequest req;
  req.id = next_search_id_++;
  req.variant = std::string(variant_name(game_.variant()));
  req.fen = to_fen(game_.start());
  if (ply < 0) ply = game_.cursor();
  for (int i = 0; i < ply; ++i) req.moves.push_back(format_turn(game_.line()[i]));
  req.limit = limit ? *limit : limit_;
  // A level weakens the engine's own moves; hints and the analysis are at full strength.
  if (purpose == Purpose::Play)
    if (const EngineLevel* level = level_of(engine)) req.elo = level->elo;
  if (purpose == Purpose::Play && clock_.on()) req.limit = clock_.search_limit(game_.current().side_to_move(), now_());
  search_ = Search{req.id, engine, purpose, version_, ply};
  r->search(req);
  return search_.has_value();  // a relay that failed at start has already reported it
}

EngineRelay* WebSession::relay(int engine) {
  if (engine < 0 || engine >= int(slots_.size())) return nullptr;
  auto& slot = slots_[engine];
  if (!slot) {
    slot = std::make_unique<Slot>();
    Slot* s = slot.get();
    TransportEvents events{[s](const std::string& line) { if (s->relay) s->relay->on_line(line); },
                           [s] { if (s->relay) s->relay->on_eof(); },
                           [s] { if (s->relay) s->relay->on_greeting_timeout(); }};
    s->transport = factory_(engine, events);
    s->relay = std::make_unique<EngineRelay>(engine, *s->transport, static_cast<EngineRelay::Listener&>(*this),
                                             listings_[engine].dialect);
    s->relay->start();
  }
  return slot->relay.get();
}

std::string WebSession::engine_label(int engine) const {
  if (engine >= 0 && engine < int(slots_.size()) && slots_[engine] && !slots_[engine]->name.empty())
    return slots_[engine]->name;
  if (engine >= 0 && engine < int(listings_.size()) && !listings_[engine].name.empty()) return listings_[engine].name;
  return "engine " + std::to_string(engine + 1);
}

std::string WebSession::player_name(Color c) const {
  return engine_of(c) ? engine_label(*engine_of(c)) : std::string("Human");
}

const EngineLevel* WebSession::level_of(int engine) const {
  if (engine < 0 || engine >= int(levels_.size()) || !levels_[engine]) return nullptr;
  const auto& levels = listings_[engine].levels;
  const int level = *levels_[engine];
  return level >= 1 && level <= int(levels.size()) ? &levels[level - 1] : nullptr;
}

std::string WebSession::display_name(Color c) const {
  if (const auto& p = record_players_[c]) return p->elo ? p->name + " (" + std::to_string(*p->elo) + ")" : p->name;
  if (engine_of(c))
    if (const EngineLevel* level = level_of(*engine_of(c)))
      return player_name(c) + " (level " + std::to_string(level->level) + ", " + std::to_string(level->elo) + ")";
  return player_name(c);
}

RecordPlayer WebSession::record_player(Color c) const {
  if (record_players_[c]) return *record_players_[c];
  RecordPlayer p{player_name(c), std::nullopt};
  if (engine_of(c))
    if (const EngineLevel* level = level_of(*engine_of(c))) p.elo = level->elo;
  return p;
}

void WebSession::send_hello() {
  Json engines = Json::array();
  for (std::size_t i = 0; i < listings_.size(); ++i) {
    Json levels = Json::array();
    for (const EngineLevel& l : listings_[i].levels)
      levels.push_back({{"level", l.level}, {"elo", l.elo}, {"text", l.text}});
    engines.push_back({{"number", int(i + 1)},
                       {"command", listings_[i].command},
                       {"name", engine_label(int(i))},
                       {"levels", levels}});
  }
  send_(json_text({{"type", "hello"},
                   {"engines", engines},
                   {"limits",
                    {{"max_message", std::int64_t(limits_.max_message)},
                     {"min_movetime", limits_.min_movetime},
                     {"max_movetime", limits_.max_movetime},
                     {"max_depth", limits_.max_depth}}}}));
}

void WebSession::send_state() {
  const Position& pos = game_.current();
  const Ending ending = this->ending();
  Json out;
  out["type"] = "state";
  out["variant"] = variant_name(game_.variant());
  out["fen"] = to_fen(pos);
  out["start_fen"] = to_fen(game_.start());
  out["board"] = board_text(pos);
  out["side"] = color_name(pos.side_to_move());
  out["moves"] = game_.tokens();
  out["cursor"] = game_.cursor();
  if (auto last = game_.last_turn()) out["last"] = {{"tok", format_turn(*last)}, {"parts", turn_parts_json(*last)}};
  else out["last"] = nullptr;
  const auto winner = game::winner_of(ending.outcome);
  const bool over = ending.termination != game::Termination::None;
  out["status"] = {{"over", over},
                   {"winner", winner ? Json(color_name(*winner)) : Json(nullptr)},
                   {"reason", over ? game::termination_name(ending.termination) : ""},  // the record name
                   {"result", game::result_token(ending.outcome)}};
  out["clock"] = clock_.json(pos.side_to_move(), game_.over(), now_());
  out["split"] = {{"white", pos.split(WHITE)}, {"black", pos.split(BLACK)}};
  out["players"] = Json::array();
  for (Color c : {WHITE, BLACK}) {
    if (engine_of(c)) out["players"].push_back(*engine_of(c) + 1);
    else out["players"].push_back("human");
  }
  out["names"] = {display_name(WHITE), display_name(BLACK)};
  out["record_players"] = Json::array();
  for (Color c : {WHITE, BLACK}) {
    const auto& p = record_players_[c];
    if (!p) out["record_players"].push_back(nullptr);
    else out["record_players"].push_back({{"name", p->name}, {"elo", p->elo ? Json(*p->elo) : Json(nullptr)}});
  }
  out["levels"] = Json::array();
  for (std::size_t e = 0; e < levels_.size(); ++e) {
    const EngineLevel* level = level_of(int(e));
    if (level) out["levels"].push_back({{"level", level->level}, {"elo", level->elo}});
    else out["levels"].push_back(nullptr);
  }
  out["limit"] = {{"kind", limit_.kind == SearchLimit::Kind::Depth ? "depth" : "movetime"}, {"value", limit_.value}};
  out["paused"] = paused_;
  if (search_)
    out["thinking"] = {{"engine", search_->engine + 1},
                       {"name", engine_label(search_->engine)},
                       {"purpose", search_->purpose == Purpose::Play   ? "play"
                                   : search_->purpose == Purpose::Hint ? "hint"
                                                                       : "analyse"}};
  else
    out["thinking"] = nullptr;
  out["legal"] = legal_tree_json(pos);
  send_(json_text(out));
}

void WebSession::send_error(const std::string& text) {
  send_(json_text({{"type", "error"}, {"message", text}}));
}

void WebSession::send_notice(const std::string& text) {
  send_(json_text({{"type", "notice"}, {"message", text}}));
}

void WebSession::relay_ready(int engine, const std::string& name) {
  if (engine >= 0 && engine < int(slots_.size()) && slots_[engine]) slots_[engine]->name = name;
  send_hello();
}

void WebSession::relay_info(int engine, int search_id, const driver::Info& info) {
  if (!search_ || search_->id != search_id || search_->engine != engine) return;
  if (search_->purpose == Purpose::Analyse) {  // only the final score is reported, per position
    if (analysis_ && (info.score_cp || info.score_mate)) {
      analysis_->cp = info.score_cp;
      analysis_->mate = info.score_mate;
    }
    return;
  }
  Json out;
  out["type"] = "info";
  out["engine"] = engine + 1;
  out["name"] = engine_label(engine);
  out["purpose"] = search_->purpose == Purpose::Play ? "play" : "hint";
  if (info.depth) out["depth"] = *info.depth;
  if (info.seldepth) out["seldepth"] = *info.seldepth;
  if (info.multipv) out["multipv"] = *info.multipv;
  if (info.score_cp) out["cp"] = *info.score_cp;
  if (info.score_mate) out["mate"] = *info.score_mate;
  if (!info.bound.empty()) out["bound"] = info.bound;
  if (info.wdl_win && info.wdl_draw && info.wdl_loss) out["wdl"] = {*info.wdl_win, *info.wdl_draw, *info.wdl_loss};
  if (info.nodes) out["nodes"] = *info.nodes;
  if (info.nps) out["nps"] = *info.nps;
  if (info.time_ms) out["time"] = *info.time_ms;
  // The principal variation as the core reads it: canonical tokens, cut at the first illegal one.
  Position p = game_.current();
  Json pv = Json::array();
  std::size_t legal = 0;
  std::optional<Turn> first;
  for (const std::string& tok : info.pv) {
    if (game_status(p).over()) break;
    auto turn = parse_turn(p, tok);
    if (!turn) break;
    if (!first) first = *turn;
    pv.push_back(format_turn(*turn));
    p = p.after(*turn);
    ++legal;
  }
  out["pv"] = pv;
  if (first) out["pv_parts"] = turn_parts_json(*first);  // the first turn's parts, for arrows on the board
  if (legal < info.pv.size())
    out["pv_cut"] = "the engine's line continues with '" + excerpt(info.pv[legal], 40) + "', which is not legal there";
  out["side"] = color_name(game_.current().side_to_move());
  send_(json_text(out));
}

void WebSession::relay_bestmove(int engine, int search_id, const driver::BestMove& best) {
  if (!search_ || search_->id != search_id || search_->engine != engine) return;
  const Search done = *search_;
  search_.reset();
  if (done.purpose == Purpose::Analyse) return analysis_result(best);
  const std::string name = engine_label(engine);
  // The answer read once against the position searched: a legal turn, or why it is none.
  std::optional<Turn> turn;
  std::string why;
  if (best.kind == driver::BestMove::Kind::Malformed) {
    why = "sent malformed output '" + excerpt(best.token, 40) +
          "' (expected 'bestmove <turn>' or 'bestmove <turn> ponder <turn>')";
  } else if (best.kind == driver::BestMove::Kind::NoMove) {
    why = "answered 'bestmove" + (best.token.empty() ? "" : " " + excerpt(best.token, 40)) + "' in an ongoing position";
  } else if (auto parsed = parse_turn(game_.current(), best.token)) {
    turn = *parsed;
  } else {
    why = "answered with '" + excerpt(best.token, 40) + "', which is not a legal move here: " + parsed.error();
  }
  if (!turn) {
    set_paused(true);
    send_error(name + " " + why + (done.purpose == Purpose::Play ? " (engine play paused)" : ""));
    send_state();
    return;
  }
  if (done.purpose == Purpose::Hint || paused_ || done.version != version_) {
    send_(json_text({{"type", "hint"},
                     {"tok", format_turn(*turn)},
                     {"name", name},
                     {"stopped", done.purpose == Purpose::Play},
                     {"parts", turn_parts_json(*turn)}}));
    send_state();
    return;
  }
  const Color mover = game_.current().side_to_move();
  if (clock_out_of_time(mover)) {
    send_state();
    return;
  }
  game_.play(*turn);
  clock_.moved(mover, now_());
  game_changed();
}

// "info string" lines are the engine's talk to its operator (e.g. "variant ordox startpos ..."), not
// to the player: they are not shown.
void WebSession::relay_message(int, const std::string&) {}

void WebSession::relay_failed(int engine, const std::string& why) {
  if (search_ && search_->engine == engine) search_.reset();
  if (analysis_ && analysis_->engine == engine) stop_analysis();
  set_paused(true);
  send_error(engine_label(engine) + " failed: " + why + " (engine play paused)");
  if (!closed_) send_state();
}

// ---------- clocks ----------

void WebSession::cmd_clock(std::string_view rest) {
  const auto words = split_words(rest);
  if (words.size() == 1 && words[0] == "off") {
    next_control_.reset();
    return;
  }
  if (words.size() != 1) return send_error("clock: expected 'off' or a time control, seconds[+increment] (e.g. 180+2)");
  std::string error;
  const auto control = records::parse_time_control(std::string(words[0]), &error);
  if (!control) return send_error("clock: " + error);
  if (control->moves_per_period > 0) return send_error("clock: no moves per period here, only seconds[+increment]");
  if (control->base_ms < 1000 || control->base_ms > 10800 * 1000 || control->inc_ms > 600 * 1000)
    return send_error("clock: a time from 1 to 10800 seconds and an increment from 0 to 600 seconds");
  next_control_ = *control;
}

void WebSession::cmd_flag() {
  if (!clock_.on() || clock_.flagged() || game_.over()) return;
  if (clock_out_of_time(game_.current().side_to_move())) {
    cancel_search();
    send_state();
  }
}

void WebSession::clock_start_game() {
  clock_ = GameClock{};
  if (next_control_) clock_.start(*next_control_, now_());
}

WebSession::Ending WebSession::ending() const {
  if (!game_.over() && clock_.flagged())
    return {game::Termination::TimeForfeit, game::win_for(~*clock_.flagged())};
  return {game_.termination(), game_.outcome()};
}

bool WebSession::clock_out_of_time(Color side) {
  if (!clock_.out_of_time(side, now_())) return false;
  set_paused(true);
  return true;
}

void WebSession::set_paused(bool paused) {
  paused_ = paused;
  if (paused) clock_.hold(game_.current().side_to_move(), now_());
  else clock_.resume(now_());
}

// ---------- analysis ----------

void WebSession::cmd_analyse(std::string_view rest) {
  const auto words = split_words(rest);
  const auto ms = words.size() == 1 ? parse_int(words[0]) : std::nullopt;
  if (!ms || *ms < limits_.min_movetime || *ms > limits_.max_movetime)
    return send_error("analyse: expected the milliseconds per position, " + std::to_string(limits_.min_movetime) +
                      " to " + std::to_string(limits_.max_movetime));
  if (listings_.empty()) return send_error("analyse: no engine is configured");
  if (search_ && search_->purpose == Purpose::Play) return send_error("analyse: an engine is thinking about its move; press Stop first");
  cancel_search();
  set_paused(true);
  Analysis a;
  a.ms = int(*ms);
  a.engine = engine_of(BLACK) ? *engine_of(BLACK) : engine_of(WHITE) ? *engine_of(WHITE) : 0;
  a.last = game_.length();
  analysis_ = a;
  analyse_next();
}

void WebSession::analyse_next() {
  if (!analysis_) return;
  if (analysis_->next > analysis_->last) {
    analysis_.reset();
    send_(json_text({{"type", "analysis_done"}, {"complete", true}}));
    send_state();
    return;
  }
  analysis_->cp.reset();
  analysis_->mate.reset();
  // A search that ended before reporting any score is run again with twice the time, twice at most.
  const int ms = std::min(analysis_->ms << analysis_->retries, limits_.max_movetime);
  if (!start_search(analysis_->engine, Purpose::Analyse, analysis_->next, SearchLimit{SearchLimit::Kind::Movetime, ms})) {
    stop_analysis();
    return;
  }
  send_state();
}

// One position analysed: its score from White's point of view and the engine's move.
void WebSession::analysis_result(const driver::BestMove& best) {
  if (!analysis_) return;
  Position p = game_.start();
  for (int i = 0; i < analysis_->next; ++i) p = p.after(game_.line()[i]);
  const bool scored = analysis_->cp || analysis_->mate || game_status(p).over();
  if (!scored && analysis_->retries < 2) {
    ++analysis_->retries;
    analyse_next();
    return;
  }
  analysis_->retries = 0;
  const int sign = p.side_to_move() == WHITE ? 1 : -1;
  Json out = {{"type", "analysis"}, {"ply", analysis_->next}};
  const GameStatus status = game_status(p);
  if (status.over()) {  // a finished position scores as its result
    out["cp"] = *status.winner == WHITE ? 10000 : -10000;
  } else if (analysis_->mate) {
    out["mate"] = sign * *analysis_->mate;
  } else if (analysis_->cp) {
    out["cp"] = sign * *analysis_->cp;
  }
  if (best.kind == driver::BestMove::Kind::Move)
    if (auto turn = parse_turn(p, best.token)) out["best"] = format_turn(*turn);
  send_(json_text(out));
  ++analysis_->next;
  analyse_next();
}

void WebSession::stop_analysis() {
  if (!analysis_) return;
  analysis_.reset();
  if (search_ && search_->purpose == Purpose::Analyse) cancel_search();
  send_(json_text({{"type", "analysis_done"}, {"complete", false}}));
}

// ---------- strength levels ----------

void WebSession::cmd_level(std::string_view rest) {
  const auto words = split_words(rest);
  const std::string usage = "level: expected an engine number and a level from 1 to " + std::to_string(kLevelCount) +
                            " or off (e.g. 'level 1 3')";
  if (words.size() != 2) return send_error(usage);
  const auto n = parse_int(words[0]);
  if (!n || *n < 1 || *n > std::int64_t(listings_.size()))
    return send_error("level: '" + excerpt(words[0], 20) + "' is no engine number from 1 to " +
                      std::to_string(listings_.size()));
  const int engine = int(*n - 1);
  const auto& levels = listings_[engine].levels;
  if (levels.empty())
    return send_error("level: " + engine_label(engine) +
                      " has no levels (it announces no UCI_LimitStrength and UCI_Elo)");
  if (words[1] == "off") {
    levels_[engine].reset();
  } else {
    const auto level = parse_int(words[1]);
    if (!level || *level < 1 || *level > std::int64_t(levels.size())) return send_error(usage);
    levels_[engine] = int(*level);
  }
  send_state();  // the engine's next search plays at the level
}

}  // namespace ordo::web
