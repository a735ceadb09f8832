// One engine child process driven over pipes: the launcher and line reader shared by every client
// of the project (the match runner, the web board). POSIX only (fork/exec, poll).
#pragma once

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine_command.hpp"

namespace ordo::driver {

// Contract: at most one thread reads (read_line) and at most one other writes (send)
// at a time; start/stop/kill/restart are called by the owner while neither is in progress.
// Writing to a dead engine returns false and never raises SIGPIPE in the caller.
class EngineProcess {
 public:
  // Lines longer than this are cut: the first kMaxLine bytes are returned as one line and the
  // rest of that line is discarded.
  static constexpr std::size_t kMaxLine = 1 << 16;

  explicit EngineProcess(EngineCommand cmd);
  ~EngineProcess();  // kills the process if still running
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Forks and execs the command with pipes on stdin/stdout. False with *error set when the pipes,
  // the fork or the exec fail (an exec failure is reported here, not as an early EOF).
  bool start(std::string* error);
  // True while the child has not been reaped (checks without blocking). The engine runs as the
  // leader of its own process group; when it is found ended, whatever is left in that group (the
  // engine's helpers) is killed before it is reaped, so no child of an engine outlives it.
  bool running() const;
  int pid() const { return pid_; }

  // Writes line + '\n'. False when the engine is not running or its input pipe is broken.
  bool send(const std::string& line);

  enum class ReadStatus { Line, Timeout, Eof };
  // Next line without its '\n' (and without a trailing '\r'). Eof once the engine closed its output
  // and all buffered lines were read; a final unterminated line is returned before Eof.
  ReadStatus read_line(std::string& out, std::chrono::milliseconds timeout);

  // The engine's output pipe, for callers that multiplex themselves: after poll() reports it
  // readable call read_line with a zero timeout until it returns Timeout. -1 when not started.
  int read_fd() const { return out_fd_; }
  // The engine's input pipe, for callers that write without blocking (they set O_NONBLOCK and
  // write when poll() reports it writable) instead of calling send. -1 when not started.
  int write_fd() const { return in_fd_; }

  // SIGKILL to the engine's process group and reap; closes the pipes. Safe to call when not running.
  void kill();
  // Closes the engine's input (what it was sent before is still there to read), waits up to grace
  // for it to exit, then kills it. True when it exited by itself within the grace period. The
  // protocol's "quit", if any, is the caller's to send first.
  bool stop(std::chrono::milliseconds grace);
  // kill() then start().
  bool restart(std::string* error);
  // Exit status as from waitpid once reaped, or nullopt while running / never started.
  std::optional<int> wait_status() const;

 private:
  bool take_buffered_line(std::string& out);
  void close_fds();
  bool reap(bool block) const;

  EngineCommand cmd_;
  int pid_ = -1;
  int in_fd_ = -1;   // engine's stdin (we write)
  int out_fd_ = -1;  // engine's stdout (we read)
  std::string buffer_;
  bool discarding_ = false;  // inside an over-long line whose head was already returned
  bool eof_ = false;
  mutable bool reaped_ = false;
  mutable int status_ = 0;
  mutable std::mutex reap_mutex_;
};

}  // namespace ordo::driver
