// Fuzz target: the match runner's command line (ordo::match::parse_command_line).
//
// The input is split into argv words at NUL bytes (a word may hold any other byte). Every argv
// either parses into an invocation whose configuration satisfies the parser's invariants (every
// number in its documented range, at least two engines with a cmd and a limit, distinct names) or
// is refused with one non-empty line; it never throws out, aborts, or allocates without bound (the
// schedule of what it accepts is built, which must stay small whatever -rounds and -games say).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "match_config.hpp"
#include "schedule.hpp"

using namespace ordo::match;

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "invariant violated: %s %s\n", what, detail.c_str());
  std::abort();
}

void require(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) violated(what, detail);
}

void check_config(const MatchConfig& c) {
  require(c.rounds >= 1 && c.rounds <= 10000000, "-rounds", std::to_string(c.rounds));
  require(c.games >= 1 && c.games <= 1000, "-games", std::to_string(c.games));
  require(c.concurrency >= 1 && c.concurrency <= 256, "-concurrency");
  require(c.openings.start >= 1, "-openings start");
  require(c.maxmoves >= 0 && c.maxmoves <= 1000000, "-maxmoves");
  require(c.shard_count >= 1 && c.shard_count <= 1000000 && c.shard_index >= 1 && c.shard_index <= c.shard_count,
          "-shard");
  require(c.rating_interval >= 0 && c.rating_interval <= 100000000, "-ratinginterval");
  require(c.stall_s == -1 || (c.stall_s >= 0 && c.stall_s <= 86400), "-stall");
  if (c.sprt.enabled) {
    require(c.sprt.elo0 < c.sprt.elo1 && c.sprt.elo0 >= -1000 && c.sprt.elo1 <= 1000, "-sprt elo");
    require(c.sprt.alpha > 0 && c.sprt.alpha < 0.5 && c.sprt.beta > 0 && c.sprt.beta < 0.5, "-sprt alpha/beta");
    require(c.engines.size() == 2, "-sprt engines");
  }
  if (c.draw.enabled) require(c.draw.movecount >= 1 && c.draw.movenumber >= 0 && c.draw.score >= 0, "-draw");
  if (c.resign.enabled) require(c.resign.movecount >= 1 && c.resign.score >= 0, "-resign");
  require(c.engines.size() >= 2 && c.engines.size() <= 1000, "engine count");
  for (std::size_t a = 0; a < c.engines.size(); ++a) {
    const auto& e = c.engines[a];
    require(!e.cmd.empty() && !e.name.empty(), "engine cmd and name");
    for (const char ch : e.name) require(static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7f, "one-line name");
    require(e.limits.any(), "engine limit");
    require(!e.limits.clock || (e.limits.clock->base_ms >= 0 && e.limits.clock->base_ms <= 86400000 && e.limits.clock->inc_ms >= 0 &&
                            e.limits.clock->inc_ms <= 86400000),
            "tc=");
    require(e.limits.movetime_ms >= 0 && e.limits.movetime_ms <= 86400000, "st=");
    require(e.limits.nodes >= 0 && e.limits.depth >= 0 && e.limits.depth <= 1000, "nodes= depth=");
    require(e.limits.margin_ms >= 0 && e.limits.margin_ms <= 3600000, "timemargin=");
    for (std::size_t b = a + 1; b < c.engines.size(); ++b) require(e.name != c.engines[b].name, "distinct names");
  }
  if (c.resume) require(!c.pgnout.empty(), "-resume without -pgnout");
  // The schedule is computed, not listed: building it and taking its first and last games is cheap
  // whatever the numbers.
  const Schedule schedule(c);
  require(schedule.total_games() >= 1, "an empty tournament");
  auto cursor = schedule.cursor();
  for (int i = 0; i < 4; ++i)
    if (const auto g = cursor.next()) require(schedule.game(g->number).has_value(), "a walked game not found");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 14) return 0;
  std::vector<std::string> args(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) args.emplace_back();
    else args.back().push_back(static_cast<char>(data[i]));
  }
  std::string error;
  std::optional<Invocation> inv;
  try {
    inv = parse_command_line(args, &error);
  } catch (...) {
    violated("an exception escaped the parser");
  }
  if (!inv) {
    require(!error.empty(), "a refusal without a message");
    require(error.find('\n') == std::string::npos && error.find('\r') == std::string::npos, "a refusal of two lines",
            error);
    return 0;
  }
  if (inv->mode == Mode::Play) check_config(inv->config);
  if (inv->mode == Mode::Replay || inv->mode == Mode::Merge) require(!inv->files.empty(), "no files");
  return 0;
}
