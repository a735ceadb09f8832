// Text formats of RULES.md section 7: FEN positions and move tokens. Parsers are strict and
// report the first problem found; they never return a half-built value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "position.hpp"

namespace ordo {

// A value or a one-line error message.
template <class T>
class Parsed {
 public:
  Parsed(T value) : v_(std::move(value)) {}
  static Parsed failure(std::string message) { Parsed p; p.v_ = Error{std::move(message)}; return p; }
  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const { return std::get<T>(v_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<Error>(v_).message; }

 private:
  struct Error { std::string message; };
  Parsed() = default;
  std::variant<T, Error> v_;
};

inline constexpr std::string_view START_FEN = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1";

Parsed<Position> parse_fen(std::string_view fen, Variant v);
// Always the four-field form. A mid-turn Ordo X position has no FEN of its own: it formats as
// the board with the side that owes the forward part.
std::string to_fen(const Position& pos);

std::string square_name(Square s);
std::optional<Square> parse_square(std::string_view text);

// Canonical tokens.
std::string format_move(Move part);
std::string format_turn(const Turn& turn);

// Any correct spelling of a legal complete turn of `pos` (either ordo end first, any square of the
// kept group after '='). Malformed or illegal tokens get a reason.
Parsed<Turn> parse_turn(const Position& pos, std::string_view token);

std::string_view variant_name(Variant v);  // "ordo" or "ordox"
std::optional<Variant> parse_variant(std::string_view name);

}  // namespace ordo
