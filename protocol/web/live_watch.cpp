#include "live_watch.hpp"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ordo::web {

LiveWatch::LiveWatch(boost::asio::io_context& io, std::string path, std::chrono::milliseconds interval,
                     std::ostream& warnings)
    : timer_(io), path_(std::move(path)), interval_(interval), warnings_(warnings) {}

void LiveWatch::start() {
  running_ = true;
  poll();
  schedule();
}

void LiveWatch::stop() {
  running_ = false;
  timer_.cancel();
}

void LiveWatch::schedule() {
  if (!running_) return;
  timer_.expires_after(interval_);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || !running_) return;
    poll();
    schedule();
  });
}

bool LiveWatch::poll() {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;  // not there (yet): keep the last
  const long long mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  if (static_cast<unsigned long long>(st.st_ino) == inode_ && static_cast<long long>(st.st_size) == size_ &&
      mtime_ns == mtime_ns_)
    return false;
  if (static_cast<std::size_t>(st.st_size) > kMaxBytes) {
    if (!warned_big_)
      warnings_ << "ordo-web: warning: the live file '" << path_ << "' holds " << st.st_size
                << " bytes, more than " << kMaxBytes << ": not shown" << std::endl;
    warned_big_ = true;
    inode_ = static_cast<unsigned long long>(st.st_ino), size_ = static_cast<long long>(st.st_size);
    mtime_ns_ = mtime_ns;
    return false;
  }
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  std::string text;
  char buf[16384];
  bool ok = true;
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > kMaxBytes) {
      ok = false;  // grew while read: try again at the next check
      break;
    }
  }
  struct stat after {};
  const bool same = ::fstat(fd, &after) == 0 && after.st_ino == st.st_ino;
  ::close(fd);
  if (!ok || !same) return false;
  inode_ = static_cast<unsigned long long>(st.st_ino);
  size_ = static_cast<long long>(st.st_size);
  mtime_ns_ = mtime_ns;
  if (text == document_) return false;
  document_ = std::move(text);
  ++version_;
  return true;
}

}  // namespace ordo::web
