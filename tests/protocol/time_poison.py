#!/usr/bin/env python3
"""One clock drop does not poison the time planning: after `go wtime 30000` and `go wtime 2000`
(a shorter game started without `ucinewgame`), a move on a 10 s clock after `ucinewgame`, and one
after a clock that jumps up without it, is planned as on a quiet machine, not as an instant reply
(the old engine took 0-4 ms for every such move). The check reads the planned soft stop from the
engine's timing log (ORDO_TIMING_LOG), not the wall clock, so a loaded machine cannot make it flaky.

Usage: time_poison.py --binary build/ordo [--time-scale F]
Prints one line per check and 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from robustness import Engine, run_checks  # noqa: E402

QUIET_SOFT_MS = (10000 - 30) // 30  # the share of a 10 s clock with the default Move Overhead


def planned_moves(binary, scale, commands):
    """Runs the commands (each `go` waits for its bestmove) with a timing log; returns its lines."""
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "timing.jsonl")
        e = Engine(binary, scale, env=dict(os.environ, ORDO_TIMING_LOG=log))
        for c in commands:
            e.send(c)
            if c.startswith("go"):
                assert e.wait_for(lambda l: l.startswith("bestmove"), 60), "no bestmove for %r: %r" % (c, e.seen[-3:])
        e.send("quit")
        assert e.finish(30) == 0, "the engine did not exit cleanly"
        with open(log) as f:
            return [json.loads(line) for line in f]


def drop_then(binary, scale, between):
    moves = planned_moves(binary, scale, [
        "position startpos", "go wtime 30000 btime 30000",
        "position startpos", "go wtime 2000 btime 2000",
    ] + between + ["position startpos", "go wtime 10000 btime 10000"])
    assert len(moves) == 3, moves
    last = moves[-1]
    assert last["wtime"] == 10000, last
    # Generous: the quiet share is 332 ms; the poisoned engine planned 1 ms.
    assert last["soft_ms"] >= QUIET_SOFT_MS // 2, "the 10 s move was planned with %d ms: %r" % (last["soft_ms"], last)
    assert last["hard_ms"] >= last["soft_ms"], last


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args()
    checks = [
        ("after a clock drop and ucinewgame a 10 s move is planned in full",
         lambda: drop_then(a.binary, a.time_scale, ["ucinewgame"])),
        ("after a clock drop a clock that jumps up is planned in full",
         lambda: drop_then(a.binary, a.time_scale, [])),
    ]
    return run_checks(checks)


if __name__ == "__main__":
    sys.exit(main())
