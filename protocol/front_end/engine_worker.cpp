#include "engine_worker.hpp"

#include <algorithm>
#include <chrono>

namespace ordo::protocol {

EngineWorker::EngineWorker(Output& out, Engine& engine) : out_(out), engine_(engine), relay_(out) {
  thread_ = std::thread([this] { loop(); });
}

EngineWorker::~EngineWorker() {
  if (thread_.joinable()) quit();
}

bool EngineWorker::unbounded(const SearchLimits& l) {
  const bool limited = l.depth > 0 || l.nodes > 0 || l.movetime_ms > 0 || l.mate_moves > 0 ||
                       l.time_left_ms[WHITE] >= 0 || l.time_left_ms[BLACK] >= 0;
  return l.infinite || l.ponder || !limited;
}

void EngineWorker::submit_go(GoJob go) {
  std::lock_guard lock(mutex_);
  Job job;
  job.seq = next_seq_++;
  job.is_go = job.is_long = true;
  job.go = std::move(go);
  queue_.push_back(std::move(job));
  cv_.notify_all();
}

void EngineWorker::submit(Task task, bool long_running) {
  std::lock_guard lock(mutex_);
  Job job;
  job.seq = next_seq_++;
  job.is_long = long_running;
  job.task = std::move(task);
  queue_.push_back(std::move(job));
  cv_.notify_all();
}

void EngineWorker::submit_text(std::string text) {
  if (text.empty()) return;
  submit([this, text = std::move(text)](Engine&, const std::function<bool()>&) { out_.block(text); });
}

void EngineWorker::ping() {
  {
    std::lock_guard lock(mutex_);
    // A go counts as running until its bestmove is printed (stop prints it while the search
    // thread may still be finishing; a held bestmove waits for stop or ponderhit): after that
    // isready waits for the commands sent after that bestmove.
    if (!long_job_active_ && !relay_.awaiting_bestmove()) {
      // After the quick work queued before it, ahead of the first long job waiting.
      Job job;
      job.seq = next_seq_++;
      job.task = [this](Engine&, const std::function<bool()>&) { out_.line("readyok"); };
      const auto first_long = std::find_if(queue_.begin(), queue_.end(), [](const Job& j) { return j.is_long; });
      queue_.insert(first_long, std::move(job));
      cv_.notify_all();
      return;
    }
  }
  out_.line("readyok");  // a search, perft or bench runs: at once
}

void EngineWorker::stop() {
  std::lock_guard lock(mutex_);
  stop_below_ = next_seq_;
  task_cancelled_ = true;
  engine_.stop();
  relay_.stop();
}

void EngineWorker::ponderhit() {
  std::lock_guard lock(mutex_);
  ponderhit_below_ = next_seq_;
  engine_.ponderhit();
  relay_.ponderhit();
}

void EngineWorker::finish() {
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
    if (running_unbounded_) {  // no stop can come any more
      engine_.stop();
      relay_.stop();
    }
    cv_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

void EngineWorker::drain() {
  {
    std::unique_lock lock(mutex_);
    idle_cv_.wait(lock, [&] { return (queue_.empty() && !job_running_) || !thread_.joinable(); });
  }
  relay_.wait_answered();
  while (engine_.searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void EngineWorker::quit() {
  {
    std::lock_guard lock(mutex_);
    quitting_ = true;
    stop_below_ = next_seq_;
    task_cancelled_ = true;
    engine_.stop();
    relay_.stop();
    cv_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

void EngineWorker::loop() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return quitting_ || finishing_ || !queue_.empty(); });
      if (queue_.empty()) break;  // quit or end of input, with nothing left
      job = std::move(queue_.front());
      queue_.pop_front();
      task_cancelled_ = job.seq < stop_below_;
      long_job_active_ = job.is_long;
      job_running_ = true;
    }
    const bool was_searching = relay_.awaiting_bestmove() || engine_.searching();
    // Jobs act in order: the previous go has printed its bestmove and its search is over.
    relay_.wait_answered();
    engine_.wait();
    if (job.is_go && was_searching) {
      // The clock counts from the command's arrival, but not while our own search ran.
      const i64 now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                          std::chrono::steady_clock::now().time_since_epoch()).count();
      job.go.limits.received_ns = std::max(job.go.limits.received_ns, now);
    }
    if (job.is_go) {
      run_go(job);
    } else {
      job.task(engine_, [this] { return task_cancelled_.load(); });
    }
    std::lock_guard lock(mutex_);
    job_running_ = long_job_active_ = false;  // a search it started runs on: engine_.searching()
    idle_cv_.notify_all();
  }
  relay_.wait_answered();
  engine_.wait();
  std::lock_guard lock(mutex_);
  job_running_ = false;
  idle_cv_.notify_all();
}

void EngineWorker::run_go(Job& job) {
  GoJob& g = job.go;
  std::lock_guard lock(mutex_);
  SearchLimits& limits = g.limits;
  if (limits.ponder && job.seq < ponderhit_below_) limits.ponder = false;  // its ponderhit came while queued
  const bool open_ended = unbounded(limits);
  const bool stop_now = job.seq < stop_below_ || quitting_ || (finishing_ && open_ended);
  relay_.begin(g.dialect, g.show_wdl, limits.infinite, limits.ponder);
  if (stop_now) relay_.stop();  // no hold: its bestmove is printed at once
  engine_.go(limits, relay_, stop_now);
  running_unbounded_ = open_ended;
  // From here on the relay says whether the go runs: a bestmove may be printed before this job's
  // thread is scheduled again, and an isready read after it must then wait for the commands sent
  // after that bestmove, not be answered at once.
  long_job_active_ = false;
}

}  // namespace ordo::protocol
