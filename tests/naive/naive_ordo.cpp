// Naive reference move generator for Ordo and Ordo X. See naive_ordo.hpp.
// Every rule below is quoted or paraphrased from /work/shared/RULES.md.
#include "naive_ordo.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>

namespace naive {
namespace {

// ---------------------------------------------------------------- squares

struct Dir {
  int df;  // file step
  int dr;  // rank step
};

int file_of(int s) { return s % kFiles; }
int rank_of(int s) { return s / kFiles; }  // 0-based: rank 1 -> 0
int square_at(int f, int r) { return r * kFiles + f; }
bool on_board(int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; }

std::string square_name(int s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

// "e3" -> index, or -1 if t is not a square name.
int parse_square(std::string_view t) {
  if (t.size() != 2) return -1;
  const int f = t[0] - 'a';
  const int r = t[1] - '1';
  return on_board(f, r) ? square_at(f, r) : -1;
}

// ---------------------------------------------------------------- sides

char mover(const Board& b) { return b.white_to_move ? kWhite : kBlack; }
char opponent(const Board& b) { return b.white_to_move ? kBlack : kWhite; }
// Rank step of "forward" for the side to move.
int forward_step(const Board& b) { return b.white_to_move ? 1 : -1; }

int count_pieces(const Board& b, char c) {
  return static_cast<int>(std::count(b.sq.begin(), b.sq.end(), c));
}

// True iff side c has a piece on its target row (White: rank 8, Black: rank 1).
bool on_target_row(const Board& b, char c) {
  const int row = (c == kWhite) ? kRanks - 1 : 0;
  for (int f = 0; f < kFiles; ++f)
    if (b.sq[square_at(f, row)] == c) return true;
  return false;
}

// A position is finished if a side stands on its target row or has no pieces.
bool finished(const Board& b) {
  return on_target_row(b, kWhite) || on_target_row(b, kBlack) || count_pieces(b, kWhite) == 0 ||
         count_pieces(b, kBlack) == 0;
}

// ---------------------------------------------------------------- connectivity

// Flood fill over side c's pieces under the 8-neighbourhood from `start` (a piece of c not yet
// in `seen`): marks every piece reached in `seen` and calls visit(square) once for each.
template <class Visit>
void flood(const Board& b, char c, int start, std::array<bool, kSquares>& seen, Visit visit) {
  std::array<int, kSquares> todo{};
  int pending = 0;
  seen[start] = true;
  todo[pending++] = start;
  while (pending > 0) {
    const int s = todo[--pending];
    visit(s);
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = file_of(s) + df;
        const int r = rank_of(s) + dr;
        if ((df == 0 && dr == 0) || !on_board(f, r)) continue;
        const int n = square_at(f, r);
        if (b.sq[n] == c && !seen[n]) {
          seen[n] = true;
          todo[pending++] = n;
        }
      }
  }
}

// All groups of side c under the 8-neighbourhood, found by flood fill. Each group is
// sorted ascending; groups come in order of their lowest square.
std::vector<std::vector<int>> groups_of(const Board& b, char c) {
  std::vector<std::vector<int>> groups;
  std::array<bool, kSquares> seen{};
  for (int start = 0; start < kSquares; ++start) {
    if (b.sq[start] != c || seen[start]) continue;
    std::vector<int> group;
    flood(b, c, start, seen, [&](int s) { group.push_back(s); });
    std::sort(group.begin(), group.end());
    groups.push_back(group);
  }
  return groups;
}

// Zero or one piece, or all pieces in one group, counts as connected: a flood fill from the
// lowest piece of side c reaches every piece of c. (The same as groups_of(b, c).size() <= 1,
// without building the groups: this test runs once per candidate part.)
bool connected(const Board& b, char c) {
  const int pieces = count_pieces(b, c);
  if (pieces <= 1) return true;
  const int lowest = static_cast<int>(std::find(b.sq.begin(), b.sq.end(), c) - b.sq.begin());
  std::array<bool, kSquares> seen{};
  int reached = 0;
  flood(b, c, lowest, seen, [&](int) { ++reached; });
  return reached == pieces;
}

// ---------------------------------------------------------------- directions

std::vector<Dir> forward_dirs(int fwd) { return {{0, fwd}, {-1, fwd}, {1, fwd}}; }
std::vector<Dir> sideways_dirs() { return {{-1, 0}, {1, 0}}; }
std::vector<Dir> backward_dirs(int fwd) { return {{0, -fwd}, {-1, -fwd}, {1, -fwd}}; }

std::vector<Dir> join(std::vector<Dir> a, const std::vector<Dir>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Which directions each kind of unit may use in one part.
struct DirSets {
  std::vector<Dir> singleton;
  std::vector<Dir> horizontal_ordo;
  std::vector<Dir> vertical_ordo;
};

// ---------------------------------------------------------------- ordos

// An ordo: 2+ of one side's pieces on consecutive squares of one rank or one file,
// listed ascending. Every contiguous sub-run of a longer line is its own ordo.
struct Ordo {
  std::vector<int> squares;
  bool horizontal;
};

std::vector<Ordo> ordos_of(const Board& b, char c) {
  std::vector<Ordo> out;
  for (int s = 0; s < kSquares; ++s) {
    if (b.sq[s] != c) continue;
    std::vector<int> run{s};  // runs growing to the right (higher file)
    for (int f = file_of(s) + 1; f < kFiles && b.sq[square_at(f, rank_of(s))] == c; ++f) {
      run.push_back(square_at(f, rank_of(s)));
      out.push_back({run, true});
    }
    run = {s};  // runs growing upward (higher rank)
    for (int r = rank_of(s) + 1; r < kRanks && b.sq[square_at(file_of(s), r)] == c; ++r) {
      run.push_back(square_at(file_of(s), r));
      out.push_back({run, false});
    }
  }
  return out;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// The ordo shifted by j*d lies on the board and each of its squares is empty or part of the ordo.
bool shift_fits(const Board& b, const std::vector<int>& squares, Dir d, int j) {
  for (int s : squares) {
    const int f = file_of(s) + j * d.df;
    const int r = rank_of(s) + j * d.dr;
    if (!on_board(f, r)) return false;
    const int n = square_at(f, r);
    if (b.sq[n] != kEmpty && !contains(squares, n)) return false;
  }
  return true;
}

// ---------------------------------------------------------------- one part

// A geometric move of one unit: the pieces on `from` (ascending; one square = singleton)
// all move k steps in direction d.
struct Step {
  std::vector<int> from;
  Dir d;
  int k;
};

int shifted(int s, Dir d, int k) { return square_at(file_of(s) + k * d.df, rank_of(s) + k * d.dr); }

// Part token without any "=" suffix: "<from><to>" or "<end1><end2><to1>".
std::string step_token(const Step& st) {
  if (st.from.size() == 1) return square_name(st.from[0]) + square_name(shifted(st.from[0], st.d, st.k));
  return square_name(st.from.front()) + square_name(st.from.back()) +
         square_name(shifted(st.from.front(), st.d, st.k));
}

// Every geometrically possible step of the side to move with the given direction sets.
// Singletons slide over empty squares and stop on an empty square or on the first enemy
// piece; own pieces block. Ordos never capture (shift_fits demands empty or own-ordo squares).
std::vector<Step> possible_steps(const Board& b, const DirSets& dirs) {
  std::vector<Step> out;
  const char me = mover(b);
  for (int s = 0; s < kSquares; ++s) {
    if (b.sq[s] != me) continue;
    for (Dir d : dirs.singleton)
      for (int k = 1;; ++k) {
        const int f = file_of(s) + k * d.df;
        const int r = rank_of(s) + k * d.dr;
        if (!on_board(f, r) || b.sq[square_at(f, r)] == me) break;
        out.push_back({{s}, d, k});
        if (b.sq[square_at(f, r)] != kEmpty) break;  // captured an enemy piece
      }
  }
  for (const Ordo& o : ordos_of(b, me)) {
    const std::vector<Dir>& ds = o.horizontal ? dirs.horizontal_ordo : dirs.vertical_ordo;
    for (Dir d : ds)
      for (int k = 1; shift_fits(b, o.squares, d, k); ++k) out.push_back({o.squares, d, k});
  }
  return out;
}

// Moves the pieces of st (no removal of split groups). Sets `captured` if a singleton
// landed on an enemy piece.
Board move_pieces(const Board& b, const Step& st, bool& captured) {
  Board a = b;
  const char me = mover(b);
  captured = false;
  for (int s : st.from) a.sq[s] = kEmpty;
  for (int s : st.from) {
    const int t = shifted(s, st.d, st.k);
    if (b.sq[t] == opponent(b)) captured = true;
    a.sq[t] = me;
  }
  return a;
}

// Ordo X split capture: keep only the group `keep` of side c, remove all other c pieces.
Board keep_only(const Board& b, char c, const std::vector<int>& keep) {
  Board a = b;
  for (int s = 0; s < kSquares; ++s)
    if (a.sq[s] == c && !contains(keep, s)) a.sq[s] = kEmpty;
  return a;
}

// A legal part: its token (with "=square" when a tie was resolved), the board after it
// (side to move unchanged), whether it captured, and its rank step (sign tells
// forward / sideways / backward).
struct PartResult {
  std::string token;
  Board after;
  bool captured;
  int dr;
};

// The outcomes of one capture in Ordo X: if the enemy is in more than one group, all but
// one largest group are removed; with a tie each largest group gives a separate outcome,
// marked "=<lowest square of the staying group>".
std::vector<std::pair<std::string, Board>> split_outcomes(const Board& a, char enemy) {
  const auto groups = groups_of(a, enemy);
  if (groups.size() <= 1) return {{"", a}};
  std::size_t largest = 0;
  for (const auto& g : groups) largest = std::max(largest, g.size());
  std::vector<const std::vector<int>*> tied;
  for (const auto& g : groups)
    if (g.size() == largest) tied.push_back(&g);
  std::vector<std::pair<std::string, Board>> out;
  for (const auto* g : tied) {
    std::string suffix;  // appended, not "=" + ...: GCC 12 -O3 warns falsely (-Wrestrict) on that
    if (tied.size() > 1) suffix.append(1, '=').append(square_name(g->front()));
    out.push_back({suffix, keep_only(a, enemy, *g)});
  }
  return out;
}

// Every legal part for the side to move: possible steps whose result leaves the mover
// connected; in Ordo X a capture also removes the smaller enemy groups.
std::vector<PartResult> legal_parts(const Board& b, Variant v, const DirSets& dirs) {
  std::vector<PartResult> out;
  for (const Step& st : possible_steps(b, dirs)) {
    bool captured = false;
    const Board moved = move_pieces(b, st, captured);
    if (!connected(moved, mover(b))) continue;
    std::vector<std::pair<std::string, Board>> outcomes{{"", moved}};
    if (captured && v == Variant::OrdoX) outcomes = split_outcomes(moved, opponent(b));
    for (const auto& [suffix, after] : outcomes) out.push_back({step_token(st) + suffix, after, captured, st.d.dr});
  }
  return out;
}

// ---------------------------------------------------------------- whole turns

// Ends a turn: other side to move, quiet plies reset on a capture or forward move,
// fullmove grows after Black's turn.
Board end_turn(const Board& before, Board after, bool reset_quiet) {
  after.white_to_move = !before.white_to_move;
  after.quiet_plies = reset_quiet ? 0 : before.quiet_plies + 1;
  after.fullmove = before.fullmove + (before.white_to_move ? 0 : 1);
  return after;
}

using Turns = std::vector<std::pair<std::string, Board>>;

// Classic (§4): singletons forward/sideways, horizontal ordos forward, vertical ordos
// sideways. A split side must reconnect (every part must leave it connected anyway) and
// may then also use the backward directions for singletons and straight back for
// horizontal ordos.
Turns classic_turns(const Board& b) {
  const int fwd = forward_step(b);
  DirSets dirs{join(forward_dirs(fwd), sideways_dirs()), {{0, fwd}}, sideways_dirs()};
  if (!connected(b, mover(b))) {
    dirs.singleton = join(dirs.singleton, backward_dirs(fwd));
    dirs.horizontal_ordo.push_back({0, -fwd});
  }
  Turns out;
  for (const PartResult& p : legal_parts(b, Variant::Classic, dirs))
    out.push_back({p.token, end_turn(b, p.after, p.captured || p.dr == fwd)});
  return out;
}

// Ordo X (§5): every unit moves forward, diagonally forward or sideways. A forward part is
// a whole turn. A sideways part must be followed by one forward part from the resulting
// board; it is illegal if there is none, and is a whole turn by itself if it finished
// the game (captured the last enemy piece).
Turns ordox_turns(const Board& b) {
  const int fwd = forward_step(b);
  const std::vector<Dir> all = join(forward_dirs(fwd), sideways_dirs());
  const DirSets first{all, all, all};
  const DirSets second{forward_dirs(fwd), forward_dirs(fwd), forward_dirs(fwd)};
  Turns out;
  for (const PartResult& p : legal_parts(b, Variant::OrdoX, first)) {
    if (p.dr == fwd) {
      out.push_back({p.token, end_turn(b, p.after, true)});
      continue;
    }
    if (finished(p.after)) {
      out.push_back({p.token, end_turn(b, p.after, true)});
      continue;
    }
    for (const PartResult& q : legal_parts(p.after, Variant::OrdoX, second))
      out.push_back({p.token + "," + q.token, end_turn(b, q.after, true)});
  }
  return out;
}

// ---------------------------------------------------------------- applying tokens

// Executes one part token on b (side to move unchanged). Sets `captured` and `forward`.
Board apply_part(const Board& b, Variant v, std::string_view part, bool& captured, bool& forward) {
  Step st;
  int choice = -1;
  int to = -1;
  if (part.size() == 4 || (part.size() == 7 && part[4] == '=')) {
    const int from = parse_square(part.substr(0, 2));
    to = parse_square(part.substr(2, 2));
    if (part.size() == 7) choice = parse_square(part.substr(5, 2));
    if (from < 0 || to < 0 || (part.size() == 7 && choice < 0)) throw std::invalid_argument("bad square");
    st.from = {from};
  } else if (part.size() == 6) {
    const int e1 = parse_square(part.substr(0, 2));
    const int e2 = parse_square(part.substr(2, 2));
    to = parse_square(part.substr(4, 2));
    if (e1 < 0 || e2 < 0 || to < 0 || e1 == e2) throw std::invalid_argument("bad square");
    const int lo = std::min(e1, e2);
    const int hi = std::max(e1, e2);
    const int step = rank_of(lo) == rank_of(hi) ? 1 : kFiles;
    if (step == kFiles && file_of(lo) != file_of(hi)) throw std::invalid_argument("not a line");
    for (int s = lo; s <= hi; s += step) st.from.push_back(s);
    // Move the whole ordo by the displacement of end1 (the first-written end).
    const int df = file_of(to) - file_of(e1);
    const int dr = rank_of(to) - rank_of(e1);
    Board a = b;
    for (int s : st.from) a.sq[s] = kEmpty;
    for (int s : st.from) a.sq[square_at(file_of(s) + df, rank_of(s) + dr)] = mover(b);
    captured = false;
    forward = dr * forward_step(b) > 0;
    return a;
  } else {
    throw std::invalid_argument("bad part token");
  }
  // Singleton: move the piece; capture whatever enemy stands on the target.
  const int from = st.from[0];
  const int dr = rank_of(to) - rank_of(from);
  Board a = b;
  captured = b.sq[to] == opponent(b);
  a.sq[from] = kEmpty;
  a.sq[to] = mover(b);
  forward = dr * forward_step(b) > 0;
  if (captured && v == Variant::OrdoX) {
    const auto groups = groups_of(a, opponent(b));
    if (groups.size() > 1) {
      const std::vector<int>* keep = &groups[0];
      for (const auto& g : groups)
        if (choice >= 0 ? contains(g, choice) : g.size() > keep->size()) keep = &g;
      a = keep_only(a, opponent(b), *keep);
    }
  }
  return a;
}

// ---------------------------------------------------------------- FEN helpers

// Parses one FEN rank (files a..j) into rank row r (0-based). False if malformed.
bool parse_rank(std::string_view text, int r, Board& b) {
  int f = 0;
  bool last_was_number = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == kWhite || c == kBlack) {
      if (f >= kFiles) return false;
      b.sq[square_at(f++, r)] = c;
      last_was_number = false;
      continue;
    }
    if (c < '1' || c > '9' || last_was_number) return false;
    int n = c - '0';
    if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') {
      n = 10;
      ++i;
    }
    f += n;
    if (f > kFiles) return false;
    last_was_number = true;
  }
  return f == kFiles;
}

// A non-negative decimal number of at most 9 digits, digits only.
std::optional<int> parse_count(std::string_view t) {
  if (t.empty() || t.size() > 9) return std::nullopt;
  int value = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || ptr != t.data() + t.size() || t[0] == '-' || t[0] == '+') return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

}  // namespace

