// The engine-process driver against tiny stand-in programs: cat (echo), a shell that hangs, one
// that exits at once, one that writes a partial line, one that floods a very long line.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "engine_process.hpp"
#include "engine_client.hpp"
#include "shell_command.hpp"

using namespace std::chrono_literals;
using ordo::driver::EngineCommand;
using ordo::driver::EngineProcess;
using Status = EngineProcess::ReadStatus;

using ordo::testing::shell;

TEST_SUITE("driver") {
  TEST_CASE("cat echoes lines and stop ends it through EOF") {
    EngineProcess p(EngineCommand{{"/bin/cat"}, {}});
    std::string err;
    REQUIRE(p.start(&err));
    CHECK(p.running());
    CHECK(p.pid() > 0);
    CHECK(p.send("hello"));
    CHECK(p.send("world"));
    std::string line;
    CHECK(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "hello");
    CHECK(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "world");
    CHECK(p.read_line(line, 50ms) == Status::Timeout);
    CHECK(p.stop(2s));  // cat leaves on EOF
    CHECK_FALSE(p.running());
    CHECK_FALSE(p.send("after"));
  }

  TEST_CASE("read_line drops a trailing carriage return and times out when no line comes") {
    EngineProcess p(shell("printf 'a\\nb\\r\\nc\\n'; sleep 5"));
    REQUIRE(p.start(nullptr));
    std::vector<std::string> seen;
    std::string line;
    while (seen.size() < 3 && p.read_line(line, 2s) == Status::Line) seen.push_back(line);
    CHECK(seen == std::vector<std::string>{"a", "b", "c"});
    CHECK(p.read_line(line, 100ms) == Status::Timeout);
    p.kill();
    CHECK_FALSE(p.running());
  }

  TEST_CASE("a hanging program times out and is killed") {
    EngineProcess p(shell("exec sleep 30"));
    REQUIRE(p.start(nullptr));
    std::string line;
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(p.read_line(line, 100ms) == Status::Timeout);
    CHECK(std::chrono::steady_clock::now() - t0 >= 100ms);
    CHECK_FALSE(p.stop(100ms));  // ignores the end of its input: killed after the grace period
    CHECK_FALSE(p.running());
    REQUIRE(p.wait_status());
    CHECK(WIFSIGNALED(*p.wait_status()));
  }

  TEST_CASE("the processes an engine started end with it whether it leaves or is killed") {
    // A shell that starts a sleeper, prints its pid, and leaves on its next input line (or hangs).
    for (const bool leaves : {true, false}) {
      EngineProcess p(shell(std::string("sleep 600 & echo $!; ") + (leaves ? "read x; exit 0" : "exec sleep 600")));
      REQUIRE(p.start(nullptr));
      std::string line;
      REQUIRE(p.read_line(line, 5s) == Status::Line);
      const std::string stat = "/proc/" + line + "/stat";
      auto sleeper_runs = [&] {
        std::ifstream f(stat);
        std::string pid, name, state;
        return f >> pid >> name >> state && state != "Z";
      };
      REQUIRE(sleeper_runs());
      p.stop(leaves ? 2s : 100ms);  // end of input: the shell leaves at once, or is killed after the grace
      bool gone = false;
      for (int i = 0; i < 200 && !gone; ++i) {
        gone = !sleeper_runs();
        if (!gone) std::this_thread::sleep_for(10ms);
      }
      CHECK_MESSAGE(gone, (leaves ? "after the engine left" : "after the engine was killed"));
    }
  }

  TEST_CASE("a program that exits at once gives EOF and writes to it fail without SIGPIPE") {
    EngineProcess p(shell("exit 3"));
    REQUIRE(p.start(nullptr));
    std::string line;
    CHECK(p.read_line(line, 2s) == Status::Eof);
    for (int i = 0; i < 50 && p.running(); ++i) std::this_thread::sleep_for(10ms);
    CHECK_FALSE(p.running());
    REQUIRE(p.wait_status());
    CHECK(WEXITSTATUS(*p.wait_status()) == 3);
    bool ok = true;
    for (int i = 0; i < 10; ++i) ok = ok && p.send(std::string(10000, 'x'));
    CHECK_FALSE(ok);  // EPIPE, and we are still alive
  }

  TEST_CASE("a final partial line is returned before EOF") {
    EngineProcess p(shell("printf 'full\\npart'"));
    REQUIRE(p.start(nullptr));
    std::string line;
    CHECK(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "full");
    CHECK(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "part");
    CHECK(p.read_line(line, 2s) == Status::Eof);
  }

  TEST_CASE("a partial line without EOF is not returned early") {
    EngineProcess p(shell("printf 'par'; sleep 0.3; printf 'tial\\n'; sleep 5"));
    REQUIRE(p.start(nullptr));
    std::string line;
    CHECK(p.read_line(line, 50ms) == Status::Timeout);
    CHECK(p.read_line(line, 3s) == Status::Line);
    CHECK(line == "partial");
  }

  TEST_CASE("an over-long line is cut and the next line is intact") {
    EngineProcess p(shell("head -c 200000 /dev/zero | tr '\\0' 'x'; printf '\\nnext\\n'"));
    REQUIRE(p.start(nullptr));
    std::string line;
    REQUIRE(p.read_line(line, 5s) == Status::Line);
    CHECK(line.size() == EngineProcess::kMaxLine);
    REQUIRE(p.read_line(line, 5s) == Status::Line);
    CHECK(line == "next");
  }

  TEST_CASE("split_command splits like a shell for plain words and quotes") {
    using ordo::driver::split_command;
    std::string error;
    CHECK(*split_command("build/ordo", &error) == std::vector<std::string>{"build/ordo"});
    CHECK(*split_command("  /x/eng --a 'b c' \"d \\\"e\\\"\" f\\ g ", &error) ==
          std::vector<std::string>{"/x/eng", "--a", "b c", "d \"e\"", "f g"});
    CHECK(*split_command("a ''", &error) == std::vector<std::string>{"a", ""});
    CHECK(*split_command("a\tb\nc", &error) == std::vector<std::string>{"a", "b", "c"});
    CHECK(split_command("   ", &error)->empty());
    CHECK_FALSE(split_command("a 'b", &error));
    CHECK(error == "unterminated quote at column 3");
    CHECK_FALSE(split_command("a\\", &error));
    CHECK(error == "a backslash ends the command");
    ordo::protocol::Dialect dialect = ordo::protocol::Dialect::Uci;
    CHECK(ordo::driver::parse_proto("ugi", dialect, &error));
    CHECK(dialect == ordo::protocol::Dialect::Ugi);
    CHECK_FALSE(ordo::driver::parse_proto("xboard", dialect, &error));
    CHECK(error == "proto must be uci or ugi, not 'xboard'");
  }

  TEST_CASE("a missing program fails at start with a message") {
    EngineProcess p(EngineCommand{{"/nonexistent/engine"}, {}});
    std::string err;
    CHECK_FALSE(p.start(&err));
    CHECK(err.find("/nonexistent/engine") != std::string::npos);
    CHECK_FALSE(p.running());
    EngineProcess empty(EngineCommand{});
    CHECK_FALSE(empty.start(&err));
  }

  TEST_CASE("working_dir and restart") {
    EngineProcess p(EngineCommand{{"/bin/sh", "-c", "pwd; exec cat"}, "/tmp"});
    REQUIRE(p.start(nullptr));
    std::string line;
    REQUIRE(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "/tmp");
    const int first = p.pid();
    REQUIRE(p.restart(nullptr));
    CHECK(p.pid() != first);
    REQUIRE(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "/tmp");
    CHECK(p.send("x"));
    REQUIRE(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "x");
  }

  TEST_CASE("one thread writes while another reads") {
    EngineProcess p(EngineCommand{{"/bin/cat"}, {}});
    REQUIRE(p.start(nullptr));
    constexpr int kLines = 2000;
    std::thread writer([&] {
      for (int i = 0; i < kLines; ++i) p.send("line " + std::to_string(i));
    });
    int got = 0;
    std::string line;
    bool ordered = true;
    while (got < kLines && p.read_line(line, 5s) == Status::Line) {
      ordered = ordered && line == "line " + std::to_string(got);
      ++got;
    }
    writer.join();
    CHECK(got == kLines);
    CHECK(ordered);
  }

  TEST_CASE("handshake helpers against a scripted engine") {
    EngineProcess p(shell(
        "read a; echo 'id name Fake 1'; echo 'id author Someone'; "
        "echo 'option name Hash type spin default 16 min 1 max 64'; echo 'option name Play Mode type combo default "
        "search var search'; echo ugiok; read b; echo readyok; read c; echo \"$c\"; sleep 5"));
    REQUIRE(p.start(nullptr));
    ordo::driver::EngineDialogue dialogue(ordo::driver::Dialect::Ugi, [&](const std::string& l) { return p.send(l); });
    REQUIRE(dialogue.greet());
    std::string line;
    while (!dialogue.greeted() && p.read_line(line, 2s) == Status::Line) dialogue.feed(line);
    REQUIRE(dialogue.greeted());
    const auto& id = dialogue.identity();
    CHECK(id.name == "Fake 1");
    CHECK(id.author == "Someone");
    CHECK(id.options == std::vector<std::string>{"Hash", "Play Mode"});
    CHECK(id.has_option("play mode"));
    REQUIRE(dialogue.is_ready());
    REQUIRE(p.read_line(line, 2s) == Status::Line);
    CHECK(dialogue.feed(line).kind == ordo::driver::EngineDialogue::Event::Kind::ReadyOk);
    REQUIRE(dialogue.set_option("Play Mode", "greedy"));
    REQUIRE(p.read_line(line, 2s) == Status::Line);
    CHECK(line == "setoption name Play Mode value greedy");
    CHECK(p.read_line(line, 100ms) == Status::Timeout);  // no readyok without isready
    ordo::driver::Dialect d;
    CHECK(ordo::driver::parse_dialect("uci", d));
    CHECK(d == ordo::driver::Dialect::Uci);
    CHECK_FALSE(ordo::driver::parse_dialect("xboard", d));
  }
}
