#!/usr/bin/env python3
"""Engine-vs-engine match runner for Ordo / Ordo X, with the engine core as referee.

Two engines (long-lived UCI subprocesses) play --games games; each opening is played twice with
the colours swapped. A separate referee process (build/ordo by default) lists the legal move
tokens and the game status after every move; an engine whose bestmove is not in that list loses
("illegal move"). Games end when the referee's status says a side has won, on the third
occurrence of the same position (board + side to move) — a draw — or at --max-plies (a draw).
An engine loses the game when it plays an illegal move, answers `bestmove (none)` in an ongoing
position, rejects the position, dies, gives no bestmove within the per-move wall timeout, or,
under a clock time control, runs out of time (time losses are reported separately).

Engine specification (--engine, given exactly twice; the first engine is the reference point of
the W/D/L, score and Elo output):

    --engine "name=NAME cmd=PATH [ARG ...] [option.OPTION NAME=VALUE ...]"

  name=NAME              display name (default: the command's file name)
  cmd=PATH [ARG ...]     the program and its arguments (shell-style quoting allowed)
  option.NAME=VALUE      `setoption name NAME value VALUE` after `uci`; NAME runs up to the
                         first `=` and may contain spaces; VALUE runs up to the next ` option.`,
                         ` name=` or ` cmd=` (so values may contain spaces too)

  e.g. --engine "name=base cmd=build/ordo option.Play Mode=random option.Seed=7"
       --engine "name=dev cmd=build/ordo option.Hash=64"

  UCI_Variant is set from --variant for both engines and the referee.

Time controls (--tc):
  movetime=MS      `go movetime MS`
  depth=D          `go depth D`
  nodes=N          `go nodes N`
  T+I              a clock: T seconds per game plus I seconds per move (e.g. 10+0.1, 2+0.05),
                   sent as `go wtime W btime B winc I binc I`; the clocks are kept by this
                   script (wall time from `go` to `bestmove`), and a side whose clock falls
                   below -(--time-margin) ms loses on time.

SPRT (--sprt "elo0=0 elo1=10 alpha=0.05 beta=0.05"): after every game the log-likelihood
ratio of the normal (GSPRT) approximation with logistic Elo, as fishtest computes it from the
W/D/L trinomial (the exact GSPRT value while every game had the same result, where the
approximation is undefined), is compared with the bounds ln(beta/(1-alpha)) and
ln((1-beta)/alpha); the match stops as soon as one is crossed (games still running are abandoned and not counted).

Exit status: 0 the match completed (or the SPRT stopped it); 2 usage error; 3 referee failure;
4 an engine could not be started or rejected an option; 130 interrupted. --selftest checks the
statistics and parsing code without running any engine (exit 1 on failure).
"""
import argparse
import math
import os
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

EXIT_OK, EXIT_SELFTEST, EXIT_USAGE, EXIT_REFEREE, EXIT_ENGINE, EXIT_INTERRUPT = 0, 1, 2, 3, 4, 130


class UsageError(Exception):
    pass


class RefereeError(Exception):
    pass


class EngineStartError(Exception):
    pass


class ProcessDied(Exception):
    pass


