// Resuming: the records must have been written by the same command (engines and colours,
// variant, time control, openings, move limit, event) before their games are counted as done.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

#include "game_runner.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "resume.hpp"

using namespace ordo;
using namespace ordo::match;

namespace {

// The games of a small schedule, in number order.
std::vector<ScheduledGame> list_of(const Schedule& schedule) {
  std::vector<ScheduledGame> out;
  auto cursor = schedule.cursor();
  while (auto g = cursor.next()) out.push_back(*g);
  return out;
}

MatchConfig two_engines() {
  MatchConfig c;
  for (const char* name : {"a", "b"}) {
    EngineSpec e;
    e.name = name;
    e.cmd = "/bin/true";
    e.limits.depth = 1;
    c.engines.push_back(e);
  }
  c.rounds = 2;
  return c;
}

// The record the command writes for a game, finished after `plies` legal moves (the first legal
// turn each time) with `termination`.
records::GameRecord written(const MatchConfig& c, const ScheduledGame& g, int plies, game::Termination termination) {
  OpeningBook book(c.variant);
  records::GameRecord r;
  fill_tags(r, c, g, book.for_round(g.opening_round));
  auto referee = game::Game::from_fen(book.for_round(g.opening_round).fen, c.variant, nullptr);
  for (int i = 0; i < plies; ++i) {
    const std::string token = format_turn(legal_turns(referee->current()).front());
    REQUIRE(referee->play(token, nullptr));
    r.moves.push_back({token, ""});
  }
  r.result = "1/2-1/2";
  r.set_tag("Result", r.result);
  r.set_tag("Termination", game::termination_name(termination));
  r.set_tag("PlyCount", std::to_string(plies));
  return r;
}

}  // namespace

