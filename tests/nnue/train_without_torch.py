#!/usr/bin/env python3
"""scripts/train_nnue.py without PyTorch or numpy: --help and argument errors still work (they
need neither); a run that trains says what it needs. The two modules are hidden by stand-ins that
fail to import, placed first on PYTHONPATH.

Usage: train_without_torch.py
Prints one line per check; exit status 1 on any failure.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRAINER = os.path.join(ROOT, "scripts", "train_nnue.py")


def run(hidden, *args):
    env = dict(os.environ, PYTHONPATH=hidden, TRAIN_NNUE_REEXEC="1")  # no hand-over to another python3
    return subprocess.run([sys.executable, TRAINER] + list(args), capture_output=True, text=True, env=env, timeout=60)


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as hidden:
        for module in ("torch", "numpy"):
            os.mkdir(os.path.join(hidden, module))
            with open(os.path.join(hidden, module, "__init__.py"), "w") as f:
                f.write("raise ImportError('hidden for this test')\n")
        with open(os.path.join(hidden, "positions.txt"), "w") as f:
            f.write("")
        data = os.path.join(hidden, "positions.txt")
        checks = [
            ("--help prints the usage", run(hidden, "--help"), 0, "usage: train_nnue.py"),
            ("a bad --variant is an argument error", run(hidden, "--data", data, "--variant", "chess"), 2, "invalid choice"),
            ("a missing --data is an argument error", run(hidden, "--variant", "ordo"), 2, "--data"),
            ("a missing data file is named", run(hidden, "--data", data + "-gone", "--variant", "ordo", "--out", "x.nnue"), 1,
             "no data file"),
            ("a missing --init-net file is named",
             run(hidden, "--data", data, "--variant", "ordo", "--out", "x.nnue", "--init-net", data + "-gone"), 1,
             "no network file"),
            ("a bad --val is named", run(hidden, "--data", data, "--variant", "ordo", "--out", "x.nnue", "--val", "2"), 1,
             "--val in (0, 1)"),
            ("training says what it needs", run(hidden, "--data", data, "--variant", "ordo", "--out", "x.nnue"), 1,
             "needs numpy and PyTorch"),
        ]
        for name, r, status, text in checks:
            ok = r.returncode == status and text in r.stdout + r.stderr and "Traceback" not in r.stderr
            failed += not ok
            print("%s %s%s" % ("ok  " if ok else "FAIL", name,
                               "" if ok else ": exit %d, %r" % (r.returncode, (r.stdout + r.stderr)[-300:])))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