class NoAnswer(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# Parsing

class EngineSpec:
    def __init__(self, name, cmd, options):
        self.name = name
        self.cmd = cmd          # argv list
        self.options = options  # [(name, value)] in the order given

    def __repr__(self):
        return "EngineSpec(%r, %r, %r)" % (self.name, self.cmd, self.options)


_SPEC_KEY = re.compile(r"(?:^|\s)(name=|cmd=|option\.)")


def parse_engine_spec(text):
    """"name=NAME cmd=PATH [arg ...] [option.NAME=VALUE ...]" -> EngineSpec."""
    marks = [(m.start(1), m.group(1)) for m in _SPEC_KEY.finditer(text)]
    if not marks or text[:marks[0][0]].strip():
        raise UsageError("engine spec %r: expected name=, cmd= or option. fields" % text)
    name, cmd, options = None, None, []
    for i, (start, key) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        body = text[start + len(key):end].strip()
        if key == "name=":
            if name is not None or not body:
                raise UsageError("engine spec %r: name= given twice or empty" % text)
            name = body
        elif key == "cmd=":
            if cmd is not None:
                raise UsageError("engine spec %r: cmd= given twice" % text)
            try:
                cmd = shlex.split(body)
            except ValueError as e:
                raise UsageError("engine spec %r: cmd: %s" % (text, e))
            if not cmd:
                raise UsageError("engine spec %r: cmd= is empty" % text)
        else:
            if "=" not in body:
                raise UsageError("engine spec %r: option.%s needs =VALUE" % (text, body))
            oname, value = body.split("=", 1)
            oname, value = oname.strip(), value.strip()
            if not oname:
                raise UsageError("engine spec %r: option with an empty name" % text)
            options.append((oname, value))
    if cmd is None:
        raise UsageError("engine spec %r: cmd= is required" % text)
    if name is None:
        name = os.path.basename(cmd[0])
    return EngineSpec(name, cmd, options)


class TimeControl:
    def __init__(self, kind, value=0, base_ms=0, inc_ms=0):
        self.kind = kind  # movetime | depth | nodes | clock
        self.value = value
        self.base_ms = base_ms
        self.inc_ms = inc_ms

    def __str__(self):
        if self.kind == "clock":
            return "%g+%g" % (self.base_ms / 1000.0, self.inc_ms / 1000.0)
        return "%s=%d" % (self.kind, self.value)


def parse_tc(text):
    text = text.strip()
    m = re.fullmatch(r"(movetime|depth|nodes)=(\d+)", text)
    if m:
        value = int(m.group(2))
        if value <= 0:
            raise UsageError("--tc %s: the value must be positive" % text)
        return TimeControl(m.group(1), value)
    m = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\+(\d+(?:\.\d*)?|\.\d+)", text)
    if m:
        base, inc = float(m.group(1)), float(m.group(2))
        if base <= 0:
            raise UsageError("--tc %s: the base time must be positive" % text)
        return TimeControl("clock", base_ms=int(round(base * 1000)), inc_ms=int(round(inc * 1000)))
    raise UsageError("--tc %r: expected movetime=MS, depth=D, nodes=N or T+I (seconds)" % text)


def parse_sprt(text):
    fields = {"elo0": None, "elo1": None, "alpha": 0.05, "beta": 0.05}
    for word in text.replace(",", " ").split():
        if "=" not in word:
            raise UsageError("--sprt: expected key=value, got %r" % word)
        k, v = word.split("=", 1)
        if k not in fields:
            raise UsageError("--sprt: unknown key %r (elo0, elo1, alpha, beta)" % k)
        try:
            fields[k] = float(v)
        except ValueError:
            raise UsageError("--sprt: %s=%r is not a number" % (k, v))
    if fields["elo0"] is None or fields["elo1"] is None:
        raise UsageError("--sprt: elo0 and elo1 are required")
    if not fields["elo0"] < fields["elo1"]:
        raise UsageError("--sprt: elo0 must be less than elo1")
    for k in ("alpha", "beta"):
        if not 0 < fields[k] < 0.5:
            raise UsageError("--sprt: %s must lie in (0, 0.5)" % k)
    return fields


# ----------------------------------------------------------------------------------------------
# Statistics (from the first engine's point of view: w wins, d draws, l losses)

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def logistic(elo):
    """Expected score of a player `elo` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(s):
    if s <= 0.0:
        return -math.inf
    if s >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def score_and_variance(w, d, l):
    """Mean score per game and the per-game variance of the W/D/L trinomial."""
    n = w + d + l
    s = (w + 0.5 * d) / n
    var = (w * (1.0 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0.0 - s) ** 2) / n
    return s, var


def elo_estimate(w, d, l):
    """(score, elo, 95% error bar half-width) with the trinomial variance; error bar is
    (elo(s + 1.96 se) - elo(s - 1.96 se)) / 2 as cutechess reports it."""
    n = w + d + l
    if n == 0:
        return 0.5, 0.0, math.inf
    s, var = score_and_variance(w, d, l)
    se = math.sqrt(var / n)
    lo, hi = s - Z95 * se, s + Z95 * se
    elo = elo_from_score(s)
    if lo <= 0.0 or hi >= 1.0:
        return s, elo, math.inf
    return s, elo, (elo_from_score(hi) - elo_from_score(lo)) / 2.0


def los(w, l):
    """Likelihood of superiority (draws ignored)."""
    if w + l == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((w - l) / math.sqrt(2.0 * (w + l))))


def sprt_llr(w, d, l, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0): the normal approximation of the
    generalized SPRT with logistic Elo on the W/D/L trinomial (fishtest's LLR_alt2, times N):
        LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var),  s0,1 = logistic(elo0,1),
    s and var the sample mean and per-game variance of the scores 1, 1/2, 0.
    While every game has had the same result the variance is 0 and the approximation has no
    value; then the exact GSPRT value is used: N ln(max P(that result | mean s1) /
    max P(that result | mean s0)), i.e. N ln(s1/s0) for all wins, N ln((1-s1)/(1-s0)) for all
    losses, N ln(min(s1,1-s1)/min(s0,1-s0)) for all draws. (fishtest instead regularizes empty
    cells to 1e-3, which with the approximation decides after a single game.)"""
    n = w + d + l
    if n == 0:
        return 0.0
    s0, s1 = logistic(elo0), logistic(elo1)
    s, var = score_and_variance(w, d, l)
    if var <= 0.0:
        if w:
            return n * math.log(s1 / s0)
        if l:
            return n * math.log((1.0 - s1) / (1.0 - s0))
        return n * math.log(min(s1, 1.0 - s1) / min(s0, 1.0 - s0))
    return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)


def sprt_bounds(alpha, beta):
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_decision(llr, alpha, beta):
    lower, upper = sprt_bounds(alpha, beta)
    if llr >= upper:
        return "H1 accepted"
    if llr <= lower:
        return "H0 accepted"
    return None


