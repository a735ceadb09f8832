#include "game_record.hpp"

#include <cctype>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <unordered_set>

#include "outcome.hpp"
#include "regular_file.hpp"
#include "tokenizer.hpp"

namespace ordo::records {

std::string today_tag_date() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

namespace {

std::string escape_tag_value(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n' || c == '\r') c = ' ';
    out.push_back(c);
  }
  return out;
}

// "[Name "value"]" -> name, value. False when the line is not a well-formed tag pair.
bool parse_tag_line(const std::string& line, std::string& name, std::string& value) {
  std::size_t i = 0;
  auto skip_space = [&] {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  };
  skip_space();
  if (i >= line.size() || line[i] != '[') return false;
  ++i;
  skip_space();
  const std::size_t name_start = i;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == name_start) return false;
  name = line.substr(name_start, i - name_start);
  skip_space();
  if (i >= line.size() || line[i] != '"') return false;
  ++i;
  value.clear();
  for (;; ++i) {
    if (i >= line.size()) return false;
    if (line[i] == '\\' && i + 1 < line.size()) {
      value.push_back(line[++i]);
      continue;
    }
    if (line[i] == '"') break;
    value.push_back(line[i]);
  }
  ++i;
  skip_space();
  if (i >= line.size() || line[i] != ']') return false;
  ++i;
  skip_space();
  return i == line.size();
}

bool is_blank(const std::string& line) {
  for (char c : line)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

bool is_tag_start(const std::string& line) {
  for (char c : line) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    return c == '[';
  }
  return false;
}

// "12." or "12..." (a move number indication).
bool is_move_number(const std::string& word) {
  std::size_t i = 0;
  while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
  if (i == 0 || i == word.size()) return false;
  const std::string dots = word.substr(i);
  return dots == "." || dots == "...";
}

// Side to move ('w'/'b') and fullmove number of a FEN, defaults when absent or unreadable (a
// fullmove outside 1 to 999999 reads as 1).
void fen_counters(const std::optional<std::string>& fen, bool& white_to_move, long& fullmove) {
  white_to_move = true;
  fullmove = 1;
  if (!fen) return;
  const std::vector<std::string> fields = protocol::split_words(*fen);
  if (fields.size() >= 2) white_to_move = fields[1] != "b";
  if (fields.size() >= 4) {
    const auto n = protocol::parse_int(fields[3]);
    fullmove = n && *n > 1 && *n < 1000000 ? static_cast<long>(*n) : 1;
  }
}

}  // namespace

std::optional<long long> number_tag(const GameRecord& record, const std::string& name) {
  const auto text = record.tag(name);
  if (!text) return std::nullopt;
  const auto v = protocol::parse_count(*text, 18);
  if (!v) return std::nullopt;
  return static_cast<long long>(*v);
}

std::optional<std::string> GameRecord::tag(const std::string& name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return std::nullopt;
}

void GameRecord::set_tag(const std::string& name, const std::string& value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = value;
      return;
    }
  tags.emplace_back(name, value);
}

std::string printable_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = byte(i);
    if (c == '\\') {
      out += "\\\\";
      ++i;
      continue;
    }
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    // A valid UTF-8 sequence of two or more bytes is kept, except the C1 controls (U+0080-U+009F,
    // encoded C2 80-9F); the ASCII controls are escaped.
    std::size_t n = c < 0x80 ? 0 : protocol::utf8_length(text, i);
    if (n == 2 && c == 0xC2 && byte(i + 1) < 0xA0) n = 0;
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
    out += buf;
    ++i;
  }
  return out;
}

bool is_result_token(const std::string& text) {
  return game::parse_result_token(text).has_value();
}

std::string write_record(const GameRecord& record) {
  std::string out;
  for (const auto& [name, value] : record.tags) out += "[" + name + " \"" + escape_tag_value(value) + "\"]\n";
  out += "\n";

  bool white = true;
  long number = 1;
  fen_counters(record.tag("FEN"), white, number);

  std::string line;
  auto emit = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
  };
  bool first = true;
  for (const auto& move : record.moves) {
    if (white) emit(std::to_string(number) + ".");
    else if (first) emit(std::to_string(number) + "...");
    emit(move.token);
    if (!move.comment.empty()) {
      std::string text = move.comment;
      for (char& c : text)
        if (c == '}' || c == '\n' || c == '\r') c = ' ';
      emit("{" + text + "}");
    }
    if (!white) ++number;
    white = !white;
    first = false;
  }
  emit(is_result_token(record.result) ? record.result : "*");
  out += line + "\n\n";
  return out;
}

