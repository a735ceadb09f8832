// A record of the time each search took, for measuring time use on a busy machine. When the
// environment variable ORDO_TIMING_LOG names a file, one JSON line per search on a clock or a move
// time is appended to it once its bestmove is written; without it nothing is recorded.
#pragma once

#include <string>

#include "search/search.hpp"

namespace ordo {

class TimingLog {
 public:
  TimingLog();  // reads ORDO_TIMING_LOG
  bool enabled() const { return !path_.empty(); }
  // At go, once the search's clock is set: the process's CPU time so far.
  void begin(const SearchShared& s, int overhead_ms, double slowdown);
  // On the search thread, after the bestmove: appends the line. Fields: pid; the clock (wtime,
  // btime, winc, binc, movetime, ms); the planned overhead, slowdown, share before the slowdown
  // (target), soft and hard stop (ms); started_ms:
  // from reading go to starting the search; elapsed_ms: from reading go to writing bestmove;
  // cpu_ms: the process's CPU time meanwhile; run_ms and wait_ms: the search thread's time on a
  // core and waiting for one (/proc/thread-self/schedstat); nodes.
  void end(const SearchShared& s, i64 elapsed_ms);

 private:
  std::string path_;
  i64 cpu_at_go_ns_ = 0;
  i64 started_ms_ = 0;
  int overhead_ms_ = 0;
  double slowdown_ = 1.0;
};

}  // namespace ordo
