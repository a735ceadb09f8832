// The one synchronised writer of standard output. The input loop and the search thread both print
// through it; every call writes whole lines and flushes, so lines never interleave.
#pragma once

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace ordo::protocol {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // One line (the newline is added).
  void line(std::string_view text);
  // `info string <text>`.
  void info(std::string_view text);
  // `info string error: <text>` (one line: embedded newlines become spaces).
  void error(std::string_view text);
  // A block of text that already ends in a newline (a report of several lines), written at once.
  void block(std::string_view text);

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

}  // namespace ordo::protocol
