// The one synchronised writer of standard output. The input reader, the engine worker and the
// search thread all print through it; every call writes whole lines and flushes, so lines never
// interleave.
#pragma once

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace ordo::protocol {

// Text that came from input, made safe for one output line: control bytes and bytes that are not
// valid UTF-8 become \xNN, and anything past `max_bytes` is cut and marked with "…".
std::string printable(std::string_view text, std::size_t max_bytes = 300);

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // One line (the newline is added).
  void line(std::string_view text);
  // `info string <text>`.
  void info(std::string_view text);
  // `info string error: <text>`, made printable() and kept to one line.
  void error(std::string_view text);
  static std::string error_line(std::string_view text);  // the same line, with its newline
  // A block of text that already ends in a newline (a report of several lines), written at once.
  void block(std::string_view text);
  // Whether every write so far has succeeded.
  bool ok();

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

}  // namespace ordo::protocol
