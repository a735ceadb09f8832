// Splitting protocol lines into words and reading numbers out of them: the front end's names for
// the project's one set of text primitives (defined once, in driver/text.hpp).
#pragma once

#include "driver/text.hpp"

namespace ordo::protocol {

using driver::iequals;
using driver::join_words;
using driver::lower;
using driver::parse_int;
using driver::split_words;

}  // namespace ordo::protocol