// ---------------------------------------------------------------- public API

std::optional<Board> parse_fen(const std::string& fen) {
  const auto fields = split(fen, ' ');
  if (fields.size() != 2 && fields.size() != 4) return std::nullopt;
  Board b;
  const auto ranks = split(fields[0], '/');
  if (ranks.size() != static_cast<std::size_t>(kRanks)) return std::nullopt;
  for (int i = 0; i < kRanks; ++i)
    if (!parse_rank(ranks[i], kRanks - 1 - i, b)) return std::nullopt;
  if (fields[1] == "w")
    b.white_to_move = true;
  else if (fields[1] == "b")
    b.white_to_move = false;
  else
    return std::nullopt;
  if (fields.size() == 4) {
    const auto quiet = parse_count(fields[2]);
    const auto full = parse_count(fields[3]);
    if (!quiet || !full || *full < 1) return std::nullopt;
    b.quiet_plies = *quiet;
    b.fullmove = *full;
  }
  // Both sides won (both on target rows) or both lost (empty board) is an error.
  if (on_target_row(b, kWhite) && on_target_row(b, kBlack)) return std::nullopt;
  if (count_pieces(b, kWhite) == 0 && count_pieces(b, kBlack) == 0) return std::nullopt;
  return b;
}

std::string to_fen(const Board& b) {
  std::string out;
  for (int r = kRanks - 1; r >= 0; --r) {
    int empties = 0;
    for (int f = 0; f < kFiles; ++f) {
      const char c = b.sq[square_at(f, r)];
      if (c == kEmpty) {
        ++empties;
        continue;
      }
      if (empties > 0) out += std::to_string(empties);
      empties = 0;
      out += c;
    }
    if (empties > 0) out += std::to_string(empties);
    if (r > 0) out += '/';
  }
  out += b.white_to_move ? " w " : " b ";
  out += std::to_string(b.quiet_plies) + " " + std::to_string(b.fullmove);
  return out;
}

