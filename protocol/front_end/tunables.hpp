// The search's tunable parameters in the protocol: their option names and the `tunables` report,
// one line per parameter in fishtest's SPSA format (docs/PROTOCOL.md, "Tunable search parameters").
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "search/engine.hpp"

namespace ordo::protocol {

// The option that sets a variant's parameter: "<variant>.<parameter>", e.g. ordox.rfp_margin.
std::string tunable_option_name(Variant v, std::string_view parameter);

// `<option name>,<value>,<min>,<max>,<c_end>,<r_end>` per parameter of each variant, in the
// engine's order, with the current values; each line ends in a newline.
std::string tunables_report(const Engine& engine, std::span<const Variant> variants);

}  // namespace ordo::protocol
