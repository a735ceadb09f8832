#include "openings.hpp"

#include <random>
#include <sstream>

#include "movegen.hpp"
#include "notation.hpp"
#include "regular_file.hpp"
#include "run_files.hpp"
#include "tokenizer.hpp"

namespace ordo::match {

OpeningBook::OpeningBook(Variant v) {
  positions_.push_back(Opening{0, to_fen(Position::start(v))});
  order_.push_back(0);
}

std::optional<OpeningBook> OpeningBook::load(const OpeningConfig& config, Variant v, unsigned long long seed,
                                             std::string* error) {
  std::string read_error;
  auto bytes = files::read_regular_file(config.file, kMaxOpeningsBytes, &read_error);
  if (!bytes) {
    if (error) *error = "-openings: " + read_error;
    return std::nullopt;
  }
  // A byte order mark (an editor's "UTF-8 with BOM") is not part of the first position.
  if (bytes->rfind("\xEF\xBB\xBF", 0) == 0) bytes->erase(0, 3);
  std::istringstream in(std::move(*bytes));
  OpeningBook book;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::string text = line;
    if (config.format == OpeningFormat::Epd) {
      std::istringstream words(line.substr(0, line.find(';')));
      std::vector<std::string> w;
      std::string word;
      while (words >> word) w.push_back(word);
      text.clear();
      if (w.size() >= 2) {
        text = w[0] + " " + w[1];
        if (w.size() >= 4 && protocol::all_digits(w[2]) && protocol::all_digits(w[3])) text += " " + w[2] + " " + w[3];
      }
    }
    auto pos = parse_fen(text, v);
    if (!pos) {
      if (error) *error = config.file + ":" + std::to_string(line_no) + ": " + pos.error();
      return std::nullopt;
    }
    if (game_status(pos.value()).over()) {
      if (error) *error = config.file + ":" + std::to_string(line_no) + ": the position is already decided";
      return std::nullopt;
    }
    book.positions_.push_back(Opening{static_cast<int>(book.positions_.size()) + 1, to_fen(pos.value())});
  }
  if (book.positions_.empty()) {
    if (error) *error = "openings file '" + config.file + "' holds no position";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < book.positions_.size(); ++i) book.order_.push_back(i);
  if (config.order == OpeningOrder::Random) {
    // A fixed generator and a hand-written shuffle, so the order is the same on every platform.
    std::mt19937_64 rng(seed);
    for (std::size_t i = book.order_.size() - 1; i > 0; --i) std::swap(book.order_[i], book.order_[rng() % (i + 1)]);
  }
  book.start_ = static_cast<std::size_t>(config.start - 1) % book.order_.size();
  return book;
}

const Opening& OpeningBook::for_round(long long round) const {
  return positions_[order_[(start_ + static_cast<std::size_t>(round)) % order_.size()]];
}

}  // namespace ordo::match
