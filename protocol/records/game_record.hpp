// Game records in the Ordo record format (docs/GAME_RECORDS.md): PGN-style tag pairs, then the
// movetext of canonical turn tokens with optional {comments}, then the result. Reading and writing
// only; game_replay.hpp checks a record against the rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ordo::records {

// The tags every record written by the project carries, in this order (the "seven tag roster"
// of PGN plus the Ordo ones).
inline constexpr const char* kStandardTags[] = {"Event", "Site",   "Date",        "Round",       "White",
                                                "Black", "Result", "Variant",     "FEN",         "SetUp",
                                                "Termination", "TimeControl", "PlyCount"};

// The tag naming the player of each side, indexed by the side (ordo::Color: White 0, Black 1).
inline constexpr const char* kPlayerTags[2] = {"White", "Black"};

struct RecordedMove {
  std::string token;    // one complete turn, e.g. "c2d2c3" or "c3b3,b3b5"
  std::string comment;  // text between { } after the move, without the braces; may be empty
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<RecordedMove> moves;
  std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"

  // The tag's value, or nullopt when absent.
  std::optional<std::string> tag(const std::string& name) const;
  // Replaces the value of an existing tag, else appends the tag.
  void set_tag(const std::string& name, const std::string& value);
};

// Text from an engine made safe for a one-line tag value and a terminal: printable ASCII and valid
// UTF-8 (but no C1 control character) are kept, a backslash is doubled, and every other byte (a
// NUL, a control character, a byte that is not valid UTF-8) is written as \xNN.
std::string printable_text(std::string_view text);

// True for the four result tokens (game::parse_result_token reads them).
bool is_result_token(const std::string& text);

// Today's date in UTC as a Date tag value ("YYYY.MM.DD").
std::string today_tag_date();

// The record as text: tag lines, a blank line, movetext wrapped at about 80 columns ending with
// the result, and a blank line. Move numbers follow the FEN's side to move and fullmove counter
// when the FEN tag is present (Black to move starts with "N...").
std::string write_record(const GameRecord& record);

// Reads records one at a time from a stream holding any number of them.
class RecordReader {
 public:
  explicit RecordReader(std::istream& in) : in_(in) {}
  // The next record; false at the end of the input or on a malformed record, when *error holds a
  // one-line message with the line number (the reader then skips to the next tag section, so a
  // caller may go on reading). A record cut off (no result token) is an error: it is what an
  // interrupted writer leaves, at the end of the file or followed by the record written after it.
  // A record is taken as cut off, and the next one as starting, at a tag line in the movetext; at a
  // tag line that follows a blank line inside a {comment}; and at a tag that repeats one of the
  // record's tags. A UTF-8 byte order mark at the start of the input is skipped.
  bool next(GameRecord& out, std::string* error);
  bool at_end() const { return end_; }
  int line_number() const { return line_no_; }
  // The byte offset just past the result line of the last record read successfully (0 before
  // any): where the readable part of a file ends, when nothing readable follows.
  std::uint64_t record_end() const { return record_end_; }

 private:
  bool get_line(std::string& line);
  std::istream& in_;
  std::optional<std::string> pending_;  // a line read ahead
  int line_no_ = 0;
  bool end_ = false;
  std::uint64_t consumed_ = 0;  // bytes taken from the stream
  std::uint64_t record_end_ = 0;
};

// Every record of a stream. Malformed records are skipped and each is described in *skipped
// (if given).
std::vector<GameRecord> read_records(std::istream& in, std::vector<std::string>* skipped = nullptr);

// The cap on a records file read whole (-resume, -replay, -merge): 1 GiB.
inline constexpr std::size_t kMaxRecordFileBytes = std::size_t{1} << 30;

// Every record of a file; nullopt with *error (one line naming the path and the cause) when it
// cannot be read: it is not a regular file (a FIFO or device is refused at once, never waited
// on), cannot be opened, or is longer than max_bytes (ordo::files::read_regular_file). Malformed
// records are skipped and each is described in *skipped (if given), after the file's path.
std::optional<std::vector<GameRecord>> read_record_file(const std::string& path, std::string* error,
                                                        std::vector<std::string>* skipped = nullptr,
                                                        std::size_t max_bytes = kMaxRecordFileBytes);

// A tag holding a count or an index as the runner writes it (GameNumber, Pair, Round, Opening,
// PlyCount): decimal digits only, no sign, no space, within 64 bits. nullopt when the tag is
// absent or is anything else ("12abc", "-3", " 7", "+7").
std::optional<long long> number_tag(const GameRecord& record, const std::string& name);

}  // namespace ordo::records
