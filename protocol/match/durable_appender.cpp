#include "durable_appender.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

#include "game_record.hpp"

namespace ordo::match {

namespace {

bool write_synced(std::FILE* f, const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size()) return false;
  if (std::fflush(f) != 0) return false;
  return ::fsync(fileno(f)) == 0;
}

// The line breaks that make a file of `size` bytes ending in `last_two` end with a blank line.
std::string missing_breaks(long size, const char last_two[2]) {
  if (size <= 0) return "";
  if (last_two[1] != '\n') return "\n\n";
  if (size >= 2 && last_two[0] != '\n') return "\n";
  return "";
}

}  // namespace

std::optional<CutRecord> cut_partial_record(const std::string& path, std::string* error) {
  if (error) error->clear();
  // Only a regular file is read back (the runner refuses any other -pgnout at start).
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::uint64_t end = 0;
  {
    records::RecordReader reader(in);
    while (!reader.at_end()) {
      records::GameRecord record;
      std::string ignored;
      reader.next(record, &ignored);
    }
    end = reader.record_end();
  }
  in.clear();
  in.seekg(static_cast<std::streamoff>(end));
  // The text after the last record's blank space is cut when it is a tag line (a record begun).
  int c = 0;
  while ((c = in.get()) != EOF && std::isspace(c)) {
  }
  if (c != '[') return std::nullopt;
  std::string tail(1, '[');
  tail.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) {
    if (error) *error = "cannot read '" + path + "'";
    return std::nullopt;
  }

  CutRecord cut;
  cut.offset = end;
  cut.bytes = tail.size();
  cut.cut_path = path + ".cut";
  std::FILE* aside = std::fopen(cut.cut_path.c_str(), "ab");
  bool saved = aside != nullptr;
  if (aside) {
    saved = write_synced(aside, tail + (tail.back() == '\n' ? "\n" : "\n\n"));
    saved = std::fclose(aside) == 0 && saved;
  }
  if (!saved) {
    if (error) *error = "cannot write the cut-off end of '" + path + "' to '" + cut.cut_path + "'";
    return std::nullopt;
  }
  if (::truncate(path.c_str(), static_cast<off_t>(end)) != 0) {
    if (error) *error = "cannot cut the unfinished record off '" + path + "': " + std::strerror(errno);
    return std::nullopt;
  }
  return cut;
}

DurableAppender::~DurableAppender() {
  if (file_) std::fclose(file_);
}

bool DurableAppender::open(const std::string& path, std::string* error, std::string* note) {
  if (note) note->clear();
  std::string cut_error;
  const auto cut = cut_partial_record(path, &cut_error);
  if (!cut_error.empty()) {
    if (error) *error = cut_error;
    return false;
  }
  if (cut && note)
    *note = path + " ended in a record cut off by an interrupted writer: its " + std::to_string(cut->bytes) +
            " bytes were moved to " + cut->cut_path;

  long size = 0;
  char last_two[2] = {'\n', '\n'};
  struct stat st {};
  const bool regular = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  if (std::FILE* old = regular ? std::fopen(path.c_str(), "rb") : nullptr) {
    if (std::fseek(old, 0, SEEK_END) == 0) size = std::ftell(old);
    if (size >= 2 && std::fseek(old, -2, SEEK_END) == 0) {
      last_two[0] = static_cast<char>(std::fgetc(old));
      last_two[1] = static_cast<char>(std::fgetc(old));
    } else if (size == 1 && std::fseek(old, -1, SEEK_END) == 0) {
      last_two[1] = static_cast<char>(std::fgetc(old));
    }
    std::fclose(old);
  }
  file_ = std::fopen(path.c_str(), "a");
  if (!file_) {
    if (error) *error = "cannot open '" + path + "' for appending";
    return false;
  }
  size_ = static_cast<std::uint64_t>(size);
  if (!append(missing_breaks(size, last_two))) {
    if (error) *error = "cannot write to '" + path + "'";
    return false;
  }
  return true;
}

bool DurableAppender::append(const std::string& text) {
  if (!file_) return true;
  if (text.empty()) return true;
  if (!write_synced(file_, text)) return false;
  size_ += text.size();
  return true;
}

}  // namespace ordo::match
