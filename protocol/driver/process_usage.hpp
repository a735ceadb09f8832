// What an engine process cost while it thought: CPU time of all its threads, their wait for a
// core, the core its busiest thread ran on, its nice level and CPU affinity. Read from Linux's
// /proc/PID/task/*/{stat,schedstat}; every figure is left unmeasured where /proc cannot be read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ordo::driver {

// The fields of /proc/PID/task/TID/stat this meter needs. nullopt for text that is not a stat line.
struct StatFields {
  std::uint64_t utime_ticks = 0, stime_ticks = 0;
  int nice = 0;
  int processor = -1;  // the CPU the thread last ran on
};
std::optional<StatFields> parse_stat(const std::string& text);

// /proc/PID/task/TID/schedstat: nanoseconds on a CPU, nanoseconds waiting on a run queue.
struct SchedStat {
  std::uint64_t run_ns = 0, wait_ns = 0;
};
std::optional<SchedStat> parse_schedstat(const std::string& text);

// "0-3,6" from {0,1,2,3,6}; "" for an empty set.
std::string cpu_list_text(const std::vector<int>& cpus);
// {0,1,2,3,6} from "0-3,6" (sorted, no duplicates); nullopt for malformed text.
std::optional<std::vector<int>> parse_cpu_list(const std::string& text);
// The CPUs process pid (0: the caller) may run on, sorted; empty when they cannot be read.
std::vector<int> allowed_cpus(int pid);

// One search's cost to the machine.
struct SearchUsage {
  bool measured = false;   // false: /proc could not be read, the rest is zero
  double cpu_ms = 0;       // CPU time of all the engine's threads during the search
  double wait_ms = 0;      // their time runnable but waiting for a core
  int core = -1;           // the CPU of the thread that ran most during the search
  int nice = 0;
  std::string affinity;    // the process's allowed CPUs, "0-1"
};

// Samples one process's threads: begin() before the go, sample() while it thinks (threads that
// start and end within one search are caught by the samples between), end() after the bestmove.
// Not thread-safe; one meter per engine.
class UsageMeter {
 public:
  void begin(int pid);
  void sample();
  SearchUsage end();

 private:
  struct ThreadMark {
    SchedStat start, last;
    StatFields stat;
  };
  void read_threads(bool first);

  int pid_ = -1;
  std::map<int, ThreadMark> threads_;
};

}  // namespace ordo::driver
