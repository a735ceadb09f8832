// How the project's programs write JSON (the runner's -json, -live and self-test documents, the web
// board's messages): documents built with nlohmann-json, members in the order they are set. Texts
// of any bytes (an engine's name, a line from its output) come out as valid UTF-8: an invalid
// sequence is written U+FFFD. Header only, like the text primitives, so each client uses it
// without linking the front end (each links nlohmann-json itself).
#pragma once

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

namespace ordo {

using Json = nlohmann::ordered_json;

// A measured figure: rounded to four decimals, never -0, null when not finite.
inline Json json_figure(double v) {
  if (!std::isfinite(v)) return nullptr;
  v = std::round(v * 1e4) / 1e4;
  if (v == 0) v = 0;  // no -0
  return v;
}

// The document as text: one line without spaces (indent -1, the default), or indented by `indent`
// spaces and ending in a newline.
inline std::string json_text(const Json& document, int indent = -1) {
  std::string text = document.dump(indent, ' ', false, Json::error_handler_t::replace);
  if (indent >= 0) text += '\n';
  return text;
}

}  // namespace ordo
