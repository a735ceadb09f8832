// EngineRelay and its helpers, and the relay against the real engine binary over the process
// transport (the driver's EngineProcess read through Asio).
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "command_line.hpp"
#include "engine_reaper.hpp"
#include "fake_transport.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "process_transport.hpp"
#include "web_session.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace ordo::web::testing {

namespace {

struct Recorder : EngineRelay::Listener {
  std::vector<std::string> events;
  void relay_ready(int, const std::string& name) override { events.push_back("ready " + name); }
  void relay_info(int, int id, const driver::Info& info) override {
    events.push_back("info " + std::to_string(id) + " depth " + std::to_string(info.depth.value_or(-1)));
  }
  void relay_bestmove(int, int id, const driver::BestMove& best) override {
    using Kind = driver::BestMove::Kind;
    const char* kind = best.kind == Kind::Move ? "" : best.kind == Kind::NoMove ? "nomove " : "malformed ";
    events.push_back("bestmove " + std::to_string(id) + " " + kind + best.token);
  }
  void relay_message(int, const std::string& text) override { events.push_back("message " + text); }
  void relay_failed(int, const std::string& why) override { events.push_back("failed " + why); }
};

// A process transport that also keeps every line the relay sent.
class RecordingTransport : public LineTransport {
 public:
  RecordingTransport(std::unique_ptr<LineTransport> inner, std::vector<std::string>& sent)
      : inner_(std::move(inner)), sent_(sent) {}
  bool start(std::string* error) override { return inner_->start(error); }
  bool send(const std::string& line) override {
    sent_.push_back(line);
    return inner_->send(line);
  }
  void close() override { inner_->close(); }

 private:
  std::unique_ptr<LineTransport> inner_;
  std::vector<std::string>& sent_;
};

SearchRequest request(int id, std::vector<std::string> moves = {}) {
  SearchRequest r;
  r.id = id;
  r.variant = "ordo";
  r.fen = std::string(START_FEN);
  r.moves = std::move(moves);
  r.limit = {SearchLimit::Kind::Depth, 1};
  return r;
}

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("parse_search_info reads the engine's info lines and rejects malformed ones") {
    auto i = parse_search_info("info depth 5 seldepth 9 multipv 1 score mate -3 lowerbound wdl 0 10 990 nodes 77 nps 9 hashfull 3 time 12 pv a3a4 a6a5");
    REQUIRE(i);
    CHECK(*i->depth == 5);
    CHECK(*i->score_mate == -3);
    CHECK(i->bound == "lowerbound");
    CHECK(*i->wdl_loss == 990);
    CHECK(*i->time_ms == 12);
    CHECK(i->pv == std::vector<std::string>{"a3a4", "a6a5"});
    CHECK_FALSE(parse_search_info("info string error: nope"));
    CHECK_FALSE(parse_search_info("info depth"));
    CHECK_FALSE(parse_search_info("info depth x"));
    CHECK_FALSE(parse_search_info("info score cp"));
    CHECK_FALSE(parse_search_info("info score wins 3"));
    CHECK_FALSE(parse_search_info("info wdl 1 2"));
    CHECK_FALSE(parse_search_info("info nodes -5"));
    CHECK_FALSE(parse_search_info("info depth 99999999999999999999"));
    CHECK_FALSE(parse_search_info("info frobnicate 3"));
    CHECK_FALSE(parse_search_info("info"));
    CHECK_FALSE(parse_search_info("bestmove a3a4"));
  }

