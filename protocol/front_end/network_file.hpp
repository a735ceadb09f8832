// The EvalFile option's work: reading the network file a user names and handing its bytes to the
// engine (the search itself reads no files). The file is read as every named file is
// (files::read_regular_file: a regular file only, opened without blocking, so a FIFO swapped in
// for the path is refused at once instead of waited on; capped in size). Symbolic links are
// followed: a user's own network may well be a link into a folder of networks.
#pragma once

#include <cstddef>
#include <string>

#include "search/engine.hpp"

namespace ordo::protocol {

// A network file is 49,636 bytes; a larger file up to this size is read and refused with its
// real size by the parser, one past it by the reader without reading it.
inline constexpr std::size_t MAX_NETWORK_FILE_BYTES = std::size_t(64) << 20;
// How much of a path a message shows (made printable, then cut): the cause after it is never cut.
inline constexpr std::size_t SHOWN_PATH_BYTES = 160;

// Loads the network file at `path` into `engine`. Returns "" and sets `loaded` to the line to
// report ("<variant> network loaded from '<path>'"), or returns the one-line error
// ("network '<path>': <cause>"); the path is shown printable (control bytes and invalid UTF-8
// escaped) and cut to SHOWN_PATH_BYTES in both.
std::string load_network_file(Engine& engine, const std::string& path, std::string& loaded);

}  // namespace ordo::protocol
