#include "live_watch.hpp"

#include <sys/stat.h>

#include "live_document.hpp"
#include "regular_file.hpp"

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

void LiveWatch::refuse(const std::string& why) {
  refused_ = why;
  if (warned_) return;
  warned_ = true;
  warnings_ << "ordo-web: warning: the live file " << why << ": not shown (the last good document stays)"
            << std::endl;
}

bool LiveWatch::poll() {
  // The identity of the name itself (lstat: a link is seen as a link), to read only on a change.
  struct stat st {};
  if (::lstat(path_.c_str(), &st) != 0) return false;  // not there (yet): keep the last
  const long long mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  if (static_cast<unsigned long long>(st.st_ino) == inode_ && static_cast<long long>(st.st_size) == size_ &&
      mtime_ns == mtime_ns_)
    return false;
  inode_ = static_cast<unsigned long long>(st.st_ino);
  size_ = static_cast<long long>(st.st_size);
  mtime_ns_ = mtime_ns;
  std::string error;
  const auto bytes = files::read_regular_file(path_, kMaxBytes, &error, files::Links::Refuse);
  if (!bytes) {
    refuse(error);
    return false;
  }
  std::string why;
  auto document = check_live_document(*bytes, &why);
  if (!document) {
    refuse("'" + path_ + "' is not a tournament's live document (" + why + ")");
    return false;
  }
  refused_.clear();
  warned_ = false;
  if (*document == document_) return false;
  document_ = std::move(*document);
  ++version_;
  finished_.reset();
  return true;
}

std::optional<std::string> LiveWatch::finished_game(long long number, std::string* why) {
  if (version_ == 0) {
    *why = "no tournament document yet";
    return std::nullopt;
  }
  if (!finished_) finished_.emplace(document_);
  return finished_->game(number, why);
}

}  // namespace ordo::web