  TEST_CASE("parse_engine_line takes ordo-match's proto= setting before the command") {
    std::string error;
    auto e = parse_engine_line("build/ordo --x", &error);
    REQUIRE(e);
    CHECK(e->argv == std::vector<std::string>{"build/ordo", "--x"});
    CHECK(e->dialect == driver::Dialect::Uci);
    e = parse_engine_line("proto=ugi '/x y/engine' a", &error);
    REQUIRE(e);
    CHECK(e->argv == std::vector<std::string>{"/x y/engine", "a"});
    CHECK(e->dialect == driver::Dialect::Ugi);
    e = parse_engine_line("proto=ugi proto=uci eng", &error);
    REQUIRE(e);
    CHECK(e->dialect == driver::Dialect::Uci);
    CHECK_FALSE(parse_engine_line("proto=xboard eng", &error));
    CHECK(error == "proto must be uci or ugi, not 'xboard'");
    CHECK_FALSE(parse_engine_line("proto=ugi", &error));
    CHECK(error == "no command after proto=ugi");
    CHECK_FALSE(parse_engine_line("proto=ugi 'a", &error));
    CHECK(error == "unterminated quote at column 11");
    CHECK_FALSE(parse_engine_line("   ", &error));
    CHECK(error == "empty command");
  }

  TEST_CASE("a UGI relay greets with ugi and waits for ugiok, not uciok") {
    FakeEngine e;
    FakeTransport t(e);
    Recorder r;
    EngineRelay relay(0, t, r, driver::Dialect::Ugi);
    relay.search(request(1));
    CHECK(e.sent == std::vector<std::string>{"ugi"});
    e.events.line = [&](const std::string& l) { relay.on_line(l); };
    e.say("id name Generic Engine");
    e.say("uciok");
    CHECK(r.events.empty());
    e.say("ugiok");
    CHECK(r.events == std::vector<std::string>{"ready Generic Engine"});
    CHECK(e.sent == std::vector<std::string>{"ugi", "position fen " + std::string(START_FEN), "go depth 1"});
    e.say("info depth 1 score mate -2 pv a6a5");
    e.say("bestmove a6a5");
    CHECK(r.events == std::vector<std::string>{"ready Generic Engine", "info 1 depth 1", "bestmove 1 a6a5"});
    relay.shut_down();
    CHECK(e.last() == "quit");
    // The greeting timeout names the dialect's word.
    FakeEngine e2;
    FakeTransport t2(e2);
    Recorder r2;
    EngineRelay late(0, t2, r2, driver::Dialect::Ugi);
    REQUIRE(late.start());
    late.on_greeting_timeout();
    CHECK(r2.events == std::vector<std::string>{"failed the engine did not answer 'ugi' in time"});
  }

