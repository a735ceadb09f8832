#include "tournament.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

#include "affinity.hpp"
#include "durable_appender.hpp"
#include "game_runner.hpp"
#include "live_feed.hpp"
#include "notation.hpp"
#include "openings.hpp"
#include "results.hpp"
#include "output_file.hpp"
#include "resume.hpp"
#include "run_files.hpp"
#include "schedule.hpp"

namespace ordo::match {

std::atomic<bool> g_interrupted{false};

namespace {

std::string time_control_heading(const MatchConfig& c) {
  std::string first = c.engines.front().limits.describe();
  for (const auto& e : c.engines)
    if (e.limits.describe() != first) return "time controls differ";
  return "tc " + first;
}

class Tournament {
 public:
  Tournament(const MatchConfig& c, RunSummary* summary) : config_(c), summary_(summary) {
    for (const auto& e : c.engines) names_.push_back(e.name);
    context_.names = names_;
    context_.variant = c.variant;
    context_.time_control = time_control_heading(c);
    context_.sprt = c.sprt;
    context_.sprt_of_shard = c.shard_count > 1;
  }

  int run() {
    std::string error;
    // Every output is checked, and no two files are one, before anything is read or played.
    if (const auto refused = refuse_run_files({{"-pgnout", config_.pgnout}, {"-json", config_.json},
                                               {"-live", config_.live}, {"-log", config_.log},
                                               {"-telemetry", config_.telemetry}},
                                              {{"-openings file", config_.openings.file}}))
      return fatal(*refused, kExitUsage);
    // Openings.
    if (config_.openings.file.empty()) {
      book_ = std::make_unique<OpeningBook>(config_.variant);
    } else {
      auto book = OpeningBook::load(config_.openings, config_.variant, config_.srand, &error);
      if (!book) return fatal(error, kExitUsage);
      book_ = std::make_unique<OpeningBook>(std::move(*book));
    }
    schedule_ = std::make_unique<Schedule>(config_);
    cursor_ = std::make_unique<Schedule::Cursor>(schedule_->cursor());
    context_.planned_games = schedule_->size();

    // Resume: the finished games already in the records are counted, not replayed.
    if (config_.resume) {
      std::vector<std::string> skipped;
      auto found = finished_in_records(config_, *schedule_, *book_, names_, &skipped, &error);
      for (const auto& s : skipped) std::cerr << "warning: skipped a record: " << s << "\n";
      if (!found) return fatal(error, kExitUsage);
      finished_ = std::move(*found);
      recorded_ = finished_;  // the summary written after each pair counts these too
      for (const auto& f : finished_) done_numbers_.insert(f.score.number);
      std::cout << "Resuming: " << finished_.size() << " of " << schedule_->size() << " games already in "
                << config_.pgnout << "\n";
    }
    if (!config_.resume && !config_.pgnout.empty())
      if (const auto overlap = records_overlap(config_, *schedule_, *book_)) return fatal(*overlap, kExitUsage);
    const long long remaining = schedule_->size() - static_cast<long long>(finished_.size());

    if (!config_.pgnout.empty()) {
      std::string note;
      if (!records_.open(config_.pgnout, &error, &note)) return fatal(error, kExitUsage);
      if (!note.empty()) std::cerr << "warning: " << note << "\n";
    }
    if (!config_.log.empty()) {
      log_.open(config_.log, std::ios::app);
      if (!log_) return fatal("-log: cannot open '" + config_.log + "' for appending", kExitUsage);
    }
    const int workers = static_cast<int>(std::max(1LL, std::min<long long>(config_.concurrency, remaining)));
    // The CPUs of each game slot are chosen before any engine of a game is started.
    auto plan = affinity_for(config_, workers, &error);
    if (!plan) return fatal(error, kExitUsage);
    affinity_ = std::move(*plan);
    if (!config_.telemetry.empty()) {
      std::error_code ec;
      const bool fresh = !std::filesystem::exists(config_.telemetry, ec) || std::filesystem::file_size(config_.telemetry, ec) == 0;
      telemetry_.open(config_.telemetry, std::ios::app);
      if (!telemetry_) return fatal("-telemetry: cannot open '" + config_.telemetry + "' for appending", kExitUsage);
      if (fresh) telemetry_ << telemetry_header() << '\n';
    }

    // Check every engine starts once before any game, so a typo fails at once.
    for (const auto& spec : config_.engines) {
      EnginePlayer probe(spec, config_.variant, spec.name, config_.handshake_s, log_sink());
      if (!probe.start(&error)) return fatal(error, kExitEngine);
    }
    if (sprt_decided()) stop_reason_ = "SPRT decision reached in the records";
    if (!config_.live.empty()) start_live_feed();
    if (!config_.quiet) std::cout << "Affinity: " << affinity_.note << std::endl;
    usage_.sample_load();

    std::vector<std::thread> threads;
    for (int w = 0; w < workers && stop_reason_.empty(); ++w) threads.emplace_back([this, w] { worker(w); });
    for (auto& t : threads) t.join();
    usage_.sample_load();
    // A pair's first game waits for its partner before it is written; at the end the games of
    // unfinished pairs are written alone (-resume plays their partners).
    {
      std::lock_guard lock(mutex_);
      for (auto& [number, held] : held_) write_records(held.text, {held.game});
      held_.clear();
    }

    const bool complete = static_cast<long long>(finished_.size()) == schedule_->size() && !records_failed_;
    if (g_interrupted) stop_reason_ = "interrupted";
    if (live_)
      live_->tournament_over(g_interrupted ? "interrupted" : stop_reason_.empty() ? "finished" : "stopped",
                             stop_reason_);
    if (config_.print_report) std::cout << "\n" << text_report(finished_, context_) << usage_.text(names_);
    if (!stop_reason_.empty()) std::cout << "Stopped: " << stop_reason_ << "\n";
    bool json_failed = false;
    if (!config_.json.empty()) {
      const Json report = summary_json(finished_, complete, stop_reason_);
      json_failed = !files::replace_file(config_.json, json_text(report, 2), &error);
      if (json_failed) std::cerr << "error: -json: " << error << "\n";
    }
    if (summary_) {
      summary_->games = finished_;
      summary_->usage.merge(usage_);
      summary_->affinity_note = affinity_.note;
    }
    if (g_interrupted) {
      std::cout << "Interrupted: " << finished_.size() << " of " << schedule_->size()
                << " games are in the records; continue with -resume.\n";
      return kExitInterrupted;
    }
    if (records_failed_ || json_failed) return kExitUsage;
    return engine_failure_ ? kExitEngine : kExitOk;
  }

