#include "engine_command.hpp"

namespace ordo::driver {

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
  return words;
}

bool parse_proto(std::string_view value, protocol::Dialect& dialect, std::string* error) {
  if (protocol::parse_dialect(value, dialect)) return true;
  *error = "proto must be uci or ugi, not '" + std::string(value) + "'";
  return false;
}

}  // namespace ordo::driver
