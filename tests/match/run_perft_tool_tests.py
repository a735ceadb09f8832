#!/usr/bin/env python3
"""Tests of scripts/perft_check and scripts/perft_diff against the engine and a stand-in with a
planted rule change (engines/planted_perft.py) or one that never answers `go perft`
(engines/lying_perft.py --mode no_perft), and of scripts/naive_confirm against the naive generator
and a naive stand-in that miscounts one root turn.

    run_perft_tool_tests.py --ordo BIN [--naive BIN] [--time-scale F] --scenario check_pass|check_fail|
                            diff_planted|diff_equal|check_early_stop|check_keep_going|confirm|confirm_mismatch

--time-scale multiplies the silence limit of the early-stop scenarios (a sanitized engine behind a
Python stand-in may take more than a second to greet on a loaded machine).
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
CONFIRM = os.path.join(ROOT, "scripts", "naive_confirm")
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


def check_confirm(args, s):
    """naive_confirm: a whole classic perft(3) confirmed, then resumed with nothing left; an Ordo X
    perft(2) cut short by its time limit twice, the second run going on from the first; a
    miscounting naive stand-in caught at the turn it miscounts; a log of another depth refused."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "confirm.txt")
        base = [CONFIRM, "--engine", args.ordo, "--naive", args.naive, "--jobs", "2", "--log", log]
        if s == "confirm":
            code, out, err = run(base + ["--variant", "ordo", "--depth", "3"])
            if code != 0 or "agreed: 56 of 56 root turns, 190114 of 190114 leaves" not in out or "confirmed" not in out:
                fail("classic perft(3): exit %d\n%s%s" % (code, out, err))
            code, out, err = run(base + ["--variant", "ordo", "--depth", "3"])
            if code != 0 or "56 already in" not in out or "0 to count" not in out:
                fail("resumed classic perft(3): exit %d\n%s%s" % (code, out, err))
            code, out, err = run(base + ["--variant", "ordo", "--depth", "2"])
            if code != 2 or "was written for another position, depth or engine count" not in err:
                fail("a log of another depth: exit %d\n%s%s" % (code, out, err))
            log = os.path.join(tmp, "ordox.txt")
            base[-1] = log
            first = None
            for _ in range(2):
                code, out, err = run(base + ["--variant", "ordox", "--depth", "2", "--minutes", "0.01"])
                m = re.search(r"^agreed: (\d+) of 2062 root turns", out, re.M)
                if code != 0 or not m or not 0 < int(m.group(1)) < 2062:
                    fail("Ordo X perft(2) cut short: exit %d\n%s%s" % (code, out, err))
                if first is not None and ("%d already in" % first not in out or int(m.group(1)) <= first):
                    fail("Ordo X perft(2) resumed: after %d agreed turns\n%s%s" % (first, out, err))
                first = int(m.group(1))
        else:
            # A naive stand-in that counts one root turn's subtree one too many.
            stand_in = os.path.join(tmp, "miscounting_naive.py")
            with open(stand_in, "w") as f:
                f.write("import subprocess, sys\n"
                        "out = subprocess.run([%r] + sys.argv[1:], capture_output=True, text=True).stdout\n"
                        "if sys.argv[-2:] == ['--after', 'f3e4']:\n"
                        "    out = 'Nodes searched: %%d\\n' %% (int(out.split()[-1]) + 1)\n"
                        "sys.stdout.write(out)\n" % args.naive)
            wrapper = os.path.join(tmp, "naive_perft")
            with open(wrapper, "w") as f:
                f.write("#!/bin/sh\nexec %s %s \"$@\"\n" % (sys.executable, stand_in))
            os.chmod(wrapper, 0o755)
            code, out, err = run(base[:3] + ["--naive", wrapper] + base[5:] + ["--variant", "ordo", "--depth", "3"])
            if code != 1 or "MISMATCH at 1 root turns: f3e4" not in out or "agreed: 55 of 56" not in out:
                fail("miscounting stand-in: exit %d\n%s%s" % (code, out, err))
            with open(log) as f:
                if not re.search(r"^f3e4 3971 3972 [0-9.]+ MISMATCH$", f.read(), re.M):
                    fail("the log does not mark f3e4 as a mismatch")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--naive", help="the naive generator's naive_perft (the confirm scenarios)")
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
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
        timeout = 1.0 * args.time_scale
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
        silences = len(re.findall(r"silent for %s s after 'go perft \d'" % re.escape("%g" % timeout), err))
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
    elif s in ("confirm", "confirm_mismatch"):
        check_confirm(args, s)
    else:
        fail("unknown scenario " + s)
    print("PASS " + s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
