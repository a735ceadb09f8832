#!/usr/bin/env python3
"""Large settings and large input do not make the engine slow to answer or big: a hash table of
gigabytes is written whole when it is set or cleared (so no search pays for its pages), `isready`
waits for that as in Stockfish (the bound is generous: 4 GB took 0.6 s here, 7 s under a load of
ten processes on two cores),
`quit` never does; an input line past the limit is dropped while it is read, never stored. The
time bounds are generous (the old code took 9 s for `quit` after a 4 GB table and 38 s after
16 GB); memory is read from /proc.

Usage: prompt_limits.py --binary build/ordo [--time-scale F]
Prints one line per check and 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from robustness import Engine, run_checks  # noqa: E402

LIMIT = 1 << 20  # MAX_LINE_BYTES in protocol/front_end/session.hpp


def peak_rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM for %d" % pid)


def timed_ready(e, seconds):
    start = time.monotonic()
    e.send("isready")
    ok = e.wait_for(lambda l: l == "readyok", 60)
    took = time.monotonic() - start
    assert ok, "no readyok at all: %r" % e.seen[-3:]
    assert took < seconds * e.scale, "readyok after %.1f s (bound %.1f s)" % (took, seconds * e.scale)


def timed_quit(e, seconds):
    start = time.monotonic()
    e.send("quit")
    status = e.finish(60)
    took = time.monotonic() - start
    assert status == 0, "exit status %r" % status
    assert took < seconds * e.scale, "exit %.1f s after quit (bound %.1f s)" % (took, seconds * e.scale)


def check_large_hash_is_prompt(b, scale):
    e = Engine(b, scale)
    e.send("setoption name Hash value 4096")
    timed_ready(e, 30)
    e.send("ucinewgame")
    timed_ready(e, 30)
    e.send("setoption name Clear Hash")
    e.send("go depth 4")  # a search in the large table works
    assert e.wait_for(lambda l: l.startswith("bestmove"), 60), "no bestmove: %r" % e.seen[-3:]
    timed_ready(e, 2)
    e.send("setoption name Hash value 8192")
    timed_quit(e, 2)
    for mb in (4096, 16384):  # 16 GB: an error line on a smaller machine, promptly too
        e = Engine(b, scale)
        e.send("setoption name Hash value %d" % mb)
        timed_quit(e, 2)


def check_long_line_is_not_stored(b, scale):
    e = Engine(b, scale)
    timed_ready(e, 30)
    base = peak_rss_kb(e.pid)
    size = 32 << 20
    chunk = b"x" * (1 << 20)
    for _ in range(size // len(chunk)):
        e.send_raw(chunk, "1 MiB of a %d MiB line" % (size >> 20))
    e.send_raw(b"\n")
    timed_ready(e, 120)
    err = [l for l in e.seen if "error" in l]
    assert err == ["info string error: input line of %d bytes ignored (the limit is %d)" % (size, LIMIT)], err
    grew = peak_rss_kb(e.pid) - base
    assert grew < 16 * 1024, "a %d MiB line raised the peak memory by %d KB" % (size >> 20, grew)
    # A line of exactly the limit is still read; one byte more is not.
    e.send("position startpos" + " " * (LIMIT - len("position startpos")))
    e.send("d" + " " * LIMIT)
    timed_ready(e, 30)
    errors = [l for l in e.seen if "error" in l]
    assert len(errors) == 2 and "%d bytes" % (LIMIT + 1) in errors[1], errors
    timed_quit(e, 10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args()
    checks = [
        ("a large hash table is written before isready answers, never before quit", lambda: check_large_hash_is_prompt(a.binary, a.time_scale)),
        ("an over-long line is dropped as it is read", lambda: check_long_line_is_not_stored(a.binary, a.time_scale)),
    ]
    return run_checks(checks)


if __name__ == "__main__":
    sys.exit(main())
