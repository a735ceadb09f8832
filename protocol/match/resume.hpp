// Resuming a tournament from its records: the games already finished there, once it is checked
// that the records were written by the same command (same engines and colours, variant, time
// control, openings, move limit, event), so a changed command cannot resume into mixed data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "game_record.hpp"
#include "match_config.hpp"
#include "openings.hpp"
#include "results.hpp"
#include "schedule.hpp"

namespace ordo::match {

// The tags of a record that describe the game's result or where and when it was played, not the
// command's settings; every other tag the runner writes (fill_tags) must agree on resuming.
inline constexpr const char* kPerGameTags[] = {"Site", "Date", "Result", "Termination", "PlyCount",
                                               "TerminationDetail"};

// How a record of the file differs from what this command writes for the same game (`expected`,
// as fill_tags makes it), as a short phrase for an error line, or nullopt when it does not: a
// setting tag with another value or missing; with `maxmoves` (full moves, 0: no limit), a game
// longer than the limit, or one ended by the move limit at another length.
std::optional<std::string> settings_mismatch(const records::GameRecord& existing, const records::GameRecord& expected,
                                             int maxmoves);

// The finished games of `todo` in the records file config.pgnout (none when there is no file; a
// file that cannot be read is an error),
// each counted once. A record of a game of `todo` that settings_mismatch finds written by another
// command is an error: nullopt with *error (one line). Unreadable records are described in
// *warnings; unfinished records, records without a valid GameNumber and games outside `todo`
// are left out (those games are played again). Every finished record of `todo` is replayed through
// the rules core (finished_from_record): one that does not replay, or a game with two finished
// records, is an error too.
std::optional<std::vector<FinishedGame>> finished_in_records(const MatchConfig& config,
                                                             const Schedule& todo,
                                                             const OpeningBook& book,
                                                             const std::vector<std::string>& names,
                                                             std::vector<std::string>* warnings, std::string* error);

// Before a run without -resume: when the records file config.pgnout is a regular file that holds a
// record of a game of `todo` (by its GameNumber), one error line saying so and naming -resume and
// another file as the ways out (appending would number the same games twice); also one line when
// it exists and cannot be read (records::read_record_file: over the cap, no permission); nullopt
// when it holds none (or does not exist).
std::optional<std::string> records_overlap(const MatchConfig& config, const Schedule& todo,
                                           const OpeningBook& book);

}  // namespace ordo::match
