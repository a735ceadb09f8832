// The protocol's text primitives (protocol/text/tokenizer.hpp).
#include <doctest/doctest.h>

#include <string>

#include "tokenizer.hpp"

using ordo::protocol::all_digits;
using ordo::protocol::parse_count;
using ordo::protocol::parse_int;
using ordo::protocol::utf8_length;

namespace {

// The well-formed UTF-8 byte sequences of the Unicode standard (Table 3-7), written as byte
// ranges: the reference the decoding utf8_length is compared with.
std::size_t table_length(const std::string& s, std::size_t i) {
  const auto b = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0x100u; };
  const auto in = [&](std::size_t k, unsigned lo, unsigned hi) { return b(k) >= lo && b(k) <= hi; };
  const unsigned c = b(i);
  if (c <= 0x7F) return 1;
  if (c >= 0xC2 && c <= 0xDF) return in(i + 1, 0x80, 0xBF) ? 2 : 0;
  if (c == 0xE0) return in(i + 1, 0xA0, 0xBF) && in(i + 2, 0x80, 0xBF) ? 3 : 0;
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return in(i + 1, 0x80, 0xBF) && in(i + 2, 0x80, 0xBF) ? 3 : 0;
  if (c == 0xED) return in(i + 1, 0x80, 0x9F) && in(i + 2, 0x80, 0xBF) ? 3 : 0;
  const auto tail = [&] { return in(i + 2, 0x80, 0xBF) && in(i + 3, 0x80, 0xBF); };
  if (c == 0xF0) return in(i + 1, 0x90, 0xBF) && tail() ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return in(i + 1, 0x80, 0xBF) && tail() ? 4 : 0;
  if (c == 0xF4) return in(i + 1, 0x80, 0x8F) && tail() ? 4 : 0;
  return 0;
}

}  // namespace

TEST_SUITE("tokenizer") {
  TEST_CASE("parse_int takes a sign and parse_count only digits and at most its number of them") {
    CHECK(parse_int("+7") == 7);
    CHECK(parse_int("-3") == -3);
    CHECK_FALSE(parse_int(" 7"));
    CHECK_FALSE(parse_int("9223372036854775808"));

    CHECK(all_digits("0"));
    CHECK(all_digits("0123456789012345678901234"));
    for (const char* text : {"", "+7", "-3", " 7", "7 ", "7a", "1.5", "\xd9\xa3"}) {
      CAPTURE(text);
      CHECK_FALSE(all_digits(text));
      CHECK_FALSE(parse_count(text));
    }
    CHECK(parse_count("0") == 0u);
    CHECK(parse_count("007") == 7u);
    CHECK(parse_count("99", 2) == 99u);
    CHECK_FALSE(parse_count("100", 2));
    CHECK(parse_count("18446744073709551615") == std::nullopt);  // 20 digits
    CHECK(parse_count("9999999999999999999") == 9999999999999999999u);
    CHECK(parse_count("9999999999999999999", 40) == 9999999999999999999u);  // never more than 19
  }

  TEST_CASE("utf8_length: named cases") {
    CHECK(utf8_length("a", 0) == 1);
    CHECK(utf8_length("\x01", 0) == 1);
    CHECK(utf8_length("\xc3\xa9", 0) == 2);          // é
    CHECK(utf8_length("\xe2\x82\xac", 0) == 3);      // €
    CHECK(utf8_length("\xf0\x9f\x98\x80", 0) == 4);  // U+1F600
    CHECK(utf8_length("\xff", 0) == 0);
    CHECK(utf8_length("\x80", 0) == 0);              // a continuation byte alone
    CHECK(utf8_length("\xc0\x80", 0) == 0);          // overlong NUL
    CHECK(utf8_length("\xed\xa0\x80", 0) == 0);      // a surrogate
    CHECK(utf8_length("\xf4\x90\x80\x80", 0) == 0);  // above U+10FFFF
    CHECK(utf8_length("\xe2\x82", 0) == 0);          // cut off
    CHECK(utf8_length("x\xc3\xa9", 1) == 2);
  }

  TEST_CASE("utf8_length equals the standard's table on every sequence of up to three bytes and four-byte leads") {
    long long checked = 0, differ = 0;
    std::string s;
    for (unsigned a = 0; a < 256; ++a) {
      s.assign(1, char(a));
      differ += utf8_length(s, 0) != table_length(s, 0), ++checked;
      for (unsigned b = 0; b < 256; ++b) {
        s.assign({char(a), char(b)});
        differ += utf8_length(s, 0) != table_length(s, 0), ++checked;
        if (a < 0xC0) continue;  // a sequence of three starts with a lead byte
        for (unsigned c = 0; c < 256; ++c) {
          s.assign({char(a), char(b), char(c)});
          differ += utf8_length(s, 0) != table_length(s, 0), ++checked;
          if (a >= 0xF0) {
            for (unsigned d : {0x00u, 0x7Fu, 0x80u, 0xBFu, 0xC0u, 0xFFu}) {
              s.assign({char(a), char(b), char(c), char(d)});
              differ += utf8_length(s, 0) != table_length(s, 0), ++checked;
            }
          }
        }
      }
    }
    CHECK(checked > 4000000);
    CHECK(differ == 0);
  }
}
