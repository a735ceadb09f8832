// What a path is when it is not a regular file, and how a path is shown in an error: shared by the
// reader and the writer of this folder.
#pragma once

#include <string>
#include <sys/stat.h>

namespace ordo::files {

// "a folder", "a FIFO", "a character device", … for the file type of MODE.
inline const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a plain file";
}

inline std::string quoted(const std::string& path) { return "'" + path + "'"; }

}  // namespace ordo::files
