#include "legal_parts.hpp"

#include <vector>

#include "movegen.hpp"
#include "notation.hpp"

namespace ordo::web {

std::string board_text(const Position& pos) {
  std::string out(SQUARES, '.');
  for (int s = 0; s < SQUARES; ++s) {
    if (pos.pieces(WHITE).has(Square(s))) out[s] = 'W';
    else if (pos.pieces(BLACK).has(Square(s))) out[s] = 'B';
  }
  return out;
}

Json part_json(Move part) {
  return {{"tok", format_move(part)},
          {"kind", part.is_ordo() ? "o" : "s"},
          {"a", int(part.from())},
          {"b", part.is_ordo() ? int(part.end2()) : -1},
          {"t", int(part.to())},
          {"k", !part.is_ordo() && part.has_choice() ? int(part.keep()) : -1}};
}

Json legal_tree_json(const Position& pos) {
  // Group the turns by first part, keeping the core's order.
  struct Node {
    Move first;
    std::vector<Move> next;
  };
  std::vector<Node> nodes;
  for (const Turn& t : legal_turns(pos)) {
    if (nodes.empty() || !(nodes.back().first == t.first)) {
      bool found = false;
      for (Node& n : nodes)
        if (n.first == t.first) {
          if (!t.second.is_none()) n.next.push_back(t.second);
          found = true;
          break;
        }
      if (found) continue;
      nodes.push_back({t.first, {}});
    }
    if (!t.second.is_none()) nodes.back().next.push_back(t.second);
  }
  Json tree = Json::array();
  for (const Node& n : nodes) {
    Json next = Json::array();
    for (Move m : n.next) next.push_back(part_json(m));
    tree.push_back({{"part", part_json(n.first)},
                    {"side", !n.next.empty() || (pos.rules().sideways_owes_forward() && n.first.delta_rank() == 0)},
                    {"after", board_text(pos.after(n.first))},
                    {"next", next}});
  }
  return tree;
}

}  // namespace ordo::web
