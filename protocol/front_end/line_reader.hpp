// Reading protocol input one line at a time with a bound on the memory a line may take.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace ordo::protocol {

struct LineRead {
  enum Kind { Line, TooLong, End } kind = End;
  std::size_t bytes = 0;  // the line's length without its newline (for TooLong, all of it)
};

// Reads the next line into `line` (without the '\n'; a last line without one counts). A line
// longer than `limit` bytes is read to its end and dropped as it is read, so it never takes more
// than `limit` plus one chunk of memory; `line` is then empty. End: nothing left to read.
LineRead read_line(std::istream& in, std::string& line, std::size_t limit);

}  // namespace ordo::protocol
