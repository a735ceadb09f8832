// WebSession: games on the clock (shown, enforced, the engine on its clock) and "analyse game".
#include <doctest/doctest.h>

#include "fake_transport.hpp"
#include "web_session.hpp"

namespace ordo::web::testing {

namespace {

struct Timed {
  FakeEngine engine;
  std::vector<std::string> out;
  WebSession::Clock::time_point now{};
  WebSession session;

  Timed()
      : session({{"engine-1", "Fake"}},
                [this](int, TransportEvents ev) -> std::unique_ptr<LineTransport> {
                  engine.events = std::move(ev);
                  return std::make_unique<FakeTransport>(engine);
                },
                [this](std::string m) { out.push_back(std::move(m)); }) {
    session.set_time_source([this] { return now; });
  }
  void send(std::string_view m) { session.handle(m); }
  void pass(int ms) { now += std::chrono::milliseconds(ms); }
  std::string last(const std::string& type) const {
    const std::string tag = "{\"type\":\"" + type + "\"";
    for (auto it = out.rbegin(); it != out.rend(); ++it)
      if (it->rfind(tag, 0) == 0) return *it;
    return "";
  }
  int count(const std::string& type) const {
    int n = 0;
    for (const auto& m : out) n += m.rfind("{\"type\":\"" + type + "\"", 0) == 0;
    return n;
  }
  void greet() {
    engine.say("id name Fake");
    engine.say("option name UCI_Variant type combo default ordo var ordo var ordox");
    engine.say("uciok");
  }
};

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("a game on the clock: time is charged per turn with the increment and shown") {
    Timed t;
    t.send("clock 300+3");
    t.send("new ordo");
    CHECK(has(t.last("state"), R"("clock":{"control":{"base":300000,"inc":3000},"white":300000,"black":300000,"running":"white"})"));
    t.pass(2000);
    t.send("move a3a4");
    t.greet();
    // White: 300 s - 2 s + 3 s. The engine plays on its clock: both times and increments.
    CHECK(has(t.last("state"), R"("white":301000,"black":300000,"running":"black")"));
    CHECK(t.engine.last() == "go wtime 301000 btime 300000 winc 3000 binc 3000");
    t.pass(1500);
    t.engine.say("bestmove a6a5");
    CHECK(has(t.last("state"), R"("white":301000,"black":301500,"running":"white")"));
    CHECK(has(t.last("state"), R"("moves":["a3a4","a6a5"])"));
  }

  TEST_CASE("a person who runs out of time loses on time: flag and a late move") {
    for (const bool late_move : {false, true}) {
      CAPTURE(late_move);
      Timed t;
      t.send("clock 60");
      t.send("new ordo");
      t.pass(30000);
      t.send("flag");  // too early: nothing happens
      CHECK(has(t.last("state"), R"("over":false)"));
      t.pass(30001);
      t.send(late_move ? "move a3a4" : "flag");
      const std::string st = t.last("state");
      CHECK(has(st, R"("status":{"over":true,"winner":"black","reason":"time forfeit","result":"0-1"})"));
      CHECK(has(st, R"("moves":[])"));
      CHECK(has(st, R"("white":0,"black":60000,"running":null)"));
      t.send("move a3a4");
      CHECK(has(t.last("error"), "the game is over (white ran out of time)"));
      // The saved record says so: Black won on time.
      t.send("save");
      const std::string record = t.last("record");
      CHECK(has(record, R"([Result \"0-1\"])"));
      CHECK(has(record, R"([Termination \"time forfeit\"])"));
      CHECK(has(record, R"([TimeControl \"60\"])"));
      CHECK(has(record, R"(\n\n0-1\n)"));
    }
  }

  TEST_CASE("an engine that answers after its time is gone loses on time") {
    Timed t;
    t.send("clock 60");
    t.send("new ordo");
    t.send("move a3a4");
    t.greet();
    t.pass(60001);
    t.engine.say("bestmove a6a5");
    const std::string st = t.last("state");
    CHECK(has(st, R"("status":{"over":true,"winner":"white","reason":"time forfeit","result":"1-0"})"));
    CHECK(has(st, R"("moves":["a3a4"])"));
    t.send("save");
    CHECK(has(t.last("record"), R"([Result \"1-0\"])"));
    CHECK(has(t.last("record"), R"([Termination \"time forfeit\"])"));
    CHECK(has(t.last("record"), R"([TimeControl \"60\"])"));
  }

