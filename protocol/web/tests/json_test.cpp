#include <doctest/doctest.h>

#include <cctype>

#include "fake_transport.hpp"
#include "json_writer.hpp"

namespace ordo::web::testing {

namespace {

struct JsonChecker {
  const std::string& s;
  std::size_t i = 0;
  int depth = 0;
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
  }
  bool lit(const char* w) {
    const std::string word(w);
    if (s.compare(i, word.size(), word) != 0) return false;
    i += word.size();
    return true;
  }
  bool string() {
    if (i >= s.size() || s[i] != '"') return false;
    for (++i; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c == '"') {
        ++i;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        if (++i >= s.size()) return false;
        const char e = s[i];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k)
            if (++i >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool number() {
    const std::size_t start = i;
    if (i < s.size() && s[i] == '-') ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    return i > start && std::isdigit(static_cast<unsigned char>(s[i - 1]));
  }
  bool value() {
    if (++depth > 64) return false;
    ws();
    bool ok = false;
    if (i >= s.size()) return false;
    if (s[i] == '{') {
      ++i;
      ws();
      if (i < s.size() && s[i] == '}') {
        ++i;
        ok = true;
      } else {
        while (true) {
          ws();
          if (!string()) return false;
          ws();
          if (i >= s.size() || s[i++] != ':') return false;
          if (!value()) return false;
          ws();
          if (i < s.size() && s[i] == ',') { ++i; continue; }
          if (i < s.size() && s[i] == '}') { ++i; ok = true; }
          break;
        }
      }
    } else if (s[i] == '[') {
      ++i;
      ws();
      if (i < s.size() && s[i] == ']') {
        ++i;
        ok = true;
      } else {
        while (true) {
          if (!value()) return false;
          ws();
          if (i < s.size() && s[i] == ',') { ++i; continue; }
          if (i < s.size() && s[i] == ']') { ++i; ok = true; }
          break;
        }
      }
    } else if (s[i] == '"') {
      ok = string();
    } else if (s[i] == 't') {
      ok = lit("true");
    } else if (s[i] == 'f') {
      ok = lit("false");
    } else if (s[i] == 'n') {
      ok = lit("null");
    } else {
      ok = number();
    }
    --depth;
    return ok;
  }
};

}  // namespace

bool is_json(const std::string& text) {
  JsonChecker c{text};
  if (!c.value()) return false;
  c.ws();
  return c.i == text.size();
}

TEST_SUITE("web") {
  TEST_CASE("json_quote escapes quotes, backslashes and control characters") {
    CHECK(json_quote("a\"b\\c") == R"("a\"b\\c")");
    CHECK(json_quote("line\nnext\ttab\r") == R"("line\nnext\ttab\r")");
    CHECK(json_quote(std::string("nul\0x", 5)) == R"("nul\u0000x")");
    CHECK(json_quote("\x1f\x7f") == R"("\u001f\u007f")");
  }

  TEST_CASE("json_quote keeps valid UTF-8 and replaces invalid bytes") {
    CHECK(json_quote("○ ■ é") == "\"○ ■ é\"");
    CHECK(json_quote("\xff") == "\"\xEF\xBF\xBD\"");
    CHECK(json_quote("a\xC3") == "\"a\xEF\xBF\xBD\"");             // cut sequence
    CHECK(json_quote("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");  // overlong
    CHECK(json_quote("\xED\xA0\x80").find("\xED") == std::string::npos);  // surrogate
  }

  TEST_CASE("JsonWriter nests objects and arrays with commas in the right places") {
    JsonWriter w;
    w.begin_object().field("a", 1).key("b").begin_array().value("x").value(true).null().end_array();
    w.key("c").begin_object().end_object().field("d", std::int64_t(-5)).end_object();
    CHECK(w.text() == R"({"a":1,"b":["x",true,null],"c":{},"d":-5})");
    CHECK(is_json(w.text()));
  }

  TEST_CASE("the test's JSON checker rejects malformed text") {
    CHECK(is_json(R"({"a":[1,2,{"b":null}]})"));
    CHECK_FALSE(is_json(R"({"a":1,})"));
    CHECK_FALSE(is_json("{\"a\":\"x\ny\"}"));
    CHECK_FALSE(is_json(R"(["a" "b"])"));
    CHECK_FALSE(is_json(""));
  }
}

}  // namespace ordo::web::testing
