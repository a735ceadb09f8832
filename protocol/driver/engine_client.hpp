// The project's one engine client: the UCI/UGI dialogue with an engine, used by the match runner
// (match/engine_player) and the web board (web/engine_relay).
//
// Design. The dialogue is a pure state machine, EngineDialogue: it holds no process, no clock and
// does no I/O. Commands leave it as lines through a sink; every line the engine writes is fed to
// it and comes back as one typed event (greeting done, readyok, a parsed info line, bestmove...).
// Each program keeps its own I/O around it, because their I/O differs in kind:
// - EngineClient (below) owns an EngineProcess and drives the dialogue from a blocking thread with
//   deadlines: the match runner, one thread per game.
// - The web board feeds the dialogue from its single event loop through a non-blocking transport
//   (web/process_transport: bounded write queue, asynchronous reads) and keeps its own timers.
// Both dialects are spoken: UGI says "ugi"/"ugiok", "uginewgame" and p1time/p2time/p1inc/p2inc
// where UCI says wtime/btime/winc/binc; everything else is spelled alike.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dialect.hpp"
#include "engine_options.hpp"
#include "engine_process.hpp"
#include "process_usage.hpp"

namespace ordo::driver {

// The project's one dialect type (the front end's, one floor below the client).
using protocol::Dialect;
using protocol::dialect_name;
using protocol::parse_dialect;

// One parsed "info" line; fields the engine did not send are empty. Scores are as the engine gave
// them (a UCI mate counts moves, a UGI mate plies).
struct Info {
  std::optional<int> depth, seldepth, multipv;
  std::optional<int> score_cp, score_mate;
  std::string bound;  // "lowerbound", "upperbound" or empty
  std::optional<int> wdl_win, wdl_draw, wdl_loss;
  std::optional<std::int64_t> nodes, nps, time_ms;
  std::optional<int> hashfull;
  std::vector<std::string> pv;  // as the engine sent them; the caller checks them
  std::optional<std::string> text;  // after "string": the rest of the line, words joined by one space
  bool unknown_words = false;   // a word that is no info field was met (and skipped)

  bool has_score() const { return score_cp.has_value() || score_mate.has_value(); }
};
// Nullopt when the line is not an "info" line, carries nothing, or a known field has a malformed
// value (a missing or non-decimal number, numbers past +-1e9 for the small fields, negative
// counts, a score that is neither cp nor mate, fewer than three wdl numbers). A word that is no
// field is skipped and flagged in unknown_words.
std::optional<Info> parse_info(const std::string& line);

// An engine's answer to go.
struct BestMove {
  // Malformed: a line that names bestmove but is not "bestmove <turn>" or "bestmove <turn> ponder
  // <turn>" with single spaces and printable ASCII (a tab, a leading space, another case).
  // NoMove: "bestmove" alone, "bestmove (none)" or "bestmove 0000".
  enum class Kind { Move, NoMove, Malformed } kind = Kind::Malformed;
  std::string token;   // the move (Move, NoMove), the whole raw line (Malformed)
  std::string ponder;  // the ponder move, if one was given
};
// A line an engine meant as its move: its first word, ignoring case and leading white space,
// begins with "bestmove".
bool names_bestmove(const std::string& line);
BestMove parse_bestmove(const std::string& line);

// What the engine announced in its greeting.
struct Identity {
  std::string name;                  // from "id name", empty if the engine sent none
  std::string author;                // from "id author"
  std::vector<std::string> options;  // names from "option name X type ...", in order
  std::vector<EngineOption> typed_options;  // the same options parsed, in the same order
  bool has_option(const std::string& name) const;  // case-insensitive
  // The first announced option of that name (case-insensitive), or null.
  const EngineOption* find_option(const std::string& name) const;
};
// The option name of an "option name X type ..." line (as parse_option_line reads it), or empty
// when the line is not one.
std::string option_line_name(const std::string& line);

// The limits of one go command. Clock fields are White's and Black's (player 1 and 2).
struct GoLimits {
  std::optional<long long> wtime, btime, winc, binc;
  std::optional<int> movestogo;
  std::optional<long long> movetime, nodes;
  std::optional<int> depth;
  bool infinite = false;  // also used when no limit is set at all
};
// "go wtime ... btime ... winc ... binc ... movestogo ... movetime ... nodes ... depth ..." (UGI:
// p1time p2time p1inc p2inc), or "go infinite".
std::string go_command(const GoLimits& limits, Dialect dialect);
// "position fen <FEN> moves t1 t2 ..." ("position startpos ..." when is_start).
std::string position_command(const std::string& fen, bool is_start, const std::vector<std::string>& moves);

class EngineDialogue {
 public:
  // Writes one line to the engine; false when it cannot.
  using Sink = std::function<bool(const std::string&)>;

  struct Event {
    enum class Kind {
      None,        // an empty line
      Greeting,    // id/option or another line before uciok/ugiok
      Greeted,     // uciok/ugiok: identity() is complete
      ReadyOk,
      Info,        // info holds the parsed line
      InfoString,  // text holds what follows "info string"
      BestMove,    // best holds the answer; expected says whether a go was outstanding
      Other        // anything else (the caller may log it)
    } kind = Kind::None;
    Info info;
    BestMove best;
    std::string text;
    bool expected = false;
  };

  EngineDialogue(Dialect dialect, Sink sink) : dialect_(dialect), sink_(std::move(sink)) {}