def fmt_elo(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    if abs(x) < 0.05:
        return "0.0"
    return "%+.1f" % x


# ----------------------------------------------------------------------------------------------
# Processes

class Proc:
    """A subprocess speaking a line protocol; its stdout is read by a thread into a queue."""

    def __init__(self, argv, label):
        self.label = label
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineStartError("%s: cannot start %s: %s" % (label, " ".join(argv), e))
        self.q = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        try:
            for line in self.p.stdout:
                self.q.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.q.put(None)

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (OSError, ValueError):
            raise ProcessDied("%s: the process has ended (writing %r)" % (self.label, line))

    def read_until(self, done, timeout, collect=None):
        """Lines up to and including the first for which done(line) is true."""
        lines = [] if collect is None else collect
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise NoAnswer("%s: no answer within %.1f s" % (self.label, timeout))
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                raise NoAnswer("%s: no answer within %.1f s" % (self.label, timeout))
            if line is None:
                self.q.put(None)  # stay dead for later readers
                try:
                    self.p.wait(1)
                except subprocess.TimeoutExpired:
                    pass
                raise ProcessDied("%s: the process ended (exit status %s)"
                                  % (self.label, self.p.poll()))
            lines.append(line)
            if done(line):
                return lines

    def close(self, grace=2.0):
        if self.p.poll() is None:
            try:
                self.send("quit")
                self.p.stdin.close()
            except (ProcessDied, OSError, ValueError):
                pass
            try:
                self.p.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            try:
                self.p.wait(5)
            except subprocess.TimeoutExpired:
                pass


class Player:
    """One engine process playing games for one worker."""

    HANDSHAKE_TIMEOUT = 30.0

    def __init__(self, spec, variant, label):
        self.spec = spec
        self.variant = variant
        self.label = label
        self.proc = None

    def start(self):
        self.proc = Proc(self.spec.cmd, self.label)
        try:
            self.proc.send("uci")
            lines = self.proc.read_until(lambda l: l == "uciok", self.HANDSHAKE_TIMEOUT)
            announced = set()
            for line in lines:
                m = re.match(r"option name (.+?) type ", line)
                if m:
                    announced.add(m.group(1).lower())
            settings = []
            if "uci_variant" in announced:
                settings.append(("UCI_Variant", self.variant))
            else:
                sys.stderr.write("warning: %s does not announce UCI_Variant; variant not set\n"
                                 % self.label)
            for name, value in self.spec.options:
                if name.lower() not in announced:
                    raise EngineStartError("%s: the engine has no option %r (it announces: %s)"
                                           % (self.label, name, ", ".join(sorted(announced))))
                settings.append((name, value))
            for name, value in settings:
                self.proc.send("setoption name %s value %s" % (name, value))
            self.proc.send("isready")
            lines = self.proc.read_until(lambda l: l == "readyok", self.HANDSHAKE_TIMEOUT)
            errors = [l for l in lines if l.startswith("info string error")]
            if errors:
                raise EngineStartError("%s: the engine rejected an option: %s"
                                       % (self.label, "; ".join(errors)))
        except (ProcessDied, NoAnswer) as e:
            self.proc.kill()
            raise EngineStartError("%s: handshake failed: %s" % (self.label, e))

    def restart(self):
        if self.proc is not None:
            self.proc.kill()
        self.start()

    def new_game(self):
        self.proc.send("ucinewgame")
        self.proc.send("isready")
        self.proc.read_until(lambda l: l == "readyok", self.HANDSHAKE_TIMEOUT)

    def think(self, position_cmd, go_cmd, timeout):
        """(bestmove token or None, elapsed seconds, error lines). Raises ProcessDied/NoAnswer."""
        self.proc.send(position_cmd)
        start = time.monotonic()
        self.proc.send(go_cmd)
        lines = self.proc.read_until(lambda l: l.startswith("bestmove"), timeout)
        elapsed = time.monotonic() - start
        words = lines[-1].split()
        token = words[1] if len(words) > 1 else None
        errors = [l for l in lines if l.startswith("info string error")]
        return token, elapsed, errors

    def close(self):
        if self.proc is not None:
            self.proc.close()


class Referee:
    TIMEOUT = 60.0

    def __init__(self, path, variant):
        self.proc = Proc([path], "referee")
        try:
            self.proc.send("uci")
            self.proc.read_until(lambda l: l == "uciok", self.TIMEOUT)
            self.proc.send("setoption name UCI_Variant value %s" % variant)
            self.proc.send("isready")
            lines = self.proc.read_until(lambda l: l == "readyok", self.TIMEOUT)
        except (ProcessDied, NoAnswer) as e:
            self.proc.kill()
            raise RefereeError("referee handshake failed: %s" % e)
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            self.proc.kill()
            raise RefereeError("referee rejected UCI_Variant %s: %s" % (variant, "; ".join(errors)))

    def state(self, moves):
        """(sorted legal tokens, status, position key 'board side') after `moves`."""
        cmd = position_command(moves)
        try:
            self.proc.send(cmd)
            self.proc.send("moves")
            lines = self.proc.read_until(lambda l: l.startswith("status: "), self.TIMEOUT)
            self.proc.send("d")
            dlines = self.proc.read_until(lambda l: l.startswith("Status: "), self.TIMEOUT)
        except (ProcessDied, NoAnswer) as e:
            raise RefereeError(str(e))
        errors = [l for l in lines + dlines if l.startswith("info string error")]
        if errors:
            raise RefereeError("referee rejected %r: %s" % (cmd, "; ".join(errors)))
        status = lines[-1][len("status: "):].strip()
        legal = sorted(l.strip() for l in lines[:-1] if l.strip())
        fen = next((l[len("FEN: "):] for l in dlines if l.startswith("FEN: ")), None)
        if fen is None:
            raise RefereeError("referee printed no FEN line for `d`")
        fields = fen.split()
        if len(fields) < 2:
            raise RefereeError("referee FEN %r is malformed" % fen)
        if status == "ongoing" and not legal:
            raise RefereeError("referee: status ongoing but no legal moves after %r" % cmd)
        return legal, status, fields[0] + " " + fields[1]

    def score(self, moves, nodes):
        """The referee's own search score of the position after `moves` at a fixed node count,
        from the side to move's view: centipawns, or +-MATE_CP for a forced win or loss."""
        try:
            self.proc.send("ucinewgame")
            self.proc.send(position_command(moves))
            self.proc.send("go nodes %d" % nodes)
            lines = self.proc.read_until(lambda l: l.startswith("bestmove"), self.TIMEOUT)
        except (ProcessDied, NoAnswer) as e:
            raise RefereeError(str(e))
        found = None
        for l in lines:
            m = re.search(r" score (cp|mate) (-?\d+)", l)
            if m:
                found = m
        if found is None:
            raise RefereeError("referee printed no score for %r" % position_command(moves))
        value = int(found.group(2))
        if found.group(1) == "mate":
            return MATE_CP if value > 0 else -MATE_CP
        return value

    def close(self):
        self.proc.close()


MATE_CP = 100000


def position_command(moves):
    return "position startpos" + (" moves " + " ".join(moves) if moves else "")


# ----------------------------------------------------------------------------------------------
# Games

class GameResult:
    def __init__(self, number, white, black, result, reason, moves, opening_plies, loser_kind=None,
                 loser=None):
        self.number = number
        self.white = white            # engine index 0/1
        self.black = black
        self.result = result          # "1-0", "0-1", "1/2-1/2"
        self.reason = reason
        self.moves = moves
        self.opening_plies = opening_plies
        self.loser_kind = loser_kind  # None | "illegal" | "time" | "crash" | "timeout" | "none" | "error"
        self.loser = loser            # engine index of the player that lost by forfeit


class Match:
    def __init__(self, args, specs, tc):
        self.args = args
        self.specs = specs
        self.tc = tc
        self.stop = threading.Event()
        self.next_game = 0
        self.lock = threading.Lock()
        self.openings = {}
        self.results = queue.Queue()
        self.all_procs_lock = threading.Lock()
        self.live = []  # Players and Referees, for cleanup on abort
        # Under a clock: per engine name, the least time left after a move, with that move's
        # time and the clock before it (ms), and the longest single move.
        self.clock_stats = {}

    # -- opening for a pair, deterministic in (seed, pair) --
    def opening(self, pair, referee):
        with self.lock:
            if pair in self.openings:
                return self.openings[pair]
        plies = self.args.openings_plies
        moves = []
        if plies > 0:
            rng = random.Random("%d/%d" % (self.args.seed, pair))
            for _attempt in range(200):
                moves, seen, ok = [], {}, True
                for _ in range(plies):
                    legal, status, key = referee.state(moves)
                    seen[key] = seen.get(key, 0) + 1
                    if status != "ongoing" or seen[key] >= 3:
                        ok = False
                        break
                    moves.append(rng.choice(legal))
                if ok:
                    legal, status, key = referee.state(moves)
                    seen[key] = seen.get(key, 0) + 1
                    if status == "ongoing" and seen[key] < 3 and self.balanced(moves, referee):
                        break
            else:
                raise RefereeError("no opening of %d plies that leaves the game running%s found "
                                   "in 200 attempts" % (plies, " and balanced"
                                                        if self.args.opening_balance else ""))
        with self.lock:
            self.openings.setdefault(pair, moves)
            return self.openings[pair]

    def balanced(self, moves, referee):
        """Whether the referee's search scores the opening within --opening-balance cp."""
        limit = self.args.opening_balance
        if not limit:
            return True
        return abs(referee.score(moves, self.args.opening_nodes)) <= limit

    def go_command(self, clocks):
        tc = self.tc
        if tc.kind == "clock":
            return ("go wtime %d btime %d winc %d binc %d"
                    % (max(clocks[0], 0), max(clocks[1], 0), tc.inc_ms, tc.inc_ms))
        return "go %s %d" % (tc.kind, tc.value)

    def move_timeout(self, clock_left_ms):
        tc = self.tc
        extra = self.args.move_timeout
        if tc.kind == "movetime":
            return tc.value / 1000.0 + extra
        if tc.kind == "clock":
            return max(clock_left_ms, 0) / 1000.0 + extra
        return extra

    def play(self, number, players, referee):
        """Plays game `number` (0-based); players[0] is engine 1's Player, players[1] engine 2's.
        Returns a GameResult or None when the match was stopped meanwhile."""
        pair = number // 2
        white = number % 2   # game 2k: engine 1 white; game 2k+1: engine 2 white
        black = 1 - white
        seat = [players[white], players[black]]
        opening = self.opening(pair, referee)
        for p in seat:
            try:
                p.new_game()
            except (ProcessDied, NoAnswer):
                p.restart()
        moves = list(opening)
        seen = {}
        for i in range(len(opening)):
            _, _, key = referee.state(opening[:i])
            seen[key] = seen.get(key, 0) + 1
        clocks = [self.tc.base_ms, self.tc.base_ms]
        names = [self.specs[white].name, self.specs[black].name]

        def forfeit(side, kind, reason):
            return GameResult(number, white, black, "0-1" if side == 0 else "1-0",
                              "%s %s" % (names[side], reason), moves, len(opening),
                              kind, [white, black][side])

        while True:
            legal, status, key = referee.state(moves)
            seen[key] = seen.get(key, 0) + 1
            if status != "ongoing":
                m = re.match(r"(white|black) wins(?: \((.*)\))?$", status)
                if not m:
                    raise RefereeError("referee status %r not understood" % status)
                result = "1-0" if m.group(1) == "white" else "0-1"
                return GameResult(number, white, black, result,
                                  "%s wins: %s" % (m.group(1), m.group(2) or "rules"),
                                  moves, len(opening))
            if seen[key] >= 3:
                return GameResult(number, white, black, "1/2-1/2", "threefold repetition",
                                  moves, len(opening))
            if len(moves) >= self.args.max_plies:
                return GameResult(number, white, black, "1/2-1/2",
                                  "move limit (%d plies)" % self.args.max_plies, moves, len(opening))
            if self.stop.is_set():
                return None
            side = len(moves) % 2
            player = seat[side]
            timeout = self.move_timeout(clocks[side])
            try:
                token, elapsed, errors = player.think(position_command(moves),
                                                      self.go_command(clocks), timeout)
            except ProcessDied as e:
                player.restart()
                return forfeit(side, "crash", "died (%s)" % e)
            except NoAnswer:
                player.restart()
                if self.tc.kind == "clock":
                    return forfeit(side, "time", "lost on time (no bestmove within %.1f s)" % timeout)
                return forfeit(side, "timeout", "gave no bestmove within %.1f s" % timeout)
            if errors:
                return forfeit(side, "error", "reported an error: %s" % errors[0])
            if self.tc.kind == "clock":
                self.note_clock(self.specs[[white, black][side]].name, clocks[side], int(round(elapsed * 1000)))
                clocks[side] -= int(round(elapsed * 1000))
                if clocks[side] < -self.args.time_margin:
                    return forfeit(side, "time", "lost on time (%d ms over)" % -clocks[side])
                clocks[side] += self.tc.inc_ms
            if token is None or token == "(none)":
                return forfeit(side, "none", "answered bestmove %s in an ongoing position"
                               % (token or "without a move"))
            if token not in legal:
                fen_key = key
                sys.stderr.write("!!! ILLEGAL MOVE: %s played %r in game %d at ply %d (%s)\n"
                                 % (names[side], token, number + 1, len(moves) + 1, fen_key))
                return forfeit(side, "illegal", "illegal move %s" % token)
            moves.append(token)

    def note_clock(self, name, before_ms, used_ms):
        with self.lock:
            st = self.clock_stats.setdefault(name, {"least_left": None, "longest": 0, "moves": 0})
            st["moves"] += 1
            st["longest"] = max(st["longest"], used_ms)
            left = before_ms - used_ms
            if st["least_left"] is None or left < st["least_left"][0]:
                st["least_left"] = (left, used_ms, before_ms)

    def worker(self, wid):
        referee = None
        players = []
        try:
            referee = Referee(self.args.referee, self.args.variant)
            with self.all_procs_lock:
                self.live.append(referee)
            for i, spec in enumerate(self.specs):
                p = Player(spec, self.args.variant, spec.name if self.args.concurrency == 1
                           else "%s#%d" % (spec.name, wid + 1))
                with self.all_procs_lock:
                    self.live.append(p)
                p.start()
                players.append(p)
            while not self.stop.is_set():
                with self.lock:
                    number = self.next_game
                    if number >= self.args.games:
                        break
                    self.next_game += 1
                res = self.play(number, players, referee)
                if res is not None:
                    self.results.put(("game", res))
        except RefereeError as e:
            self.results.put(("referee", str(e)))
        except EngineStartError as e:
            self.results.put(("engine", str(e)))
        except Exception as e:  # a bug: report, do not hang the main thread
            self.results.put(("referee", "internal error in worker %d: %r" % (wid, e)))
        finally:
            for p in players:
                p.close()
            if referee is not None:
                referee.close()
            self.results.put(("done", wid))

    def kill_all(self):
        with self.all_procs_lock:
            for x in self.live:
                try:
                    if isinstance(x, Player):
                        if x.proc is not None:
                            x.proc.kill()
                    else:
                        x.proc.kill()
                except Exception:
                    pass


def run_match(args, specs, tc, sprt):
    match = Match(args, specs, tc)
    names = [s.name for s in specs]
    balance = (", balanced within %d cp at %d nodes" % (args.opening_balance, args.opening_nodes)
               if args.opening_balance else "")
    print("Match: %s vs %s, variant %s, %d games, tc %s, concurrency %d, openings %d plies "
          "(seed %d%s), max %d plies" % (names[0], names[1], args.variant, args.games, tc,
                                         args.concurrency, args.openings_plies, args.seed,
                                         balance, args.max_plies))
    if sprt:
        lo, hi = sprt_bounds(sprt["alpha"], sprt["beta"])
        print("SPRT: elo0=%g elo1=%g alpha=%g beta=%g, bounds (%.3f, %.3f)"
              % (sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"], lo, hi))
    sys.stdout.flush()
    log = open(args.log, "w") if args.log else None
    wdl = [0, 0, 0]  # engine 1's wins, draws, losses
    forfeits = {}    # (engine index, kind) -> count
    done_workers = 0
    finished = 0
    decision = None
    failure = None
    threads = [threading.Thread(target=match.worker, args=(i,), daemon=True)
               for i in range(args.concurrency)]
    for t in threads:
        t.start()
    try:
        while done_workers < len(threads):
            try:
                kind, payload = match.results.get(timeout=0.5)
            except queue.Empty:
                continue
            if kind == "done":
                done_workers += 1
                continue
            if kind in ("referee", "engine"):
                if failure is None:
                    failure = (kind, payload)
                    sys.stderr.write("match: %s failure: %s\n" % (kind, payload))
                match.stop.set()
                continue
            if failure is not None or decision is not None:
                continue  # stopped: not counted
            r = payload
            finished += 1
            e1_white = r.white == 0
            if r.result == "1/2-1/2":
                wdl[1] += 1
            elif (r.result == "1-0") == e1_white:
                wdl[0] += 1
            else:
                wdl[2] += 1
            if r.loser_kind:
                forfeits[(r.loser, r.loser_kind)] = forfeits.get((r.loser, r.loser_kind), 0) + 1
            line = ("game %*d  %s - %s  %-7s  %s, %d plies  [%d-%d-%d]"
                    % (len(str(args.games)), r.number + 1, names[r.white], names[r.black],
                       r.result, r.reason, len(r.moves), wdl[0], wdl[1], wdl[2]))
            if r.loser_kind == "illegal":
                line = "!!! " + line
            if sprt:
                llr = sprt_llr(wdl[0], wdl[1], wdl[2], sprt["elo0"], sprt["elo1"])
                line += "  LLR %.2f" % llr
                decision = sprt_decision(llr, sprt["alpha"], sprt["beta"])
            print(line)
            sys.stdout.flush()
            if log:
                log.write("game %d white=%s black=%s result=%s reason=%s plies=%d opening_plies=%d\n"
                          "moves %s\n" % (r.number + 1, names[r.white], names[r.black], r.result,
                                          r.reason, len(r.moves), r.opening_plies,
                                          " ".join(r.moves)))
                log.flush()
            if decision:
                match.stop.set()
    except KeyboardInterrupt:
        match.stop.set()
        match.kill_all()
        print("interrupted")
        summary(names, wdl, forfeits, sprt, decision, finished)
        return EXIT_INTERRUPT
    finally:
        if log:
            log.close()
    for t in threads:
        t.join(10)
    if failure is not None:
        match.kill_all()
        summary(names, wdl, forfeits, sprt, decision, finished, match.clock_stats)
        return EXIT_REFEREE if failure[0] == "referee" else EXIT_ENGINE
    summary(names, wdl, forfeits, sprt, decision, finished, match.clock_stats)
    return EXIT_OK


def summary(names, wdl, forfeits, sprt, decision, finished, clock_stats=None):
    w, d, l = wdl
    print("")
    print("Result: %s vs %s: W %d  D %d  L %d  (%d games)" % (names[0], names[1], w, d, l, finished))
    if finished:
        s, elo, err = elo_estimate(w, d, l)
        err_txt = "inf" if math.isinf(err) else "%.1f" % err
        print("Score of %s: %.1f%%   Elo difference: %s +/- %s (95%%)   LOS: %.1f%%"
              % (names[0], 100.0 * s, fmt_elo(elo), err_txt, 100.0 * los(w, l)))
    kinds = [("time", "time losses"), ("illegal", "illegal moves"), ("crash", "crashes"),
             ("timeout", "move timeouts"), ("none", "bestmove (none)"), ("error", "engine errors")]
    for kind, label in kinds:
        counts = [forfeits.get((i, kind), 0) for i in range(2)]
        if kind == "time" or any(counts):
            print("%s: %s %d, %s %d%s" % (label.capitalize(), names[0], counts[0], names[1], counts[1],
                                         "   <-- !!!" if kind == "illegal" else ""))
    for name, st in sorted((clock_stats or {}).items()):
        left, used, before = st["least_left"]
        print("Clock of %s: %d moves, longest %d ms; closest to the flag: %d ms left (a %d ms move with %d ms"
              " on the clock)" % (name, st["moves"], st["longest"], left, used, before))
    if sprt:
        llr = sprt_llr(w, d, l, sprt["elo0"], sprt["elo1"])
        lo, hi = sprt_bounds(sprt["alpha"], sprt["beta"])
        print("SPRT: LLR %.3f (%.3f, %.3f) [%g, %g]: %s"
              % (llr, lo, hi, sprt["elo0"], sprt["elo1"], decision or "inconclusive"))
    sys.stdout.flush()


# ----------------------------------------------------------------------------------------------
# Self test

def selftest():
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)
        print("%s  %s" % ("ok  " if cond else "FAIL", what))

    def rejected(parse, text, label):
        try:
            parse(text)
            check(False, "%s %r rejected" % (label, text))
        except UsageError:
            check(True, "%s %r rejected" % (label, text))

    def near(a, b, tol=1e-6):
        return abs(a - b) <= tol

    # 60/20/20: score 0.7, per-game variance 0.16, se 0.04.
    s, var = score_and_variance(60, 20, 20)
    check(near(s, 0.7) and near(var, 0.16), "60/20/20: score 0.7, variance 0.16")
    s, elo, err = elo_estimate(60, 20, 20)
    want_elo = 400 * math.log10(0.7 / 0.3)  # 147.19
    lo, hi = 0.7 - Z95 * 0.04, 0.7 + Z95 * 0.04
    want_err = 200 * (math.log10(hi / (1 - hi)) - math.log10(lo / (1 - lo)))
    check(elo > 0 and near(elo, want_elo) and near(elo, 147.19, 0.01), "60/20/20: Elo +147.19 (got %.3f)" % elo)
    check(near(err, want_err) and near(err, 66.01, 0.01), "60/20/20: error bar 66.01 (got %.3f)" % err)
    _, elo_m, err_m = elo_estimate(20, 20, 60)
    check(near(elo_m, -elo) and near(err_m, err), "20/20/60 mirrors 60/20/20")
    # Symmetric scores give 0.
    for w, d, l in ((30, 40, 30), (50, 0, 50), (0, 10, 0), (7, 3, 7)):
        s, elo, _ = elo_estimate(w, d, l)
        check(near(s, 0.5) and near(elo, 0.0), "%d/%d/%d: score 50%%, Elo 0" % (w, d, l))
    _, _, err = elo_estimate(30, 40, 30)  # var 0.15, se sqrt(0.0015)
    want = 400 * math.log10((0.5 + Z95 * math.sqrt(0.0015)) / (0.5 - Z95 * math.sqrt(0.0015)))
    check(near(err, want) and near(err, 53.16, 0.01), "30/40/30: error bar 53.15 (got %.3f)" % err)
    check(near(elo_from_score(0.75), 190.85, 0.01), "score 75% is +190.85 Elo")
    check(near(logistic(elo_from_score(0.37)), 0.37), "logistic inverts elo_from_score")
    check(math.isinf(elo_estimate(10, 0, 0)[1]), "10/0/0: infinite Elo")
    check(near(los(10, 10), 0.5) and los(60, 20) > 0.99, "LOS")

    # SPRT.
    lo, hi = sprt_bounds(0.05, 0.05)
    check(near(lo, -2.944439, 1e-6) and near(hi, 2.944439, 1e-6), "bounds alpha=beta=0.05: +/-2.944")
    llr = sprt_llr(60, 20, 20, 0, 10)
    s0, s1 = 0.5, 1 / (1 + 10 ** -0.025)
    want = 100 * (s1 - s0) * (1.4 - s0 - s1) / (2 * 0.16)
    check(near(llr, want) and near(llr, 1.7337, 1e-3), "LLR 60/20/20 [0,10] = 1.734 (got %.4f)" % llr)
    check(near(sprt_llr(30, 40, 30, -5, 5), 0.0), "LLR of an even score on [-5,5] is 0")
    check(sprt_llr(30, 40, 30, 0, 10) < 0, "LLR of an even score on [0,10] is negative")
    check(near(sprt_llr(0, 0, 0, 0, 10), 0.0), "LLR with no games is 0")
    check(near(sprt_llr(200, 0, 0, 0, 10), 200 * math.log(s1 / 0.5)) and near(sprt_llr(200, 0, 0, 0, 10), 5.6736, 1e-4)
          and sprt_decision(sprt_llr(200, 0, 0, 0, 10), 0.05, 0.05) == "H1 accepted",
          "LLR 200/0/0 [0,10] = 200 ln(s1/s0) = 5.674, H1")
    check(near(sprt_llr(0, 0, 1, 0, 10), math.log((1 - s1) / 0.5)) and near(sprt_llr(0, 0, 1, 0, 10), -0.0292, 1e-4),
          "LLR 0/0/1 [0,10] = ln((1-s1)/(1-s0)) = -0.029 (one game decides nothing)")
    check(near(sprt_llr(0, 5, 0, 0, 10), 5 * math.log((1 - s1) / 0.5)) and near(sprt_llr(0, 5, 0, -10, 10), 0.0),
          "LLR of all draws")
    check(sprt_llr(10, 0, 1, 0, 10) > 0 and sprt_llr(1, 0, 10, 0, 10) < 0, "LLR with empty cells")
    want = 11 * (s1 - s0) * (2 / 11 - s0 - s1) / (2 * (10 * (1 / 11) ** 2 + (10 / 11) ** 2) / 11)
    check(near(sprt_llr(1, 0, 10, 0, 10), want) and near(want, -0.7972, 1e-3),
          "LLR 1/0/10 [0,10] = -0.797 (got %.4f)" % sprt_llr(1, 0, 10, 0, 10))
    check(sprt_decision(sprt_llr(600, 200, 200, 0, 10), 0.05, 0.05) == "H1 accepted", "SPRT: 70% score accepts H1")
    check(sprt_decision(sprt_llr(3000, 4000, 3000, 0, 10), 0.05, 0.05) == "H0 accepted", "SPRT: 50% over 10000 games accepts H0")
    check(sprt_decision(sprt_llr(6, 8, 6, 0, 10), 0.05, 0.05) is None, "SPRT: 20 even games are inconclusive")
    # Simulated: a 5-Elo-ish edge in a long [0,10] test ends somewhere, and LLR grows with N.
    check(sprt_llr(2 * 60, 2 * 20, 2 * 20, 0, 10) > sprt_llr(60, 20, 20, 0, 10), "LLR grows with N")

    # Parsing.
    spec = parse_engine_spec("name=base cmd=build/ordo option.Play Mode=random option.Seed=7")
    check(spec.name == "base" and spec.cmd == ["build/ordo"]
          and spec.options == [("Play Mode", "random"), ("Seed", "7")], "engine spec with spaced option name")
    spec = parse_engine_spec("cmd=/x/eng --variant ordox 'a b' option.Move Overhead=10 name=e 2")
    check(spec.name == "e 2" and spec.cmd == ["/x/eng", "--variant", "ordox", "a b"]
          and spec.options == [("Move Overhead", "10")], "engine spec: args, quoting, order")
    check(parse_engine_spec("cmd=./ordo").name == "ordo", "engine spec: default name")
    for bad in ("name=x", "foo cmd=x", "cmd=x option.Hash", "cmd=x cmd=y", "cmd="):
        rejected(parse_engine_spec, bad, "engine spec")
    tc = parse_tc("2+0.05")
    check(tc.kind == "clock" and tc.base_ms == 2000 and tc.inc_ms == 50, "tc 2+0.05")
    tc = parse_tc("movetime=100")
    check(tc.kind == "movetime" and tc.value == 100, "tc movetime=100")
    check(parse_tc("depth=1").kind == "depth" and parse_tc("nodes=5000").value == 5000, "tc depth/nodes")
    for bad in ("depth=0", "2+", "fast", "movetime=-1", "0+1"):
        rejected(parse_tc, bad, "tc")
    sp = parse_sprt("elo0=0 elo1=10 alpha=0.05 beta=0.05")
    check(sp == {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05}, "sprt spec")

    print("selftest: %s" % ("%d failure(s)" % len(failures) if failures else "all passed"))
    return EXIT_SELFTEST if failures else EXIT_OK


# ----------------------------------------------------------------------------------------------

def main(argv=None):
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `match.py … | head` ends quietly

    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)  # like Ctrl-C: kill the engines, print the summary
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(
        prog="match.py", description=__doc__.split("\n")[0],
        epilog=__doc__[__doc__.index("Engine specification"):],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", action="append", default=[], metavar="SPEC",
                    help='"name=NAME cmd=PATH [ARG ...] [option.NAME=VALUE ...]", given twice')
    ap.add_argument("--variant", choices=["ordo", "ordox"], default="ordo")
    ap.add_argument("--games", type=int, default=2, help="number of games, even (default 2)")
    ap.add_argument("--tc", default="movetime=100",
                    help="movetime=MS | depth=D | nodes=N | T+I seconds (default movetime=100)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    ap.add_argument("--openings-plies", type=int, default=0, metavar="P",
                    help="random legal opening of P turns per pair of games (default 0)")
    ap.add_argument("--opening-balance", type=int, default=0, metavar="CP",
                    help="keep only openings the referee's own search (--opening-nodes) scores "
                         "within CP centipawns of equal; 0 keeps every opening (default 0)")
    ap.add_argument("--opening-nodes", type=int, default=20000, metavar="N",
                    help="node count of that search (default 20000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the opening RNG (default 1)")
    ap.add_argument("--max-plies", type=int, default=400,
                    help="adjudicate a draw after this many turns (default 400)")
    ap.add_argument("--referee", default=os.path.join(root, "build", "ordo"),
                    help="referee binary (default: build/ordo of this checkout)")
    ap.add_argument("--sprt", metavar='"elo0=E0 elo1=E1 alpha=A beta=B"',
                    help="stop early when the SPRT decides")
    ap.add_argument("--log", metavar="FILE", help="write every game's move tokens to FILE")
    ap.add_argument("--move-timeout", type=float, default=60.0, metavar="S",
                    help="wall-clock seconds allowed per move on top of movetime or the clock "
                         "left (default 60)")
    ap.add_argument("--time-margin", type=int, default=0, metavar="MS",
                    help="clock overrun tolerated before a time loss (default 0)")
    ap.add_argument("--selftest", action="store_true", help="check the statistics and parsers, "
                    "run no engine")
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if args.selftest:
        return selftest()
    try:
        if len(args.engine) != 2:
            raise UsageError("--engine must be given exactly twice")
        specs = [parse_engine_spec(e) for e in args.engine]
        if specs[0].name == specs[1].name:
            specs[1].name += "2"
        tc = parse_tc(args.tc)
        sprt = parse_sprt(args.sprt) if args.sprt else None
        if args.games < 2 or args.games % 2:
            raise UsageError("--games must be even and at least 2")
        if args.concurrency < 1:
            raise UsageError("--concurrency must be at least 1")
        if args.openings_plies < 0 or args.max_plies < 1:
            raise UsageError("--openings-plies must be >= 0 and --max-plies >= 1")
        if args.openings_plies >= args.max_plies:
            raise UsageError("--openings-plies must be less than --max-plies")
        if args.opening_balance < 0 or args.opening_nodes < 1:
            raise UsageError("--opening-balance must be >= 0 and --opening-nodes >= 1")
        if args.move_timeout <= 0:
            raise UsageError("--move-timeout must be positive")
        args.concurrency = min(args.concurrency, args.games)
        if not os.access(args.referee, os.X_OK):
            raise UsageError("referee %s is not an executable file" % args.referee)
    except UsageError as e:
        sys.stderr.write("match.py: %s\n" % e)
        return EXIT_USAGE
    return run_match(args, specs, tc, sprt)


if __name__ == "__main__":
    sys.exit(main())
