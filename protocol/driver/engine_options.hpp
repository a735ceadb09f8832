// The options an engine announces in its greeting ("option name N type T ..."), parsed into their
// type, default and allowed values, and the check of a value a user wants to set against them.
// Used by the engine client (the identity keeps every announced option) and the match runner
// (a value the engine would not accept is refused before the first game).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ordo::driver {

struct EngineOption {
  // Untyped: a type word the client does not know (or none); any value is accepted.
  enum class Type { Check, Spin, Combo, Button, String, Untyped };

  std::string name;                // as announced; may hold spaces
  Type type = Type::Untyped;
  std::string default_value = {};  // empty when none was given, or for a string's "<empty>"
  std::optional<long long> min = {}, max = {};  // a spin's bounds, when given as decimal integers
  std::vector<std::string> vars = {};           // a combo's values, in order; each may hold spaces
};

// One "option name <N> type <T> [default <D>] [min <a>] [max <b>] [var <v>]..." line; nullopt when
// the line is no option line (it does not begin with the words "option name", names nothing, or
// has no "type" after the name). The name runs from "name" to the first word "type" that is
// followed by a known type (else to the first "type"); a default or var value runs to the next
// word among default/min/max/var, inner spacing kept. The fields may come in any order; a
// later default, min or max replaces an earlier one. A min or max that is no decimal integer is
// left out (that bound is then not checked).
std::optional<EngineOption> parse_option_line(const std::string& line);

// Empty when `value` is acceptable for `option`, else a phrase stating what is allowed, to follow
// the option's name ("expects an integer from 1 to 1024"):
// - check: true or false, in any case;
// - spin: a decimal integer (an optional sign, nothing else) within the announced bounds;
// - combo: one of the vars, compared ignoring ASCII case (a combo announcing no var takes anything);
// - button: only the empty value;
// - string and untyped: anything.
std::string option_value_error(const EngineOption& option, const std::string& value);

// The spelling of an acceptable `value` to send to the engine: a check's lower-case true/false, a
// combo's var as the engine announced it; any other value as given.
std::string option_canonical_value(const EngineOption& option, const std::string& value);

}  // namespace ordo::driver
