// Perft (RULES.md section 7): the start-position reference values, divide, symmetry under
// mirroring and colour flip, and the cheap depths of the EPD suites in tests/data (all depths of
// those run in scripts/perft_suite).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

void check_epd(const std::string& file, Variant v, int max_depth, std::size_t min_lines) {
  const auto lines = read_epd(std::string(ORDO_TEST_DATA) + "/" + file);
  CHECK(lines.size() >= min_lines);
  std::size_t checked = 0, positions = 0;
  for (const EpdLine& e : lines) {
    INFO(file << ":" << e.line_number << " " << e.fen);
    auto pos = parse_fen(e.fen, v);
    REQUIRE(pos.ok());
    CHECK(to_fen(*pos) == e.fen);  // the files hold canonical FENs
    REQUIRE_FALSE(e.depths.empty());
    CHECK(e.depths.front().first == 1);
    ++positions;
    for (auto [depth, nodes] : e.depths) {
      if (depth > max_depth) continue;
      INFO("depth " << depth);
      CHECK(perft(*pos, depth) == nodes);
      ++checked;
    }
  }
  CHECK(positions == lines.size());
  CHECK(checked >= positions);  // at least D1 of every line
}

// One line of a scripts/naive_confirm log: a root turn and its subtree's count by each generator.
struct ConfirmedTurn {
  u64 engine = 0;
  u64 naive = 0;
};

// The root turns of a naive_confirm log (comment lines start with '#'). A malformed line, a
// repeated turn or a MISMATCH line fails the check.
std::map<std::string, ConfirmedTurn> read_confirm_log(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::map<std::string, ConfirmedTurn> turns;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    INFO(path << ": " << line);
    std::istringstream fields(line);
    std::string turn, seconds, extra;
    ConfirmedTurn counts;
    CHECK((fields >> turn >> counts.engine >> counts.naive >> seconds));
    CHECK_FALSE((fields >> extra));  // a MISMATCH mark or anything else after the seconds
    CHECK(turns.emplace(turn, counts).second);
  }
  return turns;
}

}  // namespace

TEST_SUITE("perft") {

TEST_CASE("start position: classic depths 1 to 3") {
  const Position s = Position::start(Variant::Classic);
  CHECK(perft(s, 0) == 1);
  CHECK(perft(s, 1) == 56);
  CHECK(perft(s, 2) == 3136);
  CHECK(perft(s, 3) == 190114);
}

// Slow: about 0.5 s in Release, several seconds under the sanitizers; still run everywhere.
TEST_CASE("start position: classic depth 4 - slow" * doctest::description("slow without optimisation")) {
  CHECK(perft(Position::start(Variant::Classic), 4) == 11501158);
}

TEST_CASE("start position: Ordo X depth 1") {
  const Position s = Position::start(Variant::OrdoX);
  CHECK(perft(s, 0) == 1);
  CHECK(perft(s, 1) == 2062);
  CHECK(legal_turns(s).size() == 2062);
}

// Slow: about 0.3 s in Release, several seconds under the sanitizers; still run everywhere.
TEST_CASE("start position: Ordo X depth 2 - slow" * doctest::description("slow without optimisation")) {
  CHECK(perft(Position::start(Variant::OrdoX), 2) == 4207548);
}

TEST_CASE("divide splits perft by root turn in generation order") {
  Rng rng(51);
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    for (const Position& pos : random_play(Position::start(v), 40, rng)) {
      const int depth = v == Variant::Classic ? 3 : 1;
      const auto d = divide(pos, depth);
      const auto turns = legal_turns(pos);
      REQUIRE(d.size() == turns.size());
      u64 total = 0;
      for (std::size_t i = 0; i < d.size(); ++i) {
        CHECK(d[i].turn == turns[i]);
        CHECK(d[i].nodes == perft(pos.after(turns[i]), depth - 1));
        total += d[i].nodes;
      }
      CHECK(total == perft(pos, depth));
    }
  }
  CHECK(divide(Position::start(Variant::Classic), 0).empty());
}

TEST_CASE("perft of finished positions") {
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    for (const char* fen : {"3W6/10/10/3B6/3B6/10/10/10 b 0 1", "10/10/10/3W6/3W6/10/10/10 b 0 1",
                            "10/10/10/10/10/WBBW6/10/10 w 0 1"}) {
      const Position pos = pos_of(fen, v);
      CHECK(perft(pos, 0) == 1);
      CHECK(perft(pos, 1) == 0);
      CHECK(perft(pos, 2) == 0);
      CHECK(divide(pos, 2).empty());
    }
  }
}

