#include <doctest/doctest.h>

#include <string>

#include "fake_transport.hpp"
#include "json_text.hpp"

namespace ordo::web::testing {

// Strict JSON: one value, valid UTF-8 (nlohmann-json's parser, which refuses invalid sequences).
bool is_json(const std::string& text) { return Json::accept(text); }

namespace {

std::string quoted(const std::string& text) { return json_text(Json(text)); }

}  // namespace

TEST_SUITE("web") {
  TEST_CASE("messages escape quotes, backslashes and control characters") {
    CHECK(quoted("a\"b\\c") == R"("a\"b\\c")");
    CHECK(quoted("line\nnext\ttab\r") == R"("line\nnext\ttab\r")");
    CHECK(quoted(std::string("nul\0x", 5)) == R"("nul\u0000x")");
    CHECK(quoted("\x1f") == R"("\u001f")");
  }

  TEST_CASE("messages keep valid UTF-8 and write each invalid sequence as U+FFFD") {
    CHECK(quoted("○ ■ é") == "\"○ ■ é\"");
    CHECK(quoted("\xff") == "\"\xEF\xBF\xBD\"");
    CHECK(quoted("a\xC3") == "\"a\xEF\xBF\xBD\"");  // a cut sequence
    for (const std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "x\x80y", "\xE2\x82"}) {
      const std::string text = quoted(bad);
      CHECK(is_json(text));
      CHECK(text.find("\xEF\xBF\xBD") != std::string::npos);
      CHECK(Json::parse(text).get<std::string>().find_first_of("\xC0\xED\xF4\x80") == std::string::npos);
    }
  }

  TEST_CASE("a message is one compact line with its members in the order they were set") {
    Json m = {{"type", "state"}, {"a", 1}};
    m["b"] = {"x", true, nullptr};
    m["c"] = Json::object();
    m["d"] = std::int64_t(-5);
    CHECK(json_text(m) == R"({"type":"state","a":1,"b":["x",true,null],"c":{},"d":-5})");
  }

  TEST_CASE("the JSON check refuses malformed text and invalid UTF-8") {
    CHECK(is_json(R"({"a":[1,2,{"b":null}]})"));
    CHECK_FALSE(is_json(R"({"a":1,})"));
    CHECK_FALSE(is_json("{\"a\":\"x\ny\"}"));
    CHECK_FALSE(is_json(R"(["a" "b"])"));
    CHECK_FALSE(is_json(""));
    CHECK_FALSE(is_json("\"\xff\""));
  }
}

}  // namespace ordo::web::testing