 private:
  int fatal(const std::string& message, int code) {
    std::cerr << "error: " << message << "\n";
    return code;
  }

  LogSink log_sink() {
    if (!log_.is_open()) return {};
    return [this](const std::string& line) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - log_start_).count();
      char stamp[32];
      std::snprintf(stamp, sizeof stamp, "[%.3f] ", seconds);
      std::lock_guard lock(log_mutex_);
      log_ << stamp << line << '\n';
      log_.flush();
      // A failed write (a full disk) warns once; the tournament goes on without its log.
      if (!log_ && !log_warned_) {
        log_warned_ = true;
        std::cerr << "warning: cannot write the log file '" << config_.log
                  << "'; the tournament goes on without it" << std::endl;
      }
    };
  }

  void start_live_feed() {
    LiveFeed::Setup setup;
    setup.event = config_.event;
    setup.variant = std::string(variant_name(config_.variant));
    setup.time_control = context_.time_control;
    setup.planned_games = schedule_->size();
    setup.concurrency = config_.concurrency;
    setup.names = names_;
    live_ = std::make_unique<LiveFeed>(config_.live, std::move(setup), std::cerr);
    for (const auto& f : finished_) live_->count_earlier(f.score.white, f.score.black, f.score.white_points);
    live_->publish();
  }

  bool stopping() {
    std::lock_guard lock(mutex_);
    return g_interrupted || !stop_reason_.empty();
  }

  std::optional<ScheduledGame> next_game() {
    std::lock_guard lock(mutex_);
    if (g_interrupted || !stop_reason_.empty()) return std::nullopt;
    // The schedule is walked lazily; a game already in the records (-resume) is skipped.
    while (auto game = cursor_->next())
      if (!done_numbers_.count(game->number)) return game;
    return std::nullopt;
  }

