#include "output.hpp"

#include <cstdio>

namespace ordo::protocol {

namespace {

// The length of the valid UTF-8 sequence at s[i] (1 to 4), or 0 if none starts there.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = byte(i);
  std::size_t n = 0;
  unsigned min = 0, cp = 0;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) n = 2, cp = c & 0x1F, min = 0x80;
  else if ((c & 0xF0) == 0xE0) n = 3, cp = c & 0x0F, min = 0x800;
  else if ((c & 0xF8) == 0xF0) n = 4, cp = c & 0x07, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;  // overlong, surrogate
  return n;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::size_t n = utf8_length(text, i);
    std::string piece;
    if (n == 0 || c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      piece = buf;
      n = 1;
    } else {
      piece.assign(text.substr(i, n));
    }
    if (out.size() + piece.size() > max_bytes) {
      out += "…";
      break;
    }
    out += piece;
    i += n;
  }
  return out;
}

void Output::line(std::string_view text) {
  std::lock_guard lock(mutex_);
  out_ << text << '\n';
  out_.flush();
}

void Output::info(std::string_view text) {
  std::string s = "info string ";
  s += text;
  line(s);
}

std::string Output::error_line(std::string_view text) { return "info string error: " + printable(text) + "\n"; }

void Output::error(std::string_view text) { block(error_line(text)); }

void Output::block(std::string_view text) {
  std::lock_guard lock(mutex_);
  out_ << text;
  out_.flush();
}

bool Output::ok() {
  std::lock_guard lock(mutex_);
  return bool(out_);
}

}  // namespace ordo::protocol
