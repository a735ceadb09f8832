// WebSession: the page's commands, the engines' answers, and bad input from both.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "fake_transport.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "web_session.hpp"

namespace ordo::web::testing {

namespace {

const std::string START = std::string(START_FEN);

struct Harness {
  std::vector<std::unique_ptr<FakeEngine>> engines;
  std::vector<std::string> out;
  std::vector<int> made;  // engine index of every transport the session asked for
  std::unique_ptr<WebSession> session;

  // `levels`: the levels every engine's listing offers (as the start-up probe found them).
  explicit Harness(int engine_count = 1, SessionLimits limits = {}, std::vector<EngineLevel> levels = {}) {
    std::vector<EngineListing> listings;
    for (int i = 0; i < engine_count; ++i) {
      engines.push_back(std::make_unique<FakeEngine>());
      listings.push_back({"engine-" + std::to_string(i + 1), "", driver::Dialect::Uci, levels});
    }
    session = std::make_unique<WebSession>(
        listings,
        [this](int e, TransportEvents ev) -> std::unique_ptr<LineTransport> {
          made.push_back(e);
          engines.at(e)->events = std::move(ev);
          return std::make_unique<FakeTransport>(*engines.at(e));
        },
        [this](std::string m) { out.push_back(std::move(m)); }, limits);
  }
  void send(std::string_view m) { session->handle(m); }
  // The last message of a type ("" if none), and how many there were since the last clear().
  std::string last(const std::string& type) const {
    const std::string tag = "{\"type\":\"" + type + "\"";
    for (auto it = out.rbegin(); it != out.rend(); ++it)
      if (it->rfind(tag, 0) == 0) return *it;
    return "";
  }
  bool any(const std::string& type, const std::string& text) const {
    for (const auto& m : out)
      if (m.rfind("{\"type\":\"" + type + "\"", 0) == 0 && m.find(text) != std::string::npos) return true;
    return false;
  }
  int count(const std::string& type) const {
    int n = 0;
    for (const auto& m : out) n += m.rfind("{\"type\":\"" + type + "\"", 0) == 0;
    return n;
  }
  void clear() { out.clear(); }
  // Greets the fake engine the way build/ordo does; with `levels`, with the strength options
  // (instead of UCI_ShowWDL).
  void greet(int e = 0, bool levels = false) {
    FakeEngine& f = *engines.at(e);
    f.say("id name Fake " + std::to_string(e + 1));
    f.say("option name UCI_Variant type combo default ordo var ordo var ordox");
    if (levels) {
      f.say("option name UCI_LimitStrength type check default false");
      f.say("option name UCI_Elo type spin default 1700 min 500 max 1700");
    } else {
      f.say("option name UCI_ShowWDL type check default false");
    }
    f.say("uciok");
  }
  void greet_with_levels(int e = 0) { greet(e, true); }
  // The setoption lines the engine was sent for the strength options, in order.
  std::vector<std::string> strength_lines(int e = 0) const {
    std::vector<std::string> lines;
    for (const auto& l : engines.at(e)->sent)
      if (l.find("UCI_Elo") != std::string::npos || l.find("UCI_LimitStrength") != std::string::npos) lines.push_back(l);
    return lines;
  }
  int cursor() const {
    const std::string s = last("state");
    const auto at = s.find("\"cursor\":");
    return at == std::string::npos ? -1 : std::stoi(s.substr(at + 9));
  }
  bool paused() const { return last("state").find("\"paused\":true") != std::string::npos; }
};

// The levels of build/ordo's range, 500 to 1700.
std::vector<EngineLevel> ordo_levels() { return levels_for({500, 1700}); }

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("hello answers with the engines, the limits and the state with its legal parts") {
    Harness h;
    h.send("hello");
    REQUIRE(h.count("hello") == 1);
    CHECK(has(h.last("hello"), R"("command":"engine-1")"));
    const std::string st = h.last("state");
    CHECK(is_json(st));
    CHECK(has(st, R"("fen":")" + START + "\""));
    CHECK(has(st, R"("side":"white")"));
    CHECK(has(st, R"("players":["human",1])"));
    CHECK(has(st, R"("tok":"c2d2c3","kind":"o")"));  // an ordo among the first parts
    CHECK(h.made.empty());                           // no engine starts before it is needed
  }

