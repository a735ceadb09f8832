// The protocol text every program shares: the two dialects (UCI and UGI), splitting lines into
// words, ASCII case folding for option names and keywords, and decimal integers. Header only, so the
// engine's front end (through tokenizer.hpp), the match runner and the web board use the same
// definitions without linking the driver library.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::driver {

// UCI, or UGI (the generic-game dialect: "ugi"/"ugiok", "uginewgame", p1time/p2time for
// wtime/btime, mate scores in plies, no ponder field in bestmove).
enum class Dialect { Uci, Ugi };

// "uci" or "ugi"; false for anything else.
inline bool parse_dialect(std::string_view text, Dialect& out) {
  if (text == "uci") {
    out = Dialect::Uci;
    return true;
  }
  if (text == "ugi") {
    out = Dialect::Ugi;
    return true;
  }
  return false;
}

inline const char* dialect_name(Dialect d) { return d == Dialect::Uci ? "uci" : "ugi"; }

// ASCII lower case (other bytes unchanged), for case-insensitive names.
inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

inline bool iequals(std::string_view a, std::string_view b) { return a.size() == b.size() && lower(a) == lower(b); }

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// The words of one line. Spaces, tabs, CR (of CRLF line ends) and other ASCII whitespace all
// separate words; runs of them count as one separator.
inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i) words.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

// The words [from, to) joined by single spaces.
inline std::string join_words(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < words.size(); ++i) {
    if (i > from) out += ' ';
    out += words[i];
  }
  return out;
}

// A decimal integer with an optional sign. Values beyond the 64-bit range, or any other character,
// give nullopt.
inline std::optional<std::int64_t> parse_int(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace ordo::driver
