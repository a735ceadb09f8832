// build/ordo-web: the board in the browser. Serves the page on 127.0.0.1 (by default port 8080) and
// relays between the page and the engine processes named on the command line (default: the ordo
// binary next to this one).
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/program_options.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <thread>
#include <unistd.h>

#include "command_line.hpp"
#include "engine_probe.hpp"
#include "host_policy.hpp"
#include "http_server.hpp"
#include "strength_levels.hpp"

namespace po = boost::program_options;
using namespace ordo::web;

#ifndef ORDO_VERSION
#define ORDO_VERSION "0"
#endif

namespace {

std::string default_engine() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "ordo";
  return (self.parent_path() / "ordo").string();
}

// What the machine holds: two boards per core (each board's engine takes a core while it thinks)
// and one per 256 MiB of memory available now (an engine's hash table and the board's queues), 1 to
// 64.
int default_max_sessions() {
  const long cores = std::max(1u, std::thread::hardware_concurrency());
  const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  const long long by_memory = pages > 0 && page > 0 ? (static_cast<long long>(pages) * page) >> 28 : 64;
  return static_cast<int>(std::clamp<long long>(std::min<long long>(2 * cores, by_memory), 1, 64));
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options("ordo-web options");
  options.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("port", po::value<int>()->default_value(8080), "TCP port to serve on (0: any free port, printed at start)")
      ("address", po::value<std::string>()->default_value("127.0.0.1"),
       "address to listen on; anything but a loopback address lets other machines use the engines")
      ("allow-host", po::value<std::vector<std::string>>(),
       "a host name (or address) requests may name in their Host header, beyond localhost, 127.0.0.1, [::1] "
       "and the --address; repeat for more")
      ("engine", po::value<std::vector<std::string>>(),
       "engine command line, e.g. \"build/ordo\" or \"/path/engine --flag\", after \"proto=ugi \" for a UGI "
       "engine; repeat for more engines (default: the ordo binary next to ordo-web)")
      ("max-sessions", po::value<int>()->default_value(default_max_sessions()),
       "boards (WebSocket connections) open at once, 1 to 64 (default: two per core, at most one per 256 MiB "
       "of free memory)")
      ("message-rate", po::value<int>()->default_value(50),
       "messages a board may send a second, 1 to 100000 (four times as many at once)")
      ("engine-queue", po::value<int>()->default_value(256),
       "KiB that may wait for an engine that does not read its input, 1 to 65536; past it the board is closed")
      ("live", po::value<std::string>(),
       "follow a tournament's live file (ordo-match -live FILE) and show it at /live.html");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ordo-web: " << e.what() << "\n" << options << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "usage: ordo-web [--port N] [--address A] [--allow-host NAME]... [--engine \"CMD\"]...\n"
              << options << "\n";
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "ordo-web " << ORDO_VERSION << "\n";
    return 0;
  }
  ServerConfig config;
  const int port = vm["port"].as<int>();
  const int max_sessions = vm["max-sessions"].as<int>();
  if (port < 0 || port > 65535) {
    std::cerr << "ordo-web: --port takes 0 to 65535, not " << port << "\n";
    return 2;
  }
  if (max_sessions < 1 || max_sessions > 64) {
    std::cerr << "ordo-web: --max-sessions takes 1 to 64, not " << max_sessions << "\n";
    return 2;
  }
  config.port = static_cast<unsigned short>(port);
  config.address = vm["address"].as<std::string>();
  config.max_sessions = max_sessions;
  const int rate = vm["message-rate"].as<int>();
  if (rate < 1 || rate > 100000) {
    std::cerr << "ordo-web: --message-rate takes 1 to 100000, not " << rate << "\n";
    return 2;
  }
  config.message_rate = rate;
  config.message_burst = 4.0 * rate;
  const int engine_queue = vm["engine-queue"].as<int>();
  if (engine_queue < 1 || engine_queue > 65536) {
    std::cerr << "ordo-web: --engine-queue takes 1 to 65536 (KiB), not " << engine_queue << "\n";
    return 2;
  }
  config.max_engine_queue = std::size_t(engine_queue) * 1024;
  if (vm.count("allow-host")) {
    for (const std::string& name : vm["allow-host"].as<std::vector<std::string>>()) {
      const auto host = parse_host(name, true);
      if (!host) {
        std::cerr << "ordo-web: --allow-host '" << name << "' is neither a host name nor an IP address\n";
        return 2;
      }
      config.allowed_hosts.push_back(*host);
    }
  }
  if (vm.count("live")) {
    config.live_file = vm["live"].as<std::string>();
    if (config.live_file.empty()) {
      std::cerr << "ordo-web: --live takes a file name\n";
      return 2;
    }
  }
  std::vector<std::string> commands;
  if (vm.count("engine")) commands = vm["engine"].as<std::vector<std::string>>();
  if (commands.empty()) commands.push_back(default_engine());
  for (const std::string& command : commands) {
    std::string error;
    auto engine = parse_engine_line(command, &error);
    if (!engine) {
      std::cerr << "ordo-web: --engine \"" << command << "\": " << error << "\n";
      return 2;
    }
    config.engines.push_back({engine->argv, "", false});
    // Every engine is started and greeted now: a wrong command is one line and exit 1, not a
    // surprise on the page after the first move.
    const EngineProbe probe = probe_engine(config.engines.back(), engine->dialect);
    if (!probe.ok) {
      std::cerr << "ordo-web: --engine \"" << command << "\": " << probe.error << "\n";
      return 1;
    }
    config.listings.push_back({command, probe.name, engine->dialect, engine_levels(probe.options)});
  }

  boost::asio::io_context io;
  WebServer server(io, config);
  std::string error;
  if (!server.listen(&error)) {
    std::cerr << "ordo-web: " << error << "\n";
    return 1;
  }
  if (server.beyond_loopback())
    std::cerr << "ordo-web: warning: listening on " << config.address
              << ", beyond this machine: whoever reaches it can play and start the engines. Requests must name "
                 "localhost, 127.0.0.1, [::1], the address or an --allow-host name as their host"
              << std::endl;
  std::cout << "ordo-web: open http://" << server.url_host() << ":" << server.port()
            << "/ in a browser (Ctrl-C stops)" << std::endl;
  if (!config.live_file.empty())
    std::cout << "ordo-web: the tournament in " << config.live_file << " is shown at http://" << server.url_host()
              << ":" << server.port() << "/live.html" << std::endl;
  // Ends within a second whatever the engines do: they are killed, not waited for.
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io, &server](const boost::system::error_code&, int) {
    server.shut_down();
    io.stop();
  });
  io.run();
  return 0;
}