  TEST_CASE("Ordo X states give each sideways part the forward parts that may follow it") {
    Harness h;
    h.send("players human human");
    h.send("new ordox");
    const std::string st = h.last("state");
    CHECK(is_json(st));
    CHECK(has(st, R"("variant":"ordox")"));
    // a3 may step sideways to... no: a3b3 is blocked; c1b1 is a sideways part with a forward follow-up.
    CHECK(has(st, R"({"part":{"tok":"c1b1","kind":"s","a":2,"b":-1,"t":1,"k":-1},"side":true,)"));
    CHECK(has(st, R"("next":[{"tok":)"));
    h.send("move c1b1,b1a1");  // a sideways part must be followed by a forward one
    CHECK(has(h.last("error"), "move refused"));
    h.send("move c1b1,a3a4");
    CHECK(h.cursor() == 1);
    CHECK(has(h.last("state"), R"("last":{"tok":"c1b1,a3a4")"));
  }

  TEST_CASE("a capture that leaves tied groups offers one part per surviving group") {
    Harness h;
    h.send("players human human");
    h.send("new ordox");
    h.send("fen 10/10/10/2BBB5/3W6/10/10/10 w 0 1");
    const std::string st = h.last("state");
    CHECK(has(st, R"("tok":"d4d5=c5","kind":"s","a":33,"b":-1,"t":43,"k":42})"));
    CHECK(has(st, R"("tok":"d4d5=e5","kind":"s","a":33,"b":-1,"t":43,"k":44})"));
    h.send("move d4d5");
    CHECK(has(h.last("error"), "add =<square> naming the group that stays"));
    h.send("move d4d5=e5");
    CHECK(has(h.last("state"), R"("board":")" + std::string(43, '.') + "WB"));
  }

  TEST_CASE("hostile: malformed and malicious page messages get an error and change nothing") {
    Harness h;
    h.send("players human human");
    h.send("move a3a4");
    REQUIRE(h.cursor() == 1);
    const std::string before = h.last("state");
    h.clear();
    const std::string long_message(300 * 1024, 'x');
    const std::vector<std::string> bad = {
        "", "   ", "bogus", "MOVE a6a5", "move", "move a6a5 a6a4", "move zz", "move a6a5;rm -rf /",
        "move \x01\x02\xff\xfe", std::string("move a6\0a5", 10), "new chess", "new ordo ordox",
        "players human", "players 0 human", "players 2 human", "players human /bin/sh",
        "players human 1;reboot", "limit", "limit depth 0", "limit depth 65", "limit movetime 5",
        "limit movetime 99999999999999999999", "limit nodes 10", "jump", "jump -1", "jump 2", "jump x",
        "undo now", "fen", "fen not a fen", "fen 10/10/10/10/10/10/10/10 w 0 1", "load", "load [Event \"x\"",
        "check", "\xef\xbb\xbfhello", long_message};
    for (const std::string& m : bad) {
      CAPTURE(m.substr(0, 40));
      h.clear();
      h.send(m);
      REQUIRE(h.out.size() == 1);
      CHECK(h.count("error") == 1);
      CHECK(is_json(h.out[0]));
    }
    h.send("hello");
    CHECK(h.last("state") == before);
    CHECK(h.made.empty());  // nothing the page sent started a process
  }

  TEST_CASE("hostile: a message over the size limit is refused before it is read") {
    SessionLimits limits;
    limits.max_message = 100;
    Harness h(1, limits);
    h.send("load " + std::string(200, 'a'));
    CHECK(has(h.last("error"), "message too long (205 bytes; the limit is 100)"));
  }

  TEST_CASE("the engine plays its side: position, go, info with a checked PV, bestmove") {
    Harness h;
    h.send("hello");
    h.send("limit depth 3");
    h.send("move a3a4");
    REQUIRE(h.made == std::vector<int>{0});
    FakeEngine& e = *h.engines[0];
    CHECK(e.sent == std::vector<std::string>{"uci"});
    h.greet();
    CHECK(e.sent_line("setoption name UCI_ShowWDL value true"));
    CHECK(e.sent_line("setoption name UCI_Variant value ordo"));
    CHECK(e.sent_line("position fen " + START + " moves a3a4"));
    CHECK(e.last() == "go depth 3");
    CHECK(has(h.last("state"), R"("thinking":{"engine":1,)"));
    CHECK(has(h.last("state"), R"("purpose":"play"})"));

    e.say("info depth 2 seldepth 4 multipv 1 score cp -35 wdl 300 100 600 nodes 1234 nps 5000 hashfull 0 time 3 pv a6a5 a4a5 zz9 b6b5");
    const std::string info = h.last("info");
    CHECK(is_json(info));
    CHECK(has(info, R"("depth":2,"seldepth":4,"multipv":1,"cp":-35,"wdl":[300,100,600],"nodes":1234)"));
    CHECK(has(info, R"("pv":["a6a5"])"));  // a4a5 is blocked after a6a5: the line is cut there
    CHECK(has(info, "pv_cut"));
    e.say("info string variant ordo startpos moves a3a4");  // the engine's talk to its operator
    CHECK_FALSE(h.any("notice", "variant ordo startpos"));

    e.say("bestmove a6a5");
    CHECK(h.cursor() == 2);
    CHECK(has(h.last("state"), R"("moves":["a3a4","a6a5"])"));
    CHECK(has(h.last("state"), R"("thinking":null)"));
  }

  TEST_CASE("hostile: an engine whose name and lines hold bytes that are not UTF-8 gets only strict JSON messages") {
    Harness h;
    h.send("hello");
    h.send("limit depth 3");
    h.send("move a3a4");
    FakeEngine& e = *h.engines[0];
    e.say("id name A\xff\xfe" "B");
    e.say("option name UCI_Variant type combo default ordo var ordo var ordox");
    e.say("uciok");
    e.say("info depth 1 score cp 5 pv a6a5 \xc0\xaf\xed\xa0\x80");
    e.say("bestmove \xff" "a6a5");
    REQUIRE(h.count("hello") >= 2);  // the engine's name arrived
    CHECK(has(h.last("hello"), "A\xEF\xBF\xBD"));
    CHECK(has(h.last("info"), "pv_cut"));
    CHECK(h.count("error") >= 1);  // the bestmove is refused
    for (const std::string& m : h.out) CHECK_MESSAGE(is_json(m), m);
  }

  TEST_CASE("hostile: an illegal or injected bestmove is refused and pauses engine play") {
    const std::pair<std::string, std::string> answers[] = {
        {"bestmove a3a4", "not a legal move here"},
        {"bestmove a6a5;quit", "not a legal move here"},
        {"bestmove (none)", "answered 'bestmove (none)' in an ongoing position"},
        {"bestmove", "answered 'bestmove' in an ongoing position"},
        {"BESTMOVE a6a5", "sent malformed output 'BESTMOVE a6a5'"},
        {"bestmove  a6a5", "sent malformed output 'bestmove  a6a5'"},
    };
    for (const auto& [answer, error] : answers) {
      CAPTURE(answer);
      Harness h;
      h.send("move a3a4");
      h.greet();
      h.engines[0]->say(answer);
      CHECK(has(h.last("error"), error));
      CHECK(h.cursor() == 1);
      CHECK(h.paused());
      // The engine is not asked again until "play", and nobody moves for it meanwhile.
      h.send("move a6a5");
      CHECK(h.cursor() == 1);
      h.send("play");
      h.engines[0]->say("bestmove a6a5");
      CHECK(h.cursor() == 2);
    }
  }

  TEST_CASE("an engine that cannot start or exits is reported and play pauses") {
    Harness h;
    h.engines[0]->fail_start = true;
    h.send("move a3a4");
    CHECK(h.any("error", "engine 1 failed: cannot start: no such program"));
    CHECK(h.paused());

    Harness g;
    g.send("move a3a4");
    g.greet();
    g.engines[0]->events.eof();
    CHECK(has(g.last("error"), "the engine exited"));
    CHECK(g.paused());
    g.send("play");
    CHECK(has(g.last("error"), "is not available"));
  }

  TEST_CASE("stop pauses, the stopped search's move is shown, not played, play resumes") {
    Harness h;
    h.send("move a3a4");
    h.greet();
    h.send("stop");
    CHECK(h.engines[0]->last() == "stop");
    h.engines[0]->say("bestmove a6a5");
    CHECK(h.cursor() == 1);
    CHECK(has(h.last("hint"), R"("tok":"a6a5")"));
    CHECK(has(h.last("hint"), R"("stopped":true)"));
    h.send("play");
    CHECK(h.engines[0]->last().rfind("go ", 0) == 0);
    h.engines[0]->say("bestmove b6b5");
    CHECK(h.cursor() == 2);
  }

  TEST_CASE("hostile: while paused no move is accepted for the engine's side") {
    Harness h;
    h.send("move a3a4");
    h.greet();
    h.send("stop");
    h.engines[0]->say("bestmove a6a5");
    REQUIRE(h.paused());
    h.clear();
    h.send("move a6a5");  // the engine's move, played by the person
    CHECK(has(h.last("error"), "move refused"));
    CHECK(h.count("state") == 0);
    h.send("undo");  // back to the person's turn: a move there is the person's own
    REQUIRE(h.cursor() == 0);
    h.send("move a3a4");
    CHECK(h.cursor() == 1);
  }

  TEST_CASE("hostile: a reload (load then limit then players then jump as the page sends them) stays paused until play") {
    // The page's restore of an engine-against-engine game and of a game against the engine at the
    // engine's turn: no engine is asked to move before "play".
    for (const std::string players : {"players 1 2", "players human 1"}) {
      CAPTURE(players);
      Harness h(2);
      h.send("hello");
      h.send("load [Variant \"ordo\"]\n\n1. a3a4 *\n");
      h.send("limit depth 2");
      h.send(players);
      CHECK(h.paused());
      CHECK(h.made.empty());  // no engine was even started
      CHECK(has(h.last("state"), R"("thinking":null)"));
      h.send("jump 1");
      CHECK(h.paused());
      CHECK(h.made.empty());  // no engine was even started
      h.send("play");
      CHECK(has(h.last("state"), R"("thinking":{)"));
    }
  }

  TEST_CASE("a search for an old position is dropped when the game changes under it") {
    Harness h;
    h.send("move a3a4");
    h.greet();
    h.send("undo");  // back to the start, White (the person) to move
    CHECK(h.cursor() == 0);
    h.engines[0]->say("info depth 1 score cp 1 pv a6a5");
    h.engines[0]->say("bestmove a6a5");
    CHECK(h.cursor() == 0);
    CHECK(h.count("info") == 0);
  }

  TEST_CASE("undo against an engine takes back to the person's turn, redo and jump keep the line") {
    Harness h;
    h.send("move a3a4");
    h.greet();
    h.engines[0]->say("bestmove a6a5");
    h.send("move e3e4");
    h.engines[0]->say("bestmove e6e5");
    INFO(h.last("error"));
    REQUIRE(h.cursor() == 4);
    h.send("undo");
    CHECK(h.cursor() == 2);
    h.send("redo");
    CHECK(h.cursor() == 3);
    CHECK(h.paused());  // the engine's turn: it waits for "play"
    h.send("jump 0");
    CHECK(h.cursor() == 0);
    CHECK(has(h.last("state"), R"("moves":["a3a4","a6a5","e3e4","e6e5"])"));
    h.send("move a3a4");  // the same move keeps the rest of the line
    CHECK(has(h.last("state"), R"("moves":["a3a4","a6a5","e3e4","e6e5"])"));
    h.send("undo");
    h.send("move e3e4");  // another move cuts it
    CHECK(has(h.last("state"), R"("moves":["e3e4"])"));
  }

  TEST_CASE("hint asks the opponent's engine and shows its move without playing it") {
    Harness h;
    h.send("hint");
    h.greet();
    CHECK(h.engines[0]->sent_line("position fen " + START));
    h.engines[0]->say("bestmove c2d2c3");
    CHECK(has(h.last("hint"), R"("tok":"c2d2c3","name":"Fake 1","stopped":false,"parts":[{"tok":"c2d2c3","kind":"o")"));
    CHECK(h.cursor() == 0);
  }

  TEST_CASE("engine against engine: both sides move until the game ends") {
    Harness h(2);
    h.send("limit depth 1");
    h.send("players 1 2");
    h.greet(0);
    // The fakes answer with the first legal turn of the position they were sent, from the core.
    int plies = 0;
    for (; plies < 400 && !has(h.last("state"), R"("over":true)"); ++plies) {
      FakeEngine& e = *h.engines[plies % 2];
      if (e.sent == std::vector<std::string>{"uci"}) h.greet(plies % 2);
      REQUIRE(e.last() == "go depth 1");
      const std::string position = e.sent[e.sent.size() - 2];
      REQUIRE(position.rfind("position fen ", 0) == 0);
      const auto moves_at = position.find(" moves ");
      auto pos = parse_fen(position.substr(13, moves_at == std::string::npos ? std::string::npos : moves_at - 13),
                           Variant::Classic);
      REQUIRE(pos.ok());
      Position p = *pos;
      if (moves_at != std::string::npos) {
        std::istringstream words(position.substr(moves_at + 7));
        for (std::string tok; words >> tok;) p = p.after(*parse_turn(p, tok));
      }
      e.say("bestmove " + format_turn(legal_turns(p).front()));
    }
    CHECK(plies > 2);
    CHECK(has(h.last("state"), R"("over":true)"));
  }

  TEST_CASE("check explains why a move is refused, in the rule book's terms") {
    Harness h;
    h.send("players human human");
    h.send("check a3b5");
    CHECK(has(h.last("refusal"), "straight line"));
    h.send("check c1e1");
    CHECK(has(h.last("refusal"), "blocked at d1"));
    h.send("check a6a5");
    CHECK(has(h.last("refusal"), "no white piece on a6"));
    h.send("check a3a4");
    CHECK(has(h.last("refusal"), "is legal"));
    h.send("fen 10/10/10/10/3B6/3W6/3W6/10 w 0 1");
    h.send("check d2e1");
    CHECK(has(h.last("refusal"), "backward"));
    h.send("check d3d2d4");
    CHECK(has(h.last("refusal"), "vertical ordo moves sideways only"));
    h.send("new ordox");
    h.send("check c2d2c4");
    CHECK(has(h.last("refusal"), "is legal"));
  }

  TEST_CASE("save writes a record that load reads back, a bad record changes nothing") {
    Harness h;
    h.send("players human human");
    h.send("new ordox");
    h.send("move c1b1,a3a4");
    h.send("move a6a5");
    h.send("save");
    const std::string rec = h.last("record");
    REQUIRE(is_json(rec));
    CHECK(has(rec, R"([Variant \"ordox\"])"));
    CHECK(has(rec, R"([Termination \"unterminated\"])"));
    CHECK(has(rec, "1. c1b1,a3a4 a6a5 *"));

    Harness g;
    g.send("players human human");
    g.send("load [Variant \"ordox\"]\n[Result \"*\"]\n\n1. c1b1,a3a4 a6a5 *\n");
    CHECK(g.cursor() == 2);
    CHECK(has(g.last("state"), R"("variant":"ordox")"));
    CHECK(has(g.last("state"), R"("moves":["c1b1,a3a4","a6a5"])"));
    g.send("load [Variant \"ordox\"]\n\n1. c1b1,a3a4 a6a4 *\n");
    CHECK(has(g.last("error"), "load: move 2 'a6a4'"));
    CHECK(g.cursor() == 2);
  }

  TEST_CASE("a finished game refuses moves and says who won and why") {
    Harness h;
    h.send("players human human");
    h.send("fen 10/10/10/10/10/1W8/8B1/10 w 0 1");
    h.send("move b3b8");
    const std::string st = h.last("state");
    CHECK(has(st, R"("status":{"over":true,"winner":"white","reason":"target row","result":"1-0"})"));
    h.send("move i2i1");
    CHECK(has(h.last("error"), "the game is over"));
  }

  TEST_CASE("threefold repetition ends a classic game as a draw") {
    Harness h;
    h.send("players human human");
    for (const char* m : {"c1a1", "c8a8", "a1c1", "a8c8", "c1a1", "c8a8", "a1c1", "a8c8"}) h.send(std::string("move ") + m);
    CHECK(has(h.last("state"), R"("status":{"over":true,"winner":null,"reason":"threefold repetition","result":"1/2-1/2"})"));
  }

  TEST_CASE("a split classic side is flagged in the state") {
    Harness h;
    h.send("players human human");
    h.send("fen 10/10/10/10/B9/10/W1W7/10 w 0 1");
    CHECK(has(h.last("state"), R"("split":{"white":true,"black":false})"));
  }
}

}  // namespace ordo::web::testing

