// A variant as a value of rules (RULES.md sections 3-5): what the two games do differently, named
// by the rule, so that code asks the rule and not which game it is. One row per Variant, in the
// enum's order; a new variant is a new row, and the code that asks these questions follows.
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <string_view>

#include "types.hpp"

namespace ordo {

struct VariantRules {
  Variant variant;
  std::string_view name;   // the protocol's UCI_Variant value, the records' Variant tag
  std::string_view title;  // for people
  // A turn is a forward part, or a sideways part that owes a forward part (Ordo X); otherwise
  // every part, in any of its directions, is a whole turn (classic).
  bool sideways_owes_forward;
  // A capture that splits the enemy removes all but its largest group (a tie: the capturer
  // chooses, '=' in the notation) (Ordo X); otherwise the enemy may be left split, and its next
  // part must reconnect it, backward if need be (classic).
  bool capture_keeps_largest_group;
};

inline constexpr std::array<VariantRules, 2> VARIANTS{{
    {Variant::Classic, "ordo", "Ordo", false, false},
    {Variant::OrdoX, "ordox", "Ordo X", true, true},
}};

constexpr int variant_index(Variant v) { return static_cast<int>(v); }
constexpr const VariantRules& variant_row(Variant v) { return VARIANTS[static_cast<std::size_t>(v)]; }

// The variants that have a rule, as a bit mask made at compile time.
constexpr unsigned variants_with(bool VariantRules::*rule) {
  unsigned mask = 0;
  for (const VariantRules& r : VARIANTS)
    if (r.*rule) mask |= 1u << variant_index(r.variant);
  return mask;
}

// The rules of one variant as the move generators and the search ask them: each question is a bit
// test on a constant, never a load from the table (the generators ask millions of times a second).
class RulesOf {
 public:
  constexpr explicit RulesOf(Variant v) : v_(v) {}
  constexpr bool sideways_owes_forward() const { return has(variants_with(&VariantRules::sideways_owes_forward)); }
  constexpr bool capture_keeps_largest_group() const {
    return has(variants_with(&VariantRules::capture_keeps_largest_group));
  }
  constexpr std::string_view name() const { return variant_row(v_).name; }
  constexpr std::string_view title() const { return variant_row(v_).title; }

 private:
  constexpr bool has(unsigned mask) const {
    if (mask == 0) return false;
    // A rule of one variant (all of today's): one compare, as cheap as naming the variant.
    if (std::has_single_bit(mask)) return variant_index(v_) == std::countr_zero(mask);
    return (mask >> variant_index(v_)) & 1u;
  }
  Variant v_;
};
constexpr RulesOf rules_of(Variant v) { return RulesOf(v); }

// The variant at a row of VARIANTS (a network file's variant byte), if there is one.
constexpr std::optional<Variant> variant_at(int index) {
  if (index < 0 || index >= int(VARIANTS.size())) return std::nullopt;
  return VARIANTS[static_cast<std::size_t>(index)].variant;
}

static_assert([] {
  for (std::size_t i = 0; i < VARIANTS.size(); ++i)
    if (variant_index(VARIANTS[i].variant) != int(i)) return false;
  return true;
}(), "VARIANTS lists the variants in the enum's order");

}  // namespace ordo
