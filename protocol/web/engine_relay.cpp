#include "engine_relay.hpp"

#include <algorithm>

#include "tokenizer.hpp"

namespace ordo::web {

using Event = driver::EngineDialogue::Event;

std::optional<driver::Info> parse_search_info(const std::string& line) {
  auto info = driver::parse_info(line);
  if (!info || info->unknown_words || info->text) return std::nullopt;
  return info;
}

driver::GoLimits SearchLimit::go_limits() const {
  driver::GoLimits l;
  switch (kind) {
    case Kind::Movetime: l.movetime = value; break;
    case Kind::Depth: l.depth = value; break;
    case Kind::Clock:
      l.wtime = white_ms;
      l.btime = black_ms;
      l.winc = white_inc_ms;
      l.binc = black_inc_ms;
      break;
  }
  return l;
}

bool EngineRelay::start() {
  std::string error;
  if (!transport_.start(&error)) {
    fail("cannot start: " + error);
    return false;
  }
  state_ = State::Greeting;
  if (!dialogue_.greet()) {
    fail("cannot write to the engine");
    return false;
  }
  return true;
}

void EngineRelay::search(const SearchRequest& request) {
  if (state_ == State::Failed) return;
  if (state_ == State::Idle && !start()) return;
  if (state_ != State::Ready || running_) {
    if (running_ && !pending_) dialogue_.stop();
    pending_ = request;
    return;
  }
  launch(request);
}

void EngineRelay::launch(const SearchRequest& request) {
  if (has_variant_option_ && engine_variant_ != request.variant) {
    dialogue_.set_option("UCI_Variant", request.variant);
    engine_variant_ = request.variant;
  }
  set_strength(request.elo);
  running_ = request.id;
  if (!dialogue_.position(request.fen, false, request.moves) || !dialogue_.go(request.limit.go_limits()))
    fail("cannot write to the engine");
}

void EngineRelay::set_strength(std::optional<int> elo) {
  if (!elo_range_) return;
  if (elo) {
    const long long rating = std::clamp<long long>(*elo, elo_range_->min, elo_range_->max);
    if (engine_elo_ != rating) {
      dialogue_.set_option("UCI_Elo", std::to_string(rating));
      engine_elo_ = rating;
    }
  }
  if (limit_strength_ != elo.has_value()) {
    dialogue_.set_option("UCI_LimitStrength", elo ? "true" : "false");
    limit_strength_ = elo.has_value();
  }
}

void EngineRelay::stop() {
  if (pending_) {
    pending_.reset();  // the running search was already told to stop
    return;
  }
  if (running_) dialogue_.stop();
}

void EngineRelay::on_line(const std::string& line) {
  if (state_ == State::Failed || state_ == State::Idle) return;
  const Event e = dialogue_.feed(line);
  if (state_ == State::Greeting) {
    if (e.kind != Event::Kind::Greeted) return;
    state_ = State::Ready;
    const driver::Identity& id = dialogue_.identity();
    has_variant_option_ = id.has_option("UCI_Variant");
    if (id.has_option("UCI_ShowWDL")) dialogue_.set_option("UCI_ShowWDL", "true");
    elo_range_ = elo_range(id.typed_options);
    if (elo_range_) {
      limit_strength_ = protocol::iequals(id.find_option("UCI_LimitStrength")->default_value, "true");
      engine_elo_ = protocol::parse_int(id.find_option("UCI_Elo")->default_value);
    }
    listener_.relay_ready(index_, id.name.empty() ? "engine " + std::to_string(index_ + 1) : id.name);
    if (pending_) {
      SearchRequest next = *pending_;
      pending_.reset();
      launch(next);
    }
    return;
  }
  switch (e.kind) {
    case Event::Kind::InfoString:
      listener_.relay_message(index_, e.text);
      return;
    case Event::Kind::Info:
      if (!running_ || pending_) return;  // a search being replaced
      if (!e.info.unknown_words && !e.info.text) listener_.relay_info(index_, *running_, e.info);
      return;
    case Event::Kind::BestMove: {
      // Any line that names bestmove answers the running search, as the dialogue parsed it (a
      // malformed or empty answer included: the listener judges it, as the match runner does).
      if (!running_) return;
      const int id = *running_;
      running_.reset();
      if (pending_) {
        SearchRequest next = *pending_;
        pending_.reset();
        launch(next);
        return;
      }
      listener_.relay_bestmove(index_, id, e.best);
      return;
    }
    default:
      return;
  }
}

void EngineRelay::on_eof() {
  if (state_ != State::Failed) fail("the engine exited");
}

void EngineRelay::on_greeting_timeout() {
  if (state_ == State::Greeting)
    fail(std::string("the engine did not answer '") + driver::dialect_name(dialogue_.dialect()) + "' in time");
}

void EngineRelay::shut_down() {
  if (state_ == State::Greeting || state_ == State::Ready) dialogue_.quit();
  transport_.close();
  state_ = State::Idle;
  dialogue_.reset();
  running_.reset();
  pending_.reset();
}

void EngineRelay::fail(const std::string& why) {
  state_ = State::Failed;
  dialogue_.reset();
  running_.reset();
  pending_.reset();
  transport_.close();
  listener_.relay_failed(index_, why);
}

}  // namespace ordo::web
