#include "engine_player.hpp"

#include "game_record.hpp"
#include "notation.hpp"

namespace ordo::match {

namespace {

driver::EngineCommand command_of(const EngineSpec& spec, std::vector<int> cpus) {
  driver::EngineCommand c;
  c.cpus = std::move(cpus);
  c.argv.push_back(spec.cmd);
  c.argv.insert(c.argv.end(), spec.args.begin(), spec.args.end());
  c.working_dir = spec.dir;
  return c;
}

bool is_error_line(const std::string& line) { return line.rfind("info string error", 0) == 0; }

}  // namespace

EnginePlayer::EnginePlayer(const EngineSpec& spec, Variant variant, std::string label, double handshake_s, LogSink log,
                           std::vector<int> cpus)
    : spec_(spec),
      variant_(variant),
      label_(std::move(label)),
      handshake_(static_cast<long long>(handshake_s * 1000)),
      client_(command_of(spec, std::move(cpus)), spec.dialect,
              log ? driver::EngineClient::Log([this, log = std::move(log)](bool out, const std::string& line) {
                log(label_ + (out ? " > " : " < ") + line);
              })
                  : driver::EngineClient::Log{}) {
  client_.set_ping_before_go(handshake_);
  client_.set_measure_usage(true);
}

EnginePlayer::~EnginePlayer() { quit(); }

bool EnginePlayer::start(std::string* error) {
  started_ = false;
  ++starts_;
  auto fail = [&](const std::string& what) {
    if (error) *error = label_ + ": " + what;
    client_.kill();
    return false;
  };
  driver::ClientError err;
  if (!client_.start(handshake_, &err)) return fail(err.text);
  const driver::Identity& id = client_.identity();
  if (id.has_option("UCI_Variant")) {
    client_.set_option("UCI_Variant", std::string(variant_name(variant_)));
  } else if (variant_ != VARIANTS.front().variant) {  // an engine without the option plays the default
    return fail("the engine announces no UCI_Variant option, so it cannot be asked to play " +
                std::string(variant_name(variant_)));
  }
  // Every value is checked against the announced type and range before any is sent.
  for (const auto& [name, value] : spec_.options) {
    const driver::EngineOption* option = id.find_option(name);
    if (!option) return fail("the engine has no option '" + name + "'");
    if (const std::string why = driver::option_value_error(*option, value); !why.empty()) {
      std::string what = "option '";
      what += name;
      what += "' = '";
      what += value;
      what += "' refused: ";
      what += why;
      return fail(what);
    }
  }
  for (const auto& [name, value] : spec_.options)
    client_.set_option(name, driver::option_canonical_value(*id.find_option(name), value));
  std::string rejected;
  if (!client_.sync(handshake_, &err, [&](const std::string& l) {
        if (is_error_line(l) && rejected.empty()) rejected = l;
      }))
    return fail(err.kind == driver::ClientError::Kind::CannotWrite
                    ? err.text
                    : "no 'readyok' after the options (" + exit_description() + ")");
  if (!rejected.empty()) return fail("the engine rejected a setting: " + records::printable_text(rejected));
  started_ = true;
  return true;
}

bool EnginePlayer::new_game() {
  if (!alive()) return false;
  client_.new_game();
  return client_.sync(handshake_, nullptr);
}

SearchAnswer EnginePlayer::search(const std::string& position_cmd, const std::string& go_cmd,
                                  std::chrono::milliseconds deadline, const std::function<bool()>& interrupted) {
  SearchAnswer a;
  const auto answer = client_.search(
      position_cmd, go_cmd, deadline, interrupted,
      [&](const driver::Info& info) {
        if (info.time_ms) a.engine_ms = *info.time_ms;
        if (info.nodes) a.nodes = *info.nodes;
        if (!info.has_score()) return;
        a.has_score = true;
        a.mate = info.score_mate.has_value();
        a.score = info.score_mate ? *info.score_mate : *info.score_cp;
        if (info.depth && *info.depth >= 0) a.depth = *info.depth;
      },
      [&](const std::string& line) {
        if (is_error_line(line) && a.error_line.empty()) a.error_line = line;
      });
  a.elapsed_ms = answer.elapsed.count();
  a.elapsed_us = answer.elapsed_us;
  a.usage = answer.usage;
  using Kind = driver::EngineClient::Answer::Kind;
  switch (answer.kind) {
    case Kind::WriteFailed:
    case Kind::Eof:
      a.kind = SearchAnswer::Kind::Crash;
      break;
    case Kind::Timeout:
      a.kind = SearchAnswer::Kind::Stall;
      break;
    case Kind::Unready:
      a.kind = SearchAnswer::Kind::Stall;
      a.unready = true;
      break;
    case Kind::Interrupted:
      a.kind = SearchAnswer::Kind::Interrupted;
      break;
    case Kind::BestMove:
      a.token = answer.best.token;
      a.kind = answer.best.kind == driver::BestMove::Kind::Move     ? SearchAnswer::Kind::Move
               : answer.best.kind == driver::BestMove::Kind::NoMove ? SearchAnswer::Kind::NoMove
                                                                    : SearchAnswer::Kind::Malformed;
      break;
  }
  return a;
}

bool EnginePlayer::stop_search(std::chrono::milliseconds grace) {
  if (!alive()) return false;
  if (!client_.stop(grace)) {
    kill();
    return false;
  }
  return true;
}

void EnginePlayer::quit() {
  client_.quit(std::chrono::milliseconds(1000));
  started_ = false;
}

}  // namespace ordo::match
