// Follows the live file of a running tournament (ordo-match -live FILE) for the live page
// (/live.json). On the server's thread, every `interval` it compares the file's identity (inode,
// size, modification time) with the last one seen and, when it changed, reads the file again: a
// small local file, written whole and renamed into place by the runner, so a read never sees half
// a document.
//
// Contract: the bytes served are only ever a document that check_live_document accepted (strict
// JSON of the runner's shape), written out again. The file is read through read_regular_file with
// links refused: the live file must be the runner's own regular file, not a link to another file
// (the server may answer beyond this machine), nor a FIFO or a device; at most kMaxBytes. Whatever
// is refused (a link, too big, not a live document) leaves the last good document served, with
// one warning line until a good document comes again. The finished games of the document are
// replayed by the rules core on request (live_replay.hpp), at most once each per document.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <optional>
#include <ostream>
#include <string>

#include "live_replay.hpp"

namespace ordo::web {

class LiveWatch {
 public:
  static constexpr std::size_t kMaxBytes = 1024 * 1024;

  LiveWatch(boost::asio::io_context& io, std::string path, std::chrono::milliseconds interval,
            std::ostream& warnings);
  // Checks at once, then every interval until stop().
  void start();
  void stop();
  // One check: reads the file when it changed. True when the document changed.
  bool poll();

  const std::string& path() const { return path_; }
  // The last document accepted; empty until one has been.
  const std::string& document() const { return document_; }
  // Grows by one with every change of the document; 0 before the first.
  long long version() const { return version_; }
  // Why the file's present content is not served ("" when it is, or when there is no file).
  const std::string& refused() const { return refused_; }
  // A finished game of the present document replayed (FinishedGames::game); nullopt with *why when
  // it cannot be, or there is no document yet.
  std::optional<std::string> finished_game(long long number, std::string* why);

 private:
  void schedule();
  void refuse(const std::string& why);

  boost::asio::steady_timer timer_;
  const std::string path_;
  const std::chrono::milliseconds interval_;
  std::ostream& warnings_;
  std::string document_;
  long long version_ = 0;
  std::optional<FinishedGames> finished_;  // of document_, made on the first request
  // The identity of the file last read (or refused): inode, size, mtime in ns.
  unsigned long long inode_ = 0;
  long long size_ = -1, mtime_ns_ = -1;
  std::string refused_;
  bool warned_ = false;  // since the last good document
  bool running_ = false;
};

}  // namespace ordo::web
