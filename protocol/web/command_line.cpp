#include "command_line.hpp"

namespace ordo::web {

std::optional<std::vector<std::string>> split_command(std::string_view command, std::string* error) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else if (c == '\'' || c == '"') {
      in_word = true;
      const std::size_t open = i;
      for (++i; i < command.size() && command[i] != c; ++i) {
        if (c == '"' && command[i] == '\\' && i + 1 < command.size() && (command[i + 1] == '"' || command[i + 1] == '\\'))
          ++i;
        word += command[i];
      }
      if (i >= command.size()) {
        *error = "unterminated quote at column " + std::to_string(open + 1);
        return std::nullopt;
      }
    } else if (c == '\\') {
      if (i + 1 >= command.size()) {
        *error = "a backslash ends the command";
        return std::nullopt;
      }
      word += command[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  if (words.empty()) {
    *error = "empty command";
    return std::nullopt;
  }
  return words;
}

std::optional<EngineLine> parse_engine_line(std::string_view text, std::string* error) {
  auto words = split_command(text, error);
  if (!words) return std::nullopt;
  EngineLine line;
  std::size_t i = 0;
  for (; i < words->size() && (*words)[i].rfind("proto=", 0) == 0; ++i) {
    const std::string value = (*words)[i].substr(6);
    if (!protocol::parse_dialect(value, line.dialect)) {
      *error = "proto must be uci or ugi, not '" + value + "'";
      return std::nullopt;
    }
  }
  if (i == words->size()) {
    *error = "no command after " + (*words)[i - 1];
    return std::nullopt;
  }
  line.argv.assign(words->begin() + std::ptrdiff_t(i), words->end());
  return line;
}

}  // namespace ordo::web
