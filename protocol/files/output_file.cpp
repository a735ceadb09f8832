#include "output_file.hpp"
#include "file_kind.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ordo::files {

namespace {

// The folder part of PATH ("." when it has none) and its last component.
std::pair<std::string, std::string> split(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

bool write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The absolute, normalised name of PATH through its real folder, or "" when the folder does not exist.
std::string real_name(const std::string& path) {
  const auto [folder, name] = split(path);
  char buffer[PATH_MAX];
  if (!::realpath(folder.c_str(), buffer)) return "";
  std::string real = buffer;
  if (real.back() != '/') real += '/';
  return real + name;
}

}  // namespace

bool check_output_path(const std::string& path, std::string* error) {
  if (path.empty()) {
    *error = "no file named";
    return false;
  }
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    if (S_ISREG(st.st_mode)) return true;
    *error = quoted(path) + " exists and is not a regular file (" + kind_of(st.st_mode) + ")";
    return false;
  }
  if (errno != ENOENT) {
    *error = quoted(path) + ": " + std::strerror(errno);
    return false;
  }
  const std::string folder = split(path).first;
  if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    *error = quoted(path) + ": no such folder " + quoted(folder);
    return false;
  }
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    *error = quoted(path) + ": cannot write in folder " + quoted(folder) + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

std::optional<std::string> same_output(const std::vector<NamedOutput>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (std::size_t j = i + 1; j < outputs.size(); ++j) {
      const auto& a = outputs[i];
      const auto& b = outputs[j];
      if (a.path.empty() || b.path.empty()) continue;
      struct stat sa {}, sb {};
      bool same = false;
      if (::stat(a.path.c_str(), &sa) == 0 && ::stat(b.path.c_str(), &sb) == 0)
        same = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
      else
        same = a.path == b.path || (!real_name(a.path).empty() && real_name(a.path) == real_name(b.path));
      if (same)
        return a.option + " and " + b.option + " name the same file " + quoted(a.path) +
               (a.path == b.path ? "" : " (" + quoted(b.path) + ")");
    }
  }
  return std::nullopt;
}

bool replace_file(const std::string& path, std::string_view content, std::string* error, Sync sync) {
  if (!check_output_path(path, error)) return false;
  const auto [folder, name] = split(path);
  std::string temp = (folder == "." && path.find('/') == std::string::npos ? "" : folder + "/") + "." + name + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    *error = quoted(path) + ": cannot create a temporary file beside it: " + std::strerror(errno);
    return false;
  }
  const auto fail = [&](const char* step) {
    *error = quoted(path) + ": cannot " + step + ": " + std::strerror(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    return false;
  };
  // mkstemp makes the file 0600; an output is read by others as any file the user writes.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) return fail("set the mode of the temporary file");
  if (!write_all(fd, content)) return fail("write");
  if (sync == Sync::Durable && ::fsync(fd) != 0) return fail("sync");
  if (::close(fd) != 0) {
    *error = quoted(path) + ": cannot close: " + std::strerror(errno);
    ::unlink(temp.c_str());
    return false;
  }
  // The target is checked again just before the rename: a device or FIFO put there meanwhile is not replaced.
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    *error = quoted(path) + " exists and is not a regular file (" + kind_of(st.st_mode) + ")";
    ::unlink(temp.c_str());
    return false;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    *error = quoted(path) + ": cannot rename the temporary file over it: " + std::strerror(errno);
    ::unlink(temp.c_str());
    return false;
  }
  if (sync == Sync::Atomic) return true;
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

}  // namespace ordo::files
