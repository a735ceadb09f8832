#!/usr/bin/env python3
"""The engine's protocol invariant under random command sequences: every accepted `go` gets exactly
one `bestmove`, legal in the position it searched; the engine never crashes, exits 0 at the end,
and its memory stays bounded.

Each sequence starts a fresh engine and sends random commands, pipelined and with random pauses:
`go` with random limits (depth, nodes, movetime, a clock, mate, infinite, ponder, searchmoves),
`go perft`, stop, isready, ponderhit, position, setoption (variant, Hash, Threads, MultiPV, Move
Overhead, Clear Hash), ucinewgame, reports, and garbage lines (random bytes, unknown commands,
bad `go` parameters, which must get no bestmove). The sequence ends with `quit` or end of input.
Positions are legal positions of random games; the legal turns of each are read once from a
helper engine (`moves`), and each bestmove is checked against them.

    tests/protocol/random_sessions.py --binary build/ordo --seed 1 --sequences 12      # ctest
    tests/protocol/random_sessions.py --binary build/ordo --seed 7 --sequences 500     # by hand

Prints one line per failing sequence (with its seed and commands in a file) and a summary; exit
status 1 on any failure.
"""
import argparse
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from engine_client import PIPE, Engine, EngineError  # noqa: E402

VARIANTS = ("ordo", "ordox")
MAX_RSS_KB = 400 * 1024  # Hash is at most 64 MB here; 39 MB was measured for long sessions


class Helper(Engine):
    """An engine used as the rules oracle: legal turns of `position startpos moves ...`."""

    def __init__(self, binary):
        super().__init__([binary], name="the helper engine")
        self.cache = {}

    def legal(self, variant, moves):
        key = (variant, tuple(moves))
        if key not in self.cache:
            self.set_option("UCI_Variant", variant)
            self.position(moves=moves)
            self.send("moves")
            try:
                lines = [l.strip() for l in self.isready()]
            except EngineError as e:
                raise SystemExit(str(e))
            self.cache[key] = {l for l in lines if l and " " not in l and not l.startswith("status:")}
        return self.cache[key]

    def close(self):
        self.close_stdin()
        if self.wait(30) is None:
            raise SystemExit("the helper engine did not exit at the end of its input")
        self.kill()


def random_games(helper, rng, per_variant, max_plies):
    """Move lists (variant, [turns]) of positions with legal turns, from random games."""
    out = []
    for v in VARIANTS:
        for _ in range(per_variant):
            moves = []
            for _ in range(rng.randrange(0, max_plies + 1)):
                legal = helper.legal(v, moves)
                if not legal:
                    break
                nxt = moves + [rng.choice(sorted(legal))]
                if not helper.legal(v, nxt):
                    break  # keep only positions that still have turns to play
                moves = nxt
            out.append((v, moves))
    return out


def random_go(rng, legal):
    """A valid go line and whether it only ends by stop (or quit / end of input)."""
    kind = rng.randrange(10)
    if kind == 0:
        return "go depth %d" % rng.randint(1, 4)
    if kind == 1:
        return "go nodes %d" % rng.randint(1, 30000)
    if kind == 2:
        return "go movetime %d" % rng.randint(1, 80)
    if kind == 3:
        t = rng.randint(1, 3000)
        return "go wtime %d btime %d winc %d binc %d" % (t, rng.randint(1, 3000), rng.randint(0, 50), rng.randint(0, 50))
    if kind == 4:
        return "go mate %d" % rng.randint(1, 2)
    if kind == 5:
        return "go infinite"
    if kind == 6:
        return "go ponder wtime %d btime %d" % (rng.randint(100, 2000), rng.randint(100, 2000))
    if kind == 7:
        return "go depth %d searchmoves %s" % (rng.randint(1, 3), rng.choice(sorted(legal)))
    if kind == 8:
        return "go nodes %d movetime %d depth %d" % (rng.randint(1, 5000), rng.randint(1, 50), rng.randint(1, 5))
    return "go movestogo %d wtime %d btime %d" % (rng.randint(1, 5), rng.randint(10, 500), rng.randint(10, 500))


GARBAGE = [
    "go depth", "go depth 0", "go nodes -1", "go movetime x", "go searchmoves zz9", "go wtime",
    "go perft", "go perft -2", "goo", "position", "position fen", "position startpos moves z9z9",
    "setoption name Hash value 0", "setoption name Nope value 1", "setoption", "stop now", "isready 1",
    "ponderhit x", "ucinewgame 3", "\t  ", "", "quitx", "STOP", "bestmove a1a2",
]


def garbage(rng):
    if rng.random() < 0.5:
        return rng.choice(GARBAGE)
    n = rng.randint(1, 80)
    return bytes(rng.choice([rng.randint(0x20, 0x7E), rng.randint(0x80, 0xFF), 0x09, 0x00, 0x0D]) for _ in range(n))


