#include "record_tools.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "game_replay.hpp"
#include "notation.hpp"
#include "output_file.hpp"
#include "results.hpp"
#include "run_files.hpp"
#include "tournament.hpp"

namespace ordo::match {

namespace {

// A record's GameNumber, 0 when it has none or not a positive number (records::number_tag).
long long game_number_of(const records::GameRecord& r) {
  const auto n = records::number_tag(r, "GameNumber");
  return n && *n > 0 ? *n : 0;
}

// Where a record was read: "FILE record K".
std::string where(const std::string& file, std::size_t index) { return file + " record " + std::to_string(index + 1); }

// What identifies a tournament in its records (docs/GAME_RECORDS.md): the Event and Variant tags,
// each engine's time control (TimeControl: "A", or "A / B" for White's and Black's), and engines
// shared with the files before. Shards of one tournament agree on all of them.
class TournamentIdentity {
 public:
  // Why the record (of `file`) is of another tournament than the records seen so far, or nullopt.
  std::optional<std::string> differs(const records::GameRecord& r, const std::string& file) {
    const std::string event = r.tag("Event").value_or(""), variant = r.tag("Variant").value_or("");
    std::string tc[2] = {r.tag("TimeControl").value_or(""), ""};
    if (const auto slash = tc[0].find(" / "); slash != std::string::npos) tc[1] = tc[0].substr(slash + 3), tc[0].resize(slash);
    else tc[1] = tc[0];
    const std::string names[2] = {r.tag("White").value_or("?"), r.tag("Black").value_or("?")};
    if (first_file_.empty()) first_file_ = file, event_ = event, variant_ = variant;
    const auto there = [&](const std::string& what, const std::string& here, const std::string& before) {
      return what + " '" + here + "' here, '" + before + "' in " + first_file_;
    };
    if (event != event_) return there("Event", event, event_);
    if (variant != variant_) return there("Variant", variant, variant_);
    for (int side = 0; side < 2; ++side) {
      const auto [it, added] = tc_of_.emplace(names[side], tc[side]);
      if (!added && it->second != tc[side]) return there("the time control of " + names[side], tc[side], it->second);
      if (file != first_file_ && earlier_.count(names[side])) shares_ = true;
      if (file == current_) here_.insert(names[side]);
    }
    return std::nullopt;
  }
  // Called before the records of each file: the engines of the file before become earlier ones.
  void start_file(const std::string& file) {
    earlier_.insert(here_.begin(), here_.end());
    here_.clear();
    current_ = file;
    shares_ = false;
  }
  // After a file's records: why it is of another tournament by its engines (it shares none with
  // the files before it), or nullopt.
  std::optional<std::string> engines_differ() const {
    if (earlier_.empty() || here_.empty() || shares_) return std::nullopt;
    return "engines " + list(here_) + " here, none of " + list(earlier_) + " of the files before";
  }

