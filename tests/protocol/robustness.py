#!/usr/bin/env python3
"""Robustness of the engine process: it never stops listening, never aborts, and answers bad input
with one printable error line. Each check drives a fresh `ordo` process and fails on a hang (a
generous bound: these are hang checks, not timings), a crash or a wrong answer.

Usage: robustness.py --binary build/ordo [--sanitized] [--time-scale F]
  --sanitized  the binary runs under a sanitizer: skip the address-space limit check
Prints one line per check and 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse
import os
import pty
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from engine_client import PIPE, Engine as Client, EngineError, run_command  # noqa: E402

START_FEN = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2"


class Engine(Client):
    """The engine under test: the lines its waits read are kept in `seen`; a wait that ends
    without its line returns None. No limits on its output but the checks' own."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, binary, scale, args=(), shell_prefix=None, env=None):
        super().__init__(list(shell_prefix or []) + [binary] + list(args), timeout=120 * scale, stderr=PIPE,
                         env=env)
        self.scale = scale
        self.seen = []

    def send(self, text):
        """Writes a line, text or bytes."""
        if isinstance(text, str):
            super().send(text)
        else:
            self.send_raw(text + b"\n")

    def wait_for(self, pred, seconds):
        """The first line for which pred is true within seconds (times the scale), else None."""
        try:
            lines = self.read_until(pred, seconds * self.scale)
        except EngineError as e:
            self.seen += e.lines
            return None
        self.seen += lines
        return lines[-1]

    def finish(self, seconds=10):
        """Closes the input; the exit status, or "hung" (killed) after seconds (times the scale)."""
        self.close_stdin()
        status = self.wait(seconds * self.scale)
        self.kill()
        return "hung" if status is None else status


def legal_tokens(binary, fen, variant="ordo"):
    status, out, err = run_command([binary, "--variant", variant, "--fen", fen, "moves"], timeout=60)
    assert status == 0, "moves: exit status %d: %s" % (status, err.strip())
    return {l for l in out.split("\n") if l and not l.startswith("status:")}


def check_pipelined_stop_position_go(b, scale):
    e = Engine(b, scale)
    e.send("position startpos")
    e.send("go infinite")
    assert e.wait_for(lambda l: l.startswith("info depth"), 10), "no info line"
    # One write: stop, a new position, a new search.
    e.send_raw(b"stop\nposition startpos moves c2d2c3\ngo depth 2\n")
    first = e.wait_for(lambda l: l.startswith("bestmove"), 5)
    second = e.wait_for(lambda l: l.startswith("bestmove"), 20)
    assert first and second, "expected two bestmoves, saw %r" % e.seen[-3:]
    assert not any("error" in l for l in e.seen), "an error line: %r" % e.seen
    after = legal_tokens(b, "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WWWWWW2WW/WW2WWWWWW/2WW2WW2 b 0 1")
    token = second.split()[1]
    assert token in after, "the second search did not search the new position: %s" % token
    assert e.finish() == 0


def check_reader_never_blocks(b, scale):
    # A bounded but long search, then commands that wait for it, then isready and stop.
    for go in ("go depth 30", "go mate 40", "go nodes 4000000000", "go movetime 600000", "go btime 600000"):
        e = Engine(b, scale)
        e.send("position startpos")
        e.send(go)
        e.send("position startpos moves c2d2c3")
        e.send("setoption name Hash value 8")
        e.send("isready")
        assert e.wait_for(lambda l: l == "readyok", 5), "%s: no readyok while a search runs" % go
        e.send("stop")
        assert e.wait_for(lambda l: l.startswith("bestmove"), 5), "%s: stop not honoured" % go
        e.send("quit")
        assert e.finish(5) == 0, "%s: quit not honoured" % go


def check_ends_by_itself(b, scale):
    for go in ("go mate 2", "go btime 300"):  # no mate here; a clock for Black only, White to move
        e = Engine(b, scale)
        e.send("position startpos")
        e.send(go)
        assert e.wait_for(lambda l: l.startswith("bestmove"), 60), "'%s' did not end by itself" % go
        assert e.finish() == 0


def check_perft_and_bench_yield(b, scale):
    for cmd, stopper in (("go perft 8", "stop"), ("bench 40", "stop"), ("go perft 8", "quit")):
        e = Engine(b, scale)
        e.send(cmd)
        time.sleep(0.2)
        e.send("isready")
        assert e.wait_for(lambda l: l == "readyok", 5), "%s: isready not answered" % cmd
        e.send(stopper)
        if stopper == "stop":
            assert e.wait_for(lambda l: "stopped" in l, 5), "%s: stop not honoured" % cmd
        assert e.finish(5) == 0, "%s: did not exit" % cmd


def check_hash_failure_keeps_table(b, scale, sanitized):
    e = Engine(b, scale)
    e.send("setoption name Hash value 65536")  # more than this kind of machine has
    e.send("isready")
    line = e.wait_for(lambda l: l == "readyok" or "error" in l, 60)
    e.send("go depth 3")
    ok = e.wait_for(lambda l: l.startswith("bestmove"), 30)
    assert ok, "no search after a failed Hash setting"
    assert e.finish() == 0
    if sanitized:
        return
    # Under an address-space limit, even a modest table cannot be had.
    e = Engine(b, scale, shell_prefix=["bash", "-c", 'ulimit -v 400000; exec "$0" "$@"'])
    e.send("setoption name Hash value 2048")
    err = e.wait_for(lambda l: "error" in l, 10)
    assert err and "could not be allocated" in err, "no allocation error: %r" % e.seen
    e.send("go depth 3")
    assert e.wait_for(lambda l: l.startswith("bestmove"), 30), "no search after the error"
    assert e.finish() == 0


