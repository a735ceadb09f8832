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

void write_part(JsonWriter& out, Move part) {
  out.begin_object();
  out.field("tok", format_move(part));
  out.field("kind", part.is_ordo() ? "o" : "s");
  out.field("a", int(part.from()));
  out.field("b", part.is_ordo() ? int(part.end2()) : -1);
  out.field("t", int(part.to()));
  out.field("k", !part.is_ordo() && part.has_choice() ? int(part.keep()) : -1);
  out.end_object();
}

void write_legal_tree(JsonWriter& out, const Position& pos) {
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
  out.begin_array();
  for (const Node& n : nodes) {
    out.begin_object();
    out.key("part");
    write_part(out, n.first);
    out.field("side", !n.next.empty() || (pos.variant() == Variant::OrdoX && n.first.delta_rank() == 0));
    out.field("after", board_text(pos.after(n.first)));
    out.key("next").begin_array();
    for (Move m : n.next) write_part(out, m);
    out.end_array();
    out.end_object();
  }
  out.end_array();
}

}  // namespace ordo::web
