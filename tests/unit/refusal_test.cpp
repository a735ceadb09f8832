// Error messages that name the cause: a refused move says which rule it breaks, an off-board
// square is named as such, a FEN rank that is too long says so.
#include <doctest/doctest.h>

#include <string>

#include "notation.hpp"

using namespace ordo;

namespace {

// The error for `token` played from `fen` must contain `fragment`.
void check_refusal(const std::string& fen, Variant v, const std::string& token, const std::string& fragment) {
  auto pos = fen == "startpos" ? Parsed<Position>(Position::start(v)) : parse_fen(fen, v);
  REQUIRE(pos.ok());
  auto t = parse_turn(*pos, token);
  INFO("token " << token);
  REQUIRE_FALSE(t.ok());
  INFO("message: " << t.error());
  CHECK(t.error().find(fragment) != std::string::npos);
}

}  // namespace

TEST_SUITE("notation") {

TEST_CASE("off-board squares are named as such") {
  check_refusal("startpos", Variant::Classic, "e3e9", "'e9' is off the board");
  check_refusal("startpos", Variant::Classic, "k3k4", "'k3' is off the board");
  check_refusal("startpos", Variant::OrdoX, "c2d2c3=z1", "'z1' is off the board");
  check_refusal("startpos", Variant::Classic, "e3e", "a part names two squares");
  check_refusal("startpos", Variant::Classic, "e3?4", "'?4' is not a square");
}

TEST_CASE("a refused singleton says which rule it breaks") {
  check_refusal("startpos", Variant::Classic, "c2c1", "backward only to reconnect");
  check_refusal("startpos", Variant::OrdoX, "a3a2", "never backward");
  check_refusal("startpos", Variant::Classic, "e2e4", "the way is blocked at e3");
  check_refusal("startpos", Variant::Classic, "e3e5", "more than one group");
  check_refusal("startpos", Variant::Classic, "e3g4", "not a straight line");
  check_refusal("10/10/10/4B5/10/10/4W5/10 w 0 1", Variant::Classic, "e2e2", "a part must move");
}

TEST_CASE("a refused ordo says which rule it breaks") {
  check_refusal("startpos", Variant::Classic, "c2d2c1", "straight forward only");
  check_refusal("startpos", Variant::OrdoX, "c2d2c1", "never backward");
  // A vertical ordo in classic moves sideways only.
  check_refusal("10/10/10/4B5/10/4W5/4W5/10 w 0 1", Variant::Classic, "e2e3e4", "sideways only");
  // Ordos never capture.
  check_refusal("10/10/10/10/4BB4/4WW4/10/10 w 0 1", Variant::Classic, "e3f3e4", "ordos never capture");
  // A horizontal ordo cannot leave the board sideways (Ordo X).
  check_refusal("10/10/10/4B5/10/10/WW8/10 w 0 1", Variant::OrdoX, "a2b2a1", "never backward");
}

TEST_CASE("a split classic side that does not reconnect is told so") {
  // White is split (two groups); a move that keeps it split is refused with the reason.
  check_refusal("9B/10/10/10/10/10/W9/9W w 0 1", Variant::Classic, "a2a3", "split and this move does not reconnect");
}

TEST_CASE("a FEN rank that is too long says so") {
  for (Variant v : {Variant::Classic, Variant::OrdoX}) {
    auto p = parse_fen("11/10/10/4B5/10/4W5/10/10 w 0 1", v);
    REQUIRE_FALSE(p.ok());
    CHECK(p.error().find("too long") != std::string::npos);
  }
}

}  // TEST_SUITE
