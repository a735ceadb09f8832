// Fuzz target: the FEN parser (parse_fen) in both variants, and move generation on what it accepts.
//
// For every input: a rejection must come with a message; an accepted position must be valid, keep
// its key equal to the recomputed key and round-trip through to_fen. On accepted positions the
// legal turns are generated and each position after them checked the same way; where the naive
// generator of tests/naive is fast enough (classic, or Ordo X with few pieces) both must list the
// same tokens. Both parsers must agree on acceptance for inputs in the form both read (fields
// separated by single spaces, counters without leading zeros up to 65535).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../naive/naive_ordo.hpp"
#include "invariants.hpp"

using namespace ordo;

namespace {

bool canonical_counter(std::string_view s) {
  if (s.empty() || s.size() > 5 || (s.size() > 1 && s[0] == '0')) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return std::stoi(std::string(s)) <= 65535;
}

// Whether the naive parser reads this text the way the core does (it knows single spaces only
// and no counter cap).
bool naive_comparable(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && (text[i] == '\t' || text[i] == '\r' || text[i] == '\n' || text[i] == '\v' || text[i] == '\f'))
      return false;
    if (i == text.size() || text[i] == ' ') {
      if (i == start) return false;  // empty field: leading, trailing or double space
      fields.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  if (fields.size() == 4) return canonical_counter(fields[2]) && canonical_counter(fields[3]);
  return fields.size() == 2;
}

naive::Variant naive_variant(Variant v) { return v == Variant::Classic ? naive::Variant::Classic : naive::Variant::OrdoX; }

void check_moves(const Position& pos) {
  const std::vector<Turn> turns = legal_turns(pos);
  ORDO_FUZZ_CHECK(turns.size() == count_turns(pos), pos);
  ORDO_FUZZ_CHECK(has_legal_turn(pos) == !turns.empty(), pos);
  ORDO_FUZZ_CHECK(!pos.board_winner() || turns.empty(), pos);
  std::vector<std::string> tokens;
  for (const Turn& t : turns) {
    fuzz::check_position(pos.after(t));
    tokens.push_back(format_turn(t));
  }
  std::sort(tokens.begin(), tokens.end());
  ORDO_FUZZ_CHECK(std::adjacent_find(tokens.begin(), tokens.end()) == tokens.end(), pos, "duplicate turn tokens");
  if (pos.variant() == Variant::OrdoX && pos.occupied().count() > 16) return;  // naive Ordo X is slow
  const auto board = naive::parse_fen(to_fen(pos));
  ORDO_FUZZ_CHECK(board.has_value(), pos, "the naive parser rejects the core's FEN");
  const auto expected = naive::legal_tokens(*board, naive_variant(pos.variant()));
  ORDO_FUZZ_CHECK(tokens == expected, pos, "the naive generator lists other turns");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return -1;  // a FEN is at most ~100 characters; longer inputs add nothing
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    const auto parsed = parse_fen(text, v);
    if (naive_comparable(text) && parsed.ok() != naive::parse_fen(text).has_value()) {
      std::fprintf(stderr, "core and naive parsers disagree on '%s': core %s\n", text.c_str(),
                   parsed.ok() ? "accepts" : parsed.error().c_str());
      std::abort();
    }
    if (!parsed) {
      if (parsed.error().empty()) std::abort();
      continue;
    }
    const Position& pos = *parsed;
    ORDO_FUZZ_CHECK(pos.variant() == v && !pos.mid_turn(), pos);
    fuzz::check_position(pos);
    check_moves(pos);
  }
  return 0;
}
