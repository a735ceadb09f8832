// Writing a file the user names (records, summaries, the live document, logs, merged output): the one
// way the programs write such a file.
//
// Contract: a whole document is never written in place. replace_file writes it to a temporary file
// in the target's folder, syncs it and renames it over the target only when it is complete, so a
// full disk, a kill or a crash leaves the old file or the new one, never a cut one. A target that
// exists and is not a regular file (a device, FIFO, folder, socket or symbolic link) is refused:
// check_output_path says so at start, replace_file again at every write, and nothing is renamed
// over it. Two outputs of one run naming the same file are refused at start (same_output).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::files {

// True when PATH can be written: it does not exist (and its folder does), or it is a regular file.
// false with *error: one line naming the path and why ("'/dev/full' exists and is not a regular
// file (a character device)", "'d/x': no such folder 'd'").
bool check_output_path(const std::string& path, std::string* error);

// An output of a run: the option that named it ("-pgnout") and the path.
struct NamedOutput {
  std::string option;
  std::string path;
};

// When two of OUTPUTS name one file (the same file when both exist, else the same absolute,
// normalised path through the real folder), one line naming both options and the path; else
// nullopt. Empty paths are ignored.
std::optional<std::string> same_output(const std::vector<NamedOutput>& outputs);

// Whether replace_file pushes the new file to the disk before and after the rename. Durable: the
// default, for records and summaries. Atomic: the rename only (readers still see the old document
// or the new one, never a part), for a document rewritten many times a second that a crash may
// leave old (the runner's live feed): a sync per move would load the disk for nothing.
enum class Sync { Durable, Atomic };

// Replaces PATH by CONTENT (temporary file beside it, written whole, fsync, rename, folder synced).
// On any failure PATH is unchanged, the temporary file is removed and *error holds one line with the
// step and the system's reason ("'x': cannot write: No space left on device").
bool replace_file(const std::string& path, std::string_view content, std::string* error,
                  Sync sync = Sync::Durable);

}  // namespace ordo::files
