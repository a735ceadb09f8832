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
import shlex
import subprocess
import sys
import threading
import time


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
    inner = subprocess.Popen(shlex.split(args.inner), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, bufsize=1)
    out_lock = threading.Lock()
    hold = {"bestmove": False}  # slow mode: the next bestmove is delayed

    def pump():
        for line in inner.stdout:
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
                    inner.kill()
                    sys.stdout.flush()
                    import os
                    os._exit(3)
                if args.mode == "hang":
                    while True:
                        time.sleep(60)
                if args.mode == "slow":
                    hold["bestmove"] = True
        inner.stdin.write(line)
        inner.stdin.flush()
        if words and words[0] == "quit":
            break
    inner.wait()


if __name__ == "__main__":
    main()
