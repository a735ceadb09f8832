// The option table: what `uci`/`ugi` announce and what `setoption` accepts. Names are matched
// case-insensitively. The table only validates; the session applies a validated setting.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "types.hpp"

namespace ordo::protocol {

enum class OptionId { Variant, Hash, Threads, MultiPV, MoveOverhead, ClearHash, Ponder, ShowWDL, PlayMode, Seed, EvalMode, EvalFile };

struct OptionSpec {
  OptionId id;
  std::string name;
  enum class Type { Check, Spin, Combo, Button, String } type;
  // check: "true"/"false"; spin: a number; combo: one of `vars`; string: any text ("" shown as <empty>)
  std::string default_value;
  std::int64_t min = 0, max = 0;
  std::vector<std::string> vars;
};

// A setting that passed validation: the canonical text of the value and, for spins and checks,
// its number (checks: 0 or 1).
struct Setting {
  OptionId id;
  std::string value;
  std::int64_t number = 0;
};

class OptionTable {
 public:
  // `variant`: the variant chosen on the command line, announced as UCI_Variant's default.
  explicit OptionTable(Variant variant);

  // One `option name … type …` line per option, in table order.
  std::vector<std::string> announce() const;

  // Parses the words after `setoption` (`name <words> [value <words>]`). On success returns an
  // empty string and fills `out`; otherwise returns the error message. Nothing is stored: call
  // commit() once the setting has been applied.
  std::string parse(const std::vector<std::string>& words, Setting& out) const;
  void commit(const Setting& s);

  // The current value text of an option.
  const std::string& value(OptionId id) const;
  bool flag(OptionId id) const { return value(id) == "true"; }

 private:
  const OptionSpec* find(std::string_view name) const;
  std::vector<OptionSpec> specs_;
  std::vector<std::string> values_;  // parallel to specs_
};

}  // namespace ordo::protocol
