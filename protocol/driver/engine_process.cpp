#include "engine_process.hpp"
#include "process_usage.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ordo::driver {

namespace {

using Clock = std::chrono::steady_clock;

// A write to a pipe whose reader died raises SIGPIPE; the process-wide disposition is set to
// ignore once, so such writes fail with EPIPE instead.
void ignore_sigpipe_once() {
  static const bool done = [] {
    struct sigaction sa {};
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, nullptr);
    return true;
  }();
  (void)done;
}

void close_if_open(int& fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

EngineProcess::EngineProcess(EngineCommand cmd) : cmd_(std::move(cmd)) {}

EngineProcess::~EngineProcess() { kill(); }

bool EngineProcess::start(std::string* error) {
  auto fail = [&](const std::string& what) {
    if (error) *error = what;
    return false;
  };
  if (pid_ > 0 && running()) return fail("engine already running");
  kill();
  if (cmd_.argv.empty() || cmd_.argv[0].empty()) return fail("empty engine command");
  ignore_sigpipe_once();

  int to_child[2], from_child[2], exec_report[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) return fail(std::string("pipe: ") + std::strerror(errno));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]), ::close(to_child[1]);
    return fail(std::string("pipe: ") + std::strerror(errno));
  }
  if (::pipe2(exec_report, O_CLOEXEC) != 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    return fail(std::string("pipe: ") + std::strerror(errno));
  }

  // The CPU set is built before the fork: the child only makes the system call.
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  for (const int c : cmd_.cpus)
    if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &cpus);

  std::vector<char*> args;
  for (auto& a : cmd_.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1], exec_report[0], exec_report[1]})
      ::close(fd);
    return fail(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls from here on.
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    if (!cmd_.pass_stderr) {
      const int devnull = ::open("/dev/null", O_WRONLY);
      if (devnull >= 0) ::dup2(devnull, STDERR_FILENO);
    }
    struct sigaction sa {};
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, nullptr);
    ::setpgid(0, 0);  // its own group: a Ctrl-C to the runner does not reach the engine first
    if (cmd_.niceness > 0) {  // before exec, so every thread the engine starts inherits it
      const int now = ::getpriority(PRIO_PROCESS, 0);
      ::setpriority(PRIO_PROCESS, 0, now + cmd_.niceness > 19 ? 19 : now + cmd_.niceness);
    }
    // The report is {stage, errno}: stage 1 the CPU affinity, 2 the directory or the exec.
    int report[2] = {0, 0};
    if (!cmd_.cpus.empty() && ::sched_setaffinity(0, sizeof cpus, &cpus) != 0) {
      report[0] = 1;
      report[1] = errno;
    } else if (!cmd_.working_dir.empty() && ::chdir(cmd_.working_dir.c_str()) != 0) {
      report[0] = 2;
      report[1] = errno;
    } else {
      ::execvp(args[0], args.data());
      report[0] = 2;
      report[1] = errno;
    }
    [[maybe_unused]] ssize_t ignored = ::write(exec_report[1], report, sizeof report);
    ::_exit(127);
  }

  ::setpgid(pid, pid);  // also from here, so the group exists before any kill (fails harmlessly after exec)
  ::close(to_child[0]);
  ::close(from_child[1]);
  ::close(exec_report[1]);
  int report[2] = {0, 0};
  ssize_t n;
  do {
    n = ::read(exec_report[0], report, sizeof report);
  } while (n < 0 && errno == EINTR);
  ::close(exec_report[0]);

  pid_ = pid;
  in_fd_ = to_child[1];
  out_fd_ = from_child[0];
  buffer_.clear();
  discarding_ = false;
  eof_ = false;
  {
    std::lock_guard lock(reap_mutex_);
    reaped_ = false;
    status_ = 0;
  }
  if (n > 0) {
    std::string what;
    if (report[0] == 1) {
      what = "cannot run '";
      what += cmd_.argv[0];
      what += "' on CPUs " + cpu_list_text(cmd_.cpus) + ": " + std::strerror(report[1]);
    } else {
      what = !cmd_.working_dir.empty() ? "cannot start '" : "cannot run '";
      what += cmd_.argv[0];
      what += "': ";
      what += std::strerror(report[1]);
    }
    kill();
    return fail(what);
  }
  return true;
}

