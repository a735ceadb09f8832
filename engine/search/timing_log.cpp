#include "search/timing_log.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include <nlohmann/json.hpp>

namespace ordo {

namespace {

i64 process_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return i64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

}  // namespace

TimingLog::TimingLog() {
  if (const char* p = std::getenv("ORDO_TIMING_LOG")) path_ = p;
}

void TimingLog::begin(const SearchShared& s, int overhead_ms, double slowdown) {
  if (!enabled()) return;
  cpu_at_go_ns_ = process_cpu_ns();
  started_ms_ = s.elapsed_ms();
  overhead_ms_ = overhead_ms;
  slowdown_ = slowdown;
}

void TimingLog::end(const SearchShared& s, i64 elapsed_ms) {
  if (!enabled()) return;
  const i64 cpu_ms = (process_cpu_ns() - cpu_at_go_ns_) / 1'000'000;
  long long run_ns = -1, wait_ns = -1;
  if (std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r")) {
    if (std::fscanf(f, "%lld %lld", &run_ns, &wait_ns) != 2) run_ns = wait_ns = -1;
    std::fclose(f);
  }
  const SearchLimits& l = s.limits;
  // Members in this order (nlohmann::ordered_json); slowdown to two decimals.
  const nlohmann::ordered_json line = {
      {"pid", int(getpid())},
      {"wtime", l.time_left_ms[WHITE]},
      {"btime", l.time_left_ms[BLACK]},
      {"winc", l.increment_ms[WHITE]},
      {"binc", l.increment_ms[BLACK]},
      {"movetime", l.movetime_ms},
      {"overhead_ms", overhead_ms_},
      {"slowdown", std::round(slowdown_ * 100) / 100},
      {"target_ms", s.budget.target_ms},
      {"soft_ms", s.budget.soft_ms},
      {"hard_ms", s.budget.hard_ms},
      {"started_ms", started_ms_},
      {"elapsed_ms", elapsed_ms},
      {"cpu_ms", cpu_ms},
      {"run_ms", run_ns < 0 ? -1LL : run_ns / 1'000'000},
      {"wait_ms", wait_ns < 0 ? -1LL : wait_ns / 1'000'000},
      {"nodes", s.total_nodes()}};
  std::ofstream(path_, std::ios::app) << line.dump() + '\n';  // one write of one line: lines of processes do not mix
}

}  // namespace ordo
