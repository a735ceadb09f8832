#!/usr/bin/env python3
"""Runs an engine between a match runner and the engine, passing every line through unchanged, and
appends one JSON line per search to a log: the time from the `go` line passing the probe to the
`bestmove` line passing it, the clock the engine was given, and what the engine process did in that
time (CPU time used, time spent waiting for a core: /proc/PID/schedstat, summed over its threads).

    ordo-match -engine cmd=scripts/timing_probe.py "args=LOG build/ordo" ...

The probe costs a little time of its own (it is one more process on a busy machine); the runner's
own log (-log) shows the time the runner saw, so the difference is the probe's and the pipes' share.
"""
import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import EngineError, InnerEngine  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def proc_times(pid):
    """(cpu seconds, run-queue wait seconds) of every thread of `pid`."""
    cpu = wait = 0.0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                run_ns, wait_ns, _ = f.read().split()
            cpu += int(run_ns) / 1e9
            wait += int(wait_ns) / 1e9
        except (OSError, ValueError):
            pass  # a thread that ended between the listing and the read
    # Threads that ended (search helpers, timers) are counted in the process totals of /proc/PID/stat.
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total_cpu = (int(fields[11]) + int(fields[12])) / TICK  # utime + stime, ticks
        cpu = max(cpu, total_cpu)
    except (OSError, ValueError, IndexError):
        pass
    return cpu, wait


def main():
    log_path, cmd = sys.argv[1], sys.argv[2:]
    engine = InnerEngine(cmd, stderr=None, drain=False)  # read by pump_out, written by the main thread
    log = open(log_path, "a", buffering=1)
    state = {}
    lock = threading.Lock()

    def pump_out():
        while True:
            try:
                raw = engine.read_raw_line()
            except EngineError:  # the end of its output
                return
            now = engine.read_at
            sys.stdout.buffer.write(raw + b"\n" if engine.line_ended else raw)
            sys.stdout.buffer.flush()
            if raw.startswith(b"bestmove"):
                with lock:
                    go = state.pop("go", None)
                if go:
                    t = proc_times(engine.pid)
                    rec = {"pid": engine.pid, "go": go["line"], "wall_ms": round((now - go["t"]) * 1000, 1)}
                    if t and go["proc"]:
                        rec["cpu_ms"] = round((t[0] - go["proc"][0]) * 1000, 1)
                        rec["runq_wait_ms"] = round((t[1] - go["proc"][1]) * 1000, 1)
                    log.write(json.dumps(rec) + "\n")

    reader = threading.Thread(target=pump_out, daemon=True)
    reader.start()
    for raw in sys.stdin.buffer:
        if raw.startswith(b"go"):
            with lock:
                state["go"] = {"t": time.monotonic(), "line": raw.decode(errors="replace").strip(),
                               "proc": proc_times(engine.pid)}
        try:
            engine.send_raw(raw)
        except EngineError:
            break
        if raw.strip() == b"quit":
            break
    engine.close_stdin()
    reader.join(timeout=5)
    engine.wait()


if __name__ == "__main__":
    main()
