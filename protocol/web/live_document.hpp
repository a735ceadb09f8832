// The check of a document read from a tournament's live file (ordo-match -live FILE, docs/MATCH.md
// "Watching live") before the board serves it at /live.json. Only a document that is what the
// runner writes leaves the server: strict JSON (RFC 8259, UTF-8, one value, nesting at most
// kMaxDepth deep) whose top level is an object with "format": "ordo-live 1", integer "sequence"
// and "updated_ms", a "tournament" object and "standings", "running" and "finished" arrays, each
// member of these with the fields and types the runner writes (members it may add later are kept;
// a finished game's "moves", absent from an earlier runner's file, is an array of strings if given).
// What is served is the parsed document written out again, never the bytes read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ordo::web {

inline constexpr int kLiveMaxDepth = 8;

// The document to serve (compact JSON, valid UTF-8), or nullopt with *why set to one line that
// quotes nothing of the text ("not JSON (byte 12)", "'running' is not an array", ...).
std::optional<std::string> check_live_document(std::string_view text, std::string* why);

}  // namespace ordo::web
