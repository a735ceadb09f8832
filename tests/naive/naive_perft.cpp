// Command-line perft of the naive generator, for scripts/perft_suite and scripts/naive_confirm:
//   naive_perft ordo|ordox "<FEN>" DEPTH [--after TOKEN]
// prints `Nodes searched: N` (the engine's closing line) and exits 0; exits 2 on bad arguments.
// With --after, the count is of the position after TOKEN, a turn the naive generator itself
// finds legal in FEN (so a root turn's subtree can be counted on its own).
#include <cstdio>
#include <stdexcept>
#include <string>

#include "naive_ordo.hpp"

int main(int argc, char** argv) {
  const bool after = argc == 6 && std::string(argv[4]) == "--after";
  if (argc != 4 && !after) {
    std::fprintf(stderr, "usage: naive_perft ordo|ordox \"<FEN>\" DEPTH [--after TOKEN]\n");
    return 2;
  }
  const std::string variant = argv[1];
  if (variant != "ordo" && variant != "ordox") {
    std::fprintf(stderr, "naive_perft: unknown variant '%s'\n", argv[1]);
    return 2;
  }
  const naive::Variant v = variant == "ordo" ? naive::Variant::Classic : naive::Variant::OrdoX;
  auto board = naive::parse_fen(argv[2]);
  if (!board) {
    std::fprintf(stderr, "naive_perft: the naive parser rejects '%s'\n", argv[2]);
    return 2;
  }
  const std::string depth_text = argv[3];
  if (depth_text.empty() || depth_text.size() > 2 || depth_text.find_first_not_of("0123456789") != std::string::npos) {
    std::fprintf(stderr, "naive_perft: depth '%s' is not a number from 0 to 99\n", argv[3]);
    return 2;
  }
  if (after) {
    try {
      board = naive::apply(*board, v, argv[5]);
    } catch (const std::invalid_argument&) {
      std::fprintf(stderr, "naive_perft: '%s' is not a legal turn of the naive generator here\n", argv[5]);
      return 2;
    }
  }
  const auto nodes = naive::perft(*board, v, std::stoi(depth_text));
  std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(nodes));
  return 0;
}
