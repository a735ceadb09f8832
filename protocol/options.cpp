#include "options.hpp"

#include <stdexcept>

#include "tokenizer.hpp"

namespace ordo::protocol {

OptionTable::OptionTable(Variant variant) {
  using T = OptionSpec::Type;
  specs_ = {
      {OptionId::Variant, "UCI_Variant", T::Combo, variant == Variant::OrdoX ? "ordox" : "ordo", 0, 0, {"ordo", "ordox"}},
      {OptionId::Hash, "Hash", T::Spin, "16", 1, 65536, {}},
      {OptionId::Threads, "Threads", T::Spin, "1", 1, 256, {}},
      {OptionId::MultiPV, "MultiPV", T::Spin, "1", 1, 256, {}},
      {OptionId::MoveOverhead, "Move Overhead", T::Spin, "30", 0, 5000, {}},
      {OptionId::ClearHash, "Clear Hash", T::Button, "", 0, 0, {}},
      {OptionId::Ponder, "Ponder", T::Check, "false", 0, 0, {}},
      {OptionId::ShowWDL, "UCI_ShowWDL", T::Check, "false", 0, 0, {}},
      // Baseline players for strength tests (random or greedy one-turn); seeded for reproducibility.
      {OptionId::PlayMode, "Play Mode", T::Combo, "search", 0, 0, {"search", "random", "greedy"}},
      {OptionId::Seed, "Seed", T::Spin, "1", 1, 1000000000, {}},
      // The evaluation the search uses: auto is each variant's default (docs/NETWORK.md).
      {OptionId::EvalMode, "EvalMode", T::Combo, "auto", 0, 0, {"auto", "hand", "network"}},
      // A network file for the variant its header names; the embedded network until set.
      {OptionId::EvalFile, "EvalFile", T::String, "", 0, 0, {}},
  };
  for (const OptionSpec& s : specs_) values_.push_back(s.default_value);
}

std::vector<std::string> OptionTable::announce() const {
  std::vector<std::string> lines;
  for (const OptionSpec& s : specs_) {
    std::string l = "option name " + s.name + " type ";
    switch (s.type) {
      case OptionSpec::Type::Check: l += "check default " + s.default_value; break;
      case OptionSpec::Type::Spin:
        l += "spin default " + s.default_value + " min " + std::to_string(s.min) + " max " + std::to_string(s.max);
        break;
      case OptionSpec::Type::Combo:
        l += "combo default " + s.default_value;
        for (const std::string& v : s.vars) l += " var " + v;
        break;
      case OptionSpec::Type::Button: l += "button"; break;
      case OptionSpec::Type::String: l += "string default " + (s.default_value.empty() ? "<empty>" : s.default_value); break;
    }
    lines.push_back(l);
  }
  return lines;
}

const OptionSpec* OptionTable::find(std::string_view name) const {
  for (const OptionSpec& s : specs_)
    if (iequals(s.name, name)) return &s;
  return nullptr;
}

std::string OptionTable::parse(const std::vector<std::string>& words, Setting& out) const {
  // words[0] is "setoption".
  if (words.size() < 3 || !iequals(words[1], "name")) return "expected 'setoption name <name> [value <value>]'";
  std::size_t value_at = words.size();
  for (std::size_t i = 2; i < words.size(); ++i)
    if (iequals(words[i], "value")) { value_at = i; break; }
  if (value_at == 2) return "setoption: the option name is missing";
  const std::string name = join_words(words, 2, value_at);
  const OptionSpec* spec = find(name);
  if (!spec) return "unknown option '" + name + "'";
  const bool has_value = value_at < words.size();
  const std::string value = has_value ? join_words(words, value_at + 1, words.size()) : "";
  out = Setting{spec->id, "", 0};

  switch (spec->type) {
    case OptionSpec::Type::Button:
      return "";  // a value, if any, is ignored
    case OptionSpec::Type::String:
      if (value.empty()) return "option '" + spec->name + "' needs a value";
      out.value = value;
      return "";
    case OptionSpec::Type::Check:
      if (iequals(value, "true") || iequals(value, "false")) {
        out.value = lower(value);
        out.number = out.value == "true";
        return "";
      }
      return "option '" + spec->name + "' takes true or false, not '" + value + "'";
    case OptionSpec::Type::Spin: {
      auto n = parse_int(value);
      if (!n || *n < spec->min || *n > spec->max)
        return "option '" + spec->name + "' takes a whole number from " + std::to_string(spec->min) + " to " +
               std::to_string(spec->max) + ", not '" + value + "'";
      out.value = std::to_string(*n);
      out.number = *n;
      return "";
    }
    case OptionSpec::Type::Combo:
      for (const std::string& v : spec->vars)
        if (iequals(v, value)) {
          out.value = v;
          return "";
        }
      {
        std::string vars;
        for (const std::string& v : spec->vars) vars += (vars.empty() ? "" : " or ") + v;
        return "option '" + spec->name + "' takes " + vars + ", not '" + value + "'";
      }
  }
  return "unreachable";
}

void OptionTable::commit(const Setting& s) {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].id == s.id && specs_[i].type != OptionSpec::Type::Button) values_[i] = s.value;
}

const std::string& OptionTable::value(OptionId id) const {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].id == id) return values_[i];
  throw std::logic_error("no such option");
}

}  // namespace ordo::protocol