TEST_SUITE("match") {
  TEST_CASE("resume: a record agrees with the command that wrote it apart from site and date") {
    const MatchConfig c = two_engines();
    const Schedule schedule(c);
    const auto games = list_of(schedule);
    REQUIRE(games.size() == 4);
    const records::GameRecord expected = written(c, games[1], 0, game::Termination::None);
    records::GameRecord existing = written(c, games[1], 8, game::Termination::Threefold);
    existing.set_tag("Site", "another host");
    existing.set_tag("Date", "2001.01.01");
    CHECK_FALSE(settings_mismatch(existing, expected, 0));
  }

  TEST_CASE("resume: another variant or time control or opening or engine is a mismatch") {
    const MatchConfig c = two_engines();
    const Schedule schedule(c);
    const auto games = list_of(schedule);
    const records::GameRecord expected = written(c, games[0], 0, game::Termination::None);
    for (const char* tag : {"Variant", "TimeControl", "FEN", "Opening", "White", "Pair", "Round", "Event"}) {
      records::GameRecord existing = written(c, games[0], 4, game::Termination::Threefold);
      existing.set_tag(tag, "changed");
      const auto why = settings_mismatch(existing, expected, 0);
      REQUIRE_MESSAGE(why, tag);
      CHECK(why->find(tag) != std::string::npos);
      CHECK(why->find("'changed' in the records") != std::string::npos);
    }
    records::GameRecord missing = written(c, games[0], 4, game::Termination::Threefold);
    missing.tags.erase(missing.tags.begin() + 7);  // Variant
    const auto why = settings_mismatch(missing, expected, 0);
    REQUIRE(why);
    CHECK(why->find("Variant missing") != std::string::npos);
  }

  TEST_CASE("resume: the move limit must agree with the games' lengths") {
    const MatchConfig c = two_engines();
    const Schedule schedule(c);
    const auto games = list_of(schedule);
    const records::GameRecord expected = written(c, games[0], 0, game::Termination::None);
    const records::GameRecord limited = written(c, games[0], 6, game::Termination::MoveLimit);
    CHECK_FALSE(settings_mismatch(limited, expected, 3));
    CHECK(settings_mismatch(limited, expected, 4));  // would have gone on to 8 plies
    CHECK(settings_mismatch(limited, expected, 0));  // would have gone on
    const records::GameRecord won = written(c, games[0], 7, game::Termination::TargetRow);
    CHECK_FALSE(settings_mismatch(won, expected, 0));
    CHECK_FALSE(settings_mismatch(won, expected, 4));
    const auto longer = settings_mismatch(won, expected, 3);  // 7 plies under a 6-ply limit
    REQUIRE(longer);
    CHECK(longer->find("-maxmoves 3") != std::string::npos);
  }

  TEST_CASE("resume: the finished games of a file written by the same command are counted") {
    MatchConfig c = two_engines();
    c.pgnout = "/tmp/ordo_resume_test_" + std::to_string(::getpid()) + ".pgn";
    const Schedule schedule(c);
    const auto games = list_of(schedule);
    {
      std::ofstream f(c.pgnout, std::ios::trunc);
      f << records::write_record(written(c, games[0], 6, game::Termination::Adjudication))
        << records::write_record(written(c, games[2], 6, game::Termination::Adjudication));
    }
    const OpeningBook book(c.variant);
    const std::vector<std::string> names = {"a", "b"};
    std::vector<std::string> warnings;
    std::string error;
    auto found = finished_in_records(c, schedule, book, names, &warnings, &error);
    REQUIRE(found);
    CHECK(found->size() == 2);
    CHECK(warnings.empty());

    MatchConfig changed = c;
    changed.engines[1].limits.depth = 2;
    CHECK_FALSE(finished_in_records(changed, Schedule(changed), book, names, &warnings, &error));
    CHECK(error.find("game 1") != std::string::npos);
    CHECK(error.find("TimeControl 'depth=1' in the records") != std::string::npos);
    CHECK(error.find('\n') == std::string::npos);

    changed = c;
    changed.variant = Variant::OrdoX;
    const OpeningBook ordox_book(changed.variant);
    CHECK_FALSE(finished_in_records(changed, Schedule(changed), ordox_book, names, &warnings, &error));
    CHECK(error.find("Variant 'ordo' in the records") != std::string::npos);

    changed = c;
    changed.pgnout += ".none";  // no file: nothing to resume
    found = finished_in_records(changed, Schedule(changed), book, names, &warnings, &error);
    REQUIRE(found);
    CHECK(found->empty());
    CHECK_FALSE(records_overlap(changed, Schedule(changed), book));
    std::remove(c.pgnout.c_str());
  }

  TEST_CASE("resume: a record whose result its moves do not give or a doubled game is refused") {
    MatchConfig c = two_engines();
    c.pgnout = "/tmp/ordo_resume_bad_test_" + std::to_string(::getpid()) + ".pgn";
    const Schedule schedule(c);
    const auto games = list_of(schedule);
    const OpeningBook book(c.variant);
    const std::vector<std::string> names = {"a", "b"};
    std::vector<std::string> warnings;
    std::string error;
    // A forfeit by the side to move (White after 6 plies) must be 0-1; the record says 1-0.
    records::GameRecord flipped = written(c, games[1], 6, game::Termination::Crash);
    flipped.result = "1-0";
    flipped.set_tag("Result", "1-0");
    {
      std::ofstream f(c.pgnout, std::ios::trunc);
      f << records::write_record(written(c, games[0], 6, game::Termination::Adjudication))
        << records::write_record(flipped);
    }
    CHECK_FALSE(finished_in_records(c, schedule, book, names, &warnings, &error));
    CHECK(error.find("game 2 does not replay") != std::string::npos);
    CHECK(error.find("forfeit") != std::string::npos);
    CHECK(error.find('\n') == std::string::npos);
    {
      std::ofstream f(c.pgnout, std::ios::trunc);
      for (int i = 0; i < 2; ++i) f << records::write_record(written(c, games[0], 6, game::Termination::Adjudication));
    }
    CHECK_FALSE(finished_in_records(c, schedule, book, names, &warnings, &error));
    CHECK(error.find("game 1 is doubled") != std::string::npos);
    // Without -resume the same file is refused before anything is played.
    const auto overlap = records_overlap(c, schedule, book);
    REQUIRE(overlap);
    CHECK(overlap->find("-resume") != std::string::npos);
    CHECK(overlap->find("another -pgnout file") != std::string::npos);
    std::remove(c.pgnout.c_str());
  }
}
