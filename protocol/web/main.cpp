// build/ordo-web: the board in the browser. Serves the page on 127.0.0.1 (by default port 8080) and
// relays between the page and the engine processes named on the command line (default: the ordo
// binary next to this one).
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "command_line.hpp"
#include "http_server.hpp"

namespace po = boost::program_options;
using namespace ordo::web;

namespace {

std::string default_engine() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "ordo";
  return (self.parent_path() / "ordo").string();
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options("ordo-web options");
  options.add_options()
      ("help,h", "print this help and exit")
      ("port", po::value<int>()->default_value(8080), "TCP port to serve on (0: any free port, printed at start)")
      ("address", po::value<std::string>()->default_value("127.0.0.1"),
       "address to listen on; anything but a loopback address lets other machines use the engines")
      ("engine", po::value<std::vector<std::string>>(),
       "engine command line, e.g. \"build/ordo\" or \"/path/engine --flag\"; repeat for more engines "
       "(default: the ordo binary next to ordo-web)")
      ("max-sessions", po::value<int>()->default_value(4), "boards (WebSocket connections) open at once, 1 to 64");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ordo-web: " << e.what() << "\n" << options << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "usage: ordo-web [--port N] [--address A] [--engine \"CMD\"]...\n" << options << "\n";
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
  std::vector<std::string> commands;
  if (vm.count("engine")) commands = vm["engine"].as<std::vector<std::string>>();
  if (commands.empty()) commands.push_back(default_engine());
  for (const std::string& command : commands) {
    std::string error;
    auto argv_words = split_command(command, &error);
    if (!argv_words) {
      std::cerr << "ordo-web: --engine \"" << command << "\": " << error << "\n";
      return 2;
    }
    config.engines.push_back({*argv_words, "", false});
    config.specs.push_back({command});
  }

  boost::asio::io_context io;
  WebServer server(io, config);
  std::string error;
  if (!server.listen(&error)) {
    std::cerr << "ordo-web: " << error << "\n";
    return 1;
  }
  std::cout << "ordo-web: open http://" << (config.address == "0.0.0.0" ? "127.0.0.1" : config.address) << ":"
            << server.port() << "/ in a browser (Ctrl-C stops)" << std::endl;
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io, &server](const boost::system::error_code&, int) {
    server.shut_down();
    io.stop();
  });
  io.run();
  return 0;
}
