// Move tokens (RULES.md section 7): canonical round trips over random play, the alternative
// spellings the parser accepts, and rejection (with a message) of malformed and illegal tokens.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "movegen.hpp"
#include "notation.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;

namespace {

// The token is rejected with a message that quotes it and contains `fragment`.
void check_rejected(const Position& pos, const std::string& token, const std::string& fragment = "") {
  auto t = parse_turn(pos, token);
  INFO("token '" << token << "' in " << to_fen(pos) << " (" << variant_name(pos.variant()) << ")");
  REQUIRE_FALSE(t.ok());
  INFO("message: " << t.error());
  CHECK_FALSE(t.error().empty());
  // The message quotes the token, or the part of it that is wrong.
  auto quotes = [&](std::string_view text) {
    std::string quoted(1, '\'');  // built by appending: GCC 12 warns falsely on "'" + std::string
    quoted.append(text).append(1, '\'');
    return t.error().find(quoted) != std::string::npos;
  };
  const auto comma = token.find(',');
  CHECK((quotes(token) || (comma != std::string::npos && (quotes(token.substr(0, comma)) || quotes(token.substr(comma + 1))))));
  if (!fragment.empty()) CHECK(t.error().find(fragment) != std::string::npos);
}

Turn parsed(const Position& pos, const std::string& token) {
  auto t = parse_turn(pos, token);
  INFO("token '" << token << "' in " << to_fen(pos));
  REQUIRE(t.ok());
  return *t;
}

// Every other correct spelling of one part played from `before`: an ordo written from its other
// end (with that end's landing square), a kept group named by any of its squares.
std::vector<std::string> other_spellings(const Position& before, Move m) {
  std::vector<std::string> out;
  if (m.is_ordo()) {
    const Square landing2 = Square(int(m.to()) + int(m.end2()) - int(m.from()));
    out.push_back(square_name(m.end2()) + square_name(m.from()) + square_name(landing2));
  } else if (m.has_choice()) {
    // After a tie capture only the kept group is left.
    const Bitboard kept = before.after(m).pieces(~before.side_to_move());
    for (Square s : kept)
      if (s != m.keep()) out.push_back(square_name(m.from()) + square_name(m.to()) + "=" + square_name(s));
  }
  return out;
}

}  // namespace

