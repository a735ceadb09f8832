// The finished games of a tournament as the reports see them, built from the games just played or
// from game records (resume, merge), and the text and JSON reports made from them.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game_record.hpp"
#include "match_config.hpp"
#include "json_text.hpp"
#include "match_stats.hpp"
#include "outcome.hpp"

namespace ordo::match {

struct FinishedGame {
  GameScore score;
  game::Termination termination = game::Termination::None;
  int forfeiter = -1;  // the engine that lost by forfeit, -1 if none
};

// A record as a finished game; engine indices by name. Its result is counted only after the record
// has been replayed through the rules core (game_replay.hpp): every move legal, and the Result and
// Termination what the moves make. nullopt with *error (one phrase naming the game) when the record
// is unfinished ("*", *unfinished set), lacks GameNumber/Pair/White/Black, names an unknown engine,
// or does not replay (*unfinished cleared).
std::optional<FinishedGame> finished_from_record(const records::GameRecord& record,
                                                 const std::vector<std::string>& names, std::string* error,
                                                 bool* unfinished = nullptr);

std::vector<GameScore> scores_of(const std::vector<FinishedGame>& games);

struct ReportContext {
  std::vector<std::string> names;
  Variant variant = Variant::Classic;
  std::string time_control;       // for the heading
  std::optional<long long> planned_games;  // none when unknown (-merge: the records do not say)
  SprtConfig sprt;
  bool sprt_of_shard = false;     // the SPRT line covers one shard's games: information, no stop
};

// The full report: per pair W/D/L, score, Elo +/- 95 %, LOS, draw ratio, pentanomial counts;
// SPRT for two engines; a crosstable for more; the endings by cause and the forfeits by engine.
std::string text_report(const std::vector<FinishedGame>& games, const ReportContext& context);
// An Elo as the reports write it: one decimal, "+inf"/"-inf", an even score "0.0" (never "-0.0").
std::string elo_text(double elo);
// The half-width of the Elo interval; "n/a" when it has none (a sample below the minimum of
// match_stats.hpp, a zero variance, or a bound of the score interval at 0 or 1), where -json
// writes null.
std::string elo_error_text(double error);
// "Score of A vs B: W - L - D [0.523] N" for one pairing.
std::string running_score(const std::vector<FinishedGame>& games, int a, int b, const std::vector<std::string>& names);
// A pairing's figures as the -json documents write them: the members of `head` (an object, e.g.
// the engines' names), then wins, draws, losses, score, elo, elo_error95, los (when with_los) and
// pentanomial.
Json pair_json(const PairStats& s, bool with_los, Json head = Json::object());
// The same content as a JSON document (written with json_text): `complete` is null when unknown;
// the members of `extra_members`, an object, are added after the report's own.
Json json_report(const std::vector<FinishedGame>& games, const ReportContext& context, std::optional<bool> complete,
                 const std::string& stop_reason, const Json& extra_members = Json::object());

}  // namespace ordo::match
