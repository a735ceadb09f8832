#include "go_command.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "notation.hpp"
#include "tokenizer.hpp"

namespace ordo::protocol {

namespace {

constexpr std::array<const char*, 17> KEYWORDS = {
    "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime",
    "infinite", "ponder", "searchmoves", "p1time", "p2time", "p1inc", "p2inc", "perft"};

bool is_keyword(const std::string& w) {
  return std::any_of(KEYWORDS.begin(), KEYWORDS.end(), [&](const char* k) { return w == k; });
}

// The domain of each numeric parameter (docs/PROTOCOL.md, "go parameters"): a value in
// [min, max] is taken; one below `min` is counted as `floor_to` when the protocol gives it a
// meaning (a negative clock: a GUI's way of saying the time is up), else refused, as is one above
// `max` or past the 64-bit range.
struct Domain {
  const char* name;
  std::int64_t min, max;
  std::optional<std::int64_t> floor_to;  // what a value below min counts as, if anything
};
constexpr std::int64_t INT_MAX_64 = std::numeric_limits<int>::max();
constexpr std::int64_t I64_MAX = std::numeric_limits<std::int64_t>::max();
constexpr std::array<Domain, 14> DOMAINS = {{
    {"wtime", 0, INT_MAX_64, 0}, {"btime", 0, INT_MAX_64, 0},
    {"p1time", 0, INT_MAX_64, 0}, {"p2time", 0, INT_MAX_64, 0},
    {"winc", 0, INT_MAX_64, std::nullopt}, {"binc", 0, INT_MAX_64, std::nullopt},
    {"p1inc", 0, INT_MAX_64, std::nullopt}, {"p2inc", 0, INT_MAX_64, std::nullopt},
    {"movestogo", 0, INT_MAX_64, std::nullopt},  // 0: no time control ahead (as if not given)
    {"movetime", 1, INT_MAX_64, std::nullopt},
    {"depth", 1, INT_MAX_64, std::nullopt},  // deeper than the search's limit is searched to it
    {"nodes", 1, I64_MAX, std::nullopt},
    {"mate", 1, INT_MAX_64, std::nullopt},
    {"perft", 0, 99, std::nullopt},
}};

const Domain& domain_of(const std::string& w) {
  for (const Domain& d : DOMAINS)
    if (w == d.name) return d;
  return DOMAINS.back();  // unreachable: every numeric keyword has a domain
}

// The value of `text` for parameter `d`, or the one-line error naming the field and its range.
std::string number_in_domain(const Domain& d, const std::string& text, std::int64_t& out) {
  std::string range = std::to_string(d.min) + " to " + std::to_string(d.max);
  if (d.floor_to) range += " (less counts as " + std::to_string(*d.floor_to) + ")";
  const auto n = parse_int(text);
  const bool below = n && *n < d.min;
  if (!n || (below && !d.floor_to) || *n > d.max)
    return std::string("go: '") + d.name + "' takes a whole number from " + range + ", not '" + text + "'";
  out = below ? *d.floor_to : *n;
  return "";
}

}  // namespace

std::string parse_go(const std::vector<std::string>& words, const Position& pos, GoCommand& out) {
  out = GoCommand{};
  SearchLimits& l = out.limits;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "infinite") { l.infinite = true; continue; }
    if (w == "ponder") { l.ponder = true; continue; }
    if (w == "searchmoves") {
      std::size_t j = i + 1;
      for (; j < words.size() && !is_keyword(words[j]); ++j) {
        auto turn = parse_turn(pos, words[j]);
        if (!turn) return "go searchmoves: " + turn.error();
        l.search_turns.push_back(*turn);
      }
      if (j == i + 1) return "go: 'searchmoves' needs at least one move";
      i = j - 1;
      continue;
    }
    if (!is_keyword(w)) return "go: unknown parameter '" + w + "'";
    if (i + 1 >= words.size()) return "go: '" + w + "' needs a number";
    std::int64_t n = 0;
    if (std::string err = number_in_domain(domain_of(w), words[i + 1], n); !err.empty()) return err;
    ++i;
    // Every domain but nodes' lies within int.
    if (w == "wtime" || w == "p1time") l.time_left_ms[WHITE] = int(n);
    else if (w == "btime" || w == "p2time") l.time_left_ms[BLACK] = int(n);
    else if (w == "winc" || w == "p1inc") l.increment_ms[WHITE] = int(n);
    else if (w == "binc" || w == "p2inc") l.increment_ms[BLACK] = int(n);
    else if (w == "movestogo") l.moves_to_go = int(n);
    else if (w == "movetime") l.movetime_ms = int(n);
    else if (w == "depth") l.depth = int(n);
    else if (w == "nodes") l.nodes = u64(n);
    else if (w == "mate") l.mate_moves = int(n);
    else if (w == "perft") {
      if (words.size() != 3) return "go: 'perft N' takes no other parameters";
      out.perft_depth = int(n);
    }
  }
  return "";
}

}  // namespace ordo::protocol
