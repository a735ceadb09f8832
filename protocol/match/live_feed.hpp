// The live feed of a running tournament (-live FILE): after every move and at every game's start
// and end, FILE is replaced atomically (ordo::files::replace_file: a temporary file in the same
// folder, then renamed, unsynced (files::Sync::Atomic: it is rewritten after every move); never
// over a device, FIFO or link) by a small
// JSON document: the tournament, the standings so far, one entry per running game and the last
// finished games (docs/MATCH.md, "Watching live"). A reader never sees a half-written document.
//
// Thread-safe: the workers report their games concurrently under one lock, which only updates the
// state in memory; a writer thread of its own builds the document and writes it, at most once every
// kMinGap (reports in between are written together), so a slow disk never holds up a game and a
// later state never overwrites an earlier one. Publishing never stops a game: the first failed write
// prints one warning line, later failures are silent (a write that works again resumes the feed).
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "game_runner.hpp"
#include "match_stats.hpp"
#include "schedule.hpp"

namespace ordo::match {

class LiveFeed {
 public:
  struct Setup {
    std::string event;
    std::string variant;
    std::string time_control;
    long long planned_games = 0;
    int concurrency = 1;
    std::vector<std::string> names;  // engine index -> name
  };

  LiveFeed(std::string path, Setup setup, std::ostream& warnings);
  // Writes the last state (if not written yet) and ends the writer.
  ~LiveFeed();
  LiveFeed(const LiveFeed&) = delete;
  LiveFeed& operator=(const LiveFeed&) = delete;

  // A game finished before this run (-resume): counted in the standings, not listed.
  void count_earlier(int white, int black, double white_points);
  void game_started(const ScheduledGame& game, const std::string& start_fen);
  void move_played(long long number, const MoveEvent& move);
  // `white_points` 1, 0.5 or 0.
  void game_finished(long long number, const std::string& result, const std::string& termination,
                     const std::string& detail, double white_points);
  // The game was not finished (the runner is being stopped): it leaves the running list.
  void game_abandoned(long long number);
  // `status`: "finished", "stopped" (with the reason) or "interrupted". Returns once it is written.
  void tournament_over(const std::string& status, const std::string& stop_reason);
  // Asks for the current document to be written (every report above does).
  void publish();
  // Waits until every state reported so far has been written (or its write has failed).
  void flush();

  // The document as it would be written now.
  std::string document() const;
  // Whether the last write failed.
  bool failing() const;

  static constexpr std::size_t kRecentGames = 10;
  static constexpr std::chrono::milliseconds kMinGap{20};

 private:
  struct SideEval {
    bool has = false, mate = false;
    int score = 0, depth = 0;
  };
  struct Running {
    ScheduledGame game;
    std::string start_fen, fen;
    std::vector<std::string> moves;
    std::optional<long long> clock_ms[2];
    SideEval eval[2];
  };
  struct Finished {
    long long number = 0, round = 0;
    int white = 0, black = 0;
    std::string result, termination, detail, start_fen, fen;
    std::vector<std::string> moves;  // canonical tokens, so a board can replay the game
  };
  void count(int white, int black, double white_points);
  std::string document_locked() const;
  void changed_locked();
  void writer_loop();

  const std::string path_;
  const Setup setup_;
  std::ostream& warnings_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;     // the writer: something changed, or stop
  std::condition_variable written_;  // flush(): a write ended
  long long sequence_ = 0;           // grows with every change
  long long written_sequence_ = 0;   // the last state written (or failed)
  bool dirty_ = false, stopping_ = false;
  long long finished_count_ = 0;
  std::string status_ = "running", stop_reason_;
  std::vector<Tally> standings_;  // per engine
  std::map<long long, Running> running_;
  std::vector<Finished> recent_;  // newest first, at most kRecentGames
  bool failing_ = false, warned_ = false;
  std::thread writer_;  // last: started once everything above is set
};

}  // namespace ordo::match