 private:
  static std::string list(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
    return out;
  }
  std::string first_file_, event_, variant_, current_;
  std::map<std::string, std::string> tc_of_;
  std::set<std::string> earlier_, here_;
  bool shares_ = false;
};

}  // namespace

int run_replay(const std::vector<std::string>& files) {
  long long good = 0, bad = 0, unreadable = 0, doubled = 0;
  std::map<std::string, long long> terminations;
  std::map<long long, std::string> seen;  // GameNumber -> where its first record is
  for (const auto& file : files) {
    std::string error;
    std::vector<std::string> skipped;
    auto recs = records::read_record_file(file, &error, &skipped);
    if (!recs) {
      std::cout << error << "\n";
      ++unreadable;
      continue;
    }
    for (const auto& s : skipped) std::cout << "unreadable record: " << s << "\n";
    unreadable += static_cast<long long>(skipped.size());
    for (std::size_t i = 0; i < recs->size(); ++i) {
      const auto& r = (*recs)[i];
      auto report = records::replay_record(r);
      // A GameNumber that is there must be a positive integer: "12abc" is not game 12.
      if (const auto text = r.tag("GameNumber"); text && game_number_of(r) == 0) {
        report.ok = false;
        report.problems.insert(report.problems.begin(), "GameNumber '" + *text + "' is not a positive integer");
      }
      // A game number seen before is a doubled game, whatever the records hold.
      if (const long long n = game_number_of(r); n > 0) {
        const auto [it, first] = seen.emplace(n, where(file, i));
        if (!first) {
          ++doubled;
          report.ok = false;
          report.problems.insert(report.problems.begin(), "doubled: game " + std::to_string(n) + " is also " + it->second);
        }
      }
      if (report.ok) {
        ++good;
        ++terminations[r.tag("Termination").value_or("?")];
        continue;
      }
      ++bad;
      std::cout << file << ": record " << i + 1 << " (GameNumber " << r.tag("GameNumber").value_or("?") << ", "
                << r.tag("White").value_or("?") << " vs " << r.tag("Black").value_or("?") << "): ";
      for (std::size_t p = 0; p < report.problems.size() && p < 3; ++p)
        std::cout << (p ? "; " : "") << report.problems[p];
      std::cout << "\n";
    }
  }
  std::cout << "Replayed " << good + bad << " records: " << good << " good, " << bad << " bad, " << unreadable
            << " unreadable";
  if (doubled) std::cout << " (" << doubled << " doubled: a GameNumber seen before)";
  std::cout << "\n";
  if (!terminations.empty()) {
    std::cout << "Terminations of the good records:";
    bool first = true;
    for (const auto& [t, n] : terminations) std::cout << (first ? " " : ", ") << t << " " << n, first = false;
    std::cout << "\n";
  }
  return bad == 0 && unreadable == 0 && good > 0 ? kExitOk : kExitRecordsBad;
}

int run_merge(const std::vector<std::string>& files, const MatchConfig& config) {
  struct Found {
    records::GameRecord record;
    std::string where;
  };
  // The outputs are checked, and never one of the inputs, before anything is read: a merge into
  // one of its own inputs is refused (the input would be lost if the merge went wrong).
  std::vector<files::NamedOutput> inputs;
  for (const auto& file : files) inputs.push_back({"-merge", file});
  if (const auto refused = refuse_run_files({{"-pgnout", config.pgnout}, {"-json", config.json}}, inputs)) {
    std::cerr << "error: " << *refused << "\n";
    return kExitUsage;
  }
  std::map<long long, Found> by_number;
  long long skipped_unfinished = 0;
  TournamentIdentity identity;
  const auto foreign = [&](const std::string& at, const std::string& why) {
    std::cerr << "error: " << at << " is of another tournament (" << why << "): not merging\n";
    return kExitUsage;
  };
  for (const auto& file : files) {
    std::string error;
    std::vector<std::string> skipped;
    auto recs = records::read_record_file(file, &error, &skipped);
    if (!recs) {
      std::cerr << "error: " << error << "\n";
      return kExitUsage;
    }
    for (const auto& s : skipped) std::cerr << "warning: skipped a record: " << s << "\n";
    identity.start_file(file);
    for (std::size_t i = 0; i < recs->size(); ++i) {
      const auto& r = (*recs)[i];
      if (const auto why = identity.differs(r, file)) return foreign(where(file, i), *why);
      const long long n = game_number_of(r);
      if (n <= 0) {
        std::cerr << "error: " << where(file, i) << ": a record without a valid GameNumber tag\n";
        return kExitUsage;
      }
      if (r.result == "*") {
        ++skipped_unfinished;
        continue;
      }
      auto [it, inserted] = by_number.emplace(n, Found{r, where(file, i)});
      if (inserted) continue;
      // A doubled game: counted once when both records are the same game (apart from Date and
      // Site), refused when they differ.
      auto strip = [](records::GameRecord x) {
        x.set_tag("Date", "");
        x.set_tag("Site", "");
        return records::write_record(x);
      };
      if (strip(it->second.record) != strip(r)) {
        std::cerr << "error: game " << n << " is doubled with different contents (" << it->second.where << " and "
                  << where(file, i) << "): not merging; keep one of them\n";
        return kExitUsage;
      }
      std::cerr << "warning: game " << n << " is doubled (" << it->second.where << " and " << where(file, i)
                << ", the same game): counted once\n";
    }
    if (const auto why = identity.engines_differ()) return foreign(file, *why);
  }
  if (by_number.empty()) {
    std::cerr << "error: no finished game in the records\n";
    return kExitUsage;
  }
  std::vector<std::string> names;
  for (const auto& [n, found] : by_number)
    for (const char* tag : {"White", "Black"}) {
      const auto& r = found.record;
      const std::string name = r.tag(tag).value_or("?");
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  std::vector<FinishedGame> games;
  for (const auto& [n, found] : by_number) {
    std::string error;
    auto fin = finished_from_record(found.record, names, &error);
    if (!fin) {
      std::cerr << "error: " << found.where << ": " << error << ": not merging; check it with -replay\n";
      return kExitRecordsBad;
    }
    games.push_back(*fin);
  }
  if (!config.pgnout.empty()) {
    std::string merged;
    for (const auto& [n, found] : by_number) merged += records::write_record(found.record);
    std::string error;
    if (!files::replace_file(config.pgnout, merged, &error)) {
      std::cerr << "error: -pgnout: " << error << "\n";
      return kExitUsage;
    }
  }
  ReportContext context;
  context.names = names;
  const auto& first = by_number.begin()->second.record;
  context.variant = parse_variant(first.tag("Variant").value_or("ordo")).value_or(Variant::Classic);
  context.time_control = "tc " + first.tag("TimeControl").value_or("?");
  context.sprt = config.sprt;
  std::cout << "Merged " << games.size() << " games from " << files.size() << " files";
  if (skipped_unfinished) std::cout << " (" << skipped_unfinished << " unfinished records left out)";
  // The records do not carry the size of the schedule: the plan is unknown, and the merge is known
  // incomplete only when a game numbered below the highest one is missing (its shard did not
  // record it), else its completeness is unknown.
  const long long highest = by_number.rbegin()->first;
  const long long missing = highest - static_cast<long long>(by_number.size());
  std::optional<bool> complete;
  if (missing > 0) {
    complete = false;
    long long first_missing = 1;
    while (by_number.count(first_missing)) ++first_missing;
    std::cout << " (incomplete: " << missing << " of games 1 to " << highest << " missing, the first game "
              << first_missing << ")";
  }
  context.planned_games.reset();
  std::cout << "\n" << text_report(games, context);
  if (!config.json.empty()) {
    std::string error;
    if (!files::replace_file(config.json, json_text(json_report(games, context, complete, ""), 2), &error)) {
      std::cerr << "error: -json: " << error << "\n";
      return kExitUsage;
    }
  }
  return kExitOk;
}

}  // namespace ordo::match