  TEST_CASE("hostile: Stop holds both clocks so a paused engine never loses on time and Play restarts its clock") {
    Timed t;
    t.send("clock 60");
    t.send("new ordo");
    t.send("move a3a4");
    t.greet();
    t.pass(1000);
    t.send("stop");  // Black's engine has thought for 1 s
    t.engine.say("bestmove a6a5");  // the stopped search's move is shown, not played
    CHECK(has(t.last("state"), R"("white":60000,"black":59000,"running":null)"));
    t.pass(120000);  // paused for longer than the whole game's time
    t.send("flag");
    CHECK(has(t.last("state"), R"("over":false)"));
    CHECK(has(t.last("state"), R"("white":60000,"black":59000,"running":null)"));
    t.send("play");
    CHECK(t.engine.last() == "go wtime 60000 btime 59000 winc 0 binc 0");
    CHECK(has(t.last("state"), R"("running":"black")"));
    t.pass(500);
    t.engine.say("bestmove a6a5");
    CHECK(has(t.last("state"), R"("moves":["a3a4","a6a5"])"));
    CHECK(has(t.last("state"), R"("white":60000,"black":58500,"running":"white")"));
    // Paused on the person's turn: the person's clock does not run either.
    t.send("stop");
    t.pass(90000);
    t.send("flag");
    CHECK(has(t.last("state"), R"("over":false)"));
    t.send("move e3e4");  // a person's move resumes the game, charged nothing for the pause
    CHECK(has(t.last("state"), R"("white":60000,"black":58500,"running":"black")"));
  }

  TEST_CASE("clock off and bad clock values") {
    Timed t;
    t.send("clock 0+3");
    CHECK(has(t.last("error"), "clock: a time from 1 to 10800 seconds"));
    t.send("clock 300 3");
    CHECK(has(t.last("error"), "clock: expected 'off' or a time control, seconds[+increment]"));
    t.send("clock 40/300");
    CHECK(has(t.last("error"), "clock: no moves per period here"));
    t.send("clock 5:00+x");
    CHECK(has(t.last("error"), "clock: bad time control '5:00+x'"));
    t.send("clock 300+3");
    t.send("clock off");
    t.send("new ordo");
    CHECK(has(t.last("state"), R"("clock":{"control":null)"));
  }

  TEST_CASE("analyse game searches every position and reports White's view") {
    Timed t;
    t.send("players human human");
    t.send("move a3a4");
    t.send("move a6a5");
    t.send("analyse 100");
    t.greet();
    CHECK(t.engine.last() == "go movetime 100");
    CHECK(has(t.last("state"), R"("purpose":"analyse")"));
    t.engine.say("info depth 5 score cp 30 pv a3a4");
    CHECK(t.count("info") == 0);  // positions other than the shown one are not in the engine panel
    t.engine.say("bestmove a3a4");
    CHECK(has(t.last("analysis"), R"({"type":"analysis","ply":0,"cp":30,"best":"a3a4"})"));
    t.engine.say("info depth 5 score cp 40 pv a6a5");  // Black to move: +40 for Black
    t.engine.say("bestmove a6a5");
    CHECK(has(t.last("analysis"), R"("ply":1,"cp":-40)"));
    t.send("jump 1");  // looking through the game does not end the analysis
    CHECK(t.count("analysis_done") == 0);
    t.engine.say("info depth 5 score mate 2 pv b3b4");
    t.engine.say("bestmove b3b4");
    CHECK(has(t.last("analysis"), R"("ply":2,"mate":2)"));
    CHECK(has(t.last("analysis_done"), R"("complete":true)"));
  }

  TEST_CASE("an analysed position that gets no score is searched again with more time") {
    Timed t;
    t.send("players human human");
    t.send("analyse 100");
    t.greet();
    t.engine.say("bestmove a3a4");  // no info line at all
    CHECK(t.engine.last() == "go movetime 200");
    CHECK(t.count("analysis") == 0);
    t.engine.say("bestmove a3a4");
    CHECK(t.engine.last() == "go movetime 400");
    t.engine.say("info depth 1 score cp 7 pv a3a4");
    t.engine.say("bestmove a3a4");
    CHECK(has(t.last("analysis"), R"({"type":"analysis","ply":0,"cp":7,"best":"a3a4"})"));
    CHECK(has(t.last("analysis_done"), R"("complete":true)"));
  }

  TEST_CASE("a move ends the analysis") {
    Timed t;
    t.send("players human human");
    t.send("move a3a4");
    t.send("analyse 100");
    t.greet();
    t.send("jump 1");
    t.send("move a6a5");
    CHECK(has(t.last("analysis_done"), R"("complete":false)"));
    t.engine.say("bestmove a3a4");  // the stopped search's answer is dropped
    CHECK(t.count("analysis") == 0);
  }
}

}  // namespace ordo::web::testing
