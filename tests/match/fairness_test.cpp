// The runner's fairness instruments: /proc parsing, CPU lists, the affinity plan, a pinned child,
// the usage meter (a thread born and ended within one search is counted), the ping before go,
// the per-move comment, the totals, the clock's microseconds, pairs, and the self-test's seat and
// name arithmetic.
#include <doctest/doctest.h>

#include <chrono>

#include "affinity.hpp"
#include "engine_client.hpp"
#include "engine_usage.hpp"
#include "game_runner.hpp"
#include "process_usage.hpp"
#include "schedule.hpp"
#include "selftest.hpp"
#include "engine_limits.hpp"

using namespace std::chrono_literals;
using namespace ordo;
using driver::ClientError;
using driver::EngineClient;
using driver::EngineCommand;

namespace {

// A UCI stand-in: on go, a new thread spins until it has used 150 ms of CPU, then answers. Modes:
// "slow-position" takes 400 ms to read each position and answers go at once; "deaf" answers no
// isready once a position was given.
const char* kStandIn = R"(
import sys, threading, time
mode = sys.argv[1] if len(sys.argv) > 1 else ""
positioned = False
def think():
    start = time.thread_time()
    while time.thread_time() - start < 0.15:
        pass
    print("info depth 1 time 150 nodes 1000")
    print("bestmove c1c2", flush=True)
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("id name standin")
        print("uciok", flush=True)
    elif w[0] == "isready":
        if not (mode == "deaf" and positioned):
            print("readyok", flush=True)
    elif w[0] == "position":
        positioned = True
        if mode == "slow-position":
            time.sleep(0.4)
    elif w[0] == "go":
        if mode == "slow-position":
            print("bestmove c1c2", flush=True)
        else:
            threading.Thread(target=think).start()
    elif w[0] == "quit":
        break
)";

EngineCommand stand_in(const std::string& mode) { return EngineCommand{{"python3", "-c", kStandIn, mode}, {}}; }

match::FinishedGame finished_game(long long number, long long pair, int white, int black, double white_points) {
  match::FinishedGame g;
  g.score = match::GameScore{number, pair, white, black, white_points};
  return g;
}

}  // namespace

