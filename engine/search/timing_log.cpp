#include "search/timing_log.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

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
  char line[512];
  std::snprintf(line, sizeof line,
                "{\"pid\": %d, \"wtime\": %d, \"btime\": %d, \"winc\": %d, \"binc\": %d, \"movetime\": %d, "
                "\"overhead_ms\": %d, \"slowdown\": %.2f, \"target_ms\": %lld, \"soft_ms\": %lld, \"hard_ms\": %lld, \"started_ms\": %lld, "
                "\"elapsed_ms\": %lld, \"cpu_ms\": %lld, \"run_ms\": %lld, \"wait_ms\": %lld, \"nodes\": %llu}\n",
                int(getpid()), l.time_left_ms[WHITE], l.time_left_ms[BLACK], l.increment_ms[WHITE],
                l.increment_ms[BLACK], l.movetime_ms, overhead_ms_, slowdown_, (long long)s.budget.target_ms,
                (long long)s.budget.soft_ms,
                (long long)s.budget.hard_ms, (long long)started_ms_, (long long)elapsed_ms, (long long)cpu_ms,
                run_ns < 0 ? -1LL : run_ns / 1'000'000, wait_ns < 0 ? -1LL : wait_ns / 1'000'000,
                (unsigned long long)s.total_nodes());
  std::ofstream(path_, std::ios::app) << line;  // one write of one line: lines of processes do not mix
}

}  // namespace ordo
