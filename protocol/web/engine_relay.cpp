#include "engine_relay.hpp"

#include "tokenizer.hpp"

namespace ordo::web {

using protocol::parse_int;
using protocol::split_words;

std::optional<SearchInfo> parse_search_info(const std::string& line) {
  const auto w = split_words(line);
  if (w.size() < 2 || w[0] != "info" || w[1] == "string") return std::nullopt;
  SearchInfo info;
  bool any = false;
  auto number = [&](std::size_t i) -> std::optional<std::int64_t> {
    if (i >= w.size()) return std::nullopt;
    return parse_int(w[i]);
  };
  auto small = [&](std::size_t i, std::optional<int>& out) {
    auto v = number(i);
    if (!v || *v < -1000000000 || *v > 1000000000) return false;
    out = int(*v);
    return true;
  };
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (k == "depth" || k == "seldepth" || k == "multipv") {
      auto& field = k == "depth" ? info.depth : k == "seldepth" ? info.seldepth : info.multipv;
      if (!small(++i, field)) return std::nullopt;
    } else if (k == "score") {
      if (i + 2 >= w.size()) return std::nullopt;
      const std::string kind = w[++i];
      if (kind == "cp") {
        if (!small(++i, info.score_cp)) return std::nullopt;
      } else if (kind == "mate") {
        if (!small(++i, info.score_mate)) return std::nullopt;
      } else {
        return std::nullopt;
      }
      if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) info.bound = w[++i];
    } else if (k == "wdl") {
      if (!small(i + 1, info.wdl_win) || !small(i + 2, info.wdl_draw) || !small(i + 3, info.wdl_loss))
        return std::nullopt;
      i += 3;
    } else if (k == "nodes" || k == "nps" || k == "time") {
      auto v = number(++i);
      if (!v || *v < 0) return std::nullopt;
      (k == "nodes" ? info.nodes : k == "nps" ? info.nps : info.time_ms) = *v;
    } else if (k == "pv") {
      info.pv.assign(w.begin() + i + 1, w.end());
      any = true;
      break;
    } else if (k == "hashfull" || k == "currmovenumber" || k == "tbhits" || k == "cpuload") {
      ++i;  // known, not shown
      continue;
    } else if (k == "currmove") {
      ++i;
      continue;
    } else {
      return std::nullopt;
    }
    any = true;
  }
  if (!any) return std::nullopt;
  return info;
}

std::string SearchLimit::go_command() const {
  switch (kind) {
    case Kind::Movetime: return "go movetime " + std::to_string(value);
    case Kind::Depth: return "go depth " + std::to_string(value);
    case Kind::Infinite: return "go infinite";
  }
  return "go infinite";
}

bool EngineRelay::start() {
  std::string error;
  if (!transport_.start(&error)) {
    fail("cannot start: " + error);
    return false;
  }
  state_ = State::Greeting;
  if (!transport_.send("uci")) {
    fail("cannot write to the engine");
    return false;
  }
  return true;
}

std::optional<int> EngineRelay::current_search() const {
  if (pending_) return pending_->id;
  return running_;
}

void EngineRelay::search(const SearchRequest& request) {
  if (state_ == State::Failed) return;
  if (state_ == State::Idle && !start()) return;
  if (state_ != State::Ready || running_) {
    if (running_ && !pending_) transport_.send("stop");
    pending_ = request;
    return;
  }
  launch(request);
}

void EngineRelay::launch(const SearchRequest& request) {
  if (has_variant_option_ && engine_variant_ != request.variant) {
    transport_.send("setoption name UCI_Variant value " + request.variant);
    engine_variant_ = request.variant;
  }
  std::string position = "position fen " + request.fen;
  if (!request.moves.empty()) {
    position += " moves";
    for (const std::string& m : request.moves) position += " " + m;
  }
  running_ = request.id;
  if (!transport_.send(position) || !transport_.send(request.limit.go_command())) fail("cannot write to the engine");
}

void EngineRelay::stop() {
  if (pending_) {
    pending_.reset();  // the running search was already told to stop
    return;
  }
  if (running_) transport_.send("stop");
}

void EngineRelay::on_line(const std::string& line) {
  if (state_ == State::Failed || state_ == State::Idle) return;
  const auto w = split_words(line);
  if (w.empty()) return;
  if (state_ == State::Greeting) {
    if (w[0] == "id" && w.size() >= 3 && w[1] == "name") {
      name_ = protocol::join_words(w, 2, w.size());
    } else if (w[0] == "option" && w.size() >= 3 && w[1] == "name") {
      if (protocol::iequals(w[2], "UCI_Variant")) has_variant_option_ = true;
      if (protocol::iequals(w[2], "UCI_ShowWDL")) has_wdl_option_ = true;
    } else if (w[0] == "uciok") {
      state_ = State::Ready;
      if (has_wdl_option_) transport_.send("setoption name UCI_ShowWDL value true");
      if (name_.empty()) name_ = "engine " + std::to_string(index_ + 1);
      listener_.relay_ready(index_, name_);
      if (pending_) {
        SearchRequest next = *pending_;
        pending_.reset();
        launch(next);
      }
    }
    return;
  }
  if (w[0] == "info") {
    if (w.size() >= 2 && w[1] == "string") {
      listener_.relay_message(index_, protocol::join_words(w, 2, w.size()));
      return;
    }
    if (!running_ || pending_) return;  // a search being replaced
    if (auto info = parse_search_info(line)) listener_.relay_info(index_, *running_, *info);
    return;
  }
  if (w[0] == "bestmove") {
    if (!running_) return;
    const int id = *running_;
    running_.reset();
    if (pending_) {
      SearchRequest next = *pending_;
      pending_.reset();
      launch(next);
      return;
    }
    listener_.relay_bestmove(index_, id, w.size() >= 2 ? w[1] : "");
  }
}

void EngineRelay::on_eof() {
  if (state_ != State::Failed) fail("the engine exited");
}

void EngineRelay::on_greeting_timeout() {
  if (state_ == State::Greeting) fail("the engine did not answer 'uci' in time");
}

void EngineRelay::shut_down() {
  if (state_ == State::Greeting || state_ == State::Ready) transport_.send("quit");
  transport_.close();
  state_ = State::Idle;
  running_.reset();
  pending_.reset();
}

void EngineRelay::fail(const std::string& why) {
  state_ = State::Failed;
  running_.reset();
  pending_.reset();
  transport_.close();
  listener_.relay_failed(index_, why);
}

}  // namespace ordo::web
