#include "shape_facts.hpp"

#include <algorithm>
#include <cassert>

#include "position.hpp"

namespace ordo {

namespace {

thread_local int bypasses = 0;
thread_local ShapeTable* adopted = nullptr;

}  // namespace

bool ShapeFacts::reset(Color us, Bitboard own) {
  assert(own && is_connected(own));
  own_ = own;
  us_ = us;
  usable_ = false;
  touch_ = touch_counts(own);
  cut_ = cut_squares(own);
  landings_known_ = Bitboard();
  if (cut_.count() > MAX_CUT) return false;

  int ordos = 0;
  for (int vertical = 0; vertical < 2; ++vertical) {
    const int step = vertical ? FILES : 1;
    // First squares of lines: an own piece next up the line and none next down.
    const Bitboard starts = vertical ? own & shift<S>(own) & ~shift<N>(own) : own & shift<W>(own) & ~shift<E>(own);
    line_count_[vertical] = 0;
    for (Square a : starts) {
      int n = 1;
      while (true) {
        const int s = a + n * step;
        if (s >= SQUARES || !own.has(Square(s)) || (!vertical && file_of(Square(s)) == 0)) break;
        ++n;
      }
      if (ordos + n * (n - 1) / 2 > MAX_ORDOS) return false;
      for (int i = 0; i < n; ++i) {
        row_[vertical][a + i * step] = i16(ordos + i * (2 * n - i - 1) / 2 - i - 1);
        place_[vertical][a + i * step] = u8(i);
      }
      lines_[vertical][line_count_[vertical]++] = {a, u8(n), u16(ordos)};
      ordos += n * (n - 1) / 2;
    }
  }
  std::fill_n(rest_.begin(), ordos, Rest::Unknown);
  paths_known_ = false;
  usable_ = true;
  return true;
}

void ShapeFacts::find_landings(Square p, int index) {
  landings_known_ |= Bitboard::square(p);
  Bitboard lines;  // a singleton lands on a line through its square
  for (int d = 0; d < DIRECTIONS; ++d) lines |= ray(Direction(d), p);
  landings_[index] = touching_every_group(own_ ^ Bitboard::square(p)) & lines;
}

namespace {

// Bit k: `ordo` moved k steps in d (at most `steps`, which keep it on the board) lands off `rest`
// and on a square of each of the `count` sets `touching` (the squares touching each group of rest).
template <Direction d>
u16 reach_toward(Bitboard ordo, Bitboard rest, const Bitboard* touching, int count, int steps) {
  u16 mask = 0;
  Bitboard moved = ordo;
  for (int k = 1; k <= steps; ++k) {
    moved = shift<d>(moved);
    if (moved & rest) continue;
    bool touches_all = true;
    for (int g = 0; g < count && touches_all; ++g) touches_all = bool(moved & touching[g]);
    if (touches_all) mask |= u16(1u << k);
  }
  return mask;
}

u16 reach_toward(Direction d, Bitboard ordo, Bitboard rest, const Bitboard* touching, int count, int steps) {
  switch (d) {
    case N: return reach_toward<N>(ordo, rest, touching, count, steps);
    case NE: return reach_toward<NE>(ordo, rest, touching, count, steps);
    case E: return reach_toward<E>(ordo, rest, touching, count, steps);
    case SE: return reach_toward<SE>(ordo, rest, touching, count, steps);
    case S: return reach_toward<S>(ordo, rest, touching, count, steps);
    case SW: return reach_toward<SW>(ordo, rest, touching, count, steps);
    case W: return reach_toward<W>(ordo, rest, touching, count, steps);
    case NW: return reach_toward<NW>(ordo, rest, touching, count, steps);
  }
  return 0;
}

// The number of steps in d that keep the ordo lo..hi on the board.
int steps_on_board(Direction d, Square lo, Square hi) {
  return std::min(ray(d, lo).count(), ray(d, hi).count());
}

}  // namespace

void ShapeFacts::study_rest(int index, Square lo, Square hi) {
  assert(usable_ && lo < hi && index >= 0 && index < MAX_ORDOS);
  const Bitboard ordo = line_between(lo, hi);
  assert((ordo & own_) == ordo);
  const Bitboard rest = own_ ^ ordo;
  reach_[index].fill(0);
  if (!rest) {
    rest_[index] = Rest::Empty;
  } else if (still_connected(rest, dilate(ordo) & rest)) {
    rest_[index] = Rest::OneGroup;
  } else {
    // The rest falls into groups that each touch the ordo; the set stays connected iff the
    // moved ordo touches every one of them.
    rest_[index] = Rest::Groups;
    const Groups groups = groups_of(rest);
    std::array<Bitboard, 40> touching;
    for (int g = 0; g < groups.count; ++g) touching[g] = dilate(groups.group[g]);
    for (int d = 0; d < DIRECTIONS; ++d) {
      const int s = slot(Direction(d));
      if (s < 0) continue;
      const int steps = steps_on_board(Direction(d), lo, hi);
      reach_[index][s] = reach_toward(Direction(d), ordo, rest, touching.data(), groups.count, steps) | 1;
    }
  }
}

void ShapeFacts::compute_reach(int index, Square lo, Square hi, Direction d) {
  assert(rest_[index] == Rest::Empty || rest_[index] == Rest::OneGroup);
  const Bitboard ordo = line_between(lo, hi), rest = own_ ^ ordo;
  const Bitboard touching = dilate(rest);
  const int count = rest_[index] == Rest::Empty ? 0 : 1;
  reach_[index][slot(d)] = reach_toward(d, ordo, rest, &touching, count, steps_on_board(d, lo, hi)) | 1;
}

void ShapeFacts::list_paths(DirSet h_dirs, DirSet v_dirs) {
  assert(usable_ && !((h_dirs | v_dirs) & backward_dirs(us_)));
  paths_known_ = true;
  paths_key_ = u16(h_dirs | v_dirs << 8);
  paths_used_ = 0;
  for (int horizontal = 1; horizontal >= 0; --horizontal)
    for (unsigned rest = horizontal ? h_dirs : v_dirs; rest; rest &= rest - 1)
      if (!list_paths(horizontal, Direction(std::countr_zero(rest)))) {
        paths_used_ = NO_LIST;
        return;
      }
}

// Appends the paths of one orientation and direction; false when they do not fit.
bool ShapeFacts::list_paths(bool horizontal, Direction d) {
  const int vertical = horizontal ? 0 : 1, step = horizontal ? 1 : FILES;
  for (int l = 0; l < line_count_[vertical]; ++l) {
    const Line& line = lines_[vertical][l];
    int index = line.base;
    for (int i = 0; i < line.length - 1; ++i) {
      const Square lo = Square(line.start + i * step);
      Bitboard ordo = Bitboard::square(lo);
      for (int j = i + 1; j < line.length; ++j, ++index) {
        const Square hi = Square(line.start + j * step);
        ordo |= Bitboard::square(hi);
        const u16 reach = reach_at(index, lo, hi, d);
        // A path over another own piece is never free, nor is any longer one: not listed.
        const Bitboard others = own_ ^ ordo;
        Bitboard moved = ordo, swept;
        for (int k = 1; (reach >> k) != 0; ++k) {
          moved = shift(moved, d);
          swept |= moved;
          if (swept & others) break;
          if (!(reach >> k & 1)) continue;
          if (paths_used_ == MAX_PATHS) return false;
          const Bitboard path = swept & ~ordo;
          path_lo_[paths_used_] = path.lo();
          path_hi_[paths_used_++] = path.hi();
        }
      }
    }
  }
  return true;
}

ShapeFacts* ShapeTable::find(Color us, Bitboard own, Admit admit) {
  if (bypasses) return nullptr;
  const u64 h = (own.lo() * 0x9E3779B97F4A7C15ull) ^ (own.hi() * 0xC2B2AE3D27D4EB4Full) ^ u64(us);
  const std::size_t bucket = (h * 0xFF51AFD7ED558CCDull) >> (64 - BUCKET_BITS);
  std::array<Key, WAYS>& keys = keys_[bucket];
  if (++clock_ == 0) {  // after 2^32 finds: start the ages again
    for (auto& b : keys_)
      for (Key& k : b) k.used = k.used ? 1 : 0;
    clock_ = 2;
  }
  int way = 0;
  for (int w = 0; w < WAYS; ++w) {
    if (keys[w].used && keys[w].own == own && keys[w].us == us) {
      keys[w].used = clock_;
      ShapeFacts& f = facts_[bucket][w];
      return f.usable() ? &f : nullptr;
    }
    if (keys[w].used < keys[way].used) way = w;
  }
  if (admit == Admit::Never) return nullptr;
  if (admit == Admit::Again && refused_[bucket] != h) {
    refused_[bucket] = h;
    return nullptr;
  }
  keys[way] = {own, clock_, us};
  ShapeFacts& f = facts_[bucket][way];
  return f.reset(us, own) ? &f : nullptr;
}

ShapeTable* ShapeTable::for_this_thread(bool make) {
  if (adopted) return adopted;
  thread_local std::unique_ptr<ShapeTable> table;
  if (!table && make) table = std::make_unique<ShapeTable>();
  return table.get();
}

ShapeTable::Adopt::Adopt(ShapeTable& table) : previous_(adopted) { adopted = &table; }
ShapeTable::Adopt::~Adopt() { adopted = previous_; }

ShapeTable::Bypass::Bypass() { ++bypasses; }
ShapeTable::Bypass::~Bypass() { --bypasses; }

}  // namespace ordo