  // Whether the SPRT stops this run. A shard never stops on its own games: the SPRT is decided on
  // the merged records of all shards (its own LLR is reported for information only).
  bool sprt_decided() {
    if (!config_.sprt.enabled || config_.shard_count > 1) return false;
    const PairStats s = stats_between(scores_of(finished_), 0, 1);
    return sprt_state(s.penta, config_.sprt.elo0, config_.sprt.elo1, config_.sprt.alpha, config_.sprt.beta).decision != 0;
  }

  void worker(int id) {
    const std::vector<int> cpus =
        static_cast<std::size_t>(id) < affinity_.slots.size() ? affinity_.slots[static_cast<std::size_t>(id)]
                                                              : std::vector<int>{};
    std::map<int, std::unique_ptr<EnginePlayer>> players;
    auto player = [&](int engine) -> EnginePlayer& {
      auto& p = players[engine];
      if (!p) {
        const auto& spec = config_.engines[static_cast<std::size_t>(engine)];
        const std::string label = config_.concurrency > 1 ? spec.name + "#" + std::to_string(id + 1) : spec.name;
        p = std::make_unique<EnginePlayer>(spec, config_.variant, label, config_.handshake_s, log_sink(), cpus);
      }
      return *p;
    };
    while (auto game = next_game()) {
      const Opening& opening = book_->for_round(game->opening_round);
      if (log_.is_open()) log_sink()("# game " + std::to_string(game->number) + " starts");
      if (live_) live_->game_started(*game, opening.fen);
      int ply = 0;
      const std::string mover_name[2] = {names_[static_cast<std::size_t>(game->white)],
                                         names_[static_cast<std::size_t>(game->black)]};
      const MoveObserver on_move = [&, number = game->number](const MoveEvent& move) {
        ++ply;
        usage_.add_move(mover_name[move.side], *move.answer);
        if (telemetry_.is_open()) {
          std::lock_guard lock(telemetry_mutex_);
          telemetry_ << telemetry_line(number, ply, mover_name[move.side], *move.answer) << '\n';
        }
        if (live_) live_->move_played(number, move);
      };
      PlayedGame played = play_game(config_, *game, opening, player(game->white), player(game->black),
                                    [] { return g_interrupted.load(); }, on_move);
      if (played.interrupted) {
        if (live_) live_->game_abandoned(game->number);
        break;
      }
      finished(*game, played);
    }
  }

  // The -json document of these games; with -pgnout it names the length of the records it counts
  // (records_bytes): a runner killed between a pair's append and the summary's rewrite leaves
  // records one pair longer than that, and a reader can tell which games the summary covers.
  Json summary_json(const std::vector<FinishedGame>& games, bool complete, const std::string& stop_reason) {
    Json report = json_report(games, context_, complete, stop_reason, usage_.json_members(names_));
    if (records_) report["records_bytes"] = records_.size();
    return report;
  }

  // Appends one or two games' records in one write; the -json summary is then rewritten from the
  // recorded games, so the records and the summary agree after every pair. Under mutex_.
  void write_records(const std::string& text, const std::vector<FinishedGame>& games) {
    // A game that cannot be recorded stops the tournament: the records would miss it on -resume.
    if (!records_.append(text) && !records_failed_) {
      records_failed_ = true;
      std::cerr << "error: cannot write game " << games.front().score.number << " to " << config_.pgnout << "\n";
      if (stop_reason_.empty()) stop_reason_ = "cannot write the records to " + config_.pgnout;
    }
    if (records_failed_) return;
    recorded_.insert(recorded_.end(), games.begin(), games.end());
    if (!config_.json.empty() && !json_warned_) {
      std::string error;
      const Json report = summary_json(recorded_, false, "");
      if (!files::replace_file(config_.json, json_text(report, 2), &error)) {
        json_warned_ = true;
        std::cerr << "warning: -json: " << error << "; it is written again at the end\n";
      }
    }
  }

