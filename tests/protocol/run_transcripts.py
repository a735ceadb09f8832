#!/usr/bin/env python3
"""Protocol transcript tests: feeds each tests/protocol/<name>.in to the engine and compares the
normalised output with <name>.out, then checks every move the engine printed for legality.

Lines of a .in file are sent to the engine as they are (followed by a newline), with the escapes
\\t (tab) and \\r (carriage return) expanded. Lines starting with '#' are directives for this
runner and are never sent:

  # args <words>           extra command-line arguments for the binary, shell-quoted (first
                           line only)
  # sleep <seconds>        pause before sending the next line
  # wait <prefix> [secs]   wait until a new output line starts with <prefix> (default 10 s; the
                           time is multiplied by --time-scale); on time-out the output records
                           '## timeout waiting for <prefix>'
  # any-bestmove           mask for the next `go` line only: its bestmove (and ponder move) is
                           written '*' in the normalised output, for searches whose choice is not
                           part of the expectation. Put one before each such `go`; a `go` without
                           it has its bestmove compared exactly.
  # no-search              the next `go` line is refused because a search is running (the runner
                           cannot tell that by itself); it answers with no bestmove
  # <anything else>        a comment

After the last line the runner closes standard input (end of file) and waits for the process
to exit; the output ends with '## exit <status>' (and '## stderr: …' lines, if any).

Normalisation (the .out files hold normalised text): in search `info` lines the values of depth,
seldepth, nodes, nps, hashfull, time, cp, wdl are '*', bounds are dropped and the pv becomes
'pv …'; within one search, repeated normalised info lines are dropped. In UCI, `ponder <move>` is
dropped (it is optional); in UGI it stays, as UGI forbids it. Bench progress lines, node/nps totals
and eval table rows are masked.

Legality (masked or not, whatever the .out says): every `go` that starts a search answers with one
bestmove, the k-th bestmove answering the k-th such `go` (a `go perft`, a `go` the engine's parser
refuses and a `go` marked `# no-search` start none). For each search the runner finds the position
searched by replaying the game-setting lines (position, ucinewgame, uginewgame, flip, uci, ugi,
setoption UCI_Variant; same --variant/--fen arguments) into a second engine process and asking it
`d`; there it checks, with `position fen <FEN> moves …`, that the bestmove and its ponder move, and
every pv of every `info` line of that search, are legal move sequences, and that `bestmove (none)`
comes only in a finished position; a pv with a winning mate score (`score mate N`, N > 0: N of the
mover's moves in UCI, N plies in UGI) must end the game with the mover's win after exactly that
many plies. A count of bestmoves other than the count of searches fails.

Usage: run_transcripts.py --binary build/ordo [--regenerate] [--time-scale F] [name …]
"""
import argparse
import difflib
import os
import re
import shlex
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts"))
from engine_client import PIPE, Engine as Client, EngineError  # noqa: E402

MASKED_INFO_KEYS = {"depth", "seldepth", "nodes", "nps", "hashfull", "time", "cp"}


class Engine(Client):
    """The engine under test: every output line kept in `lines`, in order; its standard error in
    stderr_lines. No limits on its output but the transcript's own."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, argv):
        super().__init__(argv, timeout=None, stderr=PIPE)
        self.lines = []

    def send(self, text):
        """Writes a line; an engine that has gone is not written to."""
        try:
            super().send(text)
        except EngineError:
            pass

    def collect(self, seconds):
        """Reads its output into `lines` for `seconds` (a pause that leaves no pipe full)."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                line = self.read_line(max(0.0, deadline - time.monotonic()))
                if line is None:
                    return
                self.lines.append(line)
        except EngineError:  # the end of its output
            time.sleep(max(0.0, deadline - time.monotonic()))

    def wait_for(self, prefix, start, timeout):
        """Index of the first line at or after `start` that starts with prefix, or None."""
        for i in range(start, len(self.lines)):
            if self.lines[i].startswith(prefix):
                return i
        try:
            self.lines += self.read_until(lambda l: l.startswith(prefix), timeout)
        except EngineError as e:
            self.lines += e.lines
            return None
        return len(self.lines) - 1

    def finish(self, timeout):
        self.close_stdin()
        status = self.wait(timeout)
        if status is None:
            status = "killed after %.1f s" % timeout
        self.kill()
        self.lines += self.read_to_end(0)
        return status