bool RecordReader::get_line(std::string& line) {
  if (pending_) {
    line = std::move(*pending_);
    pending_.reset();
    return true;
  }
  if (!std::getline(in_, line)) return false;
  ++line_no_;
  consumed_ += line.size() + (in_.eof() ? 0 : 1);  // the newline, unless the input ended without one
  // A byte order mark (an editor's "UTF-8 with BOM") is not part of the first line.
  if (line_no_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

bool RecordReader::next(GameRecord& out, std::string* error) {
  out = GameRecord{};
  auto fail = [&](const std::string& what) {
    if (error) *error = "line " + std::to_string(line_no_) + ": " + what;
    // Skip to the next tag section so reading can go on.
    std::string line;
    while (get_line(line)) {
      if (is_tag_start(line)) {
        pending_ = line;
        return false;
      }
    }
    end_ = true;
    return false;
  };

  std::string line;
  // Blank lines and lines starting with '%' (PGN escape) or ';' between records are skipped.
  for (;;) {
    if (!get_line(line)) {
      end_ = true;
      if (error) error->clear();
      return false;
    }
    if (is_blank(line) || line[0] == '%' || line[0] == ';') continue;
    break;
  }
  if (!is_tag_start(line)) return fail("expected a tag pair, found '" + line.substr(0, 40) + "'");
  std::unordered_set<std::string> names;  // a hash set: linear in the number of tags
  for (;;) {
    std::string name, value;
    if (!parse_tag_line(line, name, value)) return fail("malformed tag pair '" + line.substr(0, 60) + "'");
    if (!names.insert(name).second) {
      // A writer cut off in the tags, then the next record written right after: the repeated tag
      // starts that record.
      pending_ = line;
      return fail("record cut off in its tags (tag '" + name + "' again: the next record starts here)");
    }
    out.tags.emplace_back(name, value);
    if (!get_line(line)) return fail("record ends after its tags");
    if (is_blank(line)) break;
    if (!is_tag_start(line)) break;  // movetext right after the tags (tolerated)
  }

  // Movetext: words and {comments} until a result token.
  std::string word;
  bool in_comment = false;
  std::string comment;
  bool have_line = !is_blank(line);
  bool after_blank = false;  // the line before this one was blank
  for (;;) {
    if (!have_line) {
      if (!get_line(line)) return fail(in_comment ? "comment not closed" : "record has no result (cut off?)");
      // A tag line starts the next record, inside a comment only after a blank line (a writer cut
      // off in a comment, then the next record written after a line break).
      std::string name, value;
      if (is_tag_start(line) && (!in_comment || (after_blank && parse_tag_line(line, name, value)))) {
        pending_ = line;
        return fail(in_comment ? "comment not closed before the next record (cut off?)"
                               : "record has no result before the next record");
      }
    }
    have_line = false;
    after_blank = is_blank(line);
    for (std::size_t i = 0; i <= line.size(); ++i) {
      const char c = i < line.size() ? line[i] : '\n';
      if (in_comment) {
        if (c == '}') {
          in_comment = false;
          if (out.moves.empty()) return fail("comment before the first move");
          if (!out.moves.back().comment.empty()) out.moves.back().comment += ' ';
          out.moves.back().comment += comment;
          comment.clear();
        } else {
          comment.push_back(c == '\n' ? ' ' : c);
        }
        continue;
      }
      if (c == '{' || std::isspace(static_cast<unsigned char>(c))) {
        if (!word.empty() && !is_move_number(word)) {
          // "12.c2d2c3": a number glued to the move (or to the result, "40.1-0").
          const auto dot = word.find_last_of('.');
          if (dot != std::string::npos && is_move_number(word.substr(0, dot + 1))) word = word.substr(dot + 1);
          if (is_result_token(word)) {
            out.result = word;
            // The rest of the line must be empty.
            if (!is_blank(line.substr(std::min(i, line.size()))))
              return fail("text after the result '" + word + "'");
            record_end_ = consumed_;
            return true;
          }
          // A word starting with '[' is no move: written back it could start a line and read as a tag.
          if (!word.empty() && word[0] == '[') {
            std::string what = "'";  // appended piece by piece: GCC 12 warns falsely on "literal" + std::string&&
            what += word.substr(0, 40);
            what += "' in the movetext is not a move";
            return fail(what);
          }
          if (!word.empty()) out.moves.push_back(RecordedMove{word, {}});
        }
        word.clear();
        if (c == '{') {
          in_comment = true;
          comment.clear();
        }
        continue;
      }
      word.push_back(c);
    }
  }
}

std::vector<GameRecord> read_records(std::istream& in, std::vector<std::string>* skipped) {
  std::vector<GameRecord> records;
  RecordReader reader(in);
  for (;;) {
    GameRecord rec;
    std::string err;
    if (reader.next(rec, &err)) {
      records.push_back(std::move(rec));
      continue;
    }
    if (!err.empty() && skipped) skipped->push_back(err);
    if (reader.at_end()) break;
  }
  return records;
}

std::optional<std::vector<GameRecord>> read_record_file(const std::string& path, std::string* error,
                                                        std::vector<std::string>* skipped, std::size_t max_bytes) {
  std::string read_error;
  auto bytes = files::read_regular_file(path, max_bytes, &read_error);
  if (!bytes) {
    if (error) *error = read_error;
    return std::nullopt;
  }
  std::istringstream in(std::move(*bytes));
  std::vector<std::string> errors;
  std::vector<GameRecord> records = read_records(in, skipped ? &errors : nullptr);
  for (const std::string& err : errors) skipped->push_back(path + ": " + err);
  return records;
}

}  // namespace ordo::records
