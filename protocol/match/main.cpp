// ordo-match: tournaments between Ordo engines, refereed in-process by the rules core.
#include <csignal>
#include <iostream>

#include "match_config.hpp"
#include "record_tools.hpp"
#include "selftest.hpp"
#include "tournament.hpp"

namespace {
extern "C" void on_signal(int) { ordo::match::g_interrupted = true; }
}  // namespace

int main(int argc, char** argv) {
  using namespace ordo::match;
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string error;
  const auto inv = parse_command_line(args, &error);
  if (!inv) {
    std::cerr << "ordo-match: " << error << "\n(ordo-match -help lists the options)\n";
    return kExitUsage;
  }
  switch (inv->mode) {
    case Mode::Help:
      std::cout << usage_text();
      return kExitOk;
    case Mode::Version:
      std::cout << "ordo-match " << ORDO_VERSION << "\n";
      return kExitOk;
    case Mode::Replay:
      return run_replay(inv->files);
    case Mode::Merge:
      return run_merge(inv->files, inv->config);
    case Mode::Play:
    case Mode::SelfTest:
      break;
  }
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGHUP, &sa, nullptr);
  return inv->mode == Mode::SelfTest ? run_selftest(inv->config) : run_tournament(inv->config);
}
