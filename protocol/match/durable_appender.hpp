// The runner's records file: each game is appended and pushed to the disk at once (a killed runner
// or a reboot loses at most the game being written), and a file whose last record an interrupted
// writer cut off is repaired before anything is appended: the cut part is moved to FILE.cut, so
// the next record starts cleanly after the last complete one.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace ordo::match {

struct CutRecord {
  std::uint64_t offset = 0;  // where the file now ends: just past its last complete record
  std::uint64_t bytes = 0;   // how many bytes were moved to the .cut file
  std::string cut_path;      // FILE.cut
};

// When the text after the last complete record of the file (as game_record.hpp's reader finds it)
// starts with a tag line, appends that text to FILE.cut and truncates the file to end after that
// record. Returns what was cut, or nullopt when nothing was (no such file, not a regular file,
// nothing after the last record, or text there that is not a record: that is left alone). *error
// (one line) is set when the file could not be read or repaired; nothing is cut then.
std::optional<CutRecord> cut_partial_record(const std::string& path, std::string* error);

class DurableAppender {
 public:
  DurableAppender() = default;
  DurableAppender(const DurableAppender&) = delete;
  DurableAppender& operator=(const DurableAppender&) = delete;
  ~DurableAppender();

  // Opens the file for appending, creating it if needed, after cut_partial_record; the file is then
  // made to end with a blank line, so the next record starts a section of its own. false with
  // *error (one line) when it cannot be opened or repaired. *note (if given) gets a one-line warning
  // when a cut-off record was moved aside, else is cleared.
  bool open(const std::string& path, std::string* error, std::string* note = nullptr);
  // Writes the text, flushes it and syncs the file; false on any failure. True without an open file.
  bool append(const std::string& text);
  explicit operator bool() const { return file_ != nullptr; }
  // The file's length in bytes after the last successful append (0 before open).
  std::uint64_t size() const { return size_; }

 private:
  std::FILE* file_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace ordo::match
