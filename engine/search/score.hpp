// Internal search values. A win at ply p (complete turns from the root) is WIN - p.
#pragma once

#include "types.hpp"

namespace ordo {

using Value = int;
inline constexpr Value INF = 32001;
inline constexpr Value WIN = 32000;
inline constexpr Value WIN_BOUND = WIN - 1000;  // |v| >= WIN_BOUND means a forced result
inline constexpr Value DRAW = 0;
inline constexpr int MAX_PLY = 200;           // complete turns from the root
inline constexpr int MAX_HEIGHT = 2 * MAX_PLY;  // nodes from the root (Ordo X parts)

inline constexpr Value win_in(int ply) { return WIN - ply; }
inline constexpr Value loss_in(int ply) { return -WIN + ply; }
inline constexpr bool is_decisive(Value v) { return v >= WIN_BOUND || v <= -WIN_BOUND; }

// Stored in the table relative to the node, so it stays valid at other plies.
inline constexpr Value to_table(Value v, int ply) { return v >= WIN_BOUND ? v + ply : v <= -WIN_BOUND ? v - ply : v; }
inline constexpr Value from_table(Value v, int ply) { return v >= WIN_BOUND ? v - ply : v <= -WIN_BOUND ? v + ply : v; }

}  // namespace ordo
