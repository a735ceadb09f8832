// Fuzz target: the game records reader (records::RecordReader, read_records).
//
// For every input: no crash, sanitizer report or hang; every record the reader accepts is written
// back (write_record) and read again to the same record (tags, moves with their comments, result),
// and writing that one gives the same text. A rejection comes with a message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "game_record.hpp"

using namespace ordo::records;

namespace {

[[noreturn]] void violated(const char* what, const std::string& text) {
  std::fprintf(stderr, "invariant violated: %s\n", what);
  std::fwrite(text.data(), 1, text.size(), stderr);  // all of it: the text may hold NUL bytes
  std::abort();
}

bool same(const GameRecord& a, const GameRecord& b) {
  if (a.tags != b.tags || a.result != b.result || a.moves.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (a.moves[i].token != b.moves[i].token || a.moves[i].comment != b.moves[i].comment) return false;
  return true;
}

// What the writer can represent: a record is re-read the same when its tags, tokens and comments
// are of the form the writer emits. Tag values with a line break, and comments with one, are
// written with spaces instead; tokens with a brace or a dot-number prefix are read differently.
bool writable(const GameRecord& r) {
  for (const auto& [name, value] : r.tags)
    if (value.find_first_of("\r\n") != std::string::npos) return false;
  for (const auto& m : r.moves)
    if (m.comment.find_first_of("}\r\n") != std::string::npos) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 16) return 0;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RecordReader reader(in);
  int records = 0;
  while (!reader.at_end() && records < 1000) {
    GameRecord record;
    std::string error;
    if (!reader.next(record, &error)) {
      if (!reader.at_end() && error.empty()) violated("a rejection without a message", "");
      continue;
    }
    ++records;
    if (!is_result_token(record.result)) violated("a result that is not a result token", record.result);
    if (!writable(record)) continue;
    const std::string text = write_record(record);
    std::istringstream again(text);
    std::vector<std::string> skipped;
    const auto back = read_records(again, &skipped);
    if (back.size() != 1 || !skipped.empty()) violated("a written record does not read back as one record", text);
    if (!same(back[0], record)) violated("a written record reads back as another record", text);
    if (write_record(back[0]) != text) violated("writing a record twice gives two texts", text);
  }
  return 0;
}
