// The option registry: each option is declared once (the session declares them all), with its
// type, range or values, default and the action that applies a new value. `uci`/`ugi` announce
// the registry and `setoption` sets through it; docs/PROTOCOL.md's option table is checked
// against the announcement (tests/protocol/check_options_doc.py). Names match case-insensitively.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::protocol {

struct Option {
  enum class Type { Check, Spin, Combo, Button, String };
  // Called after `setoption` has set a valid value (for a button: on every press).
  using Action = std::function<void(const Option&)>;

  static Option check(std::string name, bool initial);
  static Option spin(std::string name, std::int64_t initial, std::int64_t min, std::int64_t max);
  static Option combo(std::string name, std::string initial, std::vector<std::string> vars);
  static Option button(std::string name);
  static Option string(std::string name);  // default: empty (announced as <empty>)

  std::string name;
  Type type = Type::Button;
  // check: "true"/"false"; spin: a number; combo: one of `vars`; string: any text
  std::string default_value;
  std::int64_t min = 0, max = 0;
  std::vector<std::string> vars;
  Action on_change;
  std::string value;  // the current value, in its canonical spelling
  // Left out of the announcement (`uci`/`ugi`) unless asked for; set by `setoption` all the same.
  bool hidden = false;

  std::int64_t number() const;  // a spin's value
  bool flag() const { return value == "true"; }
  // The `option name … type …` line of the handshake.
  std::string announcement() const;
};

class OptionRegistry {
 public:
  // Declares an option (announced in declaration order) with the action that applies it.
  void add(Option option, Option::Action on_change = {});

  // One `option name … type …` line per option, in declaration order (hidden ones only with
  // `with_hidden`).
  std::vector<std::string> announce(bool with_hidden = false) const;

  // `setoption name <words> [value <words>]` (words[0] is "setoption"): checks the value, stores it
  // and runs the option's action. Returns "" or the one-line error; on error nothing changes.
  // With `line` (the command as read), a string option's value is the rest of the line after
  // `value`, exactly as sent (a path with two spaces or a tab keeps them); other types take the
  // words joined by single spaces.
  std::string set(const std::vector<std::string>& words, std::string_view line = {});

  // The option of that exact name (a programming error if there is none).
  const Option& operator[](std::string_view name) const;

 private:
  Option* find(std::string_view name);
  std::vector<Option> options_;
};

}  // namespace ordo::protocol
