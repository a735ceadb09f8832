// The ordo executable: one-shot commands from the command line, or the interactive protocol.
#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "notation.hpp"
#include "output.hpp"
#include "reports.hpp"
#include "search/engine.hpp"
#include "search_text.hpp"
#include "session.hpp"

namespace po = boost::program_options;
using namespace ordo;

namespace {

constexpr int EXIT_USAGE = 2;

int fail(const std::string& message) {
  std::cerr << "ordo: " << message << '\n';
  return EXIT_USAGE;
}

std::optional<int> parse_depth(const std::string& s) {
  if (s.empty() || s.size() > 2) return std::nullopt;
  int d = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    d = d * 10 + (c - '0');
  }
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible("Options");
  visible.add_options()
      ("help,h", "print this help and exit")
      ("variant", po::value<std::string>()->default_value("ordo"), "game variant: ordo (classic) or ordox")
      ("fen", po::value<std::string>(), "position as FEN (default: the start position)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::vector<std::string>>(), "command words");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return fail(std::string(e.what()) + " (see ordo --help)");
  }
  if (vm.count("help")) {
    std::cout << "Usage: ordo [options] [command]\n\n"
                 "Commands:\n"
                 "  (none)     read the UCI/UGI protocol on standard input (see docs/PROTOCOL.md)\n"
                 "  perft N    count the leaves of the move tree to depth N, split by root move\n"
                 "  moves      list the legal moves and the game status\n"
                 "  bench [D]  search the bench positions to depth D (default "
              << protocol::DEFAULT_BENCH_DEPTH
              << "); last line: <nodes> nodes <nps> nps\n\n"
              << visible << '\n';
    return 0;
  }

  const auto variant = parse_variant(vm["variant"].as<std::string>());
  if (!variant) return fail("unknown variant '" + vm["variant"].as<std::string>() + "' (expected ordo or ordox)");
  Position pos = Position::start(*variant);
  std::optional<Position> fen_position;
  if (vm.count("fen")) {
    auto parsed = parse_fen(vm["fen"].as<std::string>(), *variant);
    if (!parsed) return fail(parsed.error());
    pos = *parsed;
    fen_position = pos;
  }

  const auto words = vm.count("command") ? vm["command"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (words.empty()) {
    protocol::Output out(std::cout);
    Engine engine;
    protocol::Session session(out, engine, *variant, fen_position);
    session.run(std::cin);
    return 0;
  }
  if (words[0] == "perft") {
    if (words.size() != 2) return fail("usage: ordo [--variant V] [--fen F] perft N");
    auto depth = parse_depth(words[1]);
    if (!depth) return fail("perft depth '" + words[1] + "' is not a number from 0 to 99");
    print_divide(std::cout, pos, *depth);
    return 0;
  }
  if (words[0] == "moves") {
    if (words.size() != 1) return fail("usage: ordo [--variant V] [--fen F] moves");
    print_moves(std::cout, pos);
    return 0;
  }
  if (words[0] == "bench") {
    if (words.size() > 2) return fail("usage: ordo bench [depth]");
    int depth = protocol::DEFAULT_BENCH_DEPTH;
    if (words.size() == 2) {
      auto d = parse_depth(words[1]);
      if (!d || *d < 1) return fail("bench depth '" + words[1] + "' is not a number from 1 to 99");
      depth = *d;
    }
    Engine engine;
    const auto result = engine.bench(depth, [](const std::string& line) { std::cout << line << std::endl; });
    std::cout << protocol::bench_summary(result) << std::endl;
    return 0;
  }
  return fail("unknown command '" + words[0] + "' (see ordo --help)");
}
