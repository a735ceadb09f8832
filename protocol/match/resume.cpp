#include "resume.hpp"

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <map>
#include <set>
#include <sys/stat.h>

#include "game_runner.hpp"

namespace ordo::match {

namespace {

bool is_per_game(const std::string& tag) {
  return std::find(std::begin(kPerGameTags), std::end(kPerGameTags), tag) != std::end(kPerGameTags);
}

std::string quoted(const std::string& value) { return "'" + value + "'"; }

std::optional<long long> game_number(const records::GameRecord& record) {
  const auto n = records::number_tag(record, "GameNumber");
  if (!n || *n <= 0) return std::nullopt;
  return n;
}

}  // namespace

std::optional<std::string> settings_mismatch(const records::GameRecord& existing, const records::GameRecord& expected,
                                             int maxmoves) {
  for (const auto& [name, value] : expected.tags) {
    if (is_per_game(name)) continue;
    const auto there = existing.tag(name);
    if (!there) return name + " missing in the records, " + quoted(value) + " here";
    if (*there != value) return name + " " + quoted(*there) + " in the records, " + quoted(value) + " here";
  }
  const long long plies = static_cast<long long>(existing.moves.size());
  const long long limit = 2LL * maxmoves;
  const std::string game = "a game of " + std::to_string(plies) + " plies";
  if (maxmoves > 0 && plies > limit)
    return game + " in the records, longer than -maxmoves " + std::to_string(maxmoves) + " allows here";
  if (existing.tag("Termination") == game::termination_name(game::Termination::MoveLimit)) {
    if (maxmoves <= 0) return game + " ended by the move limit in the records, no -maxmoves here";
    if (plies != limit)
      return game + " ended by the move limit in the records, -maxmoves " + std::to_string(maxmoves) +
             " (" + std::to_string(limit) + " plies) here";
  }
  return std::nullopt;
}

std::optional<std::string> records_overlap(const MatchConfig& config, const Schedule& todo,
                                           const OpeningBook& book) {
  struct stat st {};
  if (::stat(config.pgnout.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  std::string read_error;
  auto records = records::read_record_file(config.pgnout, &read_error);
  if (!records) return "-pgnout: " + read_error;  // e.g. over the 1 GiB cap: not appended to blindly
  long long ours = 0, first = 0, first_ours = 0;
  std::optional<std::string> foreign;  // why the first overlapping record is of another command
  for (const auto& record : *records) {
    const auto number = game_number(record);
    if (!number) continue;
    const auto game = todo.game(*number);
    if (!game) continue;
    records::GameRecord expected;
    fill_tags(expected, config, *game, book.for_round(game->opening_round));
    const auto why = settings_mismatch(record, expected, config.maxmoves);
    if (!why && ours++ == 0) first_ours = *number;
    if (first == 0) first = *number, foreign = why;
  }
  if (first == 0) return std::nullopt;
  const std::string ways = ": continue it with -resume, or give another -pgnout file";
  if (ours > 0)
    return config.pgnout + " already holds " + std::to_string(ours) + " record" + (ours == 1 ? "" : "s") +
           " of this tournament's games (game " + std::to_string(first_ours) + " first) and a new run would double them" +
           ways;
  return config.pgnout + " already holds a game " + std::to_string(first) + " of another tournament (" + *foreign +
         ") and this run would number its games the same: give another -pgnout file";
}

std::optional<std::vector<FinishedGame>> finished_in_records(const MatchConfig& config,
                                                             const Schedule& todo,
                                                             const OpeningBook& book,
                                                             const std::vector<std::string>& names,
                                                             std::vector<std::string>* warnings, std::string* error) {
  std::string read_error;
  std::vector<std::string> skipped;
  struct stat st {};
  if (::stat(config.pgnout.c_str(), &st) != 0 && errno == ENOENT) return std::vector<FinishedGame>{};  // no file yet
  auto records = records::read_record_file(config.pgnout, &read_error, &skipped);
  if (!records) {
    if (error) *error = "-pgnout: " + read_error + ": not resuming";
    return std::nullopt;
  }
  if (warnings) warnings->insert(warnings->end(), skipped.begin(), skipped.end());

  std::set<long long> done;
  std::vector<FinishedGame> finished;
  for (const auto& record : *records) {
    const auto number = game_number(record);
    if (!number) continue;
    const auto scheduled = todo.game(*number);
    if (!scheduled) continue;  // another shard's game, or beyond this schedule
    const ScheduledGame& game = *scheduled;
    records::GameRecord expected;
    fill_tags(expected, config, game, book.for_round(game.opening_round));
    if (const auto why = settings_mismatch(record, expected, config.maxmoves)) {
      if (error)
        *error = "the record of game " + std::to_string(*number) + " in " + config.pgnout +
                 " was written by another command (" + *why +
                 "): not resuming; use the command that wrote it, or another -pgnout file";
      return std::nullopt;
    }
    std::string why;
    bool unfinished = false;
    const auto fin = finished_from_record(record, names, &why, &unfinished);
    if (!fin && unfinished) continue;  // that game is played again
    auto refuse = [&](const std::string& what) {
      if (error) *error = what + " in " + config.pgnout + ": not resuming; check the file with -replay";
      return std::nullopt;
    };
    if (!fin) return refuse(why);
    if (!done.insert(*number).second) return refuse("game " + std::to_string(*number) + " is doubled (two records)");
    finished.push_back(*fin);
  }
  return finished;
}

}  // namespace ordo::match