bool EngineProcess::reap(bool block) const {
  std::lock_guard lock(reap_mutex_);
  if (pid_ <= 0 || reaped_) return true;
  // The engine's process group goes with it: once the engine has ended (seen without reaping it,
  // so its pid, the group's id, cannot have been reused), whatever it started in its group is
  // killed, then the engine is reaped.
  siginfo_t info{};
  int w;
  do {
    w = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
  } while (w < 0 && errno == EINTR);
  if (w == 0 && info.si_pid == pid_) ::kill(-pid_, SIGKILL);
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == pid_ || (r < 0 && errno == ECHILD)) {
    reaped_ = true;
    status_ = status;
    return true;
  }
  return false;
}

bool EngineProcess::running() const { return pid_ > 0 && !reap(false); }

std::optional<int> EngineProcess::wait_status() const {
  if (pid_ <= 0) return std::nullopt;
  if (!reap(false)) return std::nullopt;
  std::lock_guard lock(reap_mutex_);
  return status_;
}

bool EngineProcess::send(const std::string& line) {
  if (in_fd_ < 0) return false;
  std::string data = line;
  data.push_back('\n');
  return write_all(in_fd_, data.data(), data.size());
}

bool EngineProcess::take_buffered_line(std::string& out) {
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl == std::string::npos) {
      if (buffer_.size() < kMaxLine) return false;
      if (discarding_) {  // still inside a cut line: drop what came
        buffer_.clear();
        return false;
      }
      out.assign(buffer_, 0, kMaxLine);
      buffer_.erase(0, kMaxLine);
      discarding_ = true;
      return true;
    }
    if (discarding_) {
      buffer_.erase(0, nl + 1);
      discarding_ = false;
      continue;
    }
    const std::size_t len = std::min(nl, kMaxLine);
    out.assign(buffer_, 0, len);
    buffer_.erase(0, nl + 1);
    if (!out.empty() && out.back() == '\r') out.pop_back();
    return true;
  }
}

EngineProcess::ReadStatus EngineProcess::read_line(std::string& out, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (take_buffered_line(out)) return ReadStatus::Line;
    if (eof_ || out_fd_ < 0) {
      if (!buffer_.empty() && !discarding_) {  // final line without '\n'
        out.swap(buffer_);
        buffer_.clear();
        if (!out.empty() && out.back() == '\r') out.pop_back();
        return ReadStatus::Line;
      }
      buffer_.clear();
      return ReadStatus::Eof;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    pollfd pfd{out_fd_, POLLIN, 0};
    const int wait_ms = left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1 << 30));
    const int r = ::poll(&pfd, 1, wait_ms);
    if (r < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      continue;
    }
    if (r == 0) {
      if (Clock::now() >= deadline) return ReadStatus::Timeout;
      continue;
    }
    char chunk[8192];
    const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
}

void EngineProcess::close_fds() {
  close_if_open(in_fd_);
  close_if_open(out_fd_);
}

void EngineProcess::kill() {
  if (pid_ > 0 && !reap(false)) {
    ::kill(-pid_, SIGKILL);  // the engine's whole process group (start() made it the leader)
    ::kill(pid_, SIGKILL);
    reap(true);
  }
  close_fds();
}

bool EngineProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return true;
  close_if_open(in_fd_);  // the end of its input asks a well-behaved engine to leave
  const auto deadline = Clock::now() + grace;
  bool exited = false;
  for (;;) {
    if (reap(false)) {
      exited = true;
      break;
    }
    if (Clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill();
  return exited;
}

bool EngineProcess::restart(std::string* error) {
  kill();
  return start(error);
}

}  // namespace ordo::driver