std::vector<std::pair<std::string, Board>> legal_turns(const Board& b, Variant v) {
  if (finished(b)) return {};
  Turns turns = v == Variant::Classic ? classic_turns(b) : ordox_turns(b);
  std::sort(turns.begin(), turns.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  return turns;
}

std::vector<std::string> legal_tokens(const Board& b, Variant v) {
  std::vector<std::string> tokens;
  for (auto& [token, after] : legal_turns(b, v)) tokens.push_back(token);
  std::sort(tokens.begin(), tokens.end());
  return tokens;
}

Status status(const Board& b, Variant v) {
  if (on_target_row(b, kWhite)) return {Winner::White, Reason::TargetRow};
  if (on_target_row(b, kBlack)) return {Winner::Black, Reason::TargetRow};
  if (count_pieces(b, kWhite) == 0) return {Winner::Black, Reason::NoPieces};
  if (count_pieces(b, kBlack) == 0) return {Winner::White, Reason::NoPieces};
  if (legal_tokens(b, v).empty()) return {b.white_to_move ? Winner::Black : Winner::White, Reason::NoLegalMove};
  return {};
}

Board apply_unchecked(const Board& b, Variant v, const std::string& token) {
  const auto parts = split(token, ',');
  if (parts.size() > 2) throw std::invalid_argument("too many parts");
  Board cur = b;
  bool reset = false;
  for (std::string_view part : parts) {
    bool captured = false;
    bool forward = false;
    cur = apply_part(cur, v, part, captured, forward);
    reset = reset || captured || forward;
  }
  return end_turn(b, cur, reset);
}

Board apply(const Board& b, Variant v, const std::string& token) {
  const auto tokens = legal_tokens(b, v);
  if (!std::binary_search(tokens.begin(), tokens.end(), token))
    throw std::invalid_argument("illegal token: " + token);
  return apply_unchecked(b, v, token);
}

std::uint64_t perft(const Board& b, Variant v, int depth) {
  if (depth <= 0) return 1;
  const auto tokens = legal_tokens(b, v);
  if (depth == 1) return tokens.size();
  std::uint64_t n = 0;
  for (const auto& t : tokens) n += perft(apply_unchecked(b, v, t), v, depth - 1);
  return n;
}

}  // namespace naive