namespace ordo::web::testing {

TEST_SUITE("web") {
  TEST_CASE("levels: eight ratings spread over the announced UCI_Elo range, rounded to 50") {
    std::vector<int> elos;
    for (const EngineLevel& l : ordo_levels()) elos.push_back(l.elo);
    CHECK(elos == std::vector<int>{500, 650, 850, 1000, 1200, 1350, 1550, 1700});
    CHECK(ordo_levels()[2].text == "knows the rules, misses tactics");
    // Rounding never leaves the range: the ends stay what the engine accepts.
    const auto odd = levels_for({510, 1690});
    CHECK(odd.front().elo == 510);
    CHECK(odd.back().elo == 1690);
    // No levels without both options, typed as the protocol says.
    auto opt = [](const std::string& line) { return *driver::parse_option_line(line); };
    const auto limit = opt("option name UCI_LimitStrength type check default false");
    const auto elo = opt("option name UCI_Elo type spin default 1700 min 500 max 1700");
    CHECK(engine_levels({limit, elo}).size() == 8);
    CHECK(engine_levels({elo}).empty());
    CHECK(engine_levels({limit}).empty());
    CHECK(engine_levels({limit, opt("option name UCI_Elo type string default 1700")}).empty());
    CHECK(engine_levels({limit, opt("option name UCI_Elo type spin default 1700 min 1700 max 500")}).empty());
    CHECK(engine_levels({opt("option name UCI_LimitStrength type spin default 0 min 0 max 1"), elo}).empty());
  }

  TEST_CASE("levels: hello lists an engine's levels, or none") {
    Harness h(1, {}, ordo_levels());
    h.send("hello");
    CHECK(has(h.last("hello"), R"("levels":[{"level":1,"elo":500,"text":"a beginner: knows the rules and little more"},)"));
    CHECK(has(h.last("state"), R"("levels":[null])"));
    Harness g;
    g.send("hello");
    CHECK(has(g.last("hello"), R"("levels":[])"));
  }

  TEST_CASE("levels: the relay sets UCI_Elo and UCI_LimitStrength before the next search, only when they change") {
    Harness h(1, {}, ordo_levels());
    h.send("limit depth 2");
    h.send("level 1 3");
    CHECK(has(h.last("state"), R"("levels":[{"level":3,"elo":850}])"));
    CHECK(has(h.last("state"), R"J("names":["Human","engine 1 (level 3, 850)"])J"));
    h.send("move a3a4");
    h.greet_with_levels();
    FakeEngine& e = *h.engines[0];
    CHECK(h.strength_lines() ==
          std::vector<std::string>{"setoption name UCI_Elo value 850", "setoption name UCI_LimitStrength value true"});
    // The options come before the position and the go.
    const auto at = std::find(e.sent.begin(), e.sent.end(), "setoption name UCI_LimitStrength value true");
    CHECK(std::find(at, e.sent.end(), "go depth 2") != e.sent.end());
    e.say("bestmove a6a5");
    CHECK(has(h.last("state"), R"J("names":["Human","Fake 1 (level 3, 850)"])J"));
    h.send("move e3e4");  // the same level: nothing is sent again
    CHECK(h.strength_lines().size() == 2);
    e.say("bestmove e6e5");
    h.send("level 1 8");
    h.send("move i3i4");
    CHECK(h.strength_lines().back() == "setoption name UCI_Elo value 1700");
    CHECK(h.strength_lines().size() == 3);  // the limit stays on
    e.say("bestmove i6i5");
    REQUIRE(h.cursor() == 6);
    h.send("hint");  // a hint is at full strength
    CHECK(h.strength_lines().back() == "setoption name UCI_LimitStrength value false");
    e.say("bestmove j3j4");
    h.send("level 1 off");
    CHECK(has(h.last("state"), R"("names":["Human","Fake 1"])"));
    h.send("move j3j4");
    CHECK(h.strength_lines().size() == 4);  // still off from the hint
    CHECK(e.last() == "go depth 2");
  }

  TEST_CASE("levels: an engine whose greeting announces no strength options is never sent them") {
    Harness h(1, {}, ordo_levels());  // the listing has levels, the running engine does not
    h.send("level 1 2");
    h.send("move a3a4");
    h.greet();
    CHECK(h.engines[0]->last().rfind("go ", 0) == 0);
    CHECK(h.strength_lines().empty());
  }

  TEST_CASE("hostile: a malformed level command gets an error and changes nothing") {
    Harness h(2, {}, ordo_levels());
    h.send("level 2 5");
    const std::string before = h.last("state");
    for (const std::string m : {"level", "level 1", "level 1 3 4", "level 0 3", "level 3 3", "level -1 3",
                                "level x 3", "level 1 0", "level 1 9", "level 1 -2", "level 1 three", "level 1 OFF",
                                "level 1 3.5", "level 99999999999999999999 1", "level 1 \xff", "level human 3"}) {
      CAPTURE(m);
      h.clear();
      h.send(m);
      REQUIRE(h.out.size() == 1);
      CHECK(h.count("error") == 1);
    }
    h.send("hello");
    CHECK(h.last("state") == before);
    CHECK(h.made.empty());
    Harness g;  // an engine without levels
    g.send("level 1 3");
    CHECK(has(g.last("error"), "engine 1 has no levels"));
  }

  TEST_CASE("levels: a saved record gives the engine's rating as WhiteElo/BlackElo") {
    Harness h(2, {}, ordo_levels());
    h.send("players 1 2");
    h.send("stop");
    h.send("level 1 3");
    h.send("level 2 6");
    h.send("save");
    const std::string rec = h.last("record");
    CHECK(has(rec, R"([White \"engine 1\"])"));
    CHECK(has(rec, R"([WhiteElo \"850\"])"));
    CHECK(has(rec, R"([BlackElo \"1350\"])"));
    h.send("level 2 off");
    h.send("save");
    CHECK(has(h.last("record"), R"([WhiteElo \"850\"])"));
    CHECK_FALSE(has(h.last("record"), "BlackElo"));
  }

  TEST_CASE("a loaded record's players and comment scores are shown, until a new game") {
    Harness h;
    h.send("players human human");
    h.send("load [White \"Alpha\"]\n[Black \"Beta\"]\n[BlackElo \"1234\"]\n[Variant \"ordo\"]\n\n"
           "1. a3a4 {+0.31/9 0.061s} a6a5 {-M2/7} 2. e3e4 {book} e6e5 { 1.5/3 } 3. i3i4 {+M3} *\n");
    CHECK(h.cursor() == 5);
    CHECK(has(h.last("state"), R"J("names":["Alpha","Beta (1234)"])J"));
    CHECK(has(h.last("state"), R"("record_players":[{"name":"Alpha","elo":null},{"name":"Beta","elo":1234}])"));
    // White's view, on the position the mover searched; Black's -M2 is White mating in 2.
    CHECK(h.last("scores") ==
          R"({"type":"scores","scores":[{"ply":0,"cp":31,"depth":9},{"ply":1,"mate":2,"depth":7},{"ply":3,"cp":-150,"depth":3},{"ply":4,"mate":3}]})");
    h.send("save");
    CHECK(has(h.last("record"), R"([White \"Alpha\"])"));
    CHECK(has(h.last("record"), R"([BlackElo \"1234\"])"));
    h.send("new");
    CHECK(has(h.last("state"), R"("names":["Human","Human"])"));
    CHECK(has(h.last("state"), R"("record_players":[null,null])"));
  }

  TEST_CASE("comment scores: what the runner writes is read, anything else is no score") {
    CHECK(*comment_score("+0.31/9 0.061s nodes=29712")->cp == 31);
    CHECK(*comment_score("+0.31/9")->depth == 9);
    CHECK(*comment_score("-1.2")->cp == -120);
    CHECK(*comment_score("0.00/4")->cp == 0);
    CHECK(*comment_score("-M2/7")->mate == -2);
    CHECK(*comment_score("+M3")->mate == 3);
    for (const char* bad : {"", "book", "+0.3x", "0.", ".5", "+", "M", "+0.311", "+1/", "1.00/x", "+M", "1,00",
                            "+0.31/9x", "99999999999.0"}) {
      CAPTURE(bad);
      CHECK_FALSE(comment_score(bad));
    }
  }
}

}  // namespace ordo::web::testing
