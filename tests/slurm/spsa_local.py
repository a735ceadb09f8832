#!/usr/bin/env python3
"""scripts/slurm_spsa --local with the real engine, end to end: a small tuning of three search
parameters (fixed-node games, so every game is deterministic) played once without a stop, and
once stopped twice, by SIGTERM while batch 2's tasks run (the controller stops them, exit 130)
and by SIGKILL of the controller and everything it started while batch 3's run (each once a
shard has recorded a pair and plays its next), then continued by the same command each time. The stopped run must end with exactly the history and θ of the
other, θ must have moved, and no game may be recorded as an engine crash. Four batches of eight pairs
at 1,000 nodes: with the third classic network, three batches of four pairs at 300 nodes split
every pair by colour (4-4 three times), and θ could not move.

Usage: spsa_local.py --ordo build/ordo --match build/ordo-match
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def command(a, out):
    return [sys.executable, os.path.join(ROOT, "scripts", "slurm_spsa"), "--local", "--jobs", "2", "--out", out,
            "--iterations", "4", "--pairs", "8", "--shards", "2", "--seed", "6",
            "--params", "rfp_margin,lmr_divisor,asp_delta", "--r-end", "0.05",
            "--engine", a.ordo, "--match", a.match, "--",
            "-each", "nodes=1000", "-variant", "ordo", "-openings", "file=openings/ordo_4ply.epd", "-maxmoves", "60"]


def state(out):
    try:
        with open(os.path.join(out, "state.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def stop_in_batch(a, out, batch, how):
    """Starts the tuning and stops it by `how` in the middle of batch `batch`."""
    p = subprocess.Popen(command(a, out), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    log = os.path.join(out, "batch-%04d" % batch, "logs", "task-1.out")
    deadline = time.monotonic() + 120
    while not os.path.exists(log):
        if p.poll() is not None or time.monotonic() > deadline:
            p.kill()
            sys.exit("spsa_local: FAILED: the tuning ended (status %s) before batch %d started" % (p.poll(), batch))
        time.sleep(0.02)
    # Once a shard has recorded its first pair, while it plays its second.
    pgns = [os.path.join(out, "batch-%04d" % batch, "shard-%d.pgn" % i) for i in (1, 2)]
    while time.monotonic() < deadline and p.poll() is None:
        if any(os.path.exists(f) and "[GameNumber " in open(f, errors="replace").read() for f in pgns):
            break
        time.sleep(0.02)
    if how == "term":
        p.send_signal(signal.SIGTERM)
        rc = p.wait(60)
        if rc != 130:
            sys.exit("spsa_local: FAILED: SIGTERM ended the controller with status %d, not 130" % rc)
    else:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait(60)
    s = state(out)
    if not s or not s["pending"] or s["pending"]["batch"] != batch:
        sys.exit("spsa_local: FAILED: after the stop the state does not hold batch %d as pending" % batch)
    print("stopped (%s) in batch %d: %d batches done" % (how, batch, s["batch"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--match", required=True)
    a = ap.parse_args()
    a.ordo, a.match = os.path.abspath(a.ordo), os.path.abspath(a.match)
    tmp = tempfile.mkdtemp(prefix="spsa_local.")
    try:
        start = time.monotonic()
        ref_dir, run_dir = os.path.join(tmp, "reference"), os.path.join(tmp, "stopped")
        p = subprocess.run(command(a, ref_dir), cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=600)
        if p.returncode != 0:
            sys.exit("spsa_local: FAILED: the tuning without a stop ended with status %d:\n%s" % (p.returncode, p.stdout))
        print("without a stop: %.1f s" % (time.monotonic() - start))
        stop_in_batch(a, run_dir, 2, "term")
        stop_in_batch(a, run_dir, 3, "kill")
        p = subprocess.run(command(a, run_dir), cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=600)
        if p.returncode != 0 or "Continuing" not in p.stdout:
            sys.exit("spsa_local: FAILED: the continued tuning ended with status %d:\n%s" % (p.returncode, p.stdout))
        ref, run = state(ref_dir), state(run_dir)
        if run["history"] != ref["history"] or run["theta"] != ref["theta"]:
            for r, s in zip(ref["history"], run["history"]):
                print("batch %d: reference %r, stopped %r" % (r["batch"], (r["wins"], r["draws"], r["losses"]),
                                                              (s["wins"], s["draws"], s["losses"])))
            sys.exit("spsa_local: FAILED: the stopped tuning's trajectory differs from the one never stopped")
        start_theta = {p["name"]: float(p["start"]) for p in ref["setup"]["params"]}
        if ref["theta"] == start_theta or all(h["result"] == 0 for h in ref["history"]):
            sys.exit("spsa_local: FAILED: theta never moved (every batch scored even): the comparison says nothing")
        resumed = 0
        for root, _, files in os.walk(run_dir):
            for name in files:
                with open(os.path.join(root, name), errors="replace") as f:
                    text = f.read()
                if name.endswith(".pgn") and 'Termination "crash"' in text:
                    sys.exit("spsa_local: FAILED: a stop was recorded as an engine crash in %s" % name)
                if name.startswith("task-"):
                    resumed += len(re.findall(r"^Resuming: [1-9]\d* of", text, re.M))
        print("spsa_local: passed: the stopped tuning followed the other batch for batch (%s), theta %s; "
              "%d shards resumed with games recorded (%.0f s)"
              % (", ".join("%+d" % h["result"] for h in ref["history"]),
                 " ".join("%s=%.2f" % kv for kv in ref["theta"].items()), resumed, time.monotonic() - start))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