  Dialect dialect() const { return dialect_; }
  // Sends "uci" or "ugi" and starts collecting the identity (any earlier one is forgotten).
  bool greet();
  bool greeted() const { return greeted_; }
  const Identity& identity() const { return identity_; }
  // "setoption name NAME value VALUE" ("setoption name NAME" when value is empty).
  bool set_option(const std::string& name, const std::string& value);
  bool is_ready();   // "isready"
  bool new_game();   // "ucinewgame" / "uginewgame"
  bool position(const std::string& fen, bool is_start, const std::vector<std::string>& moves);
  bool go(const GoLimits& limits) { return go(go_command(limits, dialect_)); }
  bool go(const std::string& go_line);  // a go command built by the caller
  bool stop();                          // "stop" (only meaningful while searching)
  bool quit();                          // "quit"
  bool searching() const { return searching_; }
  // Forgets any outstanding greeting or search (after the process was restarted or killed).
  void reset();

  // One line from the engine.
  Event feed(const std::string& line);

 private:
  bool send(const std::string& line) { return sink_(line); }

  Dialect dialect_;
  Sink sink_;
  Identity identity_;
  bool greeting_ = false, greeted_ = false, searching_ = false;
};

// Why EngineClient::start or sync failed: the kind for callers that act on it, the text for people.
struct ClientError {
  enum class Kind {
    None,
    CannotStart,  // the process could not be started (pipes, fork, exec); text is the process's own
    NoGreeting,   // "no 'uciok' within N ms (exit status 1)": the process ran but did not greet
    CannotWrite,  // "cannot write to the engine": its input is closed
    NoReadyOk     // "no 'readyok' from the engine": none within the timeout, or its output ended
  } kind = Kind::None;
  std::string text;  // one line
};

// EngineDialogue over an EngineProcess, for a blocking thread: every call that waits has a
// deadline. Lines sent and received can go to a log.
class EngineClient {
 public:
  // Receives every line sent (out = true) and received (out = false); may be empty.
  using Log = std::function<void(bool out, const std::string& line)>;

  EngineClient(EngineCommand command, Dialect dialect, Log log = {});
  ~EngineClient();  // quits the engine (grace 1 s), then kills it
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  // (Re)starts the process and greets it within timeout. False with *error (CannotStart or
  // NoGreeting) when a step fails; the process is then killed.
  bool start(std::chrono::milliseconds timeout, ClientError* error);
  bool alive() const { return process_.running(); }
  const Identity& identity() const { return dialogue_.identity(); }
  EngineDialogue& dialogue() { return dialogue_; }

  bool set_option(const std::string& name, const std::string& value) { return dialogue_.set_option(name, value); }
  bool new_game() { return dialogue_.new_game(); }
  // "isready", then lines until "readyok" within timeout; every other line read meanwhile goes to
  // on_line. False with *error (CannotWrite, or NoReadyOk on timeout or EOF).
  bool sync(std::chrono::milliseconds timeout, ClientError* error,
            const std::function<void(const std::string&)>& on_line = {});

  // Before every go of search(): "isready", and up to timeout for "readyok", so the engine has
  // read and set up the position before its clock starts (zero: no ping, the default).
  void set_ping_before_go(std::chrono::milliseconds timeout) { ping_timeout_ = timeout; }
  // Whether search() measures the engine's CPU time and wait for a core (Answer::usage).
  void set_measure_usage(bool on) { measure_usage_ = on; }

  struct Answer {
    // Unready: the ping before the go got no readyok within its timeout (the go was not sent).
    enum class Kind { BestMove, Eof, Timeout, Interrupted, WriteFailed, Unready } kind = Kind::Timeout;
    BestMove best;
    std::chrono::milliseconds elapsed{0};  // from the go to the answer
    long long elapsed_us = 0;              // the same, in microseconds
    SearchUsage usage;                     // measured when set_measure_usage(true)
  };
  // Sends position (and the ping, when set) and go, then reads until bestmove, EOF, the deadline
  // (from the go) or interrupted() (asked every 100 ms, more often while measuring). The clock
  // starts just before the go is written. Every parsed info line goes to on_info, every line read
  // before the answer (info lines too) to on_line.
  Answer search(const std::string& position_line, const std::string& go_line, std::chrono::milliseconds deadline,
                const std::function<bool()>& interrupted, const std::function<void(const Info&)>& on_info = {},
                const std::function<void(const std::string&)>& on_line = {});
  // "stop", then up to grace for the bestmove; the engine is killed when none comes. True when a
  // bestmove came (the engine is usable again): any line that names one, as search() reads it,
  // a malformed one too.
  bool stop(std::chrono::milliseconds grace);
  // "quit" (through the dialogue), the end of its input, up to grace to exit, then killed. True
  // when it left by itself.
  bool quit(std::chrono::milliseconds grace);
  void kill();
  // How the process ended, for messages: "exit status N", "killed by signal N", "still running"
  // or "not started".
  std::string exit_description() const;

 private:
  bool write(const std::string& line);
  EngineProcess::ReadStatus read(std::string& line, std::chrono::milliseconds timeout);
  // Reads lines through the dialogue until it reports an event of `kind` (true) or the timeout
  // passes or the output ends (false); every other line goes to `on_other`, if given.
  bool read_until(EngineDialogue::Event::Kind kind, std::chrono::milliseconds timeout,
                  const std::function<void(const std::string&)>& on_other = {});

  EngineProcess process_;
  EngineDialogue dialogue_;
  Log log_;
  std::chrono::milliseconds ping_timeout_{0};
  bool measure_usage_ = false;
  bool output_closed_ = false;  // a read met the end of the engine's output
  UsageMeter meter_;
};

}  // namespace ordo::driver
