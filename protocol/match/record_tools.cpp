#include "record_tools.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>

#include "game_replay.hpp"
#include "results.hpp"
#include "tournament.hpp"

namespace ordo::match {

int run_replay(const std::vector<std::string>& files) {
  long long good = 0, bad = 0, unreadable = 0;
  std::map<std::string, long long> terminations;
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
      const auto report = records::replay_record(r);
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
            << " unreadable\n";
  if (!terminations.empty()) {
    std::cout << "Terminations of the good records:";
    bool first = true;
    for (const auto& [t, n] : terminations) std::cout << (first ? " " : ", ") << t << " " << n, first = false;
    std::cout << "\n";
  }
  return bad == 0 && unreadable == 0 && good > 0 ? kExitOk : kExitRecordsBad;
}

int run_merge(const std::vector<std::string>& files, const MatchConfig& config) {
  std::map<long long, records::GameRecord> by_number;
  long long skipped_unfinished = 0;
  for (const auto& file : files) {
    std::string error;
    std::vector<std::string> skipped;
    auto recs = records::read_record_file(file, &error, &skipped);
    if (!recs) {
      std::cerr << "error: " << error << "\n";
      return kExitUsage;
    }
    for (const auto& s : skipped) std::cerr << "warning: skipped a record: " << s << "\n";
    for (auto& r : *recs) {
      const auto number = r.tag("GameNumber");
      long long n = 0;
      try {
        n = number ? std::stoll(*number) : 0;
      } catch (...) {
        n = 0;
      }
      if (n <= 0) {
        std::cerr << "error: " << file << ": a record without a valid GameNumber tag\n";
        return kExitUsage;
      }
      if (r.result == "*") {
        ++skipped_unfinished;
        continue;
      }
      auto [it, inserted] = by_number.emplace(n, r);
      if (!inserted && records::write_record(it->second) != records::write_record(r)) {
        // The same game twice is fine when identical apart from the Date and Site.
        auto strip = [](records::GameRecord x) {
          x.set_tag("Date", "");
          x.set_tag("Site", "");
          return records::write_record(x);
        };
        if (strip(it->second) != strip(r)) {
          std::cerr << "error: game " << n << " appears twice with different contents (" << file << ")\n";
          return kExitUsage;
        }
      }
    }
  }
  if (by_number.empty()) {
    std::cerr << "error: no finished game in the records\n";
    return kExitUsage;
  }
  std::vector<std::string> names;
  for (const auto& [n, r] : by_number)
    for (const char* tag : {"White", "Black"}) {
      const std::string name = r.tag(tag).value_or("?");
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  std::vector<FinishedGame> games;
  for (const auto& [n, r] : by_number) {
    std::string error;
    auto fin = finished_from_record(r, names, &error);
    if (!fin) {
      std::cerr << "error: " << error << "\n";
      return kExitUsage;
    }
    games.push_back(*fin);
  }
  if (!config.pgnout.empty()) {
    std::ofstream out(config.pgnout, std::ios::trunc);
    for (const auto& [n, r] : by_number) out << records::write_record(r);
    if (!out) {
      std::cerr << "error: cannot write '" << config.pgnout << "'\n";
      return kExitUsage;
    }
  }
  ReportContext context;
  context.names = names;
  const auto& first = by_number.begin()->second;
  context.variant = parse_variant(first.tag("Variant").value_or("ordo")).value_or(Variant::Classic);
  context.time_control = "tc " + first.tag("TimeControl").value_or("?");
  context.sprt = config.sprt;
  std::cout << "Merged " << games.size() << " games from " << files.size() << " files";
  if (skipped_unfinished) std::cout << " (" << skipped_unfinished << " unfinished records left out)";
  std::cout << "\n" << text_report(games, context);
  if (!config.json.empty()) {
    std::ofstream json(config.json, std::ios::trunc);
    json << json_report(games, context, true, "");
  }
  return kExitOk;
}

}  // namespace ordo::match
