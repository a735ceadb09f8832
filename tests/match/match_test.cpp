// The match runner's pure parts: time controls, the command line, the schedule and its shards,
// the opening book, and the statistics (Elo, pentanomial counts, SPRT).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "match_config.hpp"
#include "match_stats.hpp"
#include "openings.hpp"
#include "results.hpp"
#include "schedule.hpp"
#include "time_control_text.hpp"
#include "engine_limits.hpp"

using namespace ordo;
using namespace ordo::match;

namespace {
std::optional<Invocation> parse(std::vector<std::string> args, std::string* err = nullptr) {
  std::string e;
  auto r = parse_command_line(args, &e);
  if (err) *err = e;
  return r;
}
}  // namespace

namespace {

// The schedule as the runner built it before it was lazy: every game in a list.
std::vector<ScheduledGame> reference_schedule(const MatchConfig& config) {
  std::vector<std::pair<int, int>> encounters;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (config.tournament == TournamentKind::RoundRobin || a == 0) encounters.emplace_back(a, b);
  std::vector<ScheduledGame> games;
  long long number = 0, pairs = 0;
  std::vector<long long> open_pair(encounters.size(), 0);
  for (int round = 0; round < config.rounds; ++round)
    for (std::size_t e = 0; e < encounters.size(); ++e)
      for (int g = 0; g < config.games; ++g) {
        const long long k = static_cast<long long>(round) * config.games + g;
        if (k % 2 == 0) open_pair[e] = ++pairs;
        ScheduledGame s;
        s.number = ++number;
        s.pair = open_pair[e];
        s.round = round + 1;
        s.white = k % 2 == 0 ? encounters[e].first : encounters[e].second;
        s.black = k % 2 == 0 ? encounters[e].second : encounters[e].first;
        s.opening_round = round;
        games.push_back(s);
      }
  return games;
}

// Every game of a small schedule's shard, by its cursor.
std::vector<ScheduledGame> all_games(const MatchConfig& config) {
  const Schedule schedule(config);
  std::vector<ScheduledGame> out;
  auto cursor = schedule.cursor();
  while (auto g = cursor.next()) out.push_back(*g);
  return out;
}

bool same_game(const ScheduledGame& a, const ScheduledGame& b) {
  return a.number == b.number && a.pair == b.pair && a.round == b.round && a.white == b.white &&
         a.black == b.black && a.opening_round == b.opening_round;
}

}  // namespace

