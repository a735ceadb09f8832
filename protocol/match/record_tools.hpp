// The record commands of ordo-match: -replay (check records against the rules) and -merge
// (combine the records of shards into one file and one report).
#pragma once

#include <string>
#include <vector>

#include "match_config.hpp"

namespace ordo::match {

// Replays every record of the files; prints one line per bad record and a summary. A record whose
// GameNumber was seen before (in any of the files) is bad as "doubled", even when it is the same
// game. Returns the exit code: 0 when every record is good, 1 otherwise.
int run_replay(const std::vector<std::string>& files);

// Reads the shard files, refuses (exit 2, one line naming the record or file and the first
// difference) records of another tournament than the first file's: another Event or Variant,
// another time control for an engine, or a file none of whose engines played in the files before
// it; keeps one record per GameNumber (a doubled game is reported: counted once
// with a warning when both records are the same game, an error, exit 2, when they differ), replays
// every record through the rules core (one that does not replay is an error, exit 1), writes them
// sorted by GameNumber to config.pgnout (when given, replacing it), and prints the report (and
// config.json) of the combined games. Engines are numbered in order of first appearance.
int run_merge(const std::vector<std::string>& files, const MatchConfig& config);

}  // namespace ordo::match
