// Legal move generation: parts, complete turns, bulk counts and the game status.
#pragma once

#include <optional>
#include <vector>

#include "position.hpp"

namespace ordo {

// Exactly the legal parts of the position: in classic Ordo every legal move; in Ordo X at the start
// of a turn the forward parts and the sideways parts that some forward part can follow (or that take
// the last enemy piece), and after a sideways part the forward parts. A finished position has none.
void generate_parts(const Position& pos, MoveList& out);

// Forward parts only (Ordo X), for a position at any stage of a turn. Used by the search's
// quiescence and by perft.
void generate_forward_parts(const Position& pos, MoveList& out);

// As generate_parts, but Ordo X sideways parts are not checked for a forward continuation: a
// search meets that (never observed) case as a mid-turn node without moves and discards it.
void generate_parts_unchecked(const Position& pos, MoveList& out);

// Whether m is one of the parts generate_parts_unchecked(pos) lists, tested directly from the
// rules without generating (for a move remembered from elsewhere, such as a table entry).
bool is_unchecked_part(const Position& pos, Move m);

// The parts among generate_parts_unchecked that capture or put a piece on the target row, plus,
// for a classic side that is split, every reconnecting move (all its moves are forced).
void generate_tactical_parts(const Position& pos, MoveList& out);

// Whether the side to move can win within its current turn: reach its target row or take the last
// enemy piece, in Ordo X at a turn's start also by a sideways part and then a forward part.
bool has_winning_turn(const Position& pos);

// Whether the side to move wins with its next part alone: a part onto its target row, or the
// capture of the last enemy piece (in Ordo X mid-turn or at a turn's start, a forward part).
bool has_winning_part(const Position& pos);

// Every legal complete turn, in generation order. A finished position has none.
std::vector<Turn> legal_turns(const Position& pos);

// The number of legal complete turns, counted without building them.
u64 count_turns(const Position& pos);

// Whether the side to move has at least one legal complete turn.
bool has_legal_turn(const Position& pos);

// The same answers by the plain route, kept as the reference the tests compare the above with:
// every Ordo X sideways part is played on a full position and its forward parts are generated
// from scratch (generate_parts, legal_turns and count_turns above share the turn start's work).
namespace reference {
void generate_parts(const Position& pos, MoveList& out);
std::vector<Turn> legal_turns(const Position& pos);
u64 count_turns(const Position& pos);
}  // namespace reference

struct GameStatus {
  std::optional<Color> winner;     // none while the game goes on
  WinReason reason = WinReason::TargetRow;
  bool over() const { return winner.has_value(); }
};
// The status per RULES.md section 6: the board decides first, then a side to move without a legal
// turn has lost.
GameStatus game_status(const Position& pos);

}  // namespace ordo
