#include "output.hpp"

namespace ordo::protocol {

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

void Output::error(std::string_view text) {
  std::string s = "info string error: ";
  for (char c : text) s += (c == '\n' || c == '\r') ? ' ' : c;
  line(s);
}

void Output::block(std::string_view text) {
  std::lock_guard lock(mutex_);
  out_ << text;
  out_.flush();
}

}  // namespace ordo::protocol
