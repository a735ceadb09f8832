#include "handshake.hpp"

namespace ordo::driver {

bool parse_dialect(const std::string& text, Dialect& out) {
  if (text == "uci") {
    out = Dialect::Uci;
    return true;
  }
  if (text == "ugi") {
    out = Dialect::Ugi;
    return true;
  }
  return false;
}

const char* dialect_name(Dialect d) { return d == Dialect::Uci ? "uci" : "ugi"; }

std::string option_line_name(const std::string& line) {
  const std::string head = "option name ";
  if (line.rfind(head, 0) != 0) return {};
  const auto type = line.find(" type ", head.size());
  if (type == std::string::npos) return {};
  return line.substr(head.size(), type - head.size());
}

bool greet(EngineProcess& engine, Dialect dialect, std::chrono::milliseconds timeout, EngineIdentity* identity,
           std::string* error) {
  const std::string hello = dialect_name(dialect);
  const std::string ok = hello + "ok";
  if (!engine.send(hello)) {
    if (error) *error = "cannot write to the engine";
    return false;
  }
  auto on_line = [&](const std::string& line) {
    if (!identity) return;
    if (line.rfind("id name ", 0) == 0) identity->name = line.substr(8);
    else if (line.rfind("id author ", 0) == 0) identity->author = line.substr(10);
    else if (auto name = option_line_name(line); !name.empty()) identity->options.push_back(name);
  };
  if (!engine.read_until([&](const std::string& line) { return line == ok; }, timeout, on_line)) {
    if (error) *error = "no '" + ok + "' from the engine";
    return false;
  }
  return true;
}

bool sync_ready(EngineProcess& engine, std::chrono::milliseconds timeout, std::string* error) {
  if (!engine.send("isready")) {
    if (error) *error = "cannot write to the engine";
    return false;
  }
  if (!engine.read_until([](const std::string& line) { return line == "readyok"; }, timeout)) {
    if (error) *error = "no 'readyok' from the engine";
    return false;
  }
  return true;
}

bool set_option(EngineProcess& engine, const std::string& name, const std::string& value) {
  return engine.send(value.empty() ? "setoption name " + name : "setoption name " + name + " value " + value);
}

}  // namespace ordo::driver
