#!/usr/bin/env python3
"""A misbehaving stand-in engine for the match runner's tests.

    standin.py --inner "build/ordo" --mode MODE [--every N] [--delay S]

It forwards the protocol to the inner engine (which plays legal moves), except on every N-th `go`
(counted from its start), where it misbehaves according to MODE:
  illegal    answers `bestmove a1a8` (well-formed, never legal there)
  malformed  answers `bestmove hello`
  nomove     answers `bestmove (none)` in an ongoing position
  crash      exits at once with status 3
  hang       stops answering anything (reads nothing more, never exits by itself)
  slow       answers the inner engine's move only after --delay seconds (past its clock)
  startfail  (any `go` aside) exits at once when started, before answering `uci`
  good       never misbehaves
"""
import argparse
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    ap.add_argument("--mode", required=True,
                    choices=["illegal", "malformed", "nomove", "crash", "hang", "slow", "startfail", "good"])
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--delay", type=float, default=1.0)
    args = ap.parse_args()
    if args.mode == "startfail":
        sys.exit(4)
    inner = InnerEngine(args.inner, drain=False)  # read by pump, written by the main thread
    out_lock = threading.Lock()
    hold = {"bestmove": False}  # slow mode: the next bestmove is delayed

    def pump():
        while True:
            try:
                line = inner.read_line()
            except EngineError:  # the end of its output
                break
            line += "\n" if inner.line_ended else ""
            if line.startswith("bestmove") and hold["bestmove"]:
                hold["bestmove"] = False
                time.sleep(args.delay)
            with out_lock:
                sys.stdout.write(line)
                sys.stdout.flush()
        sys.exit(0)

    threading.Thread(target=pump, daemon=True).start()

    def say(line):
        with out_lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    gos = 0
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "go" and "perft" not in words:
            gos += 1
            if args.mode != "good" and gos % args.every == 0:
                if args.mode == "illegal":
                    say("bestmove a1a8")
                    continue
                if args.mode == "malformed":
                    say("bestmove hello")
                    continue
                if args.mode == "nomove":
                    say("bestmove (none)")
                    continue
                if args.mode == "crash":
                    os.kill(inner.pid, signal.SIGKILL)
                    sys.stdout.flush()
                    os._exit(3)
                if args.mode == "hang":
                    while True:
                        time.sleep(60)
                if args.mode == "slow":
                    hold["bestmove"] = True
        inner.send_raw(line.encode())
        if words and words[0] == "quit":
            break
    inner.wait()


if __name__ == "__main__":
    main()
