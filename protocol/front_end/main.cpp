// The ordo executable: one-shot commands from the command line, or the interactive protocol.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <csignal>
#include <memory>
#include <iostream>
#include <string>
#include <vector>

#include "notation.hpp"
#include "output.hpp"
#include "perft_stream.hpp"
#include "reports.hpp"
#include "search/engine.hpp"
#include "search_text.hpp"
#include "session.hpp"
#include "tokenizer.hpp"

#ifndef ORDO_VERSION
#define ORDO_VERSION "0"
#endif

namespace po = boost::program_options;
using namespace ordo;

namespace {

constexpr int EXIT_USAGE = 2;
constexpr int EXIT_WRITE_FAILED = 1;

int fail(const std::string& message) {
  std::cerr << "ordo: " << protocol::printable(message) << '\n';
  return EXIT_USAGE;
}

// The exit status of a one-shot command: output that could not be written is a failure.
int finish_output() {
  std::cout.flush();
  if (std::cout) return 0;
  std::cerr << "ordo: could not write the output\n";
  return EXIT_WRITE_FAILED;
}

// "perft -1" would otherwise reach the option parser as an unknown option "-1".
std::optional<std::string> negative_perft_depth(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string a = argv[i], b = argv[i + 1];
    if ((a == "perft" || a == "bench") && b.size() > 1 && b[0] == '-' && protocol::all_digits(std::string_view(b).substr(1)))
      return a + " depth " + b + " is negative (expected a number from " + (a == "perft" ? "0" : "1") + " to 99)";
  }
  return std::nullopt;
}

// A perft or bench depth: one or two digits (0 to 99).
std::optional<int> parse_depth(const std::string& s) {
  const auto d = protocol::parse_count(s, 2);
  if (!d) return std::nullopt;
  return static_cast<int>(*d);
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible("Options");
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("variant", po::value<std::string>()->default_value("ordo"), "game variant: ordo (classic) or ordox")
      ("fen", po::value<std::string>(), "position as FEN (default: the start position)")
      ("threads", po::value<int>()->default_value(1), "perft: counting threads (at most the hardware threads)")
      ("hash", po::value<int>()->default_value(0), "perft: MB of perft hash (0: none, the default)")
      ("tune", "protocol: uci/ugi also announce the tunable search parameters (for tuners and match runners)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::vector<std::string>>(), "command words");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", -1);

  if (auto problem = negative_perft_depth(argc, argv)) return fail(*problem);
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
                 "             (--threads T counting threads, --hash MB a perft hash)\n"
                 "  moves      list the legal moves and the game status\n"
                 "  bench [D]  search the bench positions to depth D (default "
              << protocol::DEFAULT_BENCH_DEPTH
              << "); last line: <nodes> nodes <nps> nps\n\n"
              << visible << '\n';
    return finish_output();
  }

  if (vm.count("version")) {
    std::cout << "ordo " << ORDO_VERSION << '\n';
    return finish_output();
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
  if ((words.empty() || words[0] != "perft") && (!vm["threads"].defaulted() || !vm["hash"].defaulted()))
    return fail("--threads and --hash apply to perft only (the protocol has the options Threads, Hash and PerftHash)");
  if (!words.empty() && vm.count("tune")) return fail("--tune applies to the protocol only (no command word)");
  if (words.empty()) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed output is seen as a failed write, not a crash
    protocol::Output out(std::cout);
    Engine engine;
    {
      protocol::Session session(out, engine, *variant, fen_position, vm.count("tune") > 0);
      session.run(std::cin, isatty(STDIN_FILENO) == 1);
    }
    return out.ok() ? 0 : EXIT_WRITE_FAILED;
  }
  if (words[0] == "perft") {
    if (words.size() != 2) return fail("usage: ordo [--variant V] [--fen F] perft N");
    auto depth = parse_depth(words[1]);
    if (!depth) return fail("perft depth '" + words[1] + "' is not a number from 0 to 99");
    const int threads = vm["threads"].as<int>(), hash_mb = vm["hash"].as<int>();
    if (threads < Engine::THREADS.min || threads > Engine::THREADS.max)
      return fail("--threads " + std::to_string(threads) + " is not a number from 1 to 256");
    if (hash_mb < 0 || hash_mb > Engine::HASH_MB.max)
      return fail("--hash " + std::to_string(hash_mb) + " is not a number from 0 to " + std::to_string(Engine::HASH_MB.max));
    std::unique_ptr<PerftHash> hash;
    if (hash_mb > 0 && !(hash = PerftHash::create(std::size_t(hash_mb))))
      return fail("--hash " + std::to_string(hash_mb) + ": the perft hash could not be allocated");
    // Each root move's count is printed (and flushed) as soon as it and those before it are known.
    stream_divide(pos, *depth, [](const std::string& l) { std::cout << l << std::endl; }, [] { return !std::cout; },
                  PerftSettings{std::min(threads, Engine::max_threads()), hash.get()});
    return finish_output();
  }
  if (words[0] == "moves") {
    if (words.size() != 1) return fail("usage: ordo [--variant V] [--fen F] moves");
    print_moves(std::cout, pos);
    return finish_output();
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
    return finish_output();
  }
  return fail("unknown command '" + words[0] + "' (see ordo --help)");
}
