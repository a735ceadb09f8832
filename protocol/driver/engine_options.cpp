#include "engine_options.hpp"

#include <cstddef>
#include <string_view>

#include "tokenizer.hpp"

namespace ordo::driver {

using protocol::iequals;
using protocol::is_space;
using protocol::lower;
using protocol::parse_int;

namespace {

struct Word {
  std::size_t begin = 0, end = 0;  // [begin, end) in the line
};

std::vector<Word> words_of(std::string_view line) {
  std::vector<Word> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i) words.push_back(Word{i, j});
    i = j;
  }
  return words;
}

std::optional<EngineOption::Type> type_of(std::string_view word) {
  using Type = EngineOption::Type;
  if (iequals(word, "check")) return Type::Check;
  if (iequals(word, "spin")) return Type::Spin;
  if (iequals(word, "combo")) return Type::Combo;
  if (iequals(word, "button")) return Type::Button;
  if (iequals(word, "string")) return Type::String;
  return std::nullopt;
}

bool is_field_keyword(std::string_view word) {
  return word == "default" || word == "min" || word == "max" || word == "var";
}

}  // namespace

std::optional<EngineOption> parse_option_line(const std::string& line) {
  const std::string_view text(line);
  const auto w = words_of(text);
  auto word = [&](std::size_t i) { return text.substr(w[i].begin, w[i].end - w[i].begin); };
  if (w.size() < 4 || word(0) != "option" || word(1) != "name") return std::nullopt;
  // The word "type" that ends the name: the first one followed by a known type, else the first.
  std::size_t type_at = 0;
  for (std::size_t i = 3; i < w.size() && type_at == 0; ++i)
    if (word(i) == "type" && i + 1 < w.size() && type_of(word(i + 1))) type_at = i;
  for (std::size_t i = 3; i < w.size() && type_at == 0; ++i)
    if (word(i) == "type") type_at = i;
  if (type_at == 0) return std::nullopt;

  EngineOption o;
  o.name = std::string(text.substr(w[2].begin, w[type_at - 1].end - w[2].begin));
  std::size_t i = type_at + 1;
  if (i < w.size() && !is_field_keyword(word(i))) {
    if (auto t = type_of(word(i))) o.type = *t;
    ++i;
  }
  while (i < w.size()) {
    const std::string_view key = word(i);
    std::size_t next = i + 1;
    while (next < w.size() && !is_field_keyword(word(next))) ++next;
    if (!is_field_keyword(key)) {  // a stray word before the first field
      i = next;
      continue;
    }
    const std::string value =
        next > i + 1 ? std::string(text.substr(w[i + 1].begin, w[next - 1].end - w[i + 1].begin)) : std::string();
    if (key == "default") {
      o.default_value = value == "<empty>" ? std::string() : value;
    } else if (key == "var") {
      o.vars.push_back(value);
    } else {
      const auto n = parse_int(value);
      auto& bound = key == "min" ? o.min : o.max;
      bound = n ? std::optional<long long>(*n) : std::nullopt;
    }
    i = next;
  }
  return o;
}

std::string option_value_error(const EngineOption& o, const std::string& value) {
  using Type = EngineOption::Type;
  switch (o.type) {
    case Type::Check:
      if (iequals(value, "true") || iequals(value, "false")) return {};
      return "expects true or false";
    case Type::Spin: {
      const auto n = parse_int(value);
      if (n && (!o.min || *n >= *o.min) && (!o.max || *n <= *o.max)) return {};
      std::string why = "expects an integer";
      if (o.min && o.max) {
        why += " from ";
        why += std::to_string(*o.min);
        why += " to ";
        why += std::to_string(*o.max);
      } else if (o.min) {
        why += " of at least ";
        why += std::to_string(*o.min);
      } else if (o.max) {
        why += " of at most ";
        why += std::to_string(*o.max);
      }
      return why;
    }
    case Type::Combo: {
      if (o.vars.empty()) return {};
      for (const auto& v : o.vars)
        if (iequals(v, value)) return {};
      std::string why = "expects one of: ";
      for (std::size_t i = 0; i < o.vars.size(); ++i) {
        if (i > 0) why += ", ";
        why += o.vars[i];
      }
      return why;
    }
    case Type::Button:
      if (value.empty()) return {};
      return "is a button and takes no value";
    case Type::String:
    case Type::Untyped:
      return {};
  }
  return {};
}

std::string option_canonical_value(const EngineOption& o, const std::string& value) {
  if (o.type == EngineOption::Type::Check && (iequals(value, "true") || iequals(value, "false"))) return lower(value);
  if (o.type == EngineOption::Type::Combo) {
    for (const auto& v : o.vars)
      if (v == value) return v;
    for (const auto& v : o.vars)
      if (iequals(v, value)) return v;
  }
  return value;
}

}  // namespace ordo::driver
