// The protocol's text primitives, one definition for the whole project (the front end, the engine
// client, the match runner and the web board): splitting lines into words, ASCII case folding for
// names and keywords, decimal integers, UTF-8 sequences. Header only, so the clients use them without linking the
// front end.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::protocol {

// ASCII lower case (other bytes unchanged), for case-insensitive names.
inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

inline bool iequals(std::string_view a, std::string_view b) { return a.size() == b.size() && lower(a) == lower(b); }

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// Calls on_word(begin, end) for each word of one line, in order. Spaces, tabs, CR (of CRLF line
// ends) and other ASCII whitespace all separate words; runs of them count as one separator.
template <class OnWord>
inline void for_each_word(std::string_view line, OnWord&& on_word) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i) on_word(i, j);
    i = j;
  }
}

// The words of one line (as for_each_word finds them).
inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  for_each_word(line, [&](std::size_t begin, std::size_t end) {
    words.emplace_back(line.substr(begin, end - begin));
  });
  return words;
}

// Where each word of `line` (as split_words splits it) ends: one past its last byte.
inline std::vector<std::size_t> word_ends(std::string_view line) {
  std::vector<std::size_t> ends;
  for_each_word(line, [&](std::size_t, std::size_t end) { ends.push_back(end); });
  return ends;
}

// The rest of `line` after the byte `from`, exactly as sent: the separators right after `from`
// and a line end (LF, CR of CRLF) are dropped, nothing else (inner runs of spaces and tabs stay).
inline std::string rest_of_line(std::string_view line, std::size_t from) {
  while (from < line.size() && (line[from] == ' ' || line[from] == '\t')) ++from;
  std::string_view rest = from < line.size() ? line.substr(from) : std::string_view();
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.remove_suffix(1);
  return std::string(rest);
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

// Decimal digits only, at least one: no sign, no space, no other character.
inline bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// A count, an index or a depth as the command lines, records and headers write it: all_digits and
// at most max_digits (at most 19) of them, so it always fits. nullopt for anything else ("", "+7",
// "-3", " 7", "7a", too many digits).
inline std::optional<std::uint64_t> parse_count(std::string_view s, std::size_t max_digits = 19) {
  if (!all_digits(s) || s.size() > max_digits || s.size() > 19) return std::nullopt;
  std::uint64_t v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

// The length (1 to 4) of the valid UTF-8 sequence starting at s[i], or 0 when none starts there:
// a stray continuation byte, a cut-off sequence, an overlong form, a surrogate (U+D800-U+DFFF) or
// a code point above U+10FFFF. ASCII bytes, control characters included, are sequences of 1.
inline std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned cp = 0, min = 0;
  if ((c & 0xE0) == 0xC0) n = 2, cp = c & 0x1F, min = 0x80;
  else if ((c & 0xF0) == 0xE0) n = 3, cp = c & 0x0F, min = 0x800;
  else if ((c & 0xF8) == 0xF0) n = 4, cp = c & 0x07, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace ordo::protocol
