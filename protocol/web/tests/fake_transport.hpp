// Test doubles: a line transport that records what the relay sends and lets a test speak for the
// engine, and a minimal JSON well-formedness check for the server's messages.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine_relay.hpp"
#include "web_session.hpp"

namespace ordo::web::testing {

// Whether a message holds `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct FakeEngine {
  std::vector<std::string> sent;  // lines the relay wrote
  bool started = false, closed = false, fail_start = false;
  TransportEvents events;
  void say(const std::string& line) { events.line(line); }
  std::string last() const { return sent.empty() ? "" : sent.back(); }
  bool sent_line(const std::string& line) const {
    for (const auto& s : sent)
      if (s == line) return true;
    return false;
  }
};

class FakeTransport : public LineTransport {
 public:
  explicit FakeTransport(FakeEngine& e) : e_(e) {}
  bool start(std::string* error) override {
    if (e_.fail_start) {
      *error = "no such program";
      return false;
    }
    e_.started = true;
    return true;
  }
  bool send(const std::string& line) override {
    if (e_.closed) return false;
    e_.sent.push_back(line);
    return true;
  }
  void close() override { e_.closed = true; }

 private:
  FakeEngine& e_;
};

// True when `text` is one well-formed JSON value with valid UTF-8 strings (RFC 8259).
bool is_json(const std::string& text);

}  // namespace ordo::web::testing
