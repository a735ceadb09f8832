#include "options.hpp"

#include <stdexcept>

#include "tokenizer.hpp"

namespace ordo::protocol {

Option Option::check(std::string name, bool initial) {
  Option o;
  o.name = std::move(name);
  o.type = Type::Check;
  o.default_value = initial ? "true" : "false";
  return o;
}

Option Option::spin(std::string name, std::int64_t initial, std::int64_t min, std::int64_t max) {
  Option o;
  o.name = std::move(name);
  o.type = Type::Spin;
  o.default_value = std::to_string(initial);
  o.min = min;
  o.max = max;
  return o;
}

Option Option::combo(std::string name, std::string initial, std::vector<std::string> vars) {
  Option o;
  o.name = std::move(name);
  o.type = Type::Combo;
  o.default_value = std::move(initial);
  o.vars = std::move(vars);
  return o;
}

Option Option::button(std::string name) {
  Option o;
  o.name = std::move(name);
  o.type = Type::Button;
  return o;
}

Option Option::string(std::string name) {
  Option o;
  o.name = std::move(name);
  o.type = Type::String;
  return o;
}

std::int64_t Option::number() const { return parse_int(value).value_or(0); }  // a spin's value: checked when set

std::string Option::announcement() const {
  std::string l = "option name " + name + " type ";
  switch (type) {
    case Type::Check: l += "check default " + default_value; break;
    case Type::Spin:
      l += "spin default " + default_value + " min " + std::to_string(min) + " max " + std::to_string(max);
      break;
    case Type::Combo:
      l += "combo default " + default_value;
      for (const std::string& v : vars) l += " var " + v;
      break;
    case Type::Button: l += "button"; break;
    case Type::String: l += "string default " + (default_value.empty() ? "<empty>" : default_value); break;
  }
  return l;
}

void OptionRegistry::add(Option option, Option::Action on_change) {
  if (find(option.name)) throw std::logic_error("option declared twice: " + option.name);
  option.value = option.default_value;
  if (on_change) option.on_change = std::move(on_change);
  options_.push_back(std::move(option));
}

std::vector<std::string> OptionRegistry::announce(bool with_hidden) const {
  std::vector<std::string> lines;
  for (const Option& o : options_)
    if (with_hidden || !o.hidden) lines.push_back(o.announcement());
  return lines;
}

Option* OptionRegistry::find(std::string_view name) {
  for (Option& o : options_)
    if (iequals(o.name, name)) return &o;
  return nullptr;
}

const Option& OptionRegistry::operator[](std::string_view name) const {
  for (const Option& o : options_)
    if (o.name == name) return o;
  throw std::logic_error("no option named " + std::string(name));
}

namespace {

// The canonical spelling of `value` for `o`, or the error.
std::string check_value(const Option& o, const std::string& value, std::string& canonical) {
  using Type = Option::Type;
  switch (o.type) {
    case Type::Button:
      return "";  // a value, if any, is ignored
    case Type::String:
      if (value.empty()) return "option '" + o.name + "' needs a value";
      canonical = value;
      return "";
    case Type::Check:
      if (iequals(value, "true") || iequals(value, "false")) {
        canonical = lower(value);
        return "";
      }
      return "option '" + o.name + "' takes true or false, not '" + value + "'";
    case Type::Spin: {
      auto n = parse_int(value);
      if (!n || *n < o.min || *n > o.max)
        return "option '" + o.name + "' takes a whole number from " + std::to_string(o.min) + " to " +
               std::to_string(o.max) + ", not '" + value + "'";
      canonical = std::to_string(*n);
      return "";
    }
    case Type::Combo: {
      for (const std::string& v : o.vars)
        if (iequals(v, value)) {
          canonical = v;
          return "";
        }
      std::string vars;
      for (const std::string& v : o.vars) vars += (vars.empty() ? "" : " or ") + v;
      return "option '" + o.name + "' takes " + vars + ", not '" + value + "'";
    }
  }
  return "unreachable";
}

}  // namespace

std::string OptionRegistry::set(const std::vector<std::string>& words, std::string_view line) {
  if (words.size() < 3 || !iequals(words[1], "name")) return "expected 'setoption name <name> [value <value>]'";
  std::size_t value_at = words.size();
  for (std::size_t i = 2; i < words.size(); ++i)
    if (iequals(words[i], "value")) { value_at = i; break; }
  if (value_at == 2) return "setoption: the option name is missing";
  const std::string name = join_words(words, 2, value_at);
  Option* o = find(name);
  if (!o) return "unknown option '" + name + "'";
  std::string value = value_at < words.size() ? join_words(words, value_at + 1, words.size()) : "";
  if (o->type == Option::Type::String && value_at < words.size() && !line.empty()) {
    const std::vector<std::size_t> ends = word_ends(line);
    if (ends.size() == words.size()) value = rest_of_line(line, ends[value_at]);  // words of this line
  }
  std::string canonical;
  if (std::string err = check_value(*o, value, canonical); !err.empty()) return err;
  if (o->type != Option::Type::Button) o->value = canonical;
  if (o->on_change) o->on_change(*o);
  return "";
}

}  // namespace ordo::protocol