  void finished(const ScheduledGame& game, const PlayedGame& played) {
    std::lock_guard lock(mutex_);
    FinishedGame fin;
    fin.score = GameScore{game.number, game.pair, game.white, game.black, game::points(played.outcome, WHITE)};
    fin.termination = played.termination;
    fin.forfeiter = played.forfeiter;
    finished_.push_back(fin);
    done_numbers_.insert(game.number);
    if (played.termination == game::Termination::TimeForfeit && played.forfeiter >= 0)
      usage_.add_time_loss(names_[static_cast<std::size_t>(played.forfeiter)]);
    usage_.sample_load();
    // Pair-atomic records: the first game of a pair waits for its partner, and both are written
    // in one append.
    const std::string text = records::write_record(played.record);
    const auto partner = schedule_->partner(game.number);
    if (partner && !done_numbers_.count(*partner)) {
      held_[game.number] = Held{text, fin};
    } else if (const auto held = partner ? held_.find(*partner) : held_.end(); held != held_.end()) {
      const bool first = held->first < game.number;
      write_records(first ? held->second.text + text : text + held->second.text,
                    first ? std::vector<FinishedGame>{held->second.game, fin}
                          : std::vector<FinishedGame>{fin, held->second.game});
      held_.erase(held);
    } else {
      write_records(text, {fin});
    }
    if (live_)
      live_->game_finished(game.number, played.record.result, game::termination_name(played.termination),
                           played.detail, fin.score.white_points);

    if (!config_.quiet) {
      const int a = std::min(game.white, game.black), b = std::max(game.white, game.black);
      std::cout << "Finished game " << game.number << " (" << names_[static_cast<std::size_t>(game.white)] << " vs "
                << names_[static_cast<std::size_t>(game.black)] << "): " << played.record.result << " {"
                << game::termination_name(played.termination)
                << (played.detail.empty() ? "" : ": " + played.detail) << "}  [" << finished_.size() << "/"
                << schedule_->size() << "]  " << running_score(finished_, a, b, names_) << std::endl;
    }
    if (config_.rating_interval > 0 && finished_.size() % static_cast<std::size_t>(config_.rating_interval) == 0 &&
        static_cast<long long>(finished_.size()) < schedule_->size())
      std::cout << text_report(finished_, context_) << std::flush;

    if (game::is_forfeit(played.termination) &&
        (played.termination == game::Termination::Crash || played.termination == game::Termination::Stall) &&
        !config_.recover && stop_reason_.empty()) {
      engine_failure_ = true;
      stop_reason_ = names_[static_cast<std::size_t>(played.forfeiter)] + " " +
                     game::termination_name(played.termination) + "ed (" + played.detail +
                     "); give -recover to restart it and go on";
    }
    if (stop_reason_.empty() && sprt_decided()) stop_reason_ = "SPRT decision";
  }

  struct Held {
    std::string text;  // the record
    FinishedGame game;
  };

  const MatchConfig& config_;
  RunSummary* summary_ = nullptr;
  AffinityPlan affinity_;
  UsageBook usage_;
  std::ofstream telemetry_;
  std::mutex telemetry_mutex_;
  std::map<long long, Held> held_;       // finished first games of pairs, by number, under mutex_
  std::vector<FinishedGame> recorded_;   // the games written to the records, under mutex_
  bool json_warned_ = false;             // under mutex_
  std::vector<std::string> names_;
  ReportContext context_;
  std::unique_ptr<OpeningBook> book_;
  std::unique_ptr<Schedule> schedule_;        // this run's (shard's) games
  std::unique_ptr<Schedule::Cursor> cursor_;  // the next of them to play, under mutex_
  std::set<long long> done_numbers_;
  std::vector<FinishedGame> finished_;
  DurableAppender records_;
  std::unique_ptr<LiveFeed> live_;  // -live FILE
  std::ofstream log_;
  std::mutex log_mutex_;
  bool log_warned_ = false;  // under log_mutex_
  std::chrono::steady_clock::time_point log_start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::string stop_reason_;
  bool engine_failure_ = false;
  bool records_failed_ = false;  // a game could not be written to -pgnout
};

}  // namespace

int run_tournament(const MatchConfig& config, RunSummary* summary) { return Tournament(config, summary).run(); }

}  // namespace ordo::match
