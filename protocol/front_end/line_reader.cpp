#include "line_reader.hpp"

namespace ordo::protocol {

LineRead read_line(std::istream& in, std::string& line, std::size_t limit) {
  line.clear();
  std::size_t total = 0;
  bool over = false;
  char chunk[1 << 16];
  for (;;) {
    in.getline(chunk, sizeof chunk);
    const std::size_t got = std::size_t(in.gcount());
    const bool ended = !in.fail();  // the newline was read (and counted in gcount)
    const std::size_t text = ended ? got - 1 : got;
    total += text;
    if (!over && total > limit) {
      over = true;
      line.clear();
      line.shrink_to_fit();
    }
    if (!over) line.append(chunk, text);
    if (ended) break;
    if (in.eof() || in.bad()) {
      if (total == 0) return {LineRead::End, 0};
      in.clear(in.rdstate() & ~std::ios::failbit);  // a last line without a newline
      break;
    }
    in.clear();  // the chunk was full: the line goes on
  }
  return {over ? LineRead::TooLong : LineRead::Line, total};
}

}  // namespace ordo::protocol
