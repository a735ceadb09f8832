// Command-line perft of the naive generator, for scripts/perft_suite --naive:
//   naive_perft ordo|ordox "<FEN>" DEPTH
// prints `Nodes searched: N` (the engine's closing line) and exits 0; exits 2 on bad arguments.
#include <cstdio>
#include <string>

#include "naive_ordo.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: naive_perft ordo|ordox \"<FEN>\" DEPTH\n");
    return 2;
  }
  const std::string variant = argv[1];
  if (variant != "ordo" && variant != "ordox") {
    std::fprintf(stderr, "naive_perft: unknown variant '%s'\n", argv[1]);
    return 2;
  }
  const auto board = naive::parse_fen(argv[2]);
  if (!board) {
    std::fprintf(stderr, "naive_perft: the naive parser rejects '%s'\n", argv[2]);
    return 2;
  }
  const std::string depth_text = argv[3];
  if (depth_text.empty() || depth_text.size() > 2 || depth_text.find_first_not_of("0123456789") != std::string::npos) {
    std::fprintf(stderr, "naive_perft: depth '%s' is not a number from 0 to 99\n", argv[3]);
    return 2;
  }
  const auto nodes = naive::perft(*board, variant == "ordo" ? naive::Variant::Classic : naive::Variant::OrdoX, std::stoi(depth_text));
  std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(nodes));
  return 0;
}
