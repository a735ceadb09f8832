#include "command_line.hpp"

namespace ordo::web {

std::optional<EngineLine> parse_engine_line(std::string_view text, std::string* error) {
  auto words = driver::split_command(text, error);
  if (!words) return std::nullopt;
  if (words->empty()) {
    *error = "empty command";
    return std::nullopt;
  }
  EngineLine line;
  std::size_t i = 0;
  for (; i < words->size() && (*words)[i].rfind("proto=", 0) == 0; ++i) {
    if (!driver::parse_proto((*words)[i].substr(6), line.dialect, error)) return std::nullopt;
  }
  if (i == words->size()) {
    *error = "no command after " + (*words)[i - 1];
    return std::nullopt;
  }
  line.argv.assign(words->begin() + std::ptrdiff_t(i), words->end());
  return line;
}

}  // namespace ordo::web
