#!/usr/bin/env python3
"""The time from `stop` to `bestmove` after `go infinite`, over many tries, as the distribution a
GUI sees (the engine runs as a child process with pipes; the time is taken when this script writes
`stop` and when it reads the `bestmove` line).

    scripts/stop_latency.py --binary build/ordo --tries 3000 --hogs 2

Each try: a position (the start position or an Ordo X one, alternately, with a few random turns
played), `go infinite`, a random wait of --min-ms to --max-ms, then `stop`. --hogs N starts N busy
processes for the run (a machine under full load). Prints median, p90, p99, p99.9 and max in ms,
and the worst tries. Run by hand: it takes minutes. Given --binary more than once, the engines
take turns try by try (so a machine whose load changes treats them alike), each with its figures:

    scripts/stop_latency.py --binary /tmp/ordo-base --binary build/ordo --tries 2000

--measure go times the other end of a search instead: from the write of `go depth 1` to the read
of its bestmove (the engine's answer time when it has almost nothing to search).
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import Engine, EngineError  # noqa: E402


def pct(xs, p):
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def legal_moves(e):
    """The legal turns of the engine's position (`moves`, up to the `readyok` of an `isready`)."""
    e.send("moves")
    try:
        lines = e.isready(30)
    except EngineError:
        raise SystemExit("no answer to moves/isready")
    return [l for l in lines if l and not l.startswith("status:") and " " not in l]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", action="append")
    ap.add_argument("--tries", type=int, default=2000)
    ap.add_argument("--hogs", type=int, default=0)
    ap.add_argument("--min-ms", type=int, default=10)
    ap.add_argument("--max-ms", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--measure", choices=["stop", "go"], default="stop")
    a = ap.parse_args()
    binaries = a.binary or ["build/ordo"]
    rng = random.Random(a.seed)
    hogs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(a.hogs)]
    engines = [Engine([b], timeout=30) for b in binaries]
    lats = [[] for _ in binaries]
    worsts = [[] for _ in binaries]
    try:
        for i in range(a.tries * len(binaries)):
            e, lat, worst = engines[i % len(binaries)], lats[i % len(binaries)], worsts[i % len(binaries)]
            variant = "ordox" if (i // len(binaries)) % 2 else "ordo"
            e.send("setoption name UCI_Variant value " + variant)
            played = []
            e.send("position startpos")
            for _ in range(rng.randrange(0, 6)):
                moves = legal_moves(e)
                if not moves:
                    break
                played.append(rng.choice(moves))
                e.send("position startpos moves " + " ".join(played))
            if a.measure == "go":
                e.isready(30)  # the position is set: only the go is timed
                e.send("go depth 1")
            else:
                e.send("go infinite")
                time.sleep(rng.uniform(a.min_ms, a.max_ms) / 1000)
                e.send("stop")
            try:
                e.read_until(lambda l: l.startswith("bestmove"), 30)
            except EngineError as err:
                raise SystemExit("try %d: no bestmove within 30 s of %s (%s)" % (i, a.measure, err.cause))
            ms = (e.read_at - e.sent_at) * 1000  # from the write of stop (go) to the read of bestmove
            lat.append(ms)
            worst.append((ms, i, variant, " ".join(played)))
            if (i + 1) % 500 == 0:
                print("%d tries, max so far %.1f ms" % (i + 1, max(max(l) for l in lats if l)), flush=True)
    finally:
        for e in engines:
            e.quit(30)
        for h in hogs:
            h.kill()
            h.wait()
    for binary, lat, worst in zip(binaries, lats, worsts):
        lat.sort()
        print("%s: %s -> bestmove over %d tries (ms), %d hogs: median %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f"
              % (binary, a.measure, len(lat), a.hogs, statistics.median(lat), pct(lat, 0.9), pct(lat, 0.99), pct(lat, 0.999),
                 lat[-1]))
        print("  over 50 ms: %d tries" % sum(1 for x in lat if x > 50))
        for ms, i, variant, played in sorted(worst, reverse=True)[:5]:
            print("  %.1f ms: try %d, %s, moves %s" % (ms, i, variant, played or "-"))


if __name__ == "__main__":
    main()
