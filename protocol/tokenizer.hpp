// Splitting protocol lines into words and reading numbers out of them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::protocol {

// The words of one input line. Spaces, tabs, CR (of CRLF line ends) and other ASCII whitespace all
// separate words; runs of them count as one separator.
std::vector<std::string> split_words(std::string_view line);

// The words [from, to) joined by single spaces.
std::string join_words(const std::vector<std::string>& words, std::size_t from, std::size_t to);

// ASCII lower case, for case-insensitive names.
std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);

// A decimal integer with an optional sign. Values beyond the 64-bit range, or any other character,
// give nullopt.
std::optional<std::int64_t> parse_int(std::string_view s);

}  // namespace ordo::protocol
