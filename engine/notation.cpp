#include "notation.hpp"

#include <vector>

#include "connectivity.hpp"
#include "movegen.hpp"
#include "part_refusal.hpp"

namespace ordo {

namespace {

// The text in single quotes. (Built by appending: GCC 12 warns falsely on "'" + std::string.)
std::string quote(std::string_view text) {
  std::string q;
  q.reserve(text.size() + 2);
  q.append(1, '\'').append(text).append(1, '\'');
  return q;
}

std::string_view color_name(Color c) { return c == WHITE ? "white" : "black"; }

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    std::size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

std::vector<std::string_view> split_whitespace(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// A non-negative decimal without sign or leading zeros, at most `limit`.
std::optional<int> parse_counter(std::string_view s, int limit) {
  if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > limit) return std::nullopt;
  return v;
}

// Parses one rank of the board field into `side`; returns an error message or empty.
std::string parse_rank(std::string_view text, int rank, Bitboard side[2]) {
  const std::string where = "rank " + std::to_string(rank + 1);
  if (text.empty()) return where + " is empty";
  int file = 0;
  bool last_was_number = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == 'W' || c == 'B') {
      if (file >= FILES) return where + " has more than 10 files";
      side[c == 'W' ? WHITE : BLACK] |= Bitboard::square(make_square(file, rank));
      ++file;
      last_was_number = false;
    } else if (c >= '0' && c <= '9') {
      if (last_was_number) return where + ": two numbers side by side";
      std::size_t end = i;
      while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
      const std::string_view digits = text.substr(i, end - i);
      int n = c - '0';
      if (digits == "10") n = 10, ++i;
      else if (digits.size() > 1 && c != '0')
        return where + ": '" + std::string(digits) +
               "' is too long for a count of empty squares (a rank has 10 files; two numbers side by side "
               "are not allowed)";
      if (n == 0) return where + ": '0' is not a count of empty squares";
      file += n;
      if (file > FILES) return where + " has more than 10 files";
      last_was_number = true;
    } else {
      return where + ": unknown character '" + std::string(1, c) + "' (expected W, B or 1-10)";
    }
  }
  if (file != FILES) return where + " covers " + std::to_string(file) + " files, not 10";
  return {};
}

struct PartText {
  Square a = NO_SQUARE, b = NO_SQUARE, landing = NO_SQUARE;  // landing set for ordos
  std::optional<Square> keep;
  bool is_ordo() const { return landing != NO_SQUARE; }
};

std::optional<PartText> parse_part_text(std::string_view s) {
  PartText p;
  std::size_t eq = s.find('=');
  std::string_view body = s.substr(0, eq);
  if (eq != std::string_view::npos) {
    p.keep = parse_square(s.substr(eq + 1));
    if (!p.keep) return std::nullopt;
  }
  if (body.size() != 4 && body.size() != 6) return std::nullopt;
  auto a = parse_square(body.substr(0, 2)), b = parse_square(body.substr(2, 2));
  if (!a || !b) return std::nullopt;
  p.a = *a, p.b = *b;
  if (body.size() == 6) {
    auto c = parse_square(body.substr(4, 2));
    if (!c) return std::nullopt;
    p.landing = *c;
  }
  return p;
}

// Whether the legal part m (played from `before`) is what the text says, ignoring the '=' choice.
bool same_geometry(Move m, const PartText& t) {
  if (m.is_ordo() != t.is_ordo()) return false;
  if (!m.is_ordo()) return m.from() == t.a && m.to() == t.b;
  Square lo = std::min(t.a, t.b), hi = std::max(t.a, t.b);
  if (m.from() != lo || m.end2() != hi) return false;
  return file_of(t.landing) - file_of(t.a) == m.delta_file() && rank_of(t.landing) - rank_of(t.a) == m.delta_rank();
}

bool same_choice(const Position& before, Move m, const PartText& t) {
  if (!t.keep) return !m.has_choice();
  return m.has_choice() && before.after(m).pieces(~before.side_to_move()).has(*t.keep);
}

// Why the part text names no legal part of `before` (whose legal parts are `legal`).
std::string part_problem(const Position& before, const MoveList& legal, const PartText& t, std::string_view text) {
  const Color us = before.side_to_move();
  const std::string quoted = quote(text);
  if (t.is_ordo()) {
    if (t.a == t.b || (rank_of(t.a) != rank_of(t.b) && file_of(t.a) != file_of(t.b)))
      return quoted + ": the ordo ends must be two squares of one rank or one file";
    Bitboard line = line_between(t.a, t.b);
    if ((line & before.pieces(us)) != line)
      return quoted + ": " + square_name(t.a) + "-" + square_name(t.b) + " is not a line of " +
             std::string(color_name(us)) + " pieces";
    if (t.keep) return quoted + ": only a capturing singleton carries '='";
  } else if (!before.pieces(us).has(t.a)) {
    return quoted + ": no " + std::string(color_name(us)) + " piece on " + square_name(t.a);
  }
  for (Move m : legal) {
    if (!same_geometry(m, t)) continue;
    if (m.has_choice() && !t.keep)
      return quoted + ": the capture leaves tied largest groups; add =<square> naming the group that stays";
    if (!m.has_choice() && t.keep)
      return quoted + ": '=' is only for a capture that leaves tied largest groups";
    return quoted + ": " + square_name(*t.keep).append(" is not in a group that can stay");
  }
  const std::string why = part_refusal(before, t.a, t.b, t.landing);
  return quoted + " is not a legal move here" + (why.empty() ? "" : ": " + why);
}

}  // namespace

