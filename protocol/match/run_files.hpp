// The files a run of ordo-match names, checked before anything is read or played: every output
// (-pgnout, -json, -live, -log) must be writable (ordo::files::check_output_path: a regular file or
// a new name in an existing folder, never a device, FIFO, folder or link), and no two of the files,
// outputs or inputs (-openings, the files of -merge), may be one file (same_output).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "output_file.hpp"

namespace ordo::match {

// One line naming the option and the cause when a file of the run is refused, else nullopt.
// Empty paths are ignored.
std::optional<std::string> refuse_run_files(const std::vector<files::NamedOutput>& outputs,
                                            const std::vector<files::NamedOutput>& inputs);

// The cap on the openings file, read whole (records files: records::kMaxRecordFileBytes, 1 GiB).
inline constexpr std::size_t kMaxOpeningsBytes = std::size_t{256} << 20;

}  // namespace ordo::match
