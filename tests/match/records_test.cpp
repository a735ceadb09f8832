// Game records: write/read round trip, the reader's tolerance and its errors, the game model's
// threefold rule as the records use it, and the replay checker catching every kind of inconsistent
// record.
#include <doctest/doctest.h>

#include <sstream>

#include "game_record.hpp"
#include "game_replay.hpp"
#include "game_model.hpp"
#include "notation.hpp"

using namespace ordo;
using namespace ordo::records;

namespace {

GameRecord base_record(const std::string& variant = "ordo") {
  GameRecord r;
  for (const char* name : kStandardTags) r.tags.emplace_back(name, "?");
  r.set_tag("Variant", variant);
  r.set_tag("FEN", std::string(START_FEN));
  r.set_tag("SetUp", "0");
  r.set_tag("TimeControl", "1+0.01");
  return r;
}

void finish(GameRecord& r, const std::string& result, const std::string& termination) {
  r.result = result;
  r.set_tag("Result", result);
  r.set_tag("Termination", termination);
  r.set_tag("PlyCount", std::to_string(r.moves.size()));
}

std::vector<GameRecord> read_all(const std::string& text, std::vector<std::string>* errors = nullptr) {
  std::istringstream in(text);
  return read_records(in, errors);
}

}  // namespace

TEST_SUITE("records") {
  TEST_CASE("a record survives write and read") {
    GameRecord r = base_record();
    r.set_tag("White", "A \"quoted\" name\\x");
    r.moves = {{"c1a1", "+0.12/3 0.010s"}, {"c8a8", ""}, {"a1c1", "-M2/5 0.200s"}};
    finish(r, "*", "abandoned");
    const std::string text = write_record(r);
    CHECK(text.find("1. c1a1 {+0.12/3 0.010s} c8a8 2. a1c1 {-M2/5 0.200s} *") != std::string::npos);
    auto back = read_all(text + text);
    REQUIRE(back.size() == 2);
    CHECK(back[0].tags == r.tags);
    CHECK(back[0].result == "*");
    REQUIRE(back[0].moves.size() == 3);
    CHECK(back[0].moves[0].token == "c1a1");
    CHECK(back[0].moves[0].comment == "+0.12/3 0.010s");
    CHECK(back[0].moves[1].comment.empty());
    CHECK(back[1].moves[2].token == "a1c1");
  }

  TEST_CASE("movetext numbering follows a FEN with Black to move") {
    GameRecord r = base_record();
    r.set_tag("FEN", "10/W9/10/10/9B/10/10/10 b 0 7");
    r.moves = {{"j4j3", ""}, {"a7a8", ""}};
    finish(r, "1-0", "target row");
    CHECK(write_record(r).find("7... j4j3 8. a7a8 1-0") != std::string::npos);
  }

  TEST_CASE("long movetext wraps and reads back and glued move numbers are accepted") {
    GameRecord r = base_record();
    for (int i = 0; i < 60; ++i) r.moves.push_back({i % 2 ? "c8a8" : "c1a1", "+0.01/1 0.001s"});
    finish(r, "*", "abandoned");
    const std::string text = write_record(r);
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) CHECK(line.size() <= 80);
    auto back = read_all(text);
    REQUIRE(back.size() == 1);
    CHECK(back[0].moves.size() == 60);
    auto glued = read_all("[Event \"x\"]\n\n1.c1a1 c8a8 2.a1c1 1-0\n");
    REQUIRE(glued.size() == 1);
    CHECK(glued[0].moves.size() == 3);
    // A result glued to a move number ends the record: it is not a move written back as the result.
    auto glued_result = read_all("[Event \"x\"]\n\n1. c1a1 c8a8 2.1-0\n");
    REQUIRE(glued_result.size() == 1);
    CHECK(glued_result[0].moves.size() == 2);
    CHECK(glued_result[0].result == "1-0");
    std::vector<std::string> errors;
    CHECK(read_all("[Event \"x\"]\n\n1. c1a1 2.* c8a8 *\n", &errors).empty());
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("text after the result '*'") != std::string::npos);
  }

  TEST_CASE("malformed and cut-off records are reported and skipped") {
    std::vector<std::string> errors;
    const std::string good = "[Event \"g\"]\n\n1. c1a1 *\n\n";
    auto recs = read_all("[Event \"bad]\n\n1. c1a1 *\n\n" + good + "[Event \"h\"]\n[Event \"h\"]\n\n*\n\n" + good +
                             "garbage line\n" + good + "[Event \"cut\"]\n\n1. c1a1 c8a8",
                         &errors);
    CHECK(recs.size() == 4);  // the repeated Event tag starts a record of its own
    REQUIRE(errors.size() == 4);
    CHECK(errors[0].find("malformed tag") != std::string::npos);
    CHECK(errors[1].find("cut off in its tags") != std::string::npos);
    CHECK(errors[2].find("expected a tag pair") != std::string::npos);
    CHECK(errors[3].find("no result") != std::string::npos);
  }

  TEST_CASE("referee: threefold repetition is a draw and ends the game") {
    game::Game ref(Position::start(Variant::Classic));
    std::string err;
    for (const char* t : {"c1a1", "c8a8", "a1c1", "a8c8", "c1a1", "c8a8", "a1c1"}) REQUIRE(ref.play(t, &err));
    CHECK(ref.termination() == game::Termination::None);
    REQUIRE(ref.play("a8c8", &err));
    CHECK(ref.repetitions() == 3);
    CHECK(ref.termination() == game::Termination::Threefold);
    CHECK(ref.outcome() == game::Outcome::Draw);
    CHECK_FALSE(ref.play("c1a1", &err));
    CHECK(err.find("over") != std::string::npos);
  }

  TEST_CASE("referee: illegal and malformed tokens leave the game unchanged") {
    game::Game ref(Position::start(Variant::Classic));
    std::string err;
    CHECK_FALSE(ref.play("zz", &err));
    CHECK_FALSE(err.empty());
    CHECK_FALSE(ref.play("c1c5", &err));
    CHECK(ref.plies() == 0);
    std::string canonical;
    REQUIRE(ref.play("d2c2d3", &err, &canonical));  // an ordo named from its other end
    CHECK(canonical == "c2d2c3");
    CHECK_FALSE(game::Game::from_fen("not a fen", Variant::Classic, &err));
  }

  TEST_CASE("replay accepts consistent records") {
    GameRecord win = base_record();
    win.set_tag("FEN", "10/W9/10/10/9B/10/10/10 w 0 1");
    win.set_tag("SetUp", "1");
    win.moves = {{"a7a8", ""}};
    finish(win, "1-0", "target row");
    CHECK(replay_record(win).ok);

    GameRecord three = base_record();
    for (const char* t : {"c1a1", "c8a8", "a1c1", "a8c8", "c1a1", "c8a8", "a1c1", "a8c8"}) three.moves.push_back({t, ""});
    finish(three, "1/2-1/2", "threefold repetition");
    CHECK(replay_record(three).ok);

    GameRecord forfeit = base_record("ordox");
    forfeit.moves = {{"c2d2c3", ""}};  // Black to move forfeits
    finish(forfeit, "1-0", "crash");
    CHECK(replay_record(forfeit).ok);

    GameRecord limit = base_record();
    limit.moves = {{"c1a1", ""}, {"c8a8", ""}};
    finish(limit, "1/2-1/2", "move limit");
    CHECK(replay_record(limit).ok);
  }

  TEST_CASE("replay catches wrong results and illegal moves and bad tags") {
    auto problems_of = [](const GameRecord& r) {
      auto rep = replay_record(r);
      CHECK_FALSE(rep.ok);
      return rep.problems.empty() ? std::string() : rep.problems.front();
    };
    GameRecord win = base_record();
    win.set_tag("FEN", "10/W9/10/10/9B/10/10/10 w 0 1");
    win.set_tag("SetUp", "1");
    win.moves = {{"a7a8", ""}};
    finish(win, "0-1", "target row");
    CHECK(problems_of(win).find("gives 1-0") != std::string::npos);
    finish(win, "1-0", "time forfeit");
    CHECK(problems_of(win).find("ended by target row") != std::string::npos);

    GameRecord illegal = base_record();
    illegal.moves = {{"c1a1", ""}, {"c1a1", ""}};
    finish(illegal, "*", "abandoned");
    CHECK(problems_of(illegal).find("move 2") != std::string::npos);

    GameRecord spelled = base_record();
    spelled.moves = {{"d2c2d3", ""}};
    finish(spelled, "*", "abandoned");
    CHECK(problems_of(spelled).find("not canonical") != std::string::npos);

    GameRecord forfeit = base_record();
    forfeit.moves = {{"c1a1", ""}};
    finish(forfeit, "0-1", "illegal move");  // Black was to move: Black loses
    CHECK(problems_of(forfeit).find("must be 1-0") != std::string::npos);

    GameRecord plies = base_record();
    plies.moves = {{"c1a1", ""}};
    finish(plies, "1/2-1/2", "move limit");
    plies.set_tag("PlyCount", "5");
    CHECK(problems_of(plies).find("PlyCount") != std::string::npos);

    GameRecord variant = base_record("chess");
    CHECK(problems_of(variant).find("Variant") != std::string::npos);

    GameRecord missing;  // no tags at all, result "*"
    CHECK(problems_of(missing).find("missing tag") != std::string::npos);
  }
  TEST_CASE("replay: every forfeit loses for the side to move and names it by its player tag") {
    for (const char* termination : {"time forfeit", "illegal move", "crash", "stall"}) {
      CAPTURE(termination);
      GameRecord white_to_move = base_record();
      finish(white_to_move, "1-0", termination);
      auto rep = replay_record(white_to_move);
      CHECK_FALSE(rep.ok);
      REQUIRE(rep.problems.size() == 1);
      CHECK(rep.problems.front() == "a forfeit by the side to move (White) must be 0-1, not 1-0");
      finish(white_to_move, "0-1", termination);
      CHECK(replay_record(white_to_move).ok);

      GameRecord black_to_move = base_record();
      black_to_move.moves = {{"c1a1", ""}};
      finish(black_to_move, "1/2-1/2", termination);
      rep = replay_record(black_to_move);
      REQUIRE(rep.problems.size() == 1);
      CHECK(rep.problems.front() == "a forfeit by the side to move (Black) must be 1-0, not 1/2-1/2");
    }
  }

  TEST_CASE("the result tokens are the four of the game model") {
    for (const char* token : {"1-0", "0-1", "1/2-1/2", "*"}) CHECK(is_result_token(token));
    for (const char* token : {"", "1/2", "0-0", "1-0 ", "½-½", "**"}) CHECK_FALSE(is_result_token(token));
  }
}