class Run(Engine):
    """The engine under test; `lines`: its output lines so far (one it ended without a "\\n" is
    not one). No limits on its output but the checks' own."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, binary):
        super().__init__([binary], stderr=PIPE)
        self.lines = []

    def send(self, data):
        if isinstance(data, str):
            super().send(data)
        else:
            self.send_raw(data + b"\n")

    def pump(self, timeout):
        """Reads a line that comes within timeout: None at the end of the output, else whether one
        came."""
        try:
            line = self.read_line(timeout)
        except EngineError:
            return None
        if line is not None and self.line_ended:
            self.lines.append(line)
        return line is not None

    def wait_readyok(self, seconds):
        have = sum(1 for l in self.lines if l == "readyok")
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.pump(0.05) is None:
                return False
            if sum(1 for l in self.lines if l == "readyok") > have:
                return True
        return False

    def rss_kb(self):
        with open("/proc/%d/status" % self.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0


def one_sequence(binary, helper, positions, rng, length, scale):
    """Returns None, or what went wrong, and the commands sent."""
    r = Run(binary)
    sent = []
    gos = []  # (variant, moves, searchmoves token or None) of each accepted go, in order
    variant, moves = "ordo", []

    def send(cmd):
        sent.append(cmd if isinstance(cmd, str) else repr(cmd))
        r.send(cmd)

    for _ in range(length):
        k = rng.random()
        legal = helper.legal(variant, moves)
        if k < 0.30:
            line = random_go(rng, legal)
            send(line)
            token = line.split("searchmoves ")[1] if "searchmoves" in line else None
            gos.append((variant, list(moves), token))
        elif k < 0.40:
            send("stop")
        elif k < 0.47:
            send("isready")
        elif k < 0.52:
            send("ponderhit")
        elif k < 0.64:
            v, m = rng.choice(positions)
            if v != variant:
                send("setoption name UCI_Variant value " + v)
                variant = v
            moves = list(m)
            send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        elif k < 0.70:
            send(rng.choice(["setoption name Hash value %d" % rng.choice([1, 2, 8, 16, 64]),
                             "setoption name Threads value %d" % rng.randint(1, 2),
                             "setoption name MultiPV value %d" % rng.randint(1, 3),
                             "setoption name Move Overhead value %d" % rng.randint(0, 100),
                             "setoption name Clear Hash"]))
        elif k < 0.73:
            send("ucinewgame")
            moves = []
        elif k < 0.76:
            send("go perft %d" % rng.randint(1, 2 if variant == "ordox" else 3))
        elif k < 0.80:
            send(rng.choice(["d", "moves", "eval", "query gameover"]))
        else:
            send(garbage(rng))
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0, 0.05))
            r.pump(0)
    ok_ready = True
    if rng.random() < 0.5:
        send("stop")
        send("isready")
        ok_ready = r.wait_readyok(30 * scale)
    rss = r.rss_kb() if r.returncode is None else 0
    if rng.random() < 0.5:
        send("quit")
    r.close_stdin()
    end = time.monotonic() + 60 * scale
    while time.monotonic() < end and r.pump(0.1) is not None:
        pass
    status = r.wait(max(1, end - time.monotonic()))
    r.kill()
    if status is None:
        return "no exit within %d s of the end of input" % (60 * scale), sent
    err = "".join(l + "\n" for l in r.stderr_lines)
    if status != 0:
        return "exit status %d; stderr: %s" % (status, err[:300]), sent
    if err:
        return "standard error: %s" % err[:300], sent
    if not ok_ready:
        return "no readyok after stop and isready", sent
    if rss > MAX_RSS_KB:
        return "peak memory %d KB" % rss, sent
    best = [l for l in r.lines if l.startswith("bestmove")]
    if len(best) != len(gos):
        return "%d accepted go commands, %d bestmove lines" % (len(gos), len(best)), sent
    for (v, m, token), line in zip(gos, best):
        words = line.split()
        if len(words) < 2:
            return "malformed bestmove line %r" % line, sent
        legal = helper.legal(v, m)
        if words[1] not in legal:
            return "bestmove %s is not legal in %s after %s" % (words[1], v, " ".join(m) or "startpos"), sent
        if token and words[1] != token:
            return "bestmove %s outside searchmoves %s" % (words[1], token), sent
    return None, sent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sequences", type=int, default=12)
    ap.add_argument("--length", type=int, default=40, help="commands per sequence")
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    helper = Helper(a.binary)
    positions = random_games(helper, rng, 6, 12)
    failed = 0
    gos = 0
    for i in range(a.sequences):
        seq_seed = rng.randrange(1 << 30)
        problem, sent = one_sequence(a.binary, helper, positions, random.Random(seq_seed), a.length, a.time_scale)
        gos += sum(1 for c in sent if c.startswith("go ") and "perft" not in c)
        if problem:
            failed += 1
            fd, path = tempfile.mkstemp(prefix="ordo-random-session-", suffix=".txt")
            with os.fdopen(fd, "w") as f:
                f.write("\n".join(sent) + "\n")
            print("FAIL sequence %d (seed %d): %s; commands in %s" % (i, seq_seed, problem, path), flush=True)
    helper.close()
    print("%d sequences (seed %d), %d go commands: %d failed" % (a.sequences, a.seed, gos, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
