#!/usr/bin/env python3
"""Protocol transcript tests: feeds each tests/protocol/<name>.in to the engine and compares the
normalised output with <name>.out.

Lines of a .in file are sent to the engine as they are (followed by a newline), with the escapes
\\t (tab) and \\r (carriage return) expanded. Lines starting with '#' are directives for this
runner and are never sent:

  # args <words>           extra command-line arguments for the binary, shell-quoted (first
                           line only)
  # sleep <seconds>        pause before sending the next line
  # wait <prefix> [secs]   wait until a new output line starts with <prefix> (default 10 s; the
                           time is multiplied by --time-scale); on time-out the output records
                           '## timeout waiting for <prefix>'
  # any-bestmove           the searched moves are not part of the expectation (bestmove -> *)
  # <anything else>        a comment

After the last line the runner closes standard input (end of file) and waits for the process
to exit; the output ends with '## exit <status>' (and '## stderr: …' lines, if any).

Normalisation (the .out files hold normalised text): in search `info` lines the values of depth,
seldepth, nodes, nps, hashfull, time, cp, wdl are '*', bounds are dropped and the pv becomes
'pv …'; within one search, repeated normalised info lines are dropped. In UCI, `ponder <move>` is
dropped (it is optional); in UGI it stays, as UGI forbids it. Bench progress lines, node/nps totals and eval table rows are masked.

Usage: run_transcripts.py --binary build/ordo [--regenerate] [--time-scale F] [name …]
"""
import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))

MASKED_INFO_KEYS = {"depth", "seldepth", "nodes", "nps", "hashfull", "time", "cp"}


class Engine:
    """The engine process with a thread collecting its output lines."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = []
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.err = []
        self.err_reader = threading.Thread(target=self._read_err, daemon=True)
        self.err_reader.start()

    def _read(self):
        for raw in self.proc.stdout:
            with self.cond:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def _read_err(self):
        for raw in self.proc.stderr:
            self.err.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def send(self, text):
        try:
            self.proc.stdin.write(text.encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def wait_for(self, prefix, start, timeout):
        """Index of the first line at or after `start` that starts with prefix, or None."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for i in range(start, len(self.lines)):
                    if self.lines[i].startswith(prefix):
                        return i
                left = deadline - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self.reader.is_alive()):
                    return None
                self.cond.wait(left)

    def finish(self, timeout):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            status = "killed after %.1f s" % timeout
        self.reader.join(5)
        self.err_reader.join(5)
        return status


def unescape(line):
    return line.replace("\\t", "\t").replace("\\r", "\r")


def run_one(binary, path, time_scale):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    args = []
    if lines and lines[0].startswith("# args "):
        args = shlex.split(lines[0][len("# args "):])
    options = {"any-bestmove": any(l.strip() == "# any-bestmove" for l in lines)}
    engine = Engine([binary] + args)
    notes = []  # (output index, text) inserted into the output
    seen = 0
    for line in lines:
        if line.startswith("#"):
            words = line[1:].split()
            if words[:1] == ["sleep"] and len(words) == 2:
                time.sleep(float(words[1]) * time_scale)
            elif words[:1] == ["wait"] and len(words) >= 2:
                timeout = float(words[2]) if len(words) > 2 else 10.0
                prefix = words[1]
                at = engine.wait_for(prefix, seen, timeout * time_scale)
                if at is None:
                    with engine.cond:
                        notes.append((len(engine.lines), "## timeout waiting for %s" % prefix))
                else:
                    seen = at + 1
            continue
        engine.send(unescape(line))
    status = engine.finish(10 * time_scale)
    out = list(engine.lines)
    for at, text in reversed(notes):
        out.insert(at, text)
    out += ["## stderr: " + e for e in engine.err]
    out.append("## exit %s" % status)
    return normalise(out, options)


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


def normalise(lines, options):
    out = []
    seen_info = set()
    ugi = False
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
            if options["any-bestmove"] and len(words) > 1 and words[1] != "(none)":
                words[1] = "*"
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
    for name in names:
        path = os.path.join(HERE, name + ".in")
        got = run_one(a.binary, path, a.time_scale)
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
            print("ok   %s" % name)
        else:
            failed.append(name)
            print("FAIL %s" % name)
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
                expected, got, name + ".out", name + " (actual)", lineterm=""))
    print("%d transcripts, %d failed" % (len(names), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