def unescape(line):
    return line.replace("\\t", "\t").replace("\\r", "\r")


class Transcript:
    """What one run sent and got: the engine's raw output lines, the command-line arguments and
    the sent lines in order, each `go` with its directives."""

    def __init__(self, args):
        self.args = args
        self.sent = []  # (line, {"mask": bool, "no_search": bool}) in sending order
        self.output = []


def run_one(binary, path, time_scale):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    args = []
    if lines and lines[0].startswith("# args "):
        args = shlex.split(lines[0][len("# args "):])
    run = Transcript(args)
    engine = Engine([binary] + args)
    notes = []  # (output index, text) inserted into the output
    seen = 0
    pending = {"mask": False, "no_search": False}  # directives for the next go
    for line in lines:
        if line.startswith("#"):
            words = line[1:].split()
            if words[:1] == ["sleep"] and len(words) == 2:
                engine.collect(float(words[1]) * time_scale)
            elif words[:1] == ["wait"] and len(words) >= 2:
                timeout = float(words[2]) if len(words) > 2 else 10.0
                prefix = words[1]
                at = engine.wait_for(prefix, seen, timeout * time_scale)
                if at is None:
                    notes.append((len(engine.lines), "## timeout waiting for %s" % prefix))
                else:
                    seen = at + 1
            elif words == ["any-bestmove"]:
                pending["mask"] = True
            elif words == ["no-search"]:
                pending["no_search"] = True
            continue
        text = unescape(line)
        engine.send(text)
        if text.split()[:1] == ["go"]:
            run.sent.append((text, pending))
            pending = {"mask": False, "no_search": False}
        else:
            run.sent.append((text, None))
    status = engine.finish(10 * time_scale)
    out = list(engine.lines)
    run.output = list(out)
    for at, text in reversed(notes):
        out.insert(at, text)
    out += ["## stderr: " + e for e in engine.stderr_lines]
    out.append("## exit %s" % status)
    return out, run


