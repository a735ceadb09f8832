// The game model (engine/game): the referee's legality check, threefold repetition, the endings and
// their record names, and the move-limit and adjudication hooks.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "adjudication.hpp"
#include "game_model.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "outcome.hpp"

using namespace ordo;
using namespace ordo::game;

namespace {

// Two rooks' worth of sideways shuffling in the classic start position: after these eight turns
// the start position (White to move) stands for the third time.
const std::vector<std::string> kCycle = {"c1a1", "c8a8", "a1c1", "a8c8", "c1a1", "c8a8", "a1c1", "a8c8"};

Game game_of(const std::string& fen, Variant v = Variant::Classic) {
  std::string error;
  auto g = Game::from_fen(fen, v, &error);
  REQUIRE_MESSAGE(g, error);
  return *g;
}

void play_all(Game& g, const std::vector<std::string>& tokens, std::size_t count) {
  std::string error;
  for (std::size_t i = 0; i < count; ++i) REQUIRE_MESSAGE(g.play(tokens[i], &error), error);
}

}  // namespace

TEST_SUITE("game") {

TEST_CASE("points of an outcome for each side and read back as a result") {
  CHECK(points(Outcome::WhiteWins, WHITE) == 1.0);
  CHECK(points(Outcome::WhiteWins, BLACK) == 0.0);
  CHECK(points(Outcome::BlackWins, BLACK) == 1.0);
  CHECK(points(Outcome::BlackWins, WHITE) == 0.0);
  CHECK(points(Outcome::Draw, WHITE) == 0.5);
  CHECK(points(Outcome::Draw, BLACK) == 0.5);
  CHECK(points(Outcome::Ongoing, WHITE) == 0.0);
  for (const Outcome o : {Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw}) {
    const GameResult w = result_of_points(points(o, WHITE)), b = result_of_points(points(o, BLACK));
    CHECK((w == GameResult::Win) == (b == GameResult::Loss));
    CHECK((w == GameResult::Draw) == (o == Outcome::Draw));
    CHECK((w == GameResult::Win) == (o == Outcome::WhiteWins));
  }
}

TEST_CASE("threefold repetition ends a classic sideways-move cycle on the third occurrence") {
  Game g(Variant::Classic);
  play_all(g, kCycle, 4);
  CHECK(g.repetitions() == 2);  // the start position again, White to move
  CHECK(g.termination() == Termination::None);
  std::string error;
  for (std::size_t i = 4; i < 7; ++i) REQUIRE(g.play(kCycle[i], &error));
  CHECK(g.threefold_at() == -1);
  CHECK(g.termination() == Termination::None);
  CHECK(g.outcome() == Outcome::Ongoing);
  REQUIRE(g.play(kCycle[7], &error));
  CHECK(g.repetitions() == 3);
  CHECK(g.occurrences(4) == 2);
  CHECK(g.occurrences(0) == 1);
  CHECK(g.threefold_at() == 8);
  CHECK(g.termination() == Termination::Threefold);
  CHECK(g.outcome() == Outcome::Draw);
  // The game has ended: the referee takes no further turn.
  CHECK_FALSE(g.play("c1a1", &error));
  CHECK(error == "the game is over (threefold repetition)");
  CHECK(g.plies() == 8);
}

TEST_CASE("a threefold repetition stays the game's ending after further turns and not before it") {
  Game g(Variant::Classic);
  play_all(g, kCycle, kCycle.size());
  std::string error;
  // The engine front end's `position … moves` may go on past an ending.
  const auto turn = g.legal_turn("c1a1", &error);
  REQUIRE(turn);
  g.push(*turn);
  CHECK(g.repetitions() == 3);  // as after plies 1 and 5
  CHECK(g.threefold_at() == 8);  // the first third occurrence stays the ending
  CHECK(g.termination() == Termination::Threefold);
  // A position never seen before: the game stays drawn (the front end's `query gameover`).
  Game fresh = g;
  for (const Turn& t : legal_turns(g.current())) {
    fresh = g;
    fresh.push(t);
    if (fresh.repetitions() == 1) break;
  }
  REQUIRE(fresh.repetitions() == 1);
  CHECK(fresh.termination() == Termination::Threefold);
  CHECK(fresh.outcome() == Outcome::Draw);
  // How the game stood at each earlier ply (the web board's cursor).
  for (int ply = 0; ply < 8; ++ply) CHECK(g.termination_at(ply) == Termination::None);
  CHECK(g.termination_at(8) == Termination::Threefold);
  // Cutting the line back before the third occurrence undoes the draw.
  g.truncate(7);
  CHECK(g.threefold_at() == -1);
  CHECK(g.termination() == Termination::None);
  REQUIRE(g.play("a8c8", &error));
  CHECK(g.threefold_at() == 8);
}

TEST_CASE("repetition counts the same board with the same side to move only") {
  const Game white = game_of(std::string(START_FEN));
  const Game black = game_of("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1");
  CHECK(same_position(white.current(), white.current()));
  CHECK_FALSE(same_position(white.current(), black.current()));
  // The move counters are not part of the position.
  const Game later = game_of("2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 7 30");
  CHECK(same_position(white.current(), later.current()));
}

TEST_CASE("an illegal or malformed token leaves the game unchanged") {
  Game g(Variant::Classic);
  play_all(g, kCycle, 3);
  const std::string fen_before = to_fen(g.current());
  const std::vector<std::string> tokens_before = g.tokens();
  for (const char* bad : {"zz", "c1c5", "", "c1a1,a1b1", "a1c1"}) {
    INFO(bad);
    std::string error;
    std::string canonical = "unchanged";
    CHECK_FALSE(g.play(bad, &error, &canonical));
    CHECK_FALSE(error.empty());
    CHECK(canonical == "unchanged");
    CHECK(g.plies() == 3);
    CHECK(g.tokens() == tokens_before);
    CHECK(to_fen(g.current()) == fen_before);
    CHECK(g.repetitions() == 1);
    CHECK_FALSE(g.legal_turn(bad, nullptr));
  }
  std::string error, canonical;
  REQUIRE(g.play("a8c8", &error, &canonical));
  CHECK(g.plies() == 4);
  CHECK(g.repetitions() == 2);
}

TEST_CASE("the referee spells every turn canonically") {
  Game g(Variant::Classic);
  std::string error, canonical;
  REQUIRE(g.play("d2c2d3", &error, &canonical));  // an ordo named from its other end
  CHECK(canonical == "c2d2c3");
  CHECK(g.tokens() == std::vector<std::string>{"c2d2c3"});
  std::string bad;
  CHECK_FALSE(Game::from_fen("not a fen", Variant::Classic, &bad));
  CHECK(bad.rfind("bad FEN 'not a fen': ", 0) == 0);
  CHECK(Game::from_fen("startpos", Variant::OrdoX, nullptr)->variant() == Variant::OrdoX);
}

TEST_CASE("the rules' endings and their outcomes") {
  struct Case {
    const char* fen;
    const char* token;  // the turn that ends the game, or "" when the FEN has ended already
    Termination termination;
    Outcome outcome;
  };
  const Case cases[] = {
      {"10/W9/10/10/9B/10/10/10 w 0 1", "a7a8", Termination::TargetRow, Outcome::WhiteWins},
      {"10/10/3W6/10/10/10/10/5B4 w 1 30", "", Termination::TargetRow, Outcome::BlackWins},
      {"10/10/3W6/10/10/10/10/10 b 0 30", "", Termination::NoPieces, Outcome::WhiteWins},
      {"10/10/10/6B3/10/10/10/10 w 0 30", "", Termination::NoPieces, Outcome::BlackWins},
      {"10/10/10/BB6BB/WB6BW/BB6BB/10/10 w 0 1", "", Termination::NoLegalMove, Outcome::BlackWins},
  };
  for (const Case& c : cases) {
    INFO(c.fen);
    Game g = game_of(c.fen);
    std::string error;
    if (*c.token) {
      CHECK(g.termination() == Termination::None);
      CHECK(g.outcome() == Outcome::Ongoing);
      REQUIRE_MESSAGE(g.play(c.token, &error), error);
    }
    CHECK(g.termination() == c.termination);
    CHECK(rules_termination(g.current()) == c.termination);
    CHECK(is_rules_ending(c.termination));
    CHECK(g.outcome() == c.outcome);
    CHECK(g.over());
    CHECK_FALSE(g.play("a1a2", &error));
    CHECK(error == std::string("the game is over (") + termination_name(c.termination) + ")");
  }
}

TEST_CASE("every termination keeps its record name and every outcome its result token") {
  const std::pair<Termination, const char*> names[] = {
      {Termination::None, "unterminated"},
      {Termination::TargetRow, "target row"},
      {Termination::NoPieces, "no pieces"},
      {Termination::NoLegalMove, "no legal move"},
      {Termination::Threefold, "threefold repetition"},
      {Termination::MoveLimit, "move limit"},
      {Termination::Adjudication, "adjudication"},
      {Termination::TimeForfeit, "time forfeit"},
      {Termination::IllegalMove, "illegal move"},
      {Termination::Crash, "crash"},
      {Termination::Stall, "stall"},
      {Termination::Abandoned, "abandoned"},
  };
  for (const auto& [t, name] : names) {
    CHECK(std::string(termination_name(t)) == name);
    CHECK(parse_termination(name) == t);
    const bool forfeit = t == Termination::TimeForfeit || t == Termination::IllegalMove || t == Termination::Crash ||
                         t == Termination::Stall;
    CHECK(is_forfeit(t) == forfeit);
  }
  CHECK_FALSE(parse_termination("Threefold"));
  const std::pair<Outcome, const char*> tokens[] = {
      {Outcome::WhiteWins, "1-0"}, {Outcome::BlackWins, "0-1"}, {Outcome::Draw, "1/2-1/2"}, {Outcome::Ongoing, "*"}};
  for (const auto& [o, token] : tokens) {
    CHECK(std::string(result_token(o)) == token);
    CHECK(parse_result_token(token) == o);
  }
  CHECK_FALSE(parse_result_token("1-1"));
  CHECK(win_for(WHITE) == Outcome::WhiteWins);
  CHECK(win_for(BLACK) == Outcome::BlackWins);
  CHECK(winner_of(Outcome::BlackWins) == BLACK);
  CHECK_FALSE(winner_of(Outcome::Draw));
}

TEST_CASE("every ending has its sentence that names the loser where the ending is a side's") {
  CHECK(termination_sentence(Termination::TargetRow, Outcome::BlackWins) == "reached the target row");
  CHECK(termination_sentence(Termination::NoPieces, Outcome::WhiteWins) == "black has no pieces");
  CHECK(termination_sentence(Termination::NoLegalMove, Outcome::BlackWins) == "white has no legal move");
  CHECK(termination_sentence(Termination::Threefold, Outcome::Draw) == "threefold repetition");
  CHECK(termination_sentence(Termination::TimeForfeit, Outcome::BlackWins) == "white ran out of time");
  CHECK(termination_sentence(Termination::None, Outcome::Ongoing) == "ongoing");
}

TEST_CASE("the move limit is reached after maxmoves full moves") {
  CHECK_FALSE(move_limit_reached(1000, 0));  // 0: no limit
  CHECK_FALSE(move_limit_reached(5, 3));
  CHECK(move_limit_reached(6, 3));
  CHECK(move_limit_reached(7, 3));
  Game g(Variant::Classic);
  play_all(g, kCycle, 2);
  CHECK(move_limit_reached(g.plies(), 1));
  CHECK_FALSE(move_limit_reached(g.plies(), 2));
}

TEST_CASE("score adjudication resigns and draws after their counts and never once the game has ended") {
  ResignAdjudication resign{.enabled = true, .movecount = 2, .score = 500, .twosided = false};
  Adjudicator a({}, resign);
  Game g(Variant::Classic);
  play_all(g, kCycle, 1);
  CHECK_FALSE(a.after_turn(g, WHITE, -600));
  play_all(g, {"c8a8"}, 1);
  CHECK_FALSE(a.after_turn(g, BLACK, 600));
  play_all(g, {"a1c1"}, 1);
  CHECK(a.after_turn(g, WHITE, -700) == Outcome::BlackWins);
  // A turn without a score resets the count.
  Adjudicator b({}, resign);
  CHECK_FALSE(b.after_turn(g, WHITE, -600));
  CHECK_FALSE(b.after_turn(g, WHITE, std::nullopt));
  CHECK_FALSE(b.after_turn(g, WHITE, -600));

  DrawAdjudication draw{.enabled = true, .movenumber = 2, .movecount = 1, .score = 10};
  Adjudicator d(draw, {});
  Game h(Variant::Classic);
  play_all(h, kCycle, 1);
  CHECK_FALSE(d.after_turn(h, WHITE, 5));
  play_all(h, {"c8a8"}, 1);
  CHECK_FALSE(d.after_turn(h, BLACK, -5));  // one full move played: before movenumber 2
  play_all(h, {"a1c1"}, 1);
  CHECK_FALSE(d.after_turn(h, WHITE, 5));
  play_all(h, {"a8c8"}, 1);
  CHECK(d.after_turn(h, BLACK, 0) == Outcome::Draw);

  // A game the rules ended is not adjudicated.
  Game won = game_of("10/W9/10/10/9B/10/10/10 w 0 1");
  REQUIRE(won.play("a7a8", nullptr));
  Adjudicator r({}, ResignAdjudication{.enabled = true, .movecount = 1, .score = 100, .twosided = false});
  CHECK_FALSE(r.after_turn(won, WHITE, -900));
  Adjudicator dd(DrawAdjudication{.enabled = true, .movenumber = 0, .movecount = 0, .score = 10}, {});
  CHECK_FALSE(dd.after_turn(won, WHITE, 0));
}

}  // TEST_SUITE
