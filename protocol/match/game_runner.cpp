#include "game_runner.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <thread>
#include <unistd.h>

#include "adjudication.hpp"
#include "notation.hpp"

namespace ordo::match {

using game::Outcome;
using game::Termination;

namespace {

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "?";
  return buf;
}

// A score in centipawns, mates far beyond any evaluation, for adjudication.
int adjudication_score(const SearchAnswer& a) {
  if (!a.mate) return a.score;
  return a.score > 0 ? 100000 - a.score : -100000 - a.score;
}

// Makes an engine ready for a new game: a running engine gets the new-game command and isready;
// one never started is started; one that ended (or does not answer) since its last game is
// restarted only when `may_restart` (-recover). False with *why (a phrase after the engine's name)
// when it is not ready; it then forfeits at its first turn.
bool ready_for_game(EnginePlayer& p, bool may_restart, std::string* why) {
  if (p.alive() && p.new_game()) return true;
  if (p.starts() > 0 && !may_restart) {
    *why = p.alive() ? "does not answer isready before the game"
                     : "ended before the game (" + p.exit_description() + ")";
    p.kill();
    return false;
  }
  std::string error;
  if (!p.start(&error)) {
    *why = "cannot be started: " + error;
    return false;
  }
  if (!p.new_game()) {
    p.kill();
    *why = "does not answer isready";
    return false;
  }
  return true;
}

// After an engine was found ended (or not ready): whether the runner itself is being stopped. A
// batch system (Slurm's scancel, a time limit, preemption) signals every process of a job at once,
// and the engine may die first: the runner's own signal is awaited for a short grace, so the game
// is abandoned (to be replayed by -resume) rather than recorded as the engine's crash.
bool runner_stopping(const std::function<bool()>& interrupted) {
  if (!interrupted) return false;
  for (int i = 0; i < 20; ++i) {
    if (interrupted()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return interrupted();
}

}  // namespace

std::string move_comment(const SearchAnswer& a) {
  char time_text[96];
  int n = std::snprintf(time_text, sizeof time_text, "%.3fs", static_cast<double>(a.elapsed_ms) / 1000.0);
  if (a.nodes) n += std::snprintf(time_text + n, sizeof time_text - std::size_t(n), " nodes=%lld", *a.nodes);
  if (a.engine_ms)
    std::snprintf(time_text + n, sizeof time_text - std::size_t(n), " latency=%.3fs",
                  static_cast<double>(a.elapsed_us - *a.engine_ms * 1000) / 1e6);
  if (!a.has_score) return time_text;
  char buf[160];
  if (a.mate) std::snprintf(buf, sizeof buf, "%sM%d/%d %s", a.score >= 0 ? "+" : "-", std::abs(a.score), a.depth, time_text);
  else std::snprintf(buf, sizeof buf, "%+.2f/%d %s", a.score / 100.0, a.depth, time_text);
  return buf;
}

void fill_tags(records::GameRecord& r, const MatchConfig& config, const ScheduledGame& game, const Opening& opening) {
  const auto& w = config.engines[static_cast<std::size_t>(game.white)];
  const auto& b = config.engines[static_cast<std::size_t>(game.black)];
  const std::string start_fen = to_fen(Position::start(config.variant));
  r.tags.clear();
  r.set_tag("Event", config.event);
  r.set_tag("Site", config.site.empty() ? host_name() : config.site);
  r.set_tag("Date", records::today_tag_date());
  r.set_tag("Round", std::to_string(game.round));
  r.set_tag("White", w.name);
  r.set_tag("Black", b.name);
  r.set_tag("Result", "*");
  r.set_tag("Variant", std::string(variant_name(config.variant)));
  r.set_tag("FEN", opening.fen);
  r.set_tag("SetUp", opening.fen == start_fen ? "0" : "1");
  r.set_tag("Termination", "unterminated");
  const std::string wtc = w.limits.describe(), btc = b.limits.describe();
  r.set_tag("TimeControl", wtc == btc ? wtc : wtc + " / " + btc);
  r.set_tag("PlyCount", "0");
  r.set_tag("GameNumber", std::to_string(game.number));
  r.set_tag("Pair", std::to_string(game.pair));
  r.set_tag("Opening", std::to_string(opening.index));
}

PlayedGame play_game(const MatchConfig& config, const ScheduledGame& game, const Opening& opening,
                     EnginePlayer& white, EnginePlayer& black, const std::function<bool()>& interrupted,
                     const MoveObserver& on_move) {
  PlayedGame out;
  fill_tags(out.record, config, game, opening);
  std::string error;
  auto referee = game::Game::from_fen(opening.fen, config.variant, &error);
  const bool from_start = out.record.tag("SetUp") == "0";

  EnginePlayer* seat[2] = {&white, &black};
  const int engine_of[2] = {game.white, game.black};
  // Engines are started, or restarted after an earlier game, only here: an engine that ends during
  // the game forfeits it at its next turn, whatever the timing of its exit.
  std::string not_ready[2];
  for (int s = 0; s < 2; ++s) ready_for_game(*seat[s], config.recover, &not_ready[s]);

  game::SideClock clocks[2];
  for (int s = 0; s < 2; ++s)
    if (const auto& clock = seat[s]->spec().limits.clock) clocks[s] = game::SideClock::start(*clock);

  game::Adjudicator adjudicator(config.draw, config.resign);

  auto finish = [&](Outcome o, Termination t, std::string detail = {}, int forfeit_side = -1) {
    out.outcome = o;
    out.termination = t;
    out.detail = std::move(detail);
    if (forfeit_side >= 0) out.forfeiter = engine_of[forfeit_side];
    out.record.result = game::result_token(o);
    out.record.set_tag("Result", out.record.result);
    out.record.set_tag("Termination", game::termination_name(t));
    out.record.set_tag("PlyCount", std::to_string(out.record.moves.size()));
    if (!out.detail.empty()) out.record.set_tag("TerminationDetail", out.detail);
    return out;
  };
  // The runner is being stopped: the game is not recorded and -resume plays it again.
  auto abandon = [&] {
    out.interrupted = true;
    return finish(Outcome::Ongoing, Termination::Abandoned);
  };

  for (;;) {
    if (const Termination t = referee->termination(); t != Termination::None) return finish(referee->outcome(), t);
    if (game::move_limit_reached(referee->plies(), config.maxmoves))
      return finish(Outcome::Draw, Termination::MoveLimit);

    const int side = referee->current().side_to_move() == WHITE ? 0 : 1;
    EnginePlayer& mover = *seat[side];
    const Outcome loss = game::win_for(side == 0 ? BLACK : WHITE);
    const std::string who = mover.spec().name;

    if (!not_ready[side].empty()) {
      if (runner_stopping(interrupted)) return abandon();
      return finish(loss, Termination::Crash, who + " " + not_ready[side], side);
    }
    if (!mover.alive()) {
      const std::string how = mover.exit_description();
      mover.kill();
      if (runner_stopping(interrupted)) return abandon();
      return finish(loss, Termination::Crash, who + " ended during the game (" + how + ")", side);
    }

    const EngineLimits& tc = mover.spec().limits;
    long long limit_ms = 0;
    if (tc.clock) limit_ms = std::max<long long>(0, clocks[side].left_ms);
    else if (tc.movetime_ms > 0) limit_ms = tc.movetime_ms;
    const double stall_s = config.stall_s >= 0 ? config.stall_s : (tc.clock || tc.movetime_ms > 0 ? 5.0 : 60.0);
    const auto deadline = std::chrono::milliseconds(limit_ms + tc.margin_ms + static_cast<long long>(stall_s * 1000));

    const std::string go = go_command(tc, seat[1 - side]->spec().limits, clocks[0], clocks[1], side == 0,
                                      mover.spec().dialect == driver::Dialect::Ugi);
    const SearchAnswer a =
        mover.search(position_command(opening.fen, from_start, referee->tokens()), go, deadline, interrupted);

    switch (a.kind) {
      case SearchAnswer::Kind::Interrupted:
        return abandon();
      case SearchAnswer::Kind::Crash: {
        for (int i = 0; i < 50 && mover.alive(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        const std::string how = mover.exit_description();
        mover.kill();
        if (runner_stopping(interrupted)) return abandon();
        return finish(loss, Termination::Crash, who + " ended while thinking (" + how + ")", side);
      }
      case SearchAnswer::Kind::Stall: {
        const bool usable = mover.stop_search(std::chrono::milliseconds(500));
        if (!usable) mover.kill();
        if (a.unready)
          return finish(loss, Termination::Stall, who + " did not answer isready before its move", side);
        return finish(loss, Termination::Stall,
                      who + " sent no move within " + std::to_string(deadline.count()) + " ms" +
                          (usable ? "" : " and was killed"),
                      side);
      }
      case SearchAnswer::Kind::NoMove:
        return finish(loss, Termination::IllegalMove,
                      who + " answered 'bestmove " + records::printable_text(a.token) + "' in an ongoing position",
                      side);
      case SearchAnswer::Kind::Malformed:
        return finish(loss, Termination::IllegalMove,
                      who + " sent malformed output '" + records::printable_text(a.token) +
                          "' (expected 'bestmove <turn>' or 'bestmove <turn> ponder <turn>')",
                      side);
      case SearchAnswer::Kind::Move:
        break;
    }

    // Time first: a late move loses even if it is legal.
    if (tc.clock) {
      clocks[side].spend_us(a.elapsed_us);
      if (clocks[side].left_ms < -tc.margin_ms)
        return finish(loss, Termination::TimeForfeit,
                      who + " exceeded its clock by " + std::to_string(-clocks[side].left_ms) + " ms", side);
      clocks[side].moved(*tc.clock);
    } else if (tc.movetime_ms > 0 && a.elapsed_ms > tc.movetime_ms + tc.margin_ms) {
      return finish(loss, Termination::TimeForfeit,
                    who + " took " + std::to_string(a.elapsed_ms) + " ms of a " + std::to_string(tc.movetime_ms) +
                        " ms move time",
                    side);
    }

    std::string canonical;
    if (!referee->play(a.token, &error, &canonical))
      return finish(loss, Termination::IllegalMove, who + " played " + records::printable_text(error), side);
    out.record.moves.push_back(records::RecordedMove{canonical, move_comment(a)});
    if (on_move) {
      MoveEvent event{side, canonical, to_fen(referee->current()), &a, {}};
      for (int s = 0; s < 2; ++s)
        if (seat[s]->spec().limits.clock) event.clock_ms[s] = clocks[s].left_ms;
      on_move(event);
    }

    // Score adjudication, from the mover's own evaluation.
    const auto score = a.has_score ? std::optional<int>(adjudication_score(a)) : std::nullopt;
    if (const auto adjudicated = adjudicator.after_turn(*referee, side == 0 ? WHITE : BLACK, score))
      return finish(*adjudicated, Termination::Adjudication);
  }
}

}  // namespace ordo::match