TEST_SUITE("fairness") {
  TEST_CASE("stat and schedstat lines are parsed with odd names and bad text") {
    // A name with spaces and a ')' of its own: fields are counted from the last ')'.
    std::string line = "4242 (a) b (c)) R 1 4242 4242 0 -1 4194304 10 0 0 0 ";
    line += "120 35 0 0 20 -5 3 0 100 1000 50 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 ";
    line += "7 0 0 0 0 0 0 0 0 0 0 0 0 0";
    const auto f = driver::parse_stat(line);
    REQUIRE(f);
    CHECK(f->utime_ticks == 120);
    CHECK(f->stime_ticks == 35);
    CHECK(f->nice == -5);
    CHECK(f->processor == 7);
    CHECK_FALSE(driver::parse_stat("4242 (a) R 1 2"));
    CHECK_FALSE(driver::parse_stat("no parenthesis at all"));
    const auto s = driver::parse_schedstat("123456 789 10\n");
    REQUIRE(s);
    CHECK(s->run_ns == 123456);
    CHECK(s->wait_ns == 789);
    CHECK_FALSE(driver::parse_schedstat("12x 3"));
    CHECK_FALSE(driver::parse_schedstat("12"));
  }

  TEST_CASE("CPU lists read and write back") {
    CHECK(driver::cpu_list_text({0, 1, 2, 3, 6}) == "0-3,6");
    CHECK(driver::cpu_list_text({}).empty());
    CHECK(driver::cpu_list_text({5}) == "5");
    CHECK(*driver::parse_cpu_list("0-3,6") == std::vector<int>{0, 1, 2, 3, 6});
    CHECK(*driver::parse_cpu_list("6,2,2,0-1") == std::vector<int>{0, 1, 2, 6});
    for (const char* bad : {"", "3-1", "a", "1,,2", "-1", "1-", "0-99999"}) {
      CAPTURE(bad);
      CHECK_FALSE(driver::parse_cpu_list(bad));
    }
  }

  TEST_CASE("the affinity plan gives each slot CPUs of its own or pins nothing") {
    auto plan = match::plan_affinity(2, 1, {0, 1});
    CHECK(plan.slots == std::vector<std::vector<int>>{{0}, {1}});
    CHECK(plan.note.find("game slot 2 on CPU 1") != std::string::npos);
    plan = match::plan_affinity(3, 1, {0, 2, 5, 7});
    CHECK(plan.slots == std::vector<std::vector<int>>{{0}, {2}, {5}});
    plan = match::plan_affinity(2, 2, {0, 1, 2, 3});
    CHECK(plan.slots == std::vector<std::vector<int>>{{0, 1}, {2, 3}});
    plan = match::plan_affinity(2, 2, {0, 1});
    CHECK(plan.slots.empty());
    CHECK(plan.note == "not pinned: 2 games at a time of 2 threads need 4 CPUs, 2 available");
    match::MatchConfig c;
    c.engines.resize(2);
    c.engines[1].options = {{"threads", "3"}};
    CHECK(match::engine_threads(c) == 3);
    // auto: one game at a time is not pinned (side-by-side runs would share the first CPU);
    // two are, when there are CPUs enough.
    c.engines[1].options.clear();
    c.affinity = "auto";
    auto one = match::affinity_for(c, 1, nullptr);
    CHECK(one->slots.empty());
    CHECK(one->note == "not pinned: one game at a time (-affinity auto)");
    const auto cpus = match::usable_cpus();
    if (cpus.size() >= 2) CHECK(match::affinity_for(c, 2, nullptr)->slots.size() == 2);
    const int first = cpus.front();  // a CPU list pins even one game: it was asked for
    c.affinity = std::to_string(first);
    CHECK(match::affinity_for(c, 1, nullptr)->slots == std::vector<std::vector<int>>{{first}});
    c.affinity = "off";
    CHECK(match::affinity_for(c, 1, nullptr)->slots.empty());
    c.affinity = "1000";
    std::string error;
    CHECK_FALSE(match::affinity_for(c, 1, &error));
    CHECK(error.find("CPU 1000 is not one this run may use") != std::string::npos);
  }

  TEST_CASE("a pinned engine and its threads run on its CPUs only") {
    const auto usable = match::usable_cpus();
    REQUIRE_FALSE(usable.empty());
    EngineCommand cmd{{"/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"}, {}};
    cmd.cpus = {usable.back()};
    driver::EngineProcess p(cmd);
    std::string err;
    REQUIRE(p.start(&err));
    std::string line;
    REQUIRE(p.read_line(line, 5s) == driver::EngineProcess::ReadStatus::Line);
    CHECK(line.substr(line.find(':') + 1).find(std::to_string(usable.back())) != std::string::npos);
    CHECK(line.find(driver::cpu_list_text({usable.back()})) != std::string::npos);
    p.kill();
    // A CPU that does not exist is refused with one line naming it.
    cmd.cpus = {4000};
    driver::EngineProcess q(cmd);
    CHECK_FALSE(q.start(&err));
    CHECK(err.find("on CPUs 4000") != std::string::npos);
  }

  TEST_CASE("the meter counts a search thread born and ended within the search") {
    EngineClient c(stand_in(""), driver::Dialect::Uci);
    ClientError err;
    REQUIRE(c.start(10s, &err));
    c.set_measure_usage(true);
    const auto a = c.search("position startpos", "go movetime 150", 5s, {});
    REQUIRE(a.kind == EngineClient::Answer::Kind::BestMove);
    REQUIRE(a.usage.measured);
    CHECK(a.usage.cpu_ms >= 120);  // most of the 150 ms spin of the thread that ended before the bestmove
    CHECK(a.usage.cpu_ms <= double(a.elapsed_us) / 1000 + 20);
    CHECK(a.usage.core >= 0);
    CHECK_FALSE(a.usage.affinity.empty());
    CHECK(a.elapsed_us >= 150000);
    // Without measuring, nothing is claimed.
    c.set_measure_usage(false);
    CHECK_FALSE(c.search("position startpos", "go movetime 150", 5s, {}).usage.measured);
  }

  TEST_CASE("the ping before go keeps the reading of the position off the engine's clock") {
    EngineClient c(stand_in("slow-position"), driver::Dialect::Uci);
    ClientError err;
    REQUIRE(c.start(10s, &err));
    const auto unpinged = c.search("position startpos", "go movetime 150", 5s, {});
    REQUIRE(unpinged.kind == EngineClient::Answer::Kind::BestMove);
    CHECK(unpinged.elapsed.count() >= 350);
    c.set_ping_before_go(5s);
    const auto pinged = c.search("position startpos", "go movetime 150", 5s, {});
    REQUIRE(pinged.kind == EngineClient::Answer::Kind::BestMove);
    CHECK(pinged.elapsed.count() < 300);
  }

  TEST_CASE("an unanswered ping is its own answer and no go is sent") {
    EngineClient c(stand_in("deaf"), driver::Dialect::Uci);
    ClientError err;
    REQUIRE(c.start(10s, &err));
    c.set_ping_before_go(300ms);
    const auto a = c.search("position startpos", "go movetime 150", 5s, {});
    CHECK(a.kind == EngineClient::Answer::Kind::Unready);
    CHECK_FALSE(c.dialogue().searching());
  }

  TEST_CASE("a move's comment: score and time then nodes and latency") {
    match::SearchAnswer a;
    a.elapsed_ms = 61;
    a.elapsed_us = 61400;
    CHECK(match::move_comment(a) == "0.061s");
    a.has_score = true;
    a.score = 31;
    a.depth = 9;
    a.nodes = 29712;
    a.engine_ms = 59;
    CHECK(match::move_comment(a) == "+0.31/9 0.061s nodes=29712 latency=0.002s");
    a.mate = true;
    a.score = -2;
    a.nodes.reset();
    CHECK(match::move_comment(a) == "-M2/9 0.061s latency=0.002s");
  }

  TEST_CASE("usage totals add and merge") {
    match::SearchAnswer a;
    a.elapsed_us = 40000;
    a.engine_ms = 38;
    a.nodes = 4000;
    a.usage.measured = true;
    a.usage.cpu_ms = 30;
    a.usage.wait_ms = 5;
    a.usage.core = 1;
    a.usage.affinity = "1";
    match::UsageTotals t;
    t.add(a);
    a.elapsed_us = 60000;
    a.engine_ms = 56;
    a.usage.core = 0;
    t.add(a);
    CHECK(t.moves == 2);
    CHECK(t.elapsed_ms == doctest::Approx(100));
    CHECK(t.latency_ms == doctest::Approx(6));
    CHECK(t.latency_max_ms == doctest::Approx(4));
    CHECK(t.knps() == doctest::Approx(80));
    CHECK(t.cores == std::map<int, long long>{{0, 1}, {1, 1}});
    match::UsageTotals u = t;
    u.time_losses = 1;
    t.merge(u);
    CHECK(t.moves == 4);
    CHECK(t.time_losses == 1);
    CHECK(t.cores.at(1) == 2);
    match::UsageBook book;
    book.add_move("x", a);
    book.add_time_loss("x");
    const std::string text = book.text({"x", "y"});
    CHECK(text.find("Engines (the moves of this run):") == 0);
    CHECK(text.find("\ny ") != std::string::npos);  // an engine without moves still has its row
    const ordo::Json figures = book.json_members({"x"});
    CHECK(figures["engine_figures"]["x"]["moves"] == 1);
    CHECK(figures["engine_figures"]["x"]["time_losses"] == 1);
    CHECK(figures["load"]["samples"] == 0);
  }

  TEST_CASE("the clock takes microseconds and loses no fraction") {
    game::SideClock c;
    c.left_ms = 1000;
    for (int i = 0; i < 10; ++i) c.spend_us(1500);
    CHECK(c.left_ms == 985);
    CHECK(c.carry_us == 0);
    c.spend_us(999);
    CHECK(c.left_ms == 985);
    c.spend_us(1);
    CHECK(c.left_ms == 984);
  }

  TEST_CASE("every game knows its pair's partner") {
    match::MatchConfig c;
    c.engines.resize(2);
    c.rounds = 3;
    c.games = 2;
    const match::Schedule s(c);
    CHECK(*s.partner(1) == 2);
    CHECK(*s.partner(2) == 1);
    CHECK(*s.partner(6) == 5);
    c.games = 1;  // pairs span rounds; the last round's game has none
    const match::Schedule odd(c);
    CHECK(*odd.partner(1) == 2);
    CHECK_FALSE(odd.partner(3));
    CHECK_FALSE(odd.partner(0));
  }

  TEST_CASE("the self-test tells a seat lean from a name lean") {
    // Order A (NAME-A is engine 0) and order B (NAME-B is engine 0), 20 pairs each.
    auto run = [](double first_seat_points_as_white, double first_seat_points_as_black) {
      std::vector<match::FinishedGame> games;
      for (long long p = 1; p <= 20; ++p) {
        games.push_back(finished_game(2 * p - 1, p, 0, 1, first_seat_points_as_white));
        games.push_back(finished_game(2 * p, p, 1, 0, 1.0 - first_seat_points_as_black));
      }
      // Some spread, so the intervals are defined: the first seat takes both games of pair 1 and
      // loses both of pair 2, whatever it did in the others.
      games[0].score.white_points = 1;
      games[1].score.white_points = 0;
      games[2].score.white_points = 0;
      games[3].score.white_points = 1;
      return games;
    };
    // The first-listed seat scores 1.5 of 2 a pair in both orders: a seat lean, no name lean.
    auto f = match::selftest_figures(run(1, 0.5), run(1, 0.5));
    CHECK(f.first_seat.score() > 0.7);
    CHECK(f.name_a.score() == doctest::Approx(0.5));
    CHECK(f.leans);
    CHECK(f.verdict.find("first-listed seat") != std::string::npos);
    CHECK(f.verdict.find("name") == std::string::npos);
    // NAME-A scores 1.5 of 2 a pair: first-listed in order A, second in order B.
    f = match::selftest_figures(run(1, 0.5), run(0, 0.5));
    CHECK(f.first_seat.score() == doctest::Approx(0.5));
    CHECK(f.name_a.score() > 0.7);
    CHECK(f.verdict.find("one name") != std::string::npos);
    CHECK(f.verdict.find("seat") == std::string::npos);
    // White wins every game: no seat and no name is favoured.
    f = match::selftest_figures(run(1, 0), run(1, 0));
    CHECK(f.first_seat.score() == doctest::Approx(0.5));
    CHECK(f.name_a.score() == doctest::Approx(0.5));
    CHECK(f.white_score > 0.9);
    CHECK_FALSE(f.leans);
    CHECK(f.verdict.rfind("even", 0) == 0);
    // Two games are too few for any verdict.
    f = match::selftest_figures({finished_game(1, 1, 0, 1, 1)}, {finished_game(1, 1, 0, 1, 0)});
    CHECK(f.undecided);
  }

  TEST_CASE("the self-test calls pairs that all split 1-1 exactly even and pairs all won by one seat a lean") {
    // As at a fixed node count: both games of every pair are one game, so every pair is 1-1 and
    // no interval exists (a zero variance); 20 pairs per order.
    auto run = [](double white_points, double second_white_points) {
      std::vector<match::FinishedGame> games;
      for (long long p = 1; p <= 20; ++p) {
        games.push_back(finished_game(2 * p - 1, p, 0, 1, white_points));
        games.push_back(finished_game(2 * p, p, 1, 0, second_white_points));
      }
      return games;
    };
    auto f = match::selftest_figures(run(1, 1), run(0, 0));
    CHECK_FALSE(f.undecided);
    CHECK_FALSE(f.leans);
    CHECK(f.verdict.find("every pair split 1-1") != std::string::npos);
    f = match::selftest_figures(run(0.5, 0.5), run(0.5, 0.5));  // every game drawn
    CHECK_FALSE(f.leans);
    CHECK(f.verdict.find("every pair split 1-1") != std::string::npos);
    // The first-listed seat wins every game in both orders: 2-0 in every pair, no interval either.
    f = match::selftest_figures(run(1, 0), run(1, 0));
    CHECK_FALSE(f.undecided);
    CHECK(f.leans);
    CHECK(f.verdict.find("first-listed seat") != std::string::npos);
  }
}
