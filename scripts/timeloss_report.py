#!/usr/bin/env python3
"""Splits the time of each move of an ordo-match run into the engine's part and the rest.

    ORDO_TIMING_LOG=t.jsonl build/ordo-match ... -log run.log ...
    scripts/timeloss_report.py run.log t.jsonl

run.log (ordo-match -log) gives the runner's view: from writing `go` to reading `bestmove`. The
engine's ORDO_TIMING_LOG lines give its own: from reading `go` to writing `bestmove` (elapsed), its
CPU time meanwhile, its search thread's wait for a core, and its hard stop. Moves are joined on the
clock values of the `go` line (unique enough in a run; ambiguous ones are skipped). Prints the
distributions (median, p90, p99, max) of:
  runner_ms   the runner's go -> bestmove
  engine_ms   the engine's own go -> bestmove
  unseen_ms   runner_ms - engine_ms: pipes, the runner, and the engine's wait before reading go
  late_ms     engine_ms - hard stop: how late the engine noticed its own deadline
  wait_ms     the search thread's time waiting for a core; cpu_ms its process's CPU time
and, for each time forfeit in the log, the same figures of the losing move.
"""
import json
import re
import statistics
import sys
from collections import defaultdict

LINE = re.compile(r"^\[(\d+\.\d+)\] (\S+) ([<>]) (.*)$")
GO = re.compile(r"wtime (\d+) btime (\d+)")


def quantiles(xs):
    xs = sorted(xs)
    if not xs:
        return "n=0"
    q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))]
    return f"n={len(xs)} median={statistics.median(xs):.0f} p90={q(0.9):.0f} p99={q(0.99):.0f} max={xs[-1]:.0f}"


def main():
    log_path, timing_path = sys.argv[1], sys.argv[2]
    runner = {}  # (wtime, btime, instance) -> runner ms
    pending = {}
    counts = defaultdict(int)
    for raw in open(log_path, errors="replace"):
        m = LINE.match(raw.rstrip("\n"))
        if not m:
            continue
        t, who, direction, text = float(m[1]), m[2], m[3], m[4]
        if direction == ">" and text.startswith("go "):
            g = GO.search(text)
            pending[who] = (t, (int(g[1]), int(g[2])) if g else None)
        elif direction == "<" and text.startswith("bestmove") and who in pending:
            t0, key = pending.pop(who)
            if key:
                counts[key] += 1
                runner[key] = (t - t0) * 1000
    rows = []
    engine_counts = defaultdict(int)
    records = [json.loads(l) for l in open(timing_path) if l.strip()]
    for r in records:
        engine_counts[(r["wtime"], r["btime"])] += 1
    for r in records:
        key = (r["wtime"], r["btime"])
        if r["movetime"] > 0 or counts.get(key) != 1 or engine_counts[key] != 1:
            continue
        rows.append({"runner": runner[key], "engine": r["elapsed_ms"], "unseen": runner[key] - r["elapsed_ms"],
                     "late": r["elapsed_ms"] - r["hard_ms"], "wait": r["wait_ms"], "cpu": r["cpu_ms"],
                     "record": r})
    print(f"moves joined: {len(rows)} of {len(records)} engine records")
    for k in ("runner", "engine", "unseen", "late", "wait", "cpu"):
        print(f"  {k + '_ms':10s} {quantiles([x[k] for x in rows])}")
    big = [x for x in rows if x["unseen"] > 100]
    print(f"moves with unseen_ms > 100: {len(big)}")
    # A move that took longer than the smaller clock of its go line: the likely time losses (the
    # record does not say whose clock it was).
    lost = [x for x in rows if x["runner"] > min(x["record"]["wtime"], x["record"]["btime"])]
    print(f"moves slower than the smaller clock of their go line: {len(lost)}")
    for x in lost:
        r = x["record"]
        print(f"  clocks {r['wtime']}/{r['btime']}: runner {x['runner']:.0f} ms, engine {x['engine']} ms "
              f"(hard stop {r['hard_ms']}, reserve {r['overhead_ms']}, slowdown {r.get('slowdown', 1)}), "
              f"cpu {x['cpu']} ms, waited for a core {x['wait']} ms")
    cpu_share = sum(x["cpu"] for x in rows) / max(1, sum(x["engine"] for x in rows))
    print(f"engine CPU time / engine wall time over all joined moves: {cpu_share:.2f}")


if __name__ == "__main__":
    main()
