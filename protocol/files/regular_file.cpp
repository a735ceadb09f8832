#include "regular_file.hpp"
#include "file_kind.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ordo::files {

int open_regular_file(const std::string& path, std::string* error, Links links) {
  if (path.empty()) {
    *error = "no file named";
    return -1;
  }
  int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
  if (links == Links::Refuse) flags |= O_NOFOLLOW;
  const int fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    if (links == Links::Refuse && errno == ELOOP)
      *error = quoted(path) + ": a symbolic link (refused: name the file itself)";
    else
      *error = quoted(path) + ": cannot open: " + std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    *error = quoted(path) + ": cannot stat: " + std::strerror(errno);
    ::close(fd);
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    *error = quoted(path) + ": not a regular file (" + kind_of(st.st_mode) + ")";
    ::close(fd);
    return -1;
  }
  // A regular file never blocks a read; blocking mode is restored for readers that expect it.
  const int fl = ::fcntl(fd, F_GETFL);
  if (fl >= 0) ::fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  return fd;
}

std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes,
                                             std::string* error, Links links) {
  const int fd = open_regular_file(path, error, links);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    *error = quoted(path) + ": cannot stat: " + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  const auto too_long = [&](std::uint64_t size) {
    *error = quoted(path) + ": " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) +
             " allowed";
    ::close(fd);
    return std::nullopt;
  };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) return too_long(static_cast<std::uint64_t>(st.st_size));
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = quoted(path) + ": cannot read: " + std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    // The file may grow while it is read: the cap holds for what is read, not only for the size seen.
    if (bytes.size() + static_cast<std::size_t>(n) > max_bytes) return too_long(bytes.size() + static_cast<std::size_t>(n));
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return bytes;
}

}  // namespace ordo::files
