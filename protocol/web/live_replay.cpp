#include "live_replay.hpp"

#include <initializer_list>

#include "game_model.hpp"
#include "json_text.hpp"
#include "notation.hpp"

namespace ordo::web {

namespace {

// Text of the file in a reason, cut short at a UTF-8 boundary (a reason is one short line).
std::string cut(const std::string& text, std::size_t most) {
  if (text.size() <= most) return text;
  std::size_t n = most;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "…";
}

// Whether a finished entry holds what a replay reads, of the types the checker asks for.
bool readable(const Json& f) {
  if (!f.is_object() || !f.contains("start_fen") || !f["start_fen"].is_string()) return false;
  for (const char* name : {"round", "white", "black", "result", "termination", "detail"})
    if (!f.contains(name)) return false;
  if (!f.contains("moves")) return true;  // said when replayed
  if (!f["moves"].is_array()) return false;
  for (const Json& m : f["moves"])
    if (!m.is_string()) return false;
  return true;
}

// The answer for one readable finished entry, or nullopt with *why.
std::optional<std::string> replay(const Json& f, const std::string& variant_name, std::string* why) {
  const std::string number = std::to_string(f["number"].get<long long>());
  const auto moves = f.find("moves");
  if (moves == f.end()) {
    *why = "game " + number + "'s moves are not in the live file (a runner older than this board wrote it)";
    return std::nullopt;
  }
  const auto variant = parse_variant(variant_name);
  if (!variant) {
    *why = "the tournament's variant is not 'ordo' or 'ordox'";
    return std::nullopt;
  }
  std::string error;
  auto game = game::Game::from_fen(f["start_fen"].get<std::string>(), *variant, &error);
  if (!game) {
    *why = "game " + number + "'s start position is refused by the rules core";
    return std::nullopt;
  }
  Json out{{"number", f["number"]}, {"round", f["round"]},         {"white", f["white"]},
           {"black", f["black"]},   {"result", f["result"]},       {"termination", f["termination"]},
           {"detail", f["detail"]}, {"variant", variant_name},     {"start_fen", f["start_fen"]}};
  Json tokens = Json::array(), fens = Json::array({to_fen(game->start())});
  int ply = 0;
  for (const Json& m : *moves) {
    ++ply;
    const std::string token = m.get<std::string>();
    const auto turn = game->legal_turn(token, &error);
    if (!turn) {
      *why = "game " + number + "'s ply " + std::to_string(ply) + " '" + cut(token, 24) + "' is not legal: " + cut(error, 160);
      return std::nullopt;
    }
    game->push(*turn);
    tokens.push_back(format_turn(*turn));
    fens.push_back(to_fen(game->current()));
  }
  out["moves"] = std::move(tokens);
  out["fens"] = std::move(fens);
  return json_text(out) + "\n";
}

}  // namespace

FinishedGames::FinishedGames(std::string_view document) {
  const Json doc = Json::parse(document, nullptr, false, false);
  if (!doc.is_object() || !doc.contains("tournament") || !doc["tournament"].is_object() || !doc.contains("finished") ||
      !doc["finished"].is_array())
    return;
  const Json& t = doc["tournament"];
  if (t.contains("variant") && t["variant"].is_string()) variant_ = t["variant"].get<std::string>();
  for (const Json& f : doc["finished"]) {
    // The shape is the checker's (live_document.hpp); only what a replay reads is asked again.
    if (!f.is_object() || !f.contains("number") || !f["number"].is_number_integer()) continue;
    // Newest first: a number listed twice keeps its first entry.
    Entry e;
    e.listed = json_text(f);
    games_.try_emplace(f["number"].get<long long>(), std::move(e));
  }
}

std::optional<std::string> FinishedGames::game(long long number, std::string* why) {
  const auto it = games_.find(number);
  if (it == games_.end()) {
    *why = "game " + std::to_string(number) + " is not among the last finished games";
    return std::nullopt;
  }
  Entry& e = it->second;
  if (!e.replayed) {
    e.replayed = true;
    const Json f = Json::parse(e.listed, nullptr, false, false);
    if (readable(f))
      e.answer = replay(f, variant_, &e.why);
    else
      e.why = "game " + std::to_string(number) + " is not listed whole";
  }
  if (!e.answer) *why = e.why;
  return e.answer;
}

}  // namespace ordo::web