TEST_SUITE("notation") {

TEST_CASE("square names") {
  for (int s = 0; s < SQUARES; ++s) {
    const std::string name = square_name(Square(s));
    CHECK(name.size() == 2);
    CHECK(name[0] == char('a' + s % 10));
    CHECK(name[1] == char('1' + s / 10));
    CHECK(parse_square(name) == Square(s));
  }
  CHECK(square_name(A1) == "a1");
  CHECK(square_name(J8) == "j8");
  CHECK(square_name(E3) == "e3");
  for (const char* bad : {"", "a", "a0", "a9", "k1", "A1", "e10", "1a", "e3 "}) CHECK_FALSE(parse_square(bad).has_value());
}

TEST_CASE("variant names") {
  CHECK(variant_name(CLASSIC) == "ordo");
  CHECK(variant_name(ORDOX) == "ordox");
  CHECK(parse_variant("ordo") == CLASSIC);
  CHECK(parse_variant("ordox") == ORDOX);
  CHECK_FALSE(parse_variant("OrdoX").has_value());
  CHECK_FALSE(parse_variant("classic").has_value());
  CHECK_FALSE(parse_variant("").has_value());
}

TEST_CASE("canonical part formats") {
  CHECK(format_move(Move::singleton(E3, E5)) == "e3e5");
  CHECK(format_move(Move::ordo(C2, D2, C3)) == "c2d2c3");
  CHECK(format_move(Move::ordo(D3, E3, E3)) == "d3e3e3");
  CHECK(format_move(Move::singleton_keeping(D4, E5, G7)) == "d4e5=g7");
  CHECK(format_turn({Move::singleton(C3, B3), Move::singleton(B3, B5)}) == "c3b3,b3b5");
  CHECK(format_turn({Move::singleton_keeping(C3, B3, H6), Move::singleton(B3, B5)}) == "c3b3=h6,b3b5");
  CHECK(format_turn({Move::ordo(A3, A4, B3), Move::singleton(E2, E4)}) == "a3a4b3,e2e4");
}

TEST_CASE("every legal turn round-trips through its canonical token") {
  Rng rng(41);
  for (Variant v : {CLASSIC, ORDOX}) {
    const auto positions = random_play(Position::start(v), v == CLASSIC ? 1500 : 60, rng);
    std::size_t turns_checked = 0;
    for (const Position& pos : positions) {
      for (const Turn& t : legal_turns(pos)) {
        const std::string token = format_turn(t);
        auto back = parse_turn(pos, token);
        ++turns_checked;
        if (back.ok() && *back == t && format_turn(*back) == token) continue;  // (one CHECK per failure only)
        FAIL_CHECK(to_fen(pos) << " token " << token << ": " << (back.ok() ? format_turn(*back) : back.error()));
      }
    }
    CHECK(turns_checked > (v == CLASSIC ? 30000u : 30000u));
  }
}

TEST_CASE("alternative spellings name the same turn") {
  // Ordo ends in either order (the landing square belongs to the end written first), and any
  // square of the kept group after '='.
  Rng rng(42);
  std::size_t ordo_spellings = 0, keep_spellings = 0;
  for (Variant v : {CLASSIC, ORDOX}) {
    for (const Position& pos : random_play(Position::start(v), v == CLASSIC ? 1500 : 60, rng)) {
      for (const Turn& t : legal_turns(pos)) {
        // Alternatives for the first part, with the second part canonical, and vice versa.
        const std::string first = format_move(t.first);
        const std::string second = t.second.is_none() ? std::string() : std::string(1, ',').append(format_move(t.second));
        std::vector<std::string> tokens;
        for (const auto& s : other_spellings(pos, t.first)) tokens.push_back(s + second);
        if (!t.second.is_none())
          for (const auto& s : other_spellings(pos.after(t.first), t.second)) tokens.push_back(first + "," + s);
        for (const auto& token : tokens) {
          (token.find('=') != std::string::npos ? keep_spellings : ordo_spellings)++;
          auto back = parse_turn(pos, token);
          if (!back.ok() || !(*back == t))
            FAIL_CHECK(to_fen(pos) << " token " << token << " should be " << format_turn(t) << ": "
                                   << (back.ok() ? format_turn(*back) : back.error()));
        }
      }
    }
  }
  CHECK(ordo_spellings > 10000);
  CHECK(keep_spellings > 0);
}

TEST_CASE("alternative spellings: examples") {
  // Classic start: c2-d2 one rank forward, written from either end.
  const Position start = Position::start(CLASSIC);
  CHECK(parsed(start, "d2c2d3") == parsed(start, "c2d2c3"));
  CHECK(format_turn(parsed(start, "d2c2d3")) == "c2d2c3");
  // Ordo X: the single-file step d3e3e3 is also e3d3f3.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W W . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position x = pos_of("9B/10/10/10/10/3WW5/10/10 w 0 1", ORDOX);
  CHECK(format_turn(parsed(x, "e3d3f3,f3e3f4")) == "d3e3e3,e3f3e4");
  CHECK(format_turn(parsed(x, "e3d3f3,e3f3e4")) == "d3e3e3,e3f3e4");
  // A vertical ordo from its upper end.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position v = pos_of("9B/10/10/10/3W6/3W6/10/10 w 0 1", ORDOX);
  CHECK(format_turn(parsed(v, "d4d3d5")) == "d3d4d4");
  CHECK(format_turn(parsed(v, "d4d3e5")) == "d3d4e4");                  // diagonally forward
  CHECK(format_turn(parsed(v, "d4d3e4,e4e3e5")) == "d3d4e3,e3e4e4");  // sideways, then forward
  check_rejected(v, "d4d3e4", "must be followed by a forward part");
  // The kept group of a tie, by any of its squares.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B . B B . . . .
  // 5 . . . B . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position tie = pos_of("10/10/1BB1BB4/3B6/10/3W6/10/10 w 0 1", ORDOX);
  CHECK(format_turn(parsed(tie, "d3d5=c6")) == "d3d5=b6");
  CHECK(format_turn(parsed(tie, "d3d5=f6")) == "d3d5=e6");
  CHECK(format_turn(parsed(tie, "d3f3,f3d5=f6")) == "d3f3,f3d5=e6");
}

TEST_CASE("malformed tokens are rejected") {
  for (Variant v : {CLASSIC, ORDOX}) {
    const Position start = Position::start(v);
    for (const char* bad : {"e9e5", "e3", "e3e5e", "k1a1", "a1a2a3a4", ",", "", "e3e5,", ",e3e5", "e3e5=", "e3e5=z9",
                            "E3E5", " e3e5", "e3e5 ", "e3-e5", "e3e5=e6e7", "c2d2c3c4", "e3e5==e6"})
      check_rejected(start, bad);
    check_rejected(start, "a3a4,a4a5,a5a6", "at most two parts");
  }
}

TEST_CASE("legal-looking but illegal tokens are rejected") {
  const Position start = Position::start(CLASSIC);
  check_rejected(start, "e3e5", "not a legal move");    // would leave e5 alone
  check_rejected(start, "e3e2", "not a legal move");    // own piece, and backward
  check_rejected(start, "e2e4", "not a legal move");    // jumps over e3
  check_rejected(start, "a3b3a4", "not a legal move");  // the ordo would lose touch
  check_rejected(start, "c2d2b2", "not a legal move");  // classic: no sideways horizontal ordo
  check_rejected(start, "c2d2d3", "not a legal move");  // classic: no diagonal ordo
  check_rejected(start, "c1d1c2", "not a legal move");  // blocked by c2 d2
  check_rejected(start, "a1a2", "no white piece on a1");
  check_rejected(start, "a6a5", "no white piece on a6");  // Black's piece, White to move
  check_rejected(start, "a3e3a4", "not a line of white pieces");
  check_rejected(start, "c2e3c3", "ends must be two squares of one rank or one file");
  check_rejected(start, "c2c2c3", "ends must be two squares of one rank or one file");
  const Position x = Position::start(ORDOX);
  check_rejected(x, "e3e2", "not a legal move");
  check_rejected(x, "a3b3a2", "not a legal move");  // backward
  check_rejected(x, "a3b3a4", "not a legal move");
  // Finished positions accept nothing.
  // 8 . . . W . . . . . .
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . B . . . . . .
  // 4 . . . B . . . . . .
  // 3 . . . . . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  check_rejected(pos_of("3W6/10/10/3B6/3B6/10/10/10 b 0 1", CLASSIC), "d5d4", "game is over");
}

TEST_CASE("the '=' suffix: required exactly when the largest groups tie") {
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B . B B . . . .
  // 5 . . . B . . . . . .
  // 4 . . . . . . . . . .
  // 3 . . . W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position tie = pos_of("10/10/1BB1BB4/3B6/10/3W6/10/10 w 0 1", ORDOX);
  check_rejected(tie, "d3d5", "add =<square>");
  check_rejected(tie, "d3f3,f3d5", "add =<square>");
  check_rejected(tie, "d3d5=d5", "not in a group that can stay");   // the captured square
  check_rejected(tie, "d3d5=a1", "not in a group that can stay");   // an empty square
  check_rejected(tie, "d3d4=b6", "only for a capture that leaves tied largest groups");  // no capture
  // A capture with a unique largest group takes no '='.
  // 8 . . . . . . . . . .
  // 7 . . . . . . . . . .
  // 6 . B B B . . . . . .
  // 5 . . . . B . . . . .
  // 4 . . . . . B . . . .
  // 3 . . . . W . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position unique = pos_of("10/10/1BBB6/4B5/5B4/4W5/10/10 w 0 1", ORDOX);
  check_rejected(unique, "e3e5=b6", "only for a capture that leaves tied largest groups");
  check_rejected(unique, "e3f4=b6", "only for a capture that leaves tied largest groups");
  CHECK(parse_turn(unique, "e3e5").ok());
  // Ordos never capture, so never carry '='.
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . W W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const Position ordo = pos_of("9B/10/10/10/3W6/2WW6/10/10 w 0 1", ORDOX);
  check_rejected(ordo, "c3d3b3=j8,b3b4", "only a capturing singleton carries '='");
  // Classic captures never carry '='.
  check_rejected(pos_of(to_fen(tie), CLASSIC), "d3d5=b6", "only for a capture that leaves tied largest groups");
}

TEST_CASE("two-part tokens: only in Ordo X and only sideways then forward") {
  // 8 . . . . . . . . . B
  // 7 . . . . . . . . . .
  // 6 . . . . . . . . . .
  // 5 . . . . . . . . . .
  // 4 . . . W . . . . . .
  // 3 . . W W . . . . . .
  // 2 . . . . . . . . . .
  // 1 . . . . . . . . . .
  //   a b c d e f g h i j
  const std::string fen = "9B/10/10/10/3W6/2WW6/10/10 w 0 1";
  const Position x = pos_of(fen, ORDOX);
  CHECK(format_turn(parsed(x, "d3e3,c3c4")) == "d3e3,c3c4");
  check_rejected(x, "d3e3", "must be followed by a forward part");      // a lone sideways part
  check_rejected(x, "c3d3b3", "must be followed by a forward part");
  check_rejected(x, "d3e4,e4e5", "only a sideways part can be followed");  // forward first
  check_rejected(x, "d3e3,e3f3", "not a legal move");                       // sideways second
  check_rejected(x, "d3e3,d4d5", "not a legal move");                       // second part disconnects
  check_rejected(x, "d3e3,a1a2", "no white piece on a1");
  const Position c = pos_of(fen, CLASSIC);
  check_rejected(c, "d3e3,c3c4", "classic Ordo has no two-part turns");
  check_rejected(c, "c3c4,d4d5", "classic Ordo has no two-part turns");
  CHECK(parse_turn(c, "d3e3").ok());  // in classic a sideways move is a whole turn
}

TEST_CASE("a mid-turn position owes the forward part only") {
  const Position x = pos_of("9B/10/10/10/3W6/2WW6/10/10 w 0 1", ORDOX);
  const Position mid = x.after(Move::singleton(D3, E3));
  REQUIRE(mid.mid_turn());
  CHECK(format_turn(parsed(mid, "c3c4")) == "c3c4");
  check_rejected(mid, "c3c4,e3e4", "only the forward part is owed now");
  check_rejected(mid, "e3f3", "not a legal move");
}

}  // TEST_SUITE
