#!/usr/bin/env python3
"""Tests of scripts/perft_check and scripts/perft_diff against the engine and a stand-in with a
planted rule change (engines/planted_perft.py) or one that never answers `go perft`
(engines/lying_perft.py --mode no_perft).

    run_perft_tool_tests.py --ordo BIN --scenario check_pass|check_fail|diff_planted|diff_equal|
                                                  check_early_stop|check_keep_going
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHECK = os.path.join(ROOT, "scripts", "perft_check")
DIFF = os.path.join(ROOT, "scripts", "perft_diff")
PLANTED = os.path.join(HERE, "engines", "planted_perft.py")
LYING = os.path.join(HERE, "engines", "lying_perft.py")
START = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1"
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from engine_client import run_session  # noqa: E402


def run(args):
    p = subprocess.run([sys.executable] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=600)
    return p.returncode, p.stdout, p.stderr


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--scenario", required=True)
    args = ap.parse_args()
    s = args.scenario
    if s == "check_pass":
        for variant, depth in (("ordo", 2), ("ordox", 1)):
            code, out, err = run([CHECK, "--engine", args.ordo, "--variant", variant, "--max-depth", str(depth),
                                  os.path.join(ROOT, "tests", "data", "perft_%s.epd" % variant)])
            m = re.search(r"^(\d+) depths checked on (\d+) positions: (\d+) passed, 0 failed$", out, re.M)
            if code != 0 or not m or int(m.group(2)) < 40:
                fail("%s: exit %d\n%s%s" % (variant, code, out[-2000:], err))
    elif s == "check_fail":
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            f.write("# one right, one wrong count; a FEN without counters\n")
            f.write("%s ;D1 56 ;D2 3137\n" % START)
            f.write("B9/10/10/10/4W5/10/10/10 w ;D1 21\n")
            path = f.name
        try:
            code, out, err = run([CHECK, "--engine", args.ordo, path])
        finally:
            os.unlink(path)
        if code != 1 or not re.search(r"^2\s+2\s+3137\s+3136 .*FAIL", out, re.M) or "3 depths checked" not in out \
                or "2 passed, 1 failed" not in out:
            fail("the wrong count was not reported: exit %d\n%s%s" % (code, out, err))
    elif s == "diff_planted":
        code, out, err = run([DIFF, "--engine", "%s %s --inner %s" % (sys.executable, PLANTED, args.ordo),
                              "--reference", args.ordo, "--variant", "ordo", "--depth", "3"])
        fen = re.search(r"^  FEN:   (.+)$", out, re.M)
        moves = re.search(r"^  moves: (.+)$", out, re.M)
        missing = re.search(r"^  only the reference has: (.+)$", out, re.M)
        extra = re.search(r"^  only the engine has:    (.+)$", out, re.M)
        if code != 1 or not (fen and moves and missing and extra):
            fail("no disagreement named: exit %d\n%s%s" % (code, out, err))
        if extra.group(1) != "-" or len(moves.group(1).split()) != 2:
            fail("expected a position two plies deep with moves missing from the engine:\n" + out)
        # The named moves are exactly the long singleton moves of the named position.
        out = run_session([args.ordo], ["position fen %s" % fen.group(1), "moves", "quit"], timeout=60)
        legal = [l.strip() for l in out if re.fullmatch(r"[a-j][1-8][a-j][1-8]", l.strip())]
        longs = sorted(t for t in legal if max(abs(ord(t[0]) - ord(t[2])), abs(int(t[1]) - int(t[3]))) >= 3)
        if sorted(missing.group(1).split()) != longs or not longs:
            fail("missing moves %s, expected the long singletons %s of %s" % (missing.group(1), longs, fen.group(1)))
    elif s == "diff_equal":
        code, out, err = run([DIFF, "--engine", args.ordo, "--reference", args.ordo, "--variant", "ordox",
                              "--depth", "2"])
        if code != 0 or "no difference at depth 2" not in out:
            fail("two copies of one engine differ? exit %d\n%s%s" % (code, out, err))
    elif s in ("check_early_stop", "check_keep_going"):
        # Eight depths, none answered: perft_check stops after the third silence (3 timeouts), or
        # with --keep-going waits out all eight.
        timeout = 1.0
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            for _ in range(4):
                f.write("%s ;D1 56 ;D2 3136\n" % START)
            path = f.name
        engine = "%s %s --inner %s --mode no_perft" % (sys.executable, LYING, args.ordo)
        extra = ["--keep-going"] if s == "check_keep_going" else []
        t0 = time.monotonic()
        try:
            code, out, err = run([CHECK, "--engine", engine, "--timeout", "%g" % timeout] + extra + [path])
        finally:
            os.unlink(path)
        seconds = time.monotonic() - t0
        silences = len(re.findall(r"silent for 1 s after 'go perft \d'", err))
        if s == "check_early_stop":
            ok = (code == 2 and silences == 3 and "3 depths checked on 4 positions: 0 passed, 0 failed, "
                  "3 not answered (engine errors), 5 left unchecked" in out
                  and re.search(r"^perft_check: stopped after 3 engine failures of the same kind in a row "
                                r"\(silent\); 5 depths left unchecked \(--keep-going checks them all\)$", err, re.M)
                  and seconds < 8 * timeout + 20)
        else:
            ok = code == 2 and silences == 8 and "8 depths checked on 4 positions: 0 passed, 0 failed, 8 not answered" in out
        if not ok:
            fail("%s: exit %d after %.1f s, %d silences\n%s%s" % (s, code, seconds, silences, out, err))
    else:
        fail("unknown scenario " + s)
    print("PASS " + s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
