#include "tunables.hpp"

#include <charconv>

#include "notation.hpp"

namespace ordo::protocol {

namespace {

// The shortest decimal that reads back as the same double (12, 0.002).
std::string shortest(double x) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

}  // namespace

std::string tunable_option_name(Variant v, std::string_view parameter) {
  return std::string(variant_name(v)) + "." + std::string(parameter);
}

std::string tunables_report(const Engine& engine, std::span<const Variant> variants) {
  std::string s;
  for (const Variant v : variants)
    for (const Engine::TunableValue& t : engine.tunables(v))
      s += tunable_option_name(v, t.name) + "," + std::to_string(t.value) + "," + std::to_string(t.min) + "," +
           std::to_string(t.max) + "," + shortest(t.c_end) + "," + shortest(t.r_end) + "\n";
  return s;
}

}  // namespace ordo::protocol
