#include "go_command.hpp"

#include <algorithm>
#include <array>
#include <limits>

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

int clamp_int(std::int64_t v, std::int64_t lo) {
  return int(std::clamp<std::int64_t>(v, lo, std::numeric_limits<int>::max()));
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
    auto n = parse_int(words[i + 1]);
    if (!n) return "go: '" + w + "' needs a number, not '" + words[i + 1] + "'";
    ++i;
    // Clocks: a GUI may send a negative time when a side is out of time; that is zero left.
    if (w == "wtime" || w == "p1time") { l.time_left_ms[WHITE] = clamp_int(*n, 0); }
    else if (w == "btime" || w == "p2time") { l.time_left_ms[BLACK] = clamp_int(*n, 0); }
    else if (w == "winc" || w == "p1inc") l.increment_ms[WHITE] = clamp_int(*n, 0);
    else if (w == "binc" || w == "p2inc") l.increment_ms[BLACK] = clamp_int(*n, 0);
    else if (w == "movestogo") l.moves_to_go = clamp_int(*n, 0);
    else if (w == "movetime") l.movetime_ms = clamp_int(*n, 1);
    else if (w == "depth") {
      if (*n < 1) return "go: depth must be at least 1, not " + words[i];
      l.depth = clamp_int(*n, 1);
    } else if (w == "nodes") {
      if (*n < 1) return "go: nodes must be at least 1, not " + words[i];
      l.nodes = u64(*n);
    } else if (w == "mate") {
      if (*n < 1) return "go: mate must be at least 1, not " + words[i];
      l.mate_moves = clamp_int(*n, 1);
    } else if (w == "perft") {
      if (words.size() != 3) return "go: 'perft N' takes no other parameters";
      if (*n < 0 || *n > 99) return "go: perft depth must be from 0 to 99, not " + words[i];
      out.perft_depth = int(*n);
    }
  }
  return "";
}

}  // namespace ordo::protocol
