#!/usr/bin/env python3
"""An engine that lies: runs the engine named by $ORDO_REAL_BINARY with the same arguments and
input, but prints `a1a1` (never legal) as every bestmove, appends it to every pv and announces
every mate in 1 as a mate in 2. The transcript runner must report all three (ctest
protocol_legality_selftest)."""
import os
import re
import subprocess
import sys
import threading

proc = subprocess.Popen([os.environ["ORDO_REAL_BINARY"]] + sys.argv[1:], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE)


def forward_input():
    for raw in sys.stdin.buffer:
        proc.stdin.write(raw)
        proc.stdin.flush()
    proc.stdin.close()


threading.Thread(target=forward_input, daemon=True).start()
for raw in proc.stdout:
    line = raw.decode("utf-8", "replace").rstrip("\n")
    line = re.sub(r"^bestmove (?!\(none\))\S+", "bestmove a1a1", line)
    if line.startswith("info ") and " pv " in line:
        line = line.replace(" score mate 1 ", " score mate 2 ") + " a1a1"
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
sys.exit(proc.wait())