class Checker(Client):
    """A second engine process, driven synchronously: lines, then `isready`, read to `readyok`
    (no time limit, as the engine under test has answered these already)."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, binary, args):
        super().__init__([binary] + args, name="the checking engine", timeout=None)

    def ask(self, lines):
        self.send_raw("".join(line + "\n" for line in lines + ["isready"]).encode("utf-8"))
        return self.read_until(lambda l: l == "readyok")[:-1]

    def position_report(self):
        """The Variant, FEN and Status fields of `d`. `isready` is answered at once while a search
        is still winding down after its bestmove, so `d`'s lines may come after that readyok: read
        on to its Status line."""
        report = self.ask(["d"])
        if not any(l.startswith("Status: ") for l in report):
            report += self.read_until(lambda l: l.startswith("Status: "))
        return dict(l.split(": ", 1) for l in report if l.split(": ", 1)[0] in ("Variant", "FEN", "Status"))

    def wait_for(self, prefix):
        self.read_until(lambda l: l.startswith(prefix))

    def close(self):
        self.close_stdin()
        self.wait(10)
        self.kill()


# Lines that set the game (replayed into the checking engine); any other line is not.
GAME_COMMANDS = {"position", "ucinewgame", "uginewgame", "flip", "uci", "ugi"}
# The command-line options that set the game, kept for the checking engine.
GAME_ARGS = {"--variant", "--fen"}


def game_args(args):
    kept, i = [], 0
    while i < len(args):
        name = args[i].split("=", 1)[0]
        if name in GAME_ARGS:
            if "=" in args[i]:
                kept.append(args[i])
            elif i + 1 < len(args):
                kept += args[i:i + 2]
                i += 1
        i += 1
    return kept


def is_error(line):
    return line.startswith("info string error")


def searches_of(binary, run):
    """One entry per `go` that starts a search: its line, mask, and the variant, FEN and status of
    the position it searches (from the checking engine's `d`)."""
    gos = [(text, d) for text, d in run.sent if d is not None]
    if not gos:
        return []
    checker = Checker(binary, game_args(run.args))
    searches = []
    try:
        for text, directives in run.sent:
            words = text.split()
            if directives is None:
                first = words[0] if words else ""
                if first in GAME_COMMANDS or (first == "setoption" and "uci_variant" in text.lower()):
                    checker.ask([text])
                continue
            if words[1:2] == ["perft"] or directives["no_search"]:
                continue
            fields = checker.position_report()
            answer = checker.ask([text, "stop"])
            if any(is_error(l) for l in answer):
                continue  # the parser refuses this go: no search
            if not any(l.startswith("bestmove") for l in answer):
                checker.wait_for("bestmove")
            searches.append({"go": text, "mask": directives["mask"], "variant": fields.get("Variant"),
                             "fen": fields.get("FEN"), "status": fields.get("Status")})
    finally:
        checker.close()
    return searches


def check_legality(binary, run, searches):
    """Problems found with the moves printed by the engine: a list of strings, and the count of
    move sequences checked."""
    problems = []
    # The engine's searches in output order: the pvs of its info lines, then its bestmove.
    results, pvs = [], []
    ugi = False
    for line in run.output:
        words = line.split()
        if line in ("ugiok", "uciok"):
            ugi = line == "ugiok"
        if words[:1] == ["info"] and words[1:2] != ["string"] and "pv" in words:
            pv = words[words.index("pv") + 1:]
            # A win announced as `score mate N`: N of the mover's moves in UCI, N plies in UGI.
            mate = words[words.index("mate") + 1] if "mate" in words[:words.index("pv")] else None
            plies = None
            if mate is not None and re.fullmatch(r"[1-9][0-9]*", mate):
                plies = int(mate) if ugi else 2 * int(mate) - 1
            pvs.append((pv, plies))
        elif words[:1] == ["bestmove"]:
            results.append((words[1:], pvs))
            pvs = []
    if len(results) != len(searches):
        problems.append("%d searches started (by %s) but %d bestmove lines printed" % (
            len(searches), ", ".join("'%s'" % s["go"] for s in searches) or "no go", len(results)))
        return problems, 0
    if not searches:
        return problems, 0
    checker = Checker(binary, [])
    checked = 0
    try:
        for search, (best, search_pvs) in zip(searches, results):
            where = "'%s' in %s (%s)" % (search["go"], search["fen"], search["variant"])
            sequences = []
            if best[:1] == ["(none)"]:
                if search["status"] == "ongoing":
                    problems.append("bestmove (none) for %s, which is not finished" % where)
            elif best:
                sequences.append(("bestmove", [best[0]] + (best[2:3] if best[1:2] == ["ponder"] else [])))
            sequences += [("pv", pv) for pv, _ in search_pvs]
            for kind, moves in sequences:
                answer = checker.ask(["setoption name UCI_Variant value %s" % search["variant"],
                                      "position fen %s moves %s" % (search["fen"], " ".join(moves))])
                checked += 1
                errors = [l for l in answer if is_error(l)]
                if errors or not moves:
                    problems.append("illegal %s '%s' for %s: %s" % (kind, " ".join(moves), where,
                                                                   errors[0] if errors else "no move"))
            # A mate score's pv must reach the announced win: the mover wins after exactly that
            # many plies.
            mover = "white" if search["fen"] and search["fen"].split()[1] == "w" else "black"
            for pv, plies in search_pvs:
                if plies is None:
                    continue
                answer = checker.ask(["setoption name UCI_Variant value %s" % search["variant"],
                                      "position fen %s moves %s" % (search["fen"], " ".join(pv[:plies])), "d"])
                status = [l[len("Status: "):] for l in answer if l.startswith("Status: ")]
                if len(pv) < plies or not status or not status[0].startswith(mover + " wins"):
                    problems.append("pv '%s' for %s does not win in the %d plies its mate score says (%s)" % (
                        " ".join(pv), where, plies, status[0] if status else "no status"))
    finally:
        checker.close()
    return problems, checked


def normalise_info(line):
    words = line.split()
    out = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "pv":
            out.append("pv …")
            break
        if w in ("lowerbound", "upperbound"):
            i += 1
            continue
        if w == "wdl" and i + 3 < len(words):
            out += ["wdl", "*", "*", "*"]
            i += 4
            continue
        if w in MASKED_INFO_KEYS and i + 1 < len(words):
            out += [w, "*"]
            i += 2
            continue
        out.append(w)
        i += 1
    return " ".join(out)


BENCH_PROGRESS = re.compile(r"^(info string )?(ordo|ordox) .*: \d+ nodes$")
BENCH_TOTAL = re.compile(r"^(info string )?\d+ nodes \d+ nps$")
EVAL_ROW = re.compile(r"^[A-Za-z][A-Za-z0-9 _-]*?\s{2,}-?\d+\s+-?\d+$")
EVAL_TOTAL = re.compile(r"^(Total \(\w+ to move\): )-?\d+$")
EVAL_NETWORK = re.compile(r"^(Network: )-?\d+( \(.*\))$")


def normalise(lines, masks):
    """`masks`: one flag per bestmove line, in order: whether its moves are masked."""
    out = []
    seen_info = set()
    ugi = False
    bestmoves = 0
    for line in lines:
        if line == "ugiok":
            ugi = True
        elif line == "uciok":
            ugi = False
        if line.startswith("info ") and not line.startswith("info string"):
            line = normalise_info(line)
            if line in seen_info:
                continue
            seen_info.add(line)
        elif line.startswith("bestmove"):
            seen_info = set()
            words = line.split()
            masked = bestmoves < len(masks) and masks[bestmoves]
            bestmoves += 1
            if masked and len(words) > 1 and words[1] != "(none)":
                words[1] = "*"
                if len(words) == 4 and words[2] == "ponder":
                    words[3] = "*"
            if len(words) == 4 and words[2] == "ponder" and not ugi:
                words = words[:2]  # UCI: the ponder move is optional, so it is not compared
            line = " ".join(words)
        elif BENCH_PROGRESS.match(line):
            line = (BENCH_PROGRESS.match(line).group(1) or "") + "<bench position>: * nodes"
        elif BENCH_TOTAL.match(line):
            line = (BENCH_TOTAL.match(line).group(1) or "") + "* nodes * nps"
        elif EVAL_ROW.match(line):
            line = "<eval term>"
        elif EVAL_TOTAL.match(line):
            line = EVAL_TOTAL.match(line).group(1) + "*"
        elif EVAL_NETWORK.match(line):
            m = EVAL_NETWORK.match(line)
            line = m.group(1) + "*" + m.group(2)
        if out and line == out[-1] and line in ("<eval term>", "<bench position>: * nodes",
                                                 "info string <bench position>: * nodes"):
            continue
        out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--regenerate", action="store_true", help="rewrite the .out files")
    ap.add_argument("--time-scale", type=float,
                    default=float(os.environ.get("ORDO_TIME_SCALE", "1")),
                    help="multiply sleeps and timeouts (slow builds); env ORDO_TIME_SCALE")
    ap.add_argument("names", nargs="*", help="transcripts to run (default: all)")
    a = ap.parse_args()

    names = a.names or sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".in"))
    failed = []
    moves_checked = 0
    for name in names:
        path = os.path.join(HERE, name + ".in")
        raw, run = run_one(a.binary, path, a.time_scale)
        searches = searches_of(a.binary, run)
        got = normalise(raw, [s["mask"] for s in searches])
        problems, checked = check_legality(a.binary, run, searches)
        moves_checked += checked
        if problems:
            failed.append(name)
            print("FAIL %s (legality)" % name)
            for p in problems:
                print("  " + p)
        expected_path = os.path.join(HERE, name + ".out")
        if a.regenerate:
            with open(expected_path, "w", encoding="utf-8") as f:
                f.write("\n".join(got) + "\n")
            print("wrote %s.out" % name)
            continue
        try:
            with open(expected_path, encoding="utf-8") as f:
                expected = f.read().split("\n")[:-1]
        except FileNotFoundError:
            expected = ["(missing %s.out)" % name]
        if got == expected:
            if not problems:
                print("ok   %s" % name)
        else:
            if name not in failed:
                failed.append(name)
            print("FAIL %s" % name)
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
                expected, got, name + ".out", name + " (actual)", lineterm=""))
    print("%d transcripts, %d failed; %d bestmove and pv move sequences checked for legality" % (
        len(names), len(failed), moves_checked))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