def check_printable_errors(b, scale):
    e = Engine(b, scale)
    e.send(b"foo\x00bar")
    e.send(b"position fen \xff\xfe")
    e.send(b"x" * (1 << 20))
    e.send(b"y" * ((1 << 20) + 10))
    e.send("isready")
    e.wait_for(lambda l: l == "readyok", 10)
    errors = [l for l in e.seen if "error" in l]
    assert len(errors) == 4, "expected 4 error lines, got %r" % [x[:80] for x in errors]
    for l in errors:
        assert len(l) < 500, "an error line of %d bytes" % len(l)
        assert "\x00" not in l and "\ufffd" not in l, "raw bytes in %r" % l[:80]
    assert e.finish() == 0


def check_counter_cap(b, scale):
    e = Engine(b, scale)
    e.send("position fen %s b 65535 65535 moves c7c6 c2c3 d7d6" % START_FEN)
    e.send("d")
    fen = e.wait_for(lambda l: l.startswith("FEN: "), 10)
    assert fen, "no FEN line"
    e.send("position fen " + fen[5:])
    e.send("isready")
    e.wait_for(lambda l: l == "readyok", 10)
    assert not any("error" in l for l in e.seen), "the printed FEN was refused: %r" % e.seen
    assert fen.endswith(" 65535"), fen
    assert e.finish() == 0


def check_cli_write_failure(b, scale):
    # Standard output is /dev/full itself, not a pipe: run_command does not give one.
    with open("/dev/full", "w") as full:
        r = subprocess.run([b, "perft", "2"], stdout=full, stderr=subprocess.PIPE, timeout=60 * scale)
    assert r.returncode != 0, "exit status 0 although the output could not be written"
    status, _, err = run_command([b, "perft", "-1"], timeout=60)
    assert status == 2 and "negative" in err, err


def check_bestmove_ends_the_search(b, scale):
    # A reader of the bestmove finds the search over: a report and isready sent after it are
    # answered in order (stop prints the bestmove while the search thread may still be finishing).
    e = Engine(b, scale)
    for i in range(20):
        e.send("position startpos")
        e.send("go infinite")
        assert e.wait_for(lambda l: l.startswith("info depth"), 10), "try %d: no info line" % i
        e.send("stop")
        assert e.wait_for(lambda l: l.startswith("bestmove"), 10), "try %d: no bestmove" % i
        e.send("d")
        e.send("isready")
        first = e.wait_for(lambda l: l.startswith("Status:") or l == "readyok", 10)
        assert first and first.startswith("Status:"), "try %d: readyok before the board report" % i
        assert e.wait_for(lambda l: l == "readyok", 10), "try %d: no readyok" % i
    e.send("quit")
    assert e.finish() == 0


def check_help_and_version(b, scale):
    # GNU style: --help and --version print to standard output and exit 0.
    status, out, _ = run_command([b, "--help"], timeout=30 * scale)
    assert status == 0 and "Usage: ordo" in out and "--version" in out, (status, out[:200])
    status, out, err = run_command([b, "--version"], timeout=30 * scale)
    assert status == 0 and out.startswith("ordo ") and out.count("\n") == 1, (status, out, err)
    assert out.split()[1][0].isdigit(), "no version number: %r" % out


def check_terminal_banner_and_help(b, scale):
    # On a terminal, not pipes (the banner is for a terminal only): engine_client does not drive it.
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(b, [b])
    out = b""
    os.write(fd, b"help\nquit\n")
    end = time.time() + 10 * scale
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert "type uci, or help" in text, "no banner: %r" % text[:200]
    assert "go perft N" in text, "help did not list the commands"


def run_checks(checks):
    """Runs (name, fn) pairs, prints ok/FAIL per check and a summary; 1 if any failed, else 0."""
    failed = 0
    for name, fn in checks:
        try:
            fn()
            print("ok   " + name)
        except AssertionError as err:
            failed += 1
            print("FAIL %s: %s" % (name, err))
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--sanitized", action="store_true")
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args()
    checks = [
        ("pipelined stop, position, go", lambda: check_pipelined_stop_position_go(a.binary, a.time_scale)),
        ("the reader never blocks", lambda: check_reader_never_blocks(a.binary, a.time_scale)),
        ("go mate / one-sided clock end by themselves", lambda: check_ends_by_itself(a.binary, a.time_scale)),
        ("perft and bench yield to stop and quit", lambda: check_perft_and_bench_yield(a.binary, a.time_scale)),
        ("Hash failure keeps a table", lambda: check_hash_failure_keeps_table(a.binary, a.time_scale, a.sanitized)),
        ("printable, short error lines", lambda: check_printable_errors(a.binary, a.time_scale)),
        ("counters at the cap", lambda: check_counter_cap(a.binary, a.time_scale)),
        ("command line: failed writes, negative depth", lambda: check_cli_write_failure(a.binary, a.time_scale)),
        ("terminal banner and help", lambda: check_terminal_banner_and_help(a.binary, a.time_scale)),
        ("--help and --version", lambda: check_help_and_version(a.binary, a.time_scale)),
        ("a bestmove ends the search for what follows", lambda: check_bestmove_ends_the_search(a.binary, a.time_scale)),
    ]
    return run_checks(checks)


if __name__ == "__main__":
    sys.exit(main())
