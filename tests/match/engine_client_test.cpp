// The engine client (driver/engine_client): the info and bestmove parsers on lines as build/ordo
// writes them in both dialects, go spellings, the dialogue state machine, a greeting that never
// comes, and the blocking client against the real engine in UCI and UGI.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include <unistd.h>

#include "engine_client.hpp"
#include "shell_command.hpp"

using namespace std::chrono_literals;
using namespace ordo::driver;

using ordo::testing::shell;

TEST_SUITE("driver") {
  TEST_CASE("parse_info reads ordo's info lines: scores with bounds and mates and wdl and pv") {
    // UCI, a principal variation with a two-part turn, as build/ordo prints it (ponder on).
    auto i = parse_info("info depth 4 seldepth 8 multipv 1 score cp 29 nodes 4664 nps 11573 hashfull 2 time 403 pv c2d2c4 c7e5 e3e5 f6e5");
    REQUIRE(i);
    CHECK(*i->depth == 4);
    CHECK(*i->seldepth == 8);
    CHECK(*i->multipv == 1);
    CHECK(*i->score_cp == 29);
    CHECK_FALSE(i->score_mate);
    CHECK(i->bound.empty());
    CHECK(*i->nodes == 4664);
    CHECK(*i->nps == 11573);
    CHECK(*i->hashfull == 2);
    CHECK(*i->time_ms == 403);
    CHECK(i->pv == std::vector<std::string>{"c2d2c4", "c7e5", "e3e5", "f6e5"});
    CHECK_FALSE(i->unknown_words);
    CHECK_FALSE(i->text);
    // Mates: UCI counts moves, UGI plies; the client keeps the number as given.
    i = parse_info("info depth 6 seldepth 6 multipv 1 score mate 1 nodes 139 nps 952 hashfull 0 time 146 pv a1a8");
    REQUIRE(i);
    CHECK(*i->score_mate == 1);
    CHECK_FALSE(i->score_cp);
    CHECK(i->has_score());
    i = parse_info("info depth 9 seldepth 12 multipv 2 score mate -4 upperbound nodes 10 nps 5 hashfull 1 time 2 pv a3a4");
    REQUIRE(i);
    CHECK(*i->score_mate == -4);
    CHECK(i->bound == "upperbound");
    // The bound and wdl fields in the order format_info writes them (UCI_ShowWDL on).
    i = parse_info("info depth 7 seldepth 9 multipv 1 score cp -35 lowerbound wdl 300 100 600 nodes 1234 nps 5000 hashfull 0 time 3 pv a6a5");
    REQUIRE(i);
    CHECK(*i->score_cp == -35);
    CHECK(i->bound == "lowerbound");
    CHECK(*i->wdl_win == 300);
    CHECK(*i->wdl_draw == 100);
    CHECK(*i->wdl_loss == 600);
    // string takes the rest of the line.
    i = parse_info("info string error: the value  is out of range");
    REQUIRE(i);
    CHECK(*i->text == "error: the value is out of range");
    // Unknown words are skipped and flagged; malformed known fields reject the line.
    i = parse_info("info depth 3 refutation a3a4 score cp 5");
    REQUIRE(i);
    CHECK(i->unknown_words);
    CHECK(*i->score_cp == 5);
    CHECK_FALSE(parse_info("info depth 3 score cp"));
    CHECK_FALSE(parse_info("info score cp 10 depth x"));
    CHECK_FALSE(parse_info("info hashfull -"));
    CHECK_FALSE(parse_info("information depth 3"));
    CHECK_FALSE(parse_info("info"));
  }

  TEST_CASE("parse_bestmove: a move with or without ponder and no move and malformed lines") {
    auto b = parse_bestmove("bestmove c2d2c4 ponder c7e5");
    CHECK(b.kind == BestMove::Kind::Move);
    CHECK(b.token == "c2d2c4");
    CHECK(b.ponder == "c7e5");
    b = parse_bestmove("bestmove a8h1");  // UGI: never a ponder field
    CHECK(b.kind == BestMove::Kind::Move);
    CHECK(b.ponder.empty());
    CHECK(parse_bestmove("bestmove (none)").kind == BestMove::Kind::NoMove);
    CHECK(parse_bestmove("bestmove 0000").kind == BestMove::Kind::NoMove);
    CHECK(parse_bestmove("bestmove").kind == BestMove::Kind::NoMove);
    for (const std::string bad : {"bestmove  a3a4", "bestmove\ta3a4", "BESTMOVE a3a4", "bestmove a3a4 ponder", "bestmove a3a4 x y"}) {
      CAPTURE(bad);
      CHECK(names_bestmove(bad));
      b = parse_bestmove(bad);
      CHECK(b.kind == BestMove::Kind::Malformed);
      CHECK(b.token == bad);
    }
    CHECK(names_bestmove("  bestmove a3a4"));
    CHECK_FALSE(names_bestmove("info bestmove a3a4"));
  }

  TEST_CASE("go and position commands in both dialects") {
    GoLimits l;
    l.wtime = 1000;
    l.btime = 2000;
    l.winc = 10;
    l.binc = 20;
    l.movestogo = 5;
    CHECK(go_command(l, Dialect::Uci) == "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
    CHECK(go_command(l, Dialect::Ugi) == "go p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5");
    GoLimits d;
    d.depth = 3;
    CHECK(go_command(d, Dialect::Ugi) == "go depth 3");
    CHECK(go_command(GoLimits{}, Dialect::Uci) == "go infinite");
    CHECK(position_command("F", true, {}) == "position startpos");
    CHECK(position_command("10/10 w 0 1", false, {"a3a4", "a6a5"}) == "position fen 10/10 w 0 1 moves a3a4 a6a5");
  }

  TEST_CASE("the dialogue greets in UGI and collects the identity and classifies the engine's lines") {
    std::vector<std::string> sent;
    EngineDialogue d(Dialect::Ugi, [&](const std::string& l) {
      sent.push_back(l);
      return true;
    });
    using K = EngineDialogue::Event::Kind;
    REQUIRE(d.greet());
    CHECK(sent == std::vector<std::string>{"ugi"});
    CHECK(d.feed("id name Ordo 0.1.0").kind == K::Greeting);
    CHECK(d.feed("option name UCI_Variant type combo default ordo var ordo var ordox").kind == K::Greeting);
    CHECK(d.feed("uciok").kind == K::Greeting);  // the other dialect's word does not end a UGI greeting
    CHECK(d.feed("ugiok").kind == K::Greeted);
    CHECK(d.identity().name == "Ordo 0.1.0");
    CHECK(d.identity().has_option("uci_variant"));
    d.new_game();
    GoLimits clock;
    clock.wtime = 5;
    clock.btime = 6;
    d.go(clock);
    CHECK(sent.back() == "go p1time 5 p2time 6");
    CHECK(sent[sent.size() - 2] == "uginewgame");
    CHECK(d.searching());
    CHECK(d.feed("info depth 1 score mate 1 pv a1a8").kind == K::Info);
    const auto s = d.feed("info string hello  there");
    CHECK(s.kind == K::InfoString);
    CHECK(s.text == "hello there");
    const auto b = d.feed("bestmove a1a8");
    CHECK(b.kind == K::BestMove);
    CHECK(b.expected);
    CHECK_FALSE(d.searching());
    CHECK_FALSE(d.feed("bestmove a1a8").expected);
    CHECK(d.feed("readyok").kind == K::ReadyOk);
    CHECK(d.feed("\x01\xff junk").kind == K::Other);
    CHECK(d.feed("").kind == K::None);
  }

  TEST_CASE("a greeting that never comes times out with one clear line and the process is killed") {
    EngineClient c(shell("exec sleep 30"), Dialect::Uci);
    ClientError error;
    const auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(c.start(300ms, &error));
    CHECK(std::chrono::steady_clock::now() - t0 < 5s);
    CHECK(error.text == "no 'uciok' within 300 ms (still running)");
    CHECK(error.kind == ClientError::Kind::NoGreeting);
    CHECK_FALSE(c.alive());
    // An engine that answers the other dialect's greeting is not greeted either.
    EngineClient u(shell("read a; echo uciok; exec sleep 30"), Dialect::Ugi);
    CHECK_FALSE(u.start(300ms, &error));
    CHECK(error.text.rfind("no 'ugiok' within 300 ms", 0) == 0);
    // An engine that exits says how.
    EngineClient x(shell("exit 3"), Dialect::Uci);
    CHECK_FALSE(x.start(2s, &error));
    CHECK(error.text == "no 'uciok' within 2000 ms (exit status 3)");
    // So does one that closes its input first, whether or not the greeting could still be written.
    EngineClient y(shell("exec 0<&-; sleep 0.1; exit 4"), Dialect::Uci);
    CHECK_FALSE(y.start(2s, &error));
    CHECK(error.text == "no 'uciok' within 2000 ms (exit status 4)");
    CHECK(error.kind == ClientError::Kind::NoGreeting);
  }

  TEST_CASE("stop reads the answer as search does: a malformed bestmove ends the search and the engine stays") {
    // Greets, reads position and go, says nothing until stop, then answers with the given line.
    for (const std::string answer : {"BESTMOVE a3a4", " bestmove a3a4", "bestmove a3a4"}) {
      CAPTURE(answer);
      std::vector<std::string> log;
      EngineClient c(shell("read a; echo uciok; read p; read g; read s; echo '" + answer + "'; exec sleep 30"), Dialect::Uci,
                     [&](bool out, const std::string& l) { log.push_back((out ? "> " : "< ") + l); });
      ClientError error;
      REQUIRE(c.start(2s, &error));
      const auto a = c.search("position startpos", "go infinite", 100ms, {});
      REQUIRE(a.kind == EngineClient::Answer::Kind::Timeout);
      CHECK(c.stop(2s));
      CHECK(c.alive());
      CHECK_FALSE(c.dialogue().searching());
      CHECK(log.back() == "< " + answer);
    }
    // No answer within the grace: killed.
    EngineClient mute(shell("read a; echo uciok; exec sleep 30"), Dialect::Uci);
    ClientError error;
    REQUIRE(mute.start(2s, &error));
    CHECK_FALSE(mute.stop(100ms));
    CHECK_FALSE(mute.alive());
  }

  TEST_CASE("quit is the dialogue's: the engine reads one quit then the end of its input") {
    const std::string path = "/tmp/ordo-client-quit-" + std::to_string(::getpid()) + ".log";
    std::remove(path.c_str());
    std::vector<std::string> log;
    EngineClient c(EngineCommand{{"/bin/sh", "-c", "read a; echo uciok; cat > \"$0\"", path}, {}}, Dialect::Uci,
                   [&](bool out, const std::string& l) { log.push_back((out ? "> " : "< ") + l); });
    ClientError error;
    REQUIRE(c.start(2s, &error));
    CHECK(c.quit(2s));  // cat leaves at the end of its input
    std::ifstream in(path);
    std::vector<std::string> received;
    for (std::string line; std::getline(in, line);) received.push_back(line);
    CHECK(received == std::vector<std::string>{"quit"});
    CHECK(std::count(log.begin(), log.end(), "> quit") == 1);
    std::remove(path.c_str());
  }

  TEST_CASE("start and sync failures have a kind beside their text") {
    ClientError error;
    EngineClient missing(EngineCommand{{"/nonexistent/engine"}, {}}, Dialect::Uci);
    CHECK_FALSE(missing.start(2s, &error));
    CHECK(error.kind == ClientError::Kind::CannotStart);
    CHECK(error.text.find("/nonexistent/engine") != std::string::npos);
    // Greeted, then silent: no readyok.
    EngineClient silent(shell("read a; echo uciok; exec sleep 30"), Dialect::Uci);
    REQUIRE(silent.start(2s, &error));
    CHECK_FALSE(silent.sync(200ms, &error));
    CHECK(error.kind == ClientError::Kind::NoReadyOk);
    CHECK(error.text == "no 'readyok' from the engine");
    // Greeted with its input already closed: the isready cannot be written.
    EngineClient deaf(shell("read a; exec 0<&-; echo uciok; exec sleep 30"), Dialect::Uci);
    REQUIRE(deaf.start(2s, &error));
    CHECK_FALSE(deaf.sync(2s, &error));
    CHECK(error.kind == ClientError::Kind::CannotWrite);
    CHECK(error.text == "cannot write to the engine");
  }

  TEST_CASE("the client plays build/ordo in UCI and UGI: greeting and sync and info lines and bestmove") {
    for (const Dialect dialect : {Dialect::Uci, Dialect::Ugi}) {
      const std::string dialect_text = dialect_name(dialect);
      CAPTURE(dialect_text);
      std::vector<std::string> log;
      EngineClient c(EngineCommand{{ORDO_ENGINE_BINARY}, {}}, dialect,
                     [&](bool out, const std::string& l) { log.push_back((out ? "> " : "< ") + l); });
      ClientError error;
      REQUIRE(c.start(10s, &error));
      CHECK(c.identity().name.rfind("Ordo", 0) == 0);
      CHECK(c.identity().has_option("MultiPV"));
      CHECK(c.set_option("UCI_Variant", "ordo"));
      CHECK(c.new_game());
      REQUIRE(c.sync(10s, &error));
      CHECK(log.front() == std::string("> ") + dialect_name(dialect));
      CHECK(std::find(log.begin(), log.end(), dialect == Dialect::Ugi ? "> uginewgame" : "> ucinewgame") != log.end());

      // A win on the move: "mate 1" in both dialects (one move, one ply).
      std::vector<Info> infos;
      auto a = c.search(position_command("B9/10/10/10/10/10/10/W9 w 0 1", false, {}), "go depth 3", 30s, {},
                        [&](const Info& i) { infos.push_back(i); });
      REQUIRE(a.kind == EngineClient::Answer::Kind::BestMove);
      CHECK(a.best.kind == BestMove::Kind::Move);
      CHECK(a.best.token == "a1a8");
      REQUIRE(!infos.empty());
      CHECK(*infos.back().score_mate == 1);
      CHECK(infos.back().pv.front() == "a1a8");
      CHECK(*infos.back().depth == 3);
      CHECK(infos.back().nodes);
      CHECK_FALSE(infos.back().unknown_words);

      // An ordinary search: a centipawn score, a pv, and ponder in UCI only.
      CHECK(c.set_option("Ponder", "true"));
      infos.clear();
      a = c.search("position startpos moves a3a4", "go depth 3", 30s, {}, [&](const Info& i) { infos.push_back(i); });
      REQUIRE(a.kind == EngineClient::Answer::Kind::BestMove);
      REQUIRE(!infos.empty());
      CHECK(infos.back().score_cp);
      CHECK(infos.back().pv.size() >= 2);
      CHECK(a.best.token == infos.back().pv[0]);
      CHECK(a.best.ponder.empty() == (dialect == Dialect::Ugi));
      CHECK(c.quit(2s));
      CHECK_FALSE(c.alive());
    }
  }
}
