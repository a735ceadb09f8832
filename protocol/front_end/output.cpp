#include "output.hpp"

#include <cstdio>

#include "tokenizer.hpp"

namespace ordo::protocol {

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
