// A small JSON writer for the messages the server sends to the page. Builds one compact JSON text;
// the caller opens and closes objects and arrays in order (checked by assertions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::web {

// A JSON string literal (with quotes) for any bytes: control characters, quotes and backslashes are
// escaped, and bytes that are not valid UTF-8 are replaced by U+FFFD, so the output is always valid.
std::string json_quote(std::string_view text);

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // A member name inside an object; the value follows.
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(std::int64_t(number)); }
  JsonWriter& value(bool flag);
  JsonWriter& null();
  // Shorthands for key(name).value(v).
  template <class T>
  JsonWriter& field(std::string_view name, const T& v) { return key(name).value(v); }

  const std::string& text() const { return out_; }

 private:
  void separate();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace ordo::web