std::string_view variant_name(Variant v) { return variant_row(v).name; }

std::optional<Variant> parse_variant(std::string_view name) {
  for (const VariantRules& r : VARIANTS)
    if (r.name == name) return r.variant;
  return std::nullopt;
}

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::optional<Square> parse_square(std::string_view t) {
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'j' || t[1] < '1' || t[1] > '8') return std::nullopt;
  return make_square(t[0] - 'a', t[1] - '1');
}

Parsed<Position> parse_fen(std::string_view fen, Variant v) {
  using P = Parsed<Position>;
  const auto fields = split_whitespace(fen);
  if (fields.size() != 2 && fields.size() != 4)
    return P::failure("FEN has " + std::to_string(fields.size()) + " fields; expected 2 or 4 (board side [quiet-plies fullmove])");
  const auto ranks = split(fields[0], '/');
  if (ranks.size() != RANKS) return P::failure("FEN board has " + std::to_string(ranks.size()) + " ranks; expected 8");
  Bitboard side[2];
  for (int i = 0; i < RANKS; ++i) {
    std::string problem = parse_rank(ranks[i], RANKS - 1 - i, side);
    if (!problem.empty()) return P::failure("FEN " + problem);
  }
  if (fields[1] != "w" && fields[1] != "b")
    return P::failure("FEN side to move '" + std::string(fields[1]) + "' is not 'w' or 'b'");
  int quiet = 0, fullmove = 1;
  if (fields.size() == 4) {
    auto q = parse_counter(fields[2], COUNTER_CAP), f = parse_counter(fields[3], COUNTER_CAP);
    if (!q) return P::failure("FEN quiet-ply counter '" + std::string(fields[2]) + "' is not a number from 0 to 65535");
    if (!f || *f < 1) return P::failure("FEN fullmove number '" + std::string(fields[3]) + "' is not a number from 1 to 65535");
    quiet = *q, fullmove = *f;
  }
  if (!side[WHITE] && !side[BLACK]) return P::failure("FEN board is empty: both sides have lost");
  if ((side[WHITE] & rank_bb(target_rank(WHITE))) && (side[BLACK] & rank_bb(target_rank(BLACK))))
    return P::failure("FEN has both sides on their target rows: both have won");
  return Position::from_board(v, side[WHITE], side[BLACK], fields[1] == "w" ? WHITE : BLACK, quiet, fullmove);
}

std::string to_fen(const Position& pos) {
  std::string s;
  for (int r = RANKS - 1; r >= 0; --r) {
    int gap = 0;
    for (int f = 0; f < FILES; ++f) {
      Square sq = make_square(f, r);
      char c = pos.pieces(WHITE).has(sq) ? 'W' : pos.pieces(BLACK).has(sq) ? 'B' : 0;
      if (!c) { ++gap; continue; }
      if (gap) s += std::to_string(gap), gap = 0;
      s += c;
    }
    if (gap) s += std::to_string(gap);
    if (r) s += '/';
  }
  s += pos.side_to_move() == WHITE ? " w " : " b ";
  s += std::to_string(pos.quiet_plies()) + " " + std::to_string(pos.fullmove());
  return s;
}

std::string format_move(Move m) {
  std::string s = square_name(m.from());
  if (m.is_ordo()) return s + square_name(m.end2()) + square_name(m.to());
  s += square_name(m.to());
  if (m.has_choice()) s.append(1, '=').append(square_name(m.keep()));
  return s;
}

std::string format_turn(const Turn& t) {
  std::string s = format_move(t.first);
  if (!t.second.is_none()) s.append(1, ',').append(format_move(t.second));
  return s;
}

Parsed<Turn> parse_turn(const Position& pos, std::string_view token) {
  using P = Parsed<Turn>;
  const std::string quoted = quote(token);
  const auto texts = split(token, ',');
  if (texts.size() > 2) return P::failure(quoted + ": a turn has at most two parts");
  std::vector<PartText> parts;
  for (auto t : texts) {
    auto p = parse_part_text(t);
    if (!p) {
      const std::string why = malformed_part(t);
      return P::failure(quoted + ": malformed move" + (why.empty() ? "" : " (" + why + ")") +
                        " (expected e.g. e3e5, c2d2c3, d4e5=g7 or c3b3,b3b5)");
    }
    parts.push_back(*p);
  }
  if (pos.board_winner()) return P::failure(quoted + ": the game is over");
  if (!pos.rules().sideways_owes_forward() && parts.size() == 2)
    return P::failure(quoted + ": classic Ordo has no two-part turns");
  if (pos.mid_turn() && parts.size() == 2) return P::failure(quoted + ": only the forward part is owed now");

  MoveList legal;
  generate_parts(pos, legal);
  for (Move m1 : legal) {
    if (!same_geometry(m1, parts[0]) || !same_choice(pos, m1, parts[0])) continue;
    const Position q = pos.after(m1);
    if (parts.size() == 1) {
      if (q.mid_turn())
        return P::failure(quoted + ": a sideways part must be followed by a forward part (" +
                          std::string(texts[0]) + ",<forward part>)");
      return Turn{m1, Move::none()};
    }
    if (!q.mid_turn()) return P::failure(quoted + ": only a sideways part can be followed by a second part");
    MoveList second;
    generate_parts(q, second);
    for (Move m2 : second)
      if (same_geometry(m2, parts[1]) && same_choice(q, m2, parts[1])) return Turn{m1, m2};
    return P::failure(part_problem(q, second, parts[1], texts[1]));
  }
  return P::failure(part_problem(pos, legal, parts[0], texts[0]));
}

}  // namespace ordo
