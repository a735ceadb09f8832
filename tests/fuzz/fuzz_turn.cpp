// Fuzz target: the move-token parser (parse_turn) on positions from tests/data and positions
// derived from the input.
//
// Input: the first byte picks a start position from the EPD suites of tests/data (both variants).
// The rest is split into lines. A first line that parses as a FEN (in that position's variant)
// replaces the start position. Every other line is a move: `#N` plays the N-th legal turn (N
// modulo their number), anything else is given to parse_turn. An accepted token must name one of
// the generator's legal turns, its canonical token must parse back to the same turn and the
// position after it must be valid (key, FEN round trip); the game then goes on from there. A
// rejected token must come with a message. On every position reached, one legal turn (picked by
// the line's length) must be accepted in its canonical spelling. At most 24 moves are read.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "invariants.hpp"

using namespace ordo;

namespace {

std::vector<Position> load_positions() {
  std::vector<Position> out;
  for (auto [file, variant] : {std::pair{"perft_ordo.epd", Variant::Classic}, std::pair{"perft_ordox.epd", Variant::OrdoX}}) {
    std::ifstream in(std::string(ORDO_TEST_DATA) + "/" + file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      auto pos = parse_fen(line.substr(0, line.find(';')), variant);
      if (pos) out.push_back(*pos);
    }
  }
  if (out.empty()) {
    std::fprintf(stderr, "fuzz_turn: no positions in %s\n", ORDO_TEST_DATA);
    std::abort();
  }
  return out;
}

const std::vector<Position>& positions() {
  static const std::vector<Position> all = load_positions();
  return all;
}

std::vector<std::string_view> lines_of(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == '\n') out.push_back(s.substr(start, i - start)), start = i + 1;
  return out;
}

// `#N` with 1 to 6 digits: the number, else -1.
long turn_index(std::string_view line) {
  if (line.size() < 2 || line.size() > 7 || line[0] != '#') return -1;
  long n = 0;
  for (char c : line.substr(1)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  positions();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 2048) return -1;
  Position pos = positions()[data[0] % positions().size()];
  const auto lines = lines_of(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  std::size_t first = 0;
  if (!lines.empty()) {
    if (auto fen = parse_fen(lines[0], pos.variant())) {
      pos = *fen;
      first = 1;
    }
  }
  fuzz::check_position(pos);
  for (std::size_t i = first; i < lines.size() && i < first + 24; ++i) {
    const std::vector<Turn> legal = legal_turns(pos);
    if (!legal.empty()) {  // completeness: a canonical token of the generator is accepted
      const Turn& t = legal[lines[i].size() % legal.size()];
      const auto back = parse_turn(pos, format_turn(t));
      ORDO_FUZZ_CHECK(back.ok() && *back == t, pos, "canonical token " + format_turn(t) + " is rejected");
    }
    if (const long n = turn_index(lines[i]); n >= 0) {
      if (legal.empty()) continue;
      pos = pos.after(legal[std::size_t(n) % legal.size()]);
      fuzz::check_position(pos);
      continue;
    }
    const auto turn = parse_turn(pos, lines[i]);
    if (!turn) {
      ORDO_FUZZ_CHECK(!turn.error().empty(), pos);
      continue;
    }
    fuzz::check_accepted_turn(pos, legal, *turn);
    pos = pos.after(*turn);
  }
  return 0;
}
