// What each engine of a run was given and used, move by move: the runner's time per move, the
// engine's own reported time and the latency between them, nodes per second, its CPU time and
// wait for a core, the cores, nice levels and CPU sets it ran with, its time losses; and the
// machine's load while the run played. The evidence that two engines were served alike.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "engine_player.hpp"
#include "json_text.hpp"

namespace ordo::match {

// One engine's moves, summed.
struct UsageTotals {
  long long moves = 0;
  double elapsed_ms = 0;          // the runner's time from go to bestmove
  long long timed_moves = 0;      // moves with an engine-reported time
  double latency_ms = 0;          // sum over timed moves of the runner's time minus the engine's
  double latency_max_ms = 0;
  long long nodes = 0;            // sum of reported nodes
  double node_ms = 0;             // the runner's time of the moves that reported nodes
  long long measured_moves = 0;   // moves whose CPU time could be read
  double cpu_ms = 0, wait_ms = 0;  // over the measured moves
  double measured_elapsed_ms = 0;  // the runner's time of the measured moves
  long long time_losses = 0;
  std::map<int, long long> cores;            // moves by the core their busiest thread ran on
  std::map<int, long long> nices;            // moves by nice level
  std::map<std::string, long long> affinities;  // moves by allowed CPU set

  void add(const SearchAnswer& move);
  void merge(const UsageTotals& other);
  double knps() const;  // reported nodes per runner millisecond, 0 without nodes
};

// The 1-minute load average, sampled now and then during a run.
struct LoadFigures {
  long long samples = 0;
  double first = 0, last = 0, sum = 0, max = 0;
  void sample();  // reads /proc/loadavg; does nothing when it cannot
  void add(double load);
  void merge(const LoadFigures& other);
  double mean() const { return samples ? sum / double(samples) : 0; }
};

// The totals of every engine of a run, filled by the workers (thread-safe).
class UsageBook {
 public:
  void add_move(const std::string& engine, const SearchAnswer& move);
  void add_time_loss(const std::string& engine);
  void sample_load();
  void merge(const UsageBook& other);
  std::map<std::string, UsageTotals> totals() const;
  LoadFigures load() const;

  // "Engines (the moves of this run):" and a table, then a "Load" line; engines in names' order.
  std::string text(const std::vector<std::string>& names) const;
  // {"engine_figures": {...}, "load": {...}}: members for the JSON report.
  Json json_members(const std::vector<std::string>& names) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, UsageTotals> totals_;
  LoadFigures load_;
};

// -telemetry FILE: one CSV line per move.
std::string telemetry_header();
std::string telemetry_line(long long game, int ply, const std::string& engine, const SearchAnswer& move);

}  // namespace ordo::match
