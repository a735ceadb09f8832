// The engine's side of the protocol: one worker thread runs the commands that need the engine (go,
// perft, bench, hash and thread settings, printing in order) one after another, while the input
// reader never waits. Every job gets a sequence number; `stop` and `ponderhit` act on the running
// job and on every job submitted before them, so commands a GUI pipelines act in order.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "output.hpp"
#include "relay.hpp"
#include "search/engine.hpp"

namespace ordo::protocol {

// What a `go` needs from the session, copied when the command is read (the position is the
// engine's already: the session sets it through a task when its game changes).
struct GoJob {
  SearchLimits limits;
  Dialect dialect = Dialect::Uci;
  bool show_wdl = false;
};

class EngineWorker {
 public:
  // A job that is not a search. `cancelled` turns true on stop or quit.
  using Task = std::function<void(Engine& engine, const std::function<bool()>& cancelled)>;

  EngineWorker(Output& out, Engine& engine);
  ~EngineWorker();  // quit()
  EngineWorker(const EngineWorker&) = delete;
  EngineWorker& operator=(const EngineWorker&) = delete;

  // Queue a search or a task. Returns at once.
  void submit_go(GoJob job);
  // `long_running`: may take any time (perft, bench); isready does not wait for it.
  void submit(Task task, bool long_running = false);
  // Queue output text (a block ending in a newline, or nothing) to print in order.
  void submit_text(std::string text);

  // `isready`: readyok once the quick work queued before it is done, but never after a search,
  // perft or bench (they may take any time): at once while one runs, else ahead of the first one
  // waiting.
  void ping();

  // Called by the reader. Act at once on the running job and on everything queued before.
  void stop();
  void ponderhit();
  // End of input: searches that only a stop could end are stopped; the rest of the queue runs;
  // returns when all is done and every bestmove printed.
  void finish();
  // Waits until every job queued so far is done and no search runs (for tests and harnesses;
  // the reader never calls it). The worker keeps running.
  void drain();
  // `quit`: as stop, then as end of input: every search, perft and bench queued or running is
  // stopped at once (each go still gets its bestmove), the quick work queued before is done.
  void quit();

 private:
  struct Job {
    u64 seq = 0;
    bool is_go = false;
    bool is_long = false;  // a search, perft or bench
    GoJob go;
    Task task;
  };
  void loop();
  void run_go(Job& job);
  static bool unbounded(const SearchLimits& l);

  Output& out_;
  Engine& engine_;
  Relay relay_;

  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  u64 next_seq_ = 0;
  u64 stop_below_ = 0;       // jobs with a smaller number are stopped
  u64 ponderhit_below_ = 0;  // ponder searches with a smaller number have had their ponderhit
  bool finishing_ = false;   // end of input
  bool quitting_ = false;
  bool running_unbounded_ = false;  // the running search ends only by stop
  bool long_job_active_ = false;    // a perft or bench runs, or a go is being started
  bool job_running_ = false;
  std::condition_variable idle_cv_;
  std::atomic<bool> task_cancelled_{false};
  std::thread thread_;
};

}  // namespace ordo::protocol
