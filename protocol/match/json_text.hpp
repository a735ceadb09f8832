// How the match runner writes JSON (-json, -live, the self-test): documents built with
// nlohmann-json, members in the order they are set. Texts of any bytes (an engine's name, a
// detail from its output) come out as valid UTF-8: an invalid sequence is written U+FFFD.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace ordo::match {

using Json = nlohmann::ordered_json;

// A measured figure: rounded to four decimals, never -0, null when not finite.
Json json_figure(double v);
// The document as text, indented by `indent` spaces (-1: one line), ending in a newline.
std::string json_text(const Json& document, int indent = 2);

}  // namespace ordo::match
