// Fuzz target: the protocol line handler. Each input is a script of protocol lines fed one by one
// to protocol::Session::handle, which must neither crash, nor trip a sanitizer, nor hang.
//
// One Session (and Engine) serves the whole run, as in the real program: building a session sizes
// the hash table, which costs ~0.2 s under the sanitizers. Each input starts from the classic start
// position (the variant option and `position startpos` are sent first); other options persist.
//
// Kept thin on purpose: the harness only decides which lines it may send without waiting for a
// long computation, since a fuzz input must finish in milliseconds:
// - lines mentioning `bench` or `perft` are skipped (fixed-size computations, tested elsewhere);
// - `setoption` lines mentioning Hash or Threads are skipped (allocation and thread counts are
//   tested by the protocol and search tests; an input must not allocate gigabytes);
// - a line mentioning `go` (unless it also holds `infinite` or `ponder`) or `ponderhit` is
//   followed by `stop`, so a search never outlives its command by more than the stop latency.
// `quit` ends the input's script (the session itself lives on). Each input ends with `stop` and
// waits until the worker is idle and the search thread has ended, so an `infinite` or `ponder`
// search ends with its input. The output is dropped.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "output.hpp"
#include "session.hpp"
#include "tokenizer.hpp"

using namespace ordo;

namespace {

// The engine and the session over it. Never destroyed: no search thread may outlive static
// destruction.
struct Harness {
  Engine& engine;
  protocol::Session& session;
};
Harness& shared_harness() {
  // The output is dropped: a stream without a buffer discards what it is given.
  static std::ostream* sink = new std::ostream(nullptr);
  static protocol::Output* out = new protocol::Output(*sink);
  static Engine* engine = new Engine;
  static Harness* harness = new Harness{*engine, *new protocol::Session(*out, *engine, Variant::Classic, std::nullopt)};
  return *harness;
}

bool mentions(const std::string& lowered, std::string_view word) { return lowered.find(word) != std::string::npos; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Harness& harness = shared_harness();
  protocol::Session& session = harness.session;
  session.handle("stop");
  session.handle("setoption name UCI_Variant value ordo");
  session.handle("position startpos");
  std::size_t start = 0, lines = 0;
  while (start <= text.size() && lines++ < 64) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string line(text.substr(start, end - start));
    start = end + 1;
    const std::string l = protocol::lower(line);
    if (mentions(l, "bench") || mentions(l, "perft")) continue;
    if (mentions(l, "setoption") && (mentions(l, "hash") || mentions(l, "threads"))) continue;
    if (const auto words = protocol::split_words(line); !words.empty() && words[0] == "quit") break;
    session.handle(line);
    if ((mentions(l, "go") && !mentions(l, "infinite") && !mentions(l, "ponder")) || mentions(l, "ponderhit"))
      session.handle("stop");
  }
  session.handle("stop");  // an infinite or ponder search of this input ends here
  session.drain();         // the next input starts from an idle engine
  // The search thread prints its bestmove before it ends: join it, so that the leak check after
  // this input never meets it halfway through its exit (its thread-local tables being freed).
  harness.engine.wait();
  return 0;
}
