#include "json_text.hpp"

#include <cmath>

namespace ordo::match {

Json json_figure(double v) {
  if (!std::isfinite(v)) return nullptr;
  v = std::round(v * 1e4) / 1e4;
  if (v == 0) v = 0;  // no -0
  return v;
}

std::string json_text(const Json& document, int indent) {
  return document.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace ordo::match
