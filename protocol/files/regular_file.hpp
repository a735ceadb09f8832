// Reading a file that a user or another program names (a network, an opening book, game records,
// the runner's live document): the one way the programs open such a file.
//
// Contract: only a regular file is read. The file is opened without blocking, so a FIFO, a device
// or a socket named by the user, or swapped in after any earlier check, is refused at once instead
// of waited on; what is read is the file that was checked (fstat on the open descriptor). With
// Links::Refuse a symbolic link as the last component of the path is refused too (O_NOFOLLOW): the
// choice of a reader whose bytes leave the machine (the board's live view). A file longer than the
// cap is refused with its size, never read in part.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace ordo::files {

enum class Links { Follow, Refuse };

// The whole content of PATH, or nullopt with *error set to one line naming the path and the cause
// ("'x': not a regular file (a FIFO)", "'x': 300000000 bytes, more than the 268435456 allowed", ...).
std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes,
                                             std::string* error, Links links = Links::Follow);

// Opens PATH for reading under the same contract and returns its descriptor (blocking mode restored,
// close-on-exec), for a reader that streams; -1 with *error set. The caller closes it.
int open_regular_file(const std::string& path, std::string* error, Links links = Links::Follow);

}  // namespace ordo::files