TEST_SUITE("match") {
  TEST_CASE("time controls parse and describe themselves") {
    std::string err;
    EngineLimits tc;
    tc.clock = records::parse_time_control("2+0.05", &err);
    REQUIRE(tc.clock);
    CHECK(tc.clock->base_ms == 2000);
    CHECK(tc.clock->inc_ms == 50);
    CHECK(tc.describe() == "2+0.05");
    EngineLimits p;
    p.clock = records::parse_time_control("40/1:30", &err);
    REQUIRE(p.clock);
    CHECK(p.clock->base_ms == 90000);
    CHECK(p.clock->moves_per_period == 40);
    CHECK(p.describe() == "40/90");
    for (const char* bad : {"", "abc", "1+", "+1", "0", "-1+0", "1/2/3", "x/10", "1..2"})
      CHECK_MESSAGE(!records::parse_time_control(bad, &err), bad);
    CHECK(records::parse_seconds_ms("0.05") == 50);
    CHECK_FALSE(records::parse_seconds_ms("1e3"));
  }

  TEST_CASE("a side's clock: increment and a period's refill") {
    const game::TimeControl tc{60000, 500, 2};
    game::SideClock c = game::SideClock::start(tc);
    CHECK(c.moves_to_go(tc) == 2);
    c.spend_us(1000500);
    c.moved(tc);
    CHECK(c.left_ms == 59500);
    CHECK(c.moves_to_go(tc) == 1);
    c.spend_us(500);  // with the carried 500 us: one more millisecond
    c.moved(tc);
    CHECK(c.left_ms == 59500 - 1 + 500 + 60000);
    CHECK(c.moves_to_go(tc) == 2);
    CHECK(game::SideClock::start(game::TimeControl{1000, 0, 0}).moves_to_go(game::TimeControl{1000, 0, 0}) == 0);
  }

  TEST_CASE("go commands carry both clocks in UCI or UGI names") {
    EngineLimits tc;
    tc.clock = records::parse_time_control("10+0.1", nullptr);
    const game::SideClock w{9000, 0, 0}, b{8000, 0, 0};
    CHECK(go_command(tc, tc, w, b, true, false) == "go wtime 9000 btime 8000 winc 100 binc 100");
    CHECK(go_command(tc, tc, w, b, false, true) == "go p1time 9000 p2time 8000 p1inc 100 p2inc 100");
    EngineLimits d;
    d.depth = 3;
    d.nodes = 500;
    CHECK(go_command(d, d, w, b, true, false) == "go nodes 500 depth 3");
    EngineLimits st;
    st.movetime_ms = 100;
    CHECK(go_command(st, st, w, b, true, false) == "go movetime 100");
  }

  TEST_CASE("the command line: engines and -each and options and errors") {
    auto inv = parse({"-engine", "cmd=/bin/a", "name=A", "option.Play Mode=greedy", "-engine", "cmd=/x/b", "proto=ugi",
                      "-each", "tc=2+0.05", "option.Hash=8", "-variant", "ordox", "-rounds", "3", "-concurrency", "2",
                      "-sprt", "elo0=0", "elo1=10", "-draw", "movenumber=20", "movecount=4", "score=10", "-pgnout",
                      "file=out.pgn", "-shard", "2/4", "-recover"});
    REQUIRE(inv);
    const auto& c = inv->config;
    REQUIRE(c.engines.size() == 2);
    CHECK(c.engines[0].name == "A");
    CHECK(c.engines[1].name == "b");
    CHECK(c.engines[1].dialect == driver::Dialect::Ugi);
    CHECK(c.engines[0].options.size() == 2);  // -each's Hash first, then Play Mode
    CHECK(c.engines[0].options[0].first == "Hash");
    CHECK(c.engines[0].options[1].second == "greedy");
    CHECK(c.engines[1].limits.clock->base_ms == 2000);
    CHECK(c.variant == Variant::OrdoX);
    CHECK(c.rounds == 3);
    CHECK(c.sprt.enabled);
    CHECK(c.draw.movecount == 4);
    CHECK(c.pgnout == "out.pgn");
    CHECK(c.shard_index == 2);
    CHECK(c.shard_count == 4);
    CHECK(c.recover);

    std::string err;
    CHECK_FALSE(parse({"-engine", "cmd=a", "-engine", "cmd=a", "-each", "depth=1"}, &err));
    CHECK(err.find("named 'a'") != std::string::npos);
    CHECK_FALSE(parse({"-engine", "cmd=a", "name=x", "-engine", "cmd=b", "depth=1"}, &err));
    CHECK(err.find("no time control") != std::string::npos);
    CHECK_FALSE(parse({"-engine", "cmd=a", "name=x", "depth=1", "-engine", "cmd=b", "depth=1", "-engine", "cmd=c",
                       "depth=1", "-sprt", "elo0=0", "elo1=5"},
                      &err));
    CHECK(err.find("exactly two") != std::string::npos);
    CHECK_FALSE(parse({"-shard", "5/4"}, &err));
    CHECK_FALSE(parse({"-resume", "-engine", "cmd=a", "depth=1", "-engine", "cmd=b", "depth=1"}, &err));
    CHECK(err.find("-pgnout") != std::string::npos);
    // args= splits as ordo-web's --engine does: quotes group, a backslash escapes, any white space.
    auto args = parse({"-engine", "cmd=a", "args=--x 'a b' c\\ d\t\"e\"", "-engine", "cmd=b", "-each", "depth=1"});
    REQUIRE(args);
    CHECK(args->config.engines[0].args == std::vector<std::string>{"--x", "a b", "c d", "e"});
    CHECK_FALSE(parse({"-engine", "cmd=a", "args=--x 'a b", "-engine", "cmd=b", "-each", "depth=1"}, &err));
    CHECK(err.find("-engine: args=--x 'a b: unterminated quote at column 5") != std::string::npos);
    CHECK_FALSE(parse({"-engine", "cmd=a", "proto=xboard"}, &err));
    CHECK(err.find("-engine: proto must be uci or ugi, not 'xboard'") != std::string::npos);
    CHECK_FALSE(parse({"-engine", "cmd=a", "frobnicate=1"}, &err));
    CHECK(err.find("unknown engine setting") != std::string::npos);
    auto replay = parse({"-replay", "a.pgn", "b.pgn"});
    REQUIRE(replay);
    CHECK(replay->mode == Mode::Replay);
    CHECK(replay->files.size() == 2);
  }

  TEST_CASE("schedule: round-robin and gauntlet with colour-swapped pairs and shards of whole pairs") {
    MatchConfig c;
    c.engines.resize(4);
    c.rounds = 3;
    c.games = 2;
    auto rr = all_games(c);
    CHECK(rr.size() == 3 * 6 * 2);
    for (std::size_t i = 0; i < rr.size(); i += 2) {
      CHECK(rr[i].pair == rr[i + 1].pair);
      CHECK(rr[i].white == rr[i + 1].black);
      CHECK(rr[i].opening_round == rr[i + 1].opening_round);
      CHECK(rr[i].number == static_cast<long long>(i) + 1);
    }
    c.tournament = TournamentKind::Gauntlet;
    auto g = all_games(c);
    CHECK(g.size() == 3 * 3 * 2);
    for (const auto& s : g) CHECK((s.white == 0 || s.black == 0));
    // Shards partition the schedule.
    c.tournament = TournamentKind::RoundRobin;
    std::vector<long long> seen;
    for (int i = 1; i <= 4; ++i) {
      c.shard_index = i, c.shard_count = 4;
      for (const auto& s : all_games(c)) seen.push_back(s.number);
    }
    std::sort(seen.begin(), seen.end());
    CHECK(seen.size() == rr.size());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    c.shard_index = 2;
    auto shard = all_games(c);
    for (std::size_t i = 0; i < shard.size(); i += 2) CHECK(shard[i].pair == shard[i + 1].pair);
    // One game per encounter and round: the colours alternate from round to round.
    MatchConfig one;
    one.engines.resize(2);
    one.rounds = 4;
    one.games = 1;
    auto s1 = all_games(one);
    REQUIRE(s1.size() == 4);
    CHECK(s1[0].white == 0);
    CHECK(s1[1].white == 1);
    CHECK(s1[0].pair == s1[1].pair);
    CHECK(s1[2].pair == s1[3].pair);
    CHECK(s1[1].pair != s1[2].pair);
  }

  TEST_CASE("schedule: the lazy schedule equals the whole list built game by game") {
    for (int engines : {2, 3, 4, 5})
      for (const auto kind : {TournamentKind::RoundRobin, TournamentKind::Gauntlet})
        for (int rounds : {1, 2, 3, 5})
          for (int games : {1, 2, 3, 4, 7})
            for (int count : {1, 2, 3, 5, 40}) {
              MatchConfig c;
              c.engines.resize(static_cast<std::size_t>(engines));
              c.tournament = kind;
              c.rounds = rounds;
              c.games = games;
              const auto whole = reference_schedule(c);
              for (int index = 1; index <= count; ++index) {
                c.shard_index = index, c.shard_count = count;
                std::vector<ScheduledGame> expected;
                for (const auto& g : whole)
                  if ((g.pair - 1) % count == index - 1) expected.push_back(g);
                const Schedule schedule(c);
                CHECK(schedule.size() == static_cast<long long>(expected.size()));
                CHECK(schedule.total_games() == static_cast<long long>(whole.size()));
                const auto got = all_games(c);
                REQUIRE(got.size() == expected.size());
                for (std::size_t i = 0; i < got.size(); ++i) CHECK(same_game(got[i], expected[i]));
                for (const auto& g : whole) {
                  const auto found = schedule.game(g.number);
                  CHECK(found.has_value() == ((g.pair - 1) % count == index - 1));
                  if (found) CHECK(same_game(*found, g));
                }
                CHECK_FALSE(schedule.game(0));
                CHECK_FALSE(schedule.game(static_cast<long long>(whole.size()) + 1));
              }
            }
  }

  TEST_CASE("hostile: schedule: ten billion games are counted and walked without being listed") {
    MatchConfig c;
    c.engines.resize(2);
    c.rounds = 10000000;
    c.games = 1000;
    Schedule schedule(c);
    CHECK(schedule.size() == 10000000000LL);
    auto cursor = schedule.cursor();
    for (long long n = 1; n <= 1000; ++n) {
      const auto g = cursor.next();
      REQUIRE(g);
      CHECK(g->number == n);
      CHECK(g->pair == (n + 1) / 2);
    }
    const auto last = schedule.game(10000000000LL);
    REQUIRE(last);
    CHECK(last->round == 10000000);
    CHECK(last->pair == 5000000000LL);
    // The largest round-robin the command line allows: numbers stay within range.
    c.engines.resize(1000);
    c.games = 999;
    c.shard_index = 7, c.shard_count = 1000000;
    Schedule big(c);
    CHECK(big.total_games() == 10000000LL * 499500 * 999);
    auto walk = big.cursor();
    long long previous = 0;
    for (int i = 0; i < 100; ++i) {
      const auto g = walk.next();
      REQUIRE(g);
      CHECK(g->number > previous);
      CHECK((g->pair - 1) % 1000000 == 6);
      previous = g->number;
    }
  }

  TEST_CASE("opening book: EPD and FEN files in random order and errors with line numbers") {
    const std::string path = "match_test_openings.epd";
    {
      std::ofstream f(path);
      f << "# comment\n\n2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 b ;D1 56\n"
        << "B9/10/10/10/4W5/10/10/10 w 0 1 ;D1 21\n";
    }
    OpeningConfig oc;
    oc.file = path;
    std::string err;
    auto book = OpeningBook::load(oc, Variant::Classic, 1, &err);
    REQUIRE_MESSAGE(book, err);
    CHECK(book->size() == 2);
    CHECK(book->for_round(0).index == 1);
    CHECK(book->for_round(0).fen.find(" b 0 1") != std::string::npos);
    CHECK(book->for_round(3).index == 2);
    oc.start = 2;
    CHECK(OpeningBook::load(oc, Variant::Classic, 1, &err)->for_round(0).index == 2);
    {
      std::ofstream f(path);
      f << "B9/10/10/10/4W5/10/10/10 w\nnot a fen\n";
    }
    CHECK_FALSE(OpeningBook::load(oc, Variant::Classic, 1, &err));
    CHECK(err.find(":2:") != std::string::npos);
    {
      std::ofstream f(path);
      f << "W9/10/10/10/4B5/10/10/10 w\n";  // White already on its target row
    }
    CHECK_FALSE(OpeningBook::load(oc, Variant::Classic, 1, &err));
    CHECK(err.find("decided") != std::string::npos);
    std::remove(path.c_str());
  }

  TEST_CASE("statistics: a tally counts a game by its points and a pair's JSON keeps its members' order") {
    Tally t;
    CHECK(t.score() == 0.5);
    for (double p : {1.0, 0.5, 0.0, 1.0}) t.count(p);
    CHECK(t.wins == 2);
    CHECK(t.draws == 1);
    CHECK(t.losses == 1);
    CHECK(t.points() == 2.5);
    CHECK(t.score() == 0.625);

    PairStats s;
    s.wins = 3;
    s.draws = 1;
    s.penta = {0, 0, 1, 1, 0};
    CHECK(json_text(pair_json(s, false)) ==
          R"({"wins":3,"draws":1,"losses":0,"score":0.875,"elo":338.0392,"elo_error95":null,"pentanomial":[0,0,1,1,0]})");
    const std::string with_los = json_text(pair_json(s, true, {{"engine", "x"}, {"opponent", "y"}}));
    CHECK(with_los.rfind(R"({"engine":"x","opponent":"y","wins":3,"draws":1,"losses":0,"score":0.875,)", 0) == 0);
    CHECK(with_los.find(R"("elo_error95":null,"los":)") != std::string::npos);
    CHECK(with_los.find(R"(,"pentanomial":[0,0,1,1,0]})") != std::string::npos);
  }

  TEST_CASE("statistics: W/D/L and pentanomial pairs and Elo with its interval") {
    std::vector<GameScore> games;
    // Engine 0 vs 1: pairs (1,1) (1,0.5) (0.5,0.5) (0,1) and one unpaired win for engine 1.
    const double a_points[][2] = {{1, 1}, {1, 0.5}, {0.5, 0.5}, {0, 1}};
    long long n = 0, pair = 0;
    for (const auto& p : a_points) {
      ++pair;
      games.push_back({++n, pair, 0, 1, p[0]});      // engine 0 White
      games.push_back({++n, pair, 1, 0, 1 - p[1]});  // engine 0 Black
    }
    games.push_back({++n, ++pair, 1, 0, 1.0});
    const PairStats s = stats_between(games, 0, 1);
    CHECK(s.wins == 4);
    CHECK(s.draws == 3);
    CHECK(s.losses == 2);
    CHECK(s.penta == std::array<long long, 5>{0, 0, 2, 1, 1});
    CHECK(s.points() == 5.5);
    CHECK(s.score() == doctest::Approx(5.5 / 9));
    const PairStats r = stats_between(games, 1, 0);
    CHECK(r.wins == 2);
    CHECK(r.points() == 3.5);
    CHECK(r.penta == std::array<long long, 5>{1, 1, 2, 0, 0});
    const EloEstimate e = elo_estimate(s);
    CHECK(e.elo == doctest::Approx(elo_from_score(5.5 / 9)));
    CHECK(e.error > 0);
    CHECK(e.los > 0.5);
    CHECK(elo_from_score(0.5) == doctest::Approx(0));
    CHECK(elo_from_score(score_from_elo(123.0)) == doctest::Approx(123.0));
    CHECK(std::isinf(elo_from_score(1.0)));
  }

  TEST_CASE("report: an Elo interval without an upper bound reads n/a as -json gives null") {
    // Three unpaired games 1 - 0.5 - 1: the 95 % interval of the score reaches past 1.
    std::vector<FinishedGame> games;
    for (const double points : {1.0, 0.5, 1.0}) {
      FinishedGame g;
      g.score = GameScore{static_cast<long long>(games.size()) + 1, static_cast<long long>(games.size()) + 1, 0, 1, points};
      games.push_back(g);
    }
    REQUIRE(std::isinf(elo_estimate(stats_between(scores_of(games), 0, 1)).error));
    ReportContext context;
    context.names = {"a", "b"};
    const std::string text = text_report(games, context);
    CHECK(text.find("Elo: 279.6 +/- n/a,") != std::string::npos);
    CHECK(text.find("inf") == std::string::npos);
    CHECK(json_report(games, context, true, "")["pairs"][0]["elo_error95"].is_null());
    context.names.push_back("c");  // the crosstable's column too
    CHECK(text_report(games, context).find("inf") == std::string::npos);
  }

  TEST_CASE("small samples: no Elo interval below the minimum sample or with a zero variance") {
    auto with_pairs = [](std::array<long long, 5> penta) {
      PairStats s;
      s.penta = penta;
      for (std::size_t i = 0; i < 5; ++i) {  // games consistent with the pairs: i half-points each
        s.wins += penta[i] * static_cast<long long>(i / 2);
        s.losses += penta[i] * static_cast<long long>((4 - i) / 2);
        s.draws += penta[i] * static_cast<long long>(i % 2);
      }
      return s;
    };
    // Two drawn-looking pairs (1 point each): the variance is zero, which claims certainty.
    CHECK(std::isinf(elo_estimate(with_pairs({0, 0, 2, 0, 0})).error));
    // Forty such pairs: still no spread to measure.
    CHECK(std::isinf(elo_estimate(with_pairs({0, 0, 40, 0, 0})).error));
    // Six pairs with a spread: too few for the normal approximation.
    CHECK(std::isinf(elo_estimate(with_pairs({0, 1, 4, 1, 0})).error));
    // Ten pairs with a spread: an interval.
    const EloEstimate ten = elo_estimate(with_pairs({0, 2, 6, 2, 0}));
    CHECK(std::isfinite(ten.error));
    CHECK(ten.error > 0);
    // Games without pairs: twenty are needed.
    PairStats unpaired;
    unpaired.wins = 7, unpaired.draws = 6, unpaired.losses = 6;
    CHECK(std::isinf(elo_estimate(unpaired).error));
    ++unpaired.draws;
    CHECK(std::isfinite(elo_estimate(unpaired).error));
    // The report: an even score is 0.0, never -0.0, and the interval n/a (text) and null (JSON).
    std::vector<FinishedGame> games;
    for (const double white_points : {1.0, 1.0, 0.5, 0.5}) {
      FinishedGame g;
      const long long n = static_cast<long long>(games.size()) + 1;
      g.score = GameScore{n, (n + 1) / 2, n % 2 ? 0 : 1, n % 2 ? 1 : 0, white_points};
      games.push_back(g);
    }
    ReportContext context;
    context.names = {"a", "b"};
    const std::string text = text_report(games, context);
    CHECK(text.find("Elo: 0.0 +/- n/a,") != std::string::npos);
    CHECK(json_report(games, context, true, "")["pairs"][0]["elo_error95"].is_null());
    context.names.push_back("c");
    const std::string table = text_report(games, context);
    CHECK(table.find("-0.0") == std::string::npos);
    CHECK(table.find("   0.0    n/a") != std::string::npos);
  }

  TEST_CASE("SPRT: sign and bounds and agreement with the normal approximation") {
    const SprtState none = sprt_state({0, 0, 0, 0, 0}, 0, 5, 0.05, 0.05);
    CHECK(none.llr == 0);
    CHECK(none.lower == doctest::Approx(std::log(0.05 / 0.95)));
    CHECK(none.upper == doctest::Approx(std::log(0.95 / 0.05)));
    // A clear edge accepts H1, an even match drifts toward H0.
    CHECK(sprt_state({10, 100, 300, 200, 40}, 0, 10, 0.05, 0.05).decision == 1);
    CHECK(sprt_llr({50, 200, 400, 200, 50}, 0, 10) < 0);
    // For many pairs the GSPRT LLR is close to the normal approximation
    // N (s1 - s0) (2 mean - s0 - s1) / (2 var), per pair.
    const std::array<long long, 5> p = {200, 2000, 5000, 2300, 300};
    double n = 0, mean = 0, var = 0;
    for (std::size_t i = 0; i < 5; ++i) n += static_cast<double>(p[i]), mean += static_cast<double>(p[i]) * static_cast<double>(i) / 4.0;
    mean /= n;
    for (std::size_t i = 0; i < 5; ++i) var += static_cast<double>(p[i]) * std::pow(static_cast<double>(i) / 4.0 - mean, 2);
    var /= n;
    const double s0 = score_from_elo(0), s1 = score_from_elo(5);
    const double approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
    CHECK(sprt_llr(p, 0, 5) == doctest::Approx(approx).epsilon(0.02));
  }
}
