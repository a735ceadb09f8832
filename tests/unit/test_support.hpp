// Shared helpers of the rules-core test suites: FEN shorthands, token sets, a deterministic
// random-play routine and conversions to the naive reference generator (tests/naive).
//
// Header only and free of doctest, so throwaway tools can use it too. Not a test suite itself
// (tests/CMakeLists.txt globs only tests/unit/*.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen.hpp"
#include "../naive/naive_ordo.hpp"
#include "notation.hpp"
#include "perft.hpp"

namespace ordo::testing {

inline constexpr Variant CLASSIC = Variant::Classic;

// Sanitized builds run many times slower: the suites take smaller samples there.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
inline constexpr bool SANITIZED = true;
#else
inline constexpr bool SANITIZED = false;
#endif
inline constexpr Variant ORDOX = Variant::OrdoX;

// A position from a FEN that must be valid (throws otherwise, which doctest reports).
inline Position pos_of(std::string_view fen, Variant v) {
  auto p = parse_fen(fen, v);
  if (!p) throw std::invalid_argument("bad test FEN '" + std::string(fen) + "': " + p.error());
  return *p;
}

// The canonical tokens of every legal complete turn, sorted.
inline std::vector<std::string> tokens_of(const Position& pos) {
  std::vector<std::string> out;
  for (const Turn& t : legal_turns(pos)) out.push_back(format_turn(t));
  std::sort(out.begin(), out.end());
  return out;
}
inline std::vector<std::string> tokens_of(std::string_view fen, Variant v) { return tokens_of(pos_of(fen, v)); }

// A sorted copy, for comparing with tokens_of().
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline bool contains(const std::vector<std::string>& tokens, std::string_view t) {
  return std::find(tokens.begin(), tokens.end(), t) != tokens.end();
}

// The distinct first parts (text before ',') of a token list, sorted.
inline std::vector<std::string> first_parts(const std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  for (const auto& t : tokens) out.push_back(t.substr(0, t.find(',')));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The second parts of the tokens whose first part is `first`, sorted.
inline std::vector<std::string> continuations(const std::vector<std::string>& tokens, std::string_view first) {
  std::vector<std::string> out;
  for (const auto& t : tokens) {
    auto comma = t.find(',');
    if (comma != std::string::npos && std::string_view(t).substr(0, comma) == first) out.push_back(t.substr(comma + 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The position after a token that must be legal.
inline Position play(const Position& pos, std::string_view token) {
  auto t = parse_turn(pos, token);
  if (!t) throw std::invalid_argument("test token rejected: " + t.error());
  return pos.after(*t);
}

// Deterministic randomness: std::mt19937_64 is fully specified by the standard, and `below`
// draws uniformly without relying on the library's distributions (which may differ).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : gen_(seed) {}
  std::uint64_t next() { return gen_(); }
  // Uniform in [0, n), n > 0.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = gen_(); while (x >= limit);
    return x % n;
  }
  bool chance(int percent) { return below(100) < std::uint64_t(percent); }

 private:
  std::mt19937_64 gen_;
};

// A random valid board with few pieces: `white` and `black` pieces on distinct squares, never on
// their own target rows (so the position is not finished), side to move random.
inline Position random_sparse(Rng& rng, Variant v, int white, int black) {
  Bitboard side[2];
  const int counts[2] = {white, black};
  for (int c = 0; c < 2; ++c) {
    for (int placed = 0; placed < counts[c];) {
      Square s = Square(rng.below(SQUARES));
      if ((side[WHITE] | side[BLACK]).has(s) || rank_of(s) == target_rank(Color(c))) continue;
      side[c] |= Bitboard::square(s);
      ++placed;
    }
  }
  return Position::from_board(v, side[WHITE], side[BLACK], rng.chance(50) ? WHITE : BLACK, 0, 1);
}

// A random valid board whose sides are random connected groups of `white` and `black` pieces
// (grown square by square), off their own target rows, side to move random. Unlike
// random_sparse, both sides usually have moves.
inline Position random_clusters(Rng& rng, Variant v, int white, int black) {
  for (;;) {
    Bitboard side[2];
    const int counts[2] = {white, black};
    bool ok = true;
    for (int c = 0; c < 2 && ok; ++c) {
      const Bitboard allowed = ~(side[WHITE] | side[BLACK] | rank_bb(target_rank(Color(c))));
      Square seed = Square(rng.below(SQUARES));
      if (!allowed.has(seed)) { ok = false; break; }
      side[c] = Bitboard::square(seed);
      while (side[c].count() < counts[c]) {
        const Bitboard frontier = dilate(side[c]) & ~side[c] & allowed;
        if (!frontier) { ok = false; break; }
        int pick = int(rng.below(u64(frontier.count())));
        for (Square s : frontier)
          if (pick-- == 0) { side[c] |= Bitboard::square(s); break; }
      }
    }
    if (ok) return Position::from_board(v, side[WHITE], side[BLACK], rng.chance(50) ? WHITE : BLACK, 0, 1);
  }
}

// Random play: from `origin`, plays uniformly chosen legal turns; when a game ends (no legal
// turn), starts again from `origin`. Returns `count` positions: the origin and every position
// reached, finished ones included.
inline std::vector<Position> random_play(const Position& origin, std::size_t count, Rng& rng) {
  std::vector<Position> out;
  out.reserve(count);
  Position pos = origin;
  while (out.size() < count) {
    out.push_back(pos);
    const auto turns = legal_turns(pos);
    if (turns.empty()) {
      pos = origin;
      continue;
    }
    pos = pos.after(turns[rng.below(turns.size())]);
  }
  return out;
}

// --- the naive reference generator

inline naive::Variant naive_variant(Variant v) { return v == Variant::Classic ? naive::Variant::Classic : naive::Variant::OrdoX; }

inline naive::Board naive_board(const Position& pos) {
  auto b = naive::parse_fen(to_fen(pos));
  if (!b) throw std::invalid_argument("naive generator rejects " + to_fen(pos));
  return *b;
}

// The core's status in the naive generator's terms.
inline naive::Status naive_status_of(const GameStatus& st) {
  if (!st.over()) return {};
  naive::Status s;
  s.winner = *st.winner == WHITE ? naive::Winner::White : naive::Winner::Black;
  s.reason = st.reason == WinReason::TargetRow  ? naive::Reason::TargetRow
             : st.reason == WinReason::NoPieces ? naive::Reason::NoPieces
                                                : naive::Reason::NoLegalMove;
  return s;
}

inline std::string status_text(const naive::Status& s) {
  if (s.winner == naive::Winner::None) return "ongoing";
  std::string r = s.winner == naive::Winner::White ? "white wins " : "black wins ";
  r += s.reason == naive::Reason::TargetRow ? "(target row)" : s.reason == naive::Reason::NoPieces ? "(no pieces)" : "(no legal move)";
  return r;
}

// --- the perft EPD suites of tests/data

// One line of a perft EPD file: `<fen> ;D1 n ;D2 n ...`.
struct EpdLine {
  std::string fen;
  std::vector<std::pair<int, u64>> depths;  // (depth, nodes)
  int line_number = 0;
};

// Reads an EPD file; blank lines and lines starting with '#' are comments. Throws on a bad field.
inline std::vector<EpdLine> read_epd(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<EpdLine> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    EpdLine e;
    e.line_number = number;
    std::stringstream fields(line);
    std::string field;
    std::getline(fields, e.fen, ';');
    while (!e.fen.empty() && e.fen.back() == ' ') e.fen.pop_back();
    while (std::getline(fields, field, ';')) {
      std::stringstream f(field);
      std::string tag;
      u64 nodes = 0;
      if (!(f >> tag >> nodes) || tag.size() < 2 || tag[0] != 'D')
        throw std::runtime_error(path + ":" + std::to_string(number) + ": bad field '" + field + "'");
      e.depths.emplace_back(std::stoi(tag.substr(1)), nodes);
    }
    out.push_back(e);
  }
  return out;
}

// Joins tokens for failure messages.
inline std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& t : v) s += (s.empty() ? "" : " ") + t;
  return s;
}

}  // namespace ordo::testing