  TEST_CASE("a page's session plays against build/ordo spoken to in UGI") {
    boost::asio::io_context io;
    std::vector<std::string> sent, out;
    auto factory = [&](int, TransportEvents events) -> std::unique_ptr<LineTransport> {
      return std::make_unique<RecordingTransport>(
          std::make_unique<ProcessTransport>(io, driver::EngineCommand{{ORDO_ENGINE_BINARY}, "", false}, std::move(events)),
          sent);
    };
    WebSession session({EngineListing{"proto=ugi ordo", "", driver::Dialect::Ugi}}, factory,
                       [&](std::string m) { out.push_back(std::move(m)); });
    auto last_state = [&] {
      for (auto it = out.rbegin(); it != out.rend(); ++it)
        if (it->rfind(R"({"type":"state")", 0) == 0) return *it;
      return std::string();
    };
    session.handle("limit depth 2");
    session.handle("move a3a4");  // a person (White) against engine 1 (Black)
    boost::asio::steady_timer guard(io, std::chrono::seconds(60));
    guard.async_wait([&](const boost::system::error_code&) { io.stop(); });
    auto engine_moved = [&] {
      const std::string st = last_state();
      return st.find(R"("moves":["a3a4",")") != std::string::npos && st.find(R"("thinking":null)") != std::string::npos;
    };
    while (!io.stopped() && !engine_moved()) io.run_one();
    REQUIRE(engine_moved());
    REQUIRE(!sent.empty());
    CHECK(sent.front() == "ugi");
    CHECK(std::find(sent.begin(), sent.end(), "uci") == sent.end());
    CHECK(std::find(sent.begin(), sent.end(), "go depth 2") != sent.end());
    bool named = false, info = false;
    for (const auto& m : out) {
      named = named || (m.rfind(R"({"type":"hello")", 0) == 0 && m.find(R"("name":"Ordo)") != std::string::npos);
      info = info || (m.rfind(R"({"type":"info")", 0) == 0 && m.find(R"("depth":2)") != std::string::npos);
    }
    CHECK(named);
    CHECK(info);
    // The engine's move was checked by the core and played: the page may move again.
    const std::string st = last_state();
    CHECK(st.find(R"("side":"white")") != std::string::npos);
    session.close();
  }

  TEST_CASE("the relay greets, queues the search until uciok, and drops replaced searches") {
    FakeEngine e;
    FakeTransport t(e);
    Recorder r;
    EngineRelay relay(0, t, r);
    relay.search(request(1));
    CHECK(e.sent == std::vector<std::string>{"uci"});
    e.events.line = [&](const std::string& l) { relay.on_line(l); };
    e.say("id name Test Engine");
    e.say("option name UCI_Variant type combo default ordo var ordo var ordox");
    e.say("uciok");
    CHECK(r.events == std::vector<std::string>{"ready Test Engine"});
    CHECK(e.sent == std::vector<std::string>{"uci", "setoption name UCI_Variant value ordo",
                                             "position fen " + std::string(START_FEN), "go depth 1"});
    // A new search while one runs: "stop", and the old search's lines are dropped.
    relay.search(request(2, {"a3a4"}));
    CHECK(e.last() == "stop");
    e.say("info depth 7 pv a3a4");
    e.say("bestmove a3a4");
    CHECK(e.sent.back() == "go depth 1");
    CHECK(e.sent[e.sent.size() - 2] == "position fen " + std::string(START_FEN) + " moves a3a4");
    e.say("info depth 1 score cp 3 pv a6a5");
    e.say("bestmove a6a5");
    CHECK(r.events == std::vector<std::string>{"ready Test Engine", "info 2 depth 1", "bestmove 2 a6a5"});
    // Lines nobody asked for are ignored.
    e.say("bestmove a3a4");
    e.say("readyok");
    e.say("\x01\x02 garbage \xff");
    CHECK(r.events.size() == 3);
  }

  TEST_CASE("the relay hands on every line that names bestmove as the dialogue parsed it") {
    // "BESTMOVE x" and "bestmove  a3a4" answer the search, malformed, as the match runner reads
    // them; "bestmove (none)" is no move.
    const std::pair<const char*, const char*> answers[] = {
        {"BESTMOVE a6a5", "bestmove 1 malformed BESTMOVE a6a5"},
        {"bestmove  a6a5", "bestmove 1 malformed bestmove  a6a5"},
        {"bestmove\ta6a5", "bestmove 1 malformed bestmove\ta6a5"},
        {"bestmove (none)", "bestmove 1 nomove (none)"},
        {"bestmove a6a5 ponder a3a4", "bestmove 1 a6a5"},
    };
    for (const auto& [answer, event] : answers) {
      CAPTURE(answer);
      FakeEngine e;
      FakeTransport t(e);
      Recorder r;
      EngineRelay relay(0, t, r);
      relay.search(request(1, {"a3a4"}));
      e.events.line = [&](const std::string& l) { relay.on_line(l); };
      e.say("uciok");
      e.say(answer);
      CHECK(r.events == std::vector<std::string>{"ready engine 1", event});
    }
  }

  TEST_CASE("the relay reports a greeting timeout and an engine that exits") {
    FakeEngine e;
    FakeTransport t(e);
    Recorder r;
    EngineRelay relay(0, t, r);
    REQUIRE(relay.start());
    relay.on_greeting_timeout();
    CHECK(r.events == std::vector<std::string>{"failed the engine did not answer 'uci' in time"});
    CHECK(e.closed);
    relay.search(request(1));  // a failed relay does nothing more
    CHECK(e.sent == std::vector<std::string>{"uci"});
  }

  TEST_CASE("the relay drives the real engine process: a depth-1 search gives a legal move") {
    boost::asio::io_context io;
    Recorder r;
    std::unique_ptr<EngineRelay> relay;
    TransportEvents events{[&](const std::string& l) { relay->on_line(l); }, [&] { relay->on_eof(); },
                           [&] { relay->on_greeting_timeout(); }};
    ProcessTransport transport(io, driver::EngineCommand{{ORDO_ENGINE_BINARY}, "", false}, events);
    relay = std::make_unique<EngineRelay>(0, transport, r);
    relay->search(request(1, {"a3a4"}));
    boost::asio::steady_timer guard(io, std::chrono::seconds(60));
    guard.async_wait([&](const boost::system::error_code&) { io.stop(); });
    while (!io.stopped()) {
      io.run_one();
      if (!r.events.empty() && r.events.back().rfind("bestmove", 0) == 0) break;
    }
    REQUIRE(!r.events.empty());
    CHECK(r.events.front().rfind("ready Ordo", 0) == 0);
    const std::string last = r.events.back();
    REQUIRE(last.rfind("bestmove 1 ", 0) == 0);
    const Position after_a3a4 = Position::start(Variant::Classic).after(*parse_turn(Position::start(Variant::Classic), "a3a4"));
    CHECK(parse_turn(after_a3a4, last.substr(11)).ok());
    relay->shut_down();
  }

  TEST_CASE("a command that does not exist fails at start, not later") {
    boost::asio::io_context io;
    Recorder r;
    std::unique_ptr<EngineRelay> relay;
    TransportEvents events{[&](const std::string& l) { relay->on_line(l); }, [&] { relay->on_eof(); }, [] {}};
    ProcessTransport transport(io, driver::EngineCommand{{"/nonexistent/engine-binary"}, "", false}, events);
    relay = std::make_unique<EngineRelay>(0, transport, r);
    CHECK_FALSE(relay->start());
    REQUIRE(r.events.size() == 1);
    CHECK(r.events[0].rfind("failed cannot start", 0) == 0);
  }

  TEST_CASE("a closed board's engine is sent quit once") {
    const std::string log =
        (std::filesystem::temp_directory_path() / ("ordo-web-quit-" + std::to_string(::getpid()) + ".log")).string();
    std::filesystem::remove(log);
    // Logs every line it reads and greets; after the first quit it logs whatever else comes for
    // half a second, then leaves.
    const std::string engine =
        "while IFS= read -r l; do printf '%s\\n' \"$l\" >> \"$0\"; [ \"$l\" = uci ] && echo uciok;"
        " if [ \"$l\" = quit ]; then timeout 0.5 cat >> \"$0\"; exit 0; fi; done";
    boost::asio::io_context io;
    auto reaper = std::make_shared<EngineReaper>(io);
    TransportOptions options;
    options.reaper = reaper;
    options.quit_grace = std::chrono::seconds(5);
    Recorder r;
    std::unique_ptr<EngineRelay> relay;
    TransportEvents events{[&](const std::string& l) { relay->on_line(l); }, [&] { relay->on_eof(); }, [] {}};
    ProcessTransport transport(io, driver::EngineCommand{{"/bin/sh", "-c", engine, log}, "", false}, events, options);
    relay = std::make_unique<EngineRelay>(0, transport, r);
    REQUIRE(relay->start());
    for (int i = 0; i < 500 && r.events.empty(); ++i) io.run_for(std::chrono::milliseconds(10));
    REQUIRE(r.events.size() == 1);
    CHECK(r.events[0].rfind("ready", 0) == 0);
    relay->shut_down();
    for (int i = 0; i < 1000 && reaper->retiring() > 0; ++i) io.run_for(std::chrono::milliseconds(10));
    CHECK(reaper->retiring() == 0);
    std::ifstream in(log);
    std::vector<std::string> received;
    for (std::string line; std::getline(in, line);) received.push_back(line);
    CHECK(std::count(received.begin(), received.end(), "quit") == 1);
    std::filesystem::remove(log);
  }
}

}  // namespace ordo::web::testing
