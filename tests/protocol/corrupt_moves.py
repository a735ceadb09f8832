#!/usr/bin/env python3
"""An engine that lies: runs the engine named by $ORDO_REAL_BINARY with the same arguments and
input, but prints `a1a1` (never legal) as every bestmove, appends it to every pv and announces
every mate in 1 as a mate in 2. The transcript runner must report all three (ctest
protocol_legality_selftest)."""
import os
import re
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402

inner = InnerEngine([os.environ["ORDO_REAL_BINARY"]] + sys.argv[1:], stderr=None,
                    drain=False)  # read below, on the main thread


def forward_input():
    try:
        for raw in sys.stdin.buffer:
            inner.send_raw(raw)
    except EngineError:
        pass
    inner.close_stdin()


threading.Thread(target=forward_input, daemon=True).start()
while True:
    try:
        line = inner.read_line()
    except EngineError:  # the end of its output
        break
    line = re.sub(r"^bestmove (?!\(none\))\S+", "bestmove a1a1", line)
    if line.startswith("info ") and " pv " in line:
        line = line.replace(" score mate 1 ", " score mate 2 ") + " a1a1"
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
sys.exit(inner.wait())