TEST_CASE("mirrored and colour_flipped are symmetries") {
  Rng rng(52);
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    for (const Position& pos : random_play(Position::start(v), 300, rng)) {
      const Position m = pos.mirrored(), f = pos.colour_flipped();
      CHECK(m.mirrored() == pos);
      CHECK(f.colour_flipped() == pos);
      CHECK(m.key() == m.compute_key());
      CHECK(f.key() == f.compute_key());
      CHECK(f.side_to_move() == ~pos.side_to_move());
      CHECK(f.pieces(WHITE).count() == pos.pieces(BLACK).count());
      CHECK(m.pieces(WHITE).count() == pos.pieces(WHITE).count());
      CHECK(game_status(m).winner == game_status(pos).winner);
      const auto st = game_status(pos), stf = game_status(f);
      CHECK(stf.over() == st.over());
      if (st.over()) {
        CHECK(*stf.winner == ~*st.winner);
        CHECK(stf.reason == st.reason);
      }
    }
  }
}

TEST_CASE("perft is unchanged under mirror and colour flip") {
  // Classic at depth 3 on random-play positions; Ordo X at depth 2 on random-play positions and
  // depth 3 on sparse random boards (depth 3 of a full Ordo X board takes minutes).
  Rng rng(53);
  auto check_symmetric = [](const Position& pos, int depth) {
    const u64 n = perft(pos, depth);
    INFO(to_fen(pos) << " depth " << depth << " (" << variant_name(pos.variant()) << ")");
    CHECK(perft(pos.mirrored(), depth) == n);
    CHECK(perft(pos.colour_flipped(), depth) == n);
    CHECK(perft(pos.mirrored().colour_flipped(), depth) == n);
  };
  const auto classic = random_play(Position::start(Variant::Classic), 600, rng);
  for (std::size_t i = 0; i < classic.size(); i += 10) check_symmetric(classic[i], 3);
  const auto ordox = random_play(Position::start(Variant::OrdoX), 200, rng);
  for (std::size_t i = 0; i < ordox.size(); i += 25) check_symmetric(ordox[i], 2);
  for (int i = 0; i < 40; ++i) {
    const Position sparse = random_sparse(rng, Variant::OrdoX, 1 + int(rng.below(5)), 1 + int(rng.below(5)));
    check_symmetric(sparse, i < 10 ? 3 : 2);
    check_symmetric(pos_of(to_fen(sparse), Variant::Classic), 3);
  }
}

TEST_CASE("deep start-position files: their cheap depths") {
  check_epd("perft_start_ordo.epd", Variant::Classic, 4, 1);
  check_epd("perft_start_ordox.epd", Variant::OrdoX, 2, 1);
}

TEST_CASE("Ordo X perft 3 from the start: the naive generator agrees on every root turn") {
  // tests/data/perft_start_ordox_d3_naive.txt, written by scripts/naive_confirm, confirms the
  // published D3 of perft_start_ordox.epd: it must hold exactly the legal root turns, each with
  // equal counts from both generators, adding up to D3. A few turns are recounted here.
  const auto turns = read_confirm_log(std::string(ORDO_TEST_DATA) + "/perft_start_ordox_d3_naive.txt");
  const Position start = Position::start(Variant::OrdoX);
  std::vector<std::string> logged;
  u64 total = 0;
  for (const auto& [turn, counts] : turns) {
    INFO(turn);
    CHECK(counts.engine == counts.naive);
    logged.push_back(turn);
    total += counts.naive;
  }
  const auto legal = tokens_of(start);
  std::size_t missing = 0;  // legal root turns the log lacks
  for (const std::string& t : legal) missing += turns.count(t) == 0 ? 1 : 0;
  CHECK(missing == 0);
  CHECK(logged.size() == legal.size());  // so no turn of the log is illegal either
  const auto epd = read_epd(std::string(ORDO_TEST_DATA) + "/perft_start_ordox.epd");
  REQUIRE(epd.size() == 1);
  REQUIRE(epd[0].depths.size() == 3);
  CHECK(total == epd[0].depths[2].second);
  const int every = SANITIZED ? 1000 : 250;
  for (std::size_t i = 0; i < logged.size(); i += every) {
    INFO(logged[i]);
    CHECK(perft(play(start, logged[i]), 2) == turns.at(logged[i]).engine);
  }
}

TEST_CASE("EPD suite classic: depths 1 and 2 of every line") {
  check_epd("perft_ordo.epd", Variant::Classic, 2, 40);
}

TEST_CASE("EPD suite Ordo X: depths 1 and 2 of every line") {
  check_epd("perft_ordox.epd", Variant::OrdoX, 2, 40);
}

}  // TEST_SUITE
