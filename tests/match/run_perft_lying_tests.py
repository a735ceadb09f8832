#!/usr/bin/env python3
"""scripts/perft_check and scripts/perft_diff against every mode of a lying engine
(engines/lying_perft.py): each run must end within a bound, with the expected exit status (0 no
difference, 1 a difference, 2 a broken engine) and the expected message; an engine failure is one
line on stderr naming the engine, the position and the cause, never a traceback.

    run_perft_lying_tests.py --ordo BIN [--time-scale K] [--jobs N] [--scripts DIR] [MODE ...]
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LYING = os.path.join(HERE, "engines", "lying_perft.py")
START = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1"

CHECK_OK = (0, r"^2 depths checked on 1 positions: 2 passed, 0 failed$")
DIFF_OK = (0, r"^no difference at depth 2$")
SILENT = r"silent for [\d.]+ s after 'go perft 1'"
ENDED3 = r"it ended \(exit status 3\)"


def both(code, pattern):
    return (code, pattern), (code, pattern)


# mode: ((perft_check status, pattern), (perft_diff status, pattern)); the pattern is searched in
# stdout for statuses 0 and 1, in stderr for status 2.
EXPECTED = {
    "honest": (CHECK_OK, DIFF_OK),
    "crlf": (CHECK_OK, DIFF_OK),
    "space_divide": (CHECK_OK, DIFF_OK),
    "equals_total": (CHECK_OK, DIFF_OK),
    "garbage_lines": (CHECK_OK, DIFF_OK),
    "invalid_utf8_id": (CHECK_OK, DIFF_OK),
    "slow": (CHECK_OK, DIFF_OK),
    "hang_on_quit": (CHECK_OK, DIFF_OK),
    "wrong_total": ((1, r"^1\s+1\s+56\s+57 .*FAIL .*\(its total 57 is not the sum of its divide lines \(56\)\)"),
                    (1, r"^  the engine's total 3137 is not the sum of its divide lines \(3136\)$")),
    "wrong_count": ((1, r"^1\s+2\s+3136\s+3137 .*FAIL"),
                    (1, r"^  the engine's divide line at depth 2 says (\S+): 57, but its own perft 1 after \1 is 56$")),
    "wrong_count_same_total": (
        (1, r"^1\s+2\s+3136\s+3136 .*FAIL .*\(its total 3136 is not the sum of its divide lines \(3137\)\)"),
        (1, r"^  the engine's divide line at depth 2 says (\S+): 57, but its own perft 1 after \1 is 56$")),
    "wrong_leaf": ((1, r"^1\s+1\s+56\s+57 .*FAIL"),
                   (1, r"^  at depth 1 the engine counts \S+ as 2, the reference as 1 \(1 move differs\)$")),
    "missing_move": ((1, r"^1\s+1\s+56\s+55 .*FAIL"), (1, r"^  only the reference has: \S+$")),
    "missing_line": ((1, r"^1\s+1\s+56\s+56 .*FAIL .*\(its total 56 is not the sum of its divide lines \(55\)\)"),
                     (1, r"^  only the reference has: \S+$")),
    "extra_move": ((1, r"^1\s+1\s+56\s+63 .*FAIL"), (1, r"^  only the engine has:    a1j8$")),
    "duplicate_move": ((1, r"^1\s+1\s+56\s+57 .*FAIL .*\(it lists \S+ more than once\)"),
                       (1, r"^  the engine lists \S+ more than once$")),
    "duplicate_line": ((1, r"^1\s+1\s+56\s+56 .*FAIL .*\(it lists \S+ more than once\)"),
                       (1, r"^  the engine lists \S+ more than once$")),
    "no_total": both(2, SILENT + r" \(its last line: ''\)$"),
    "negative_total": both(2, r"malformed total line 'Nodes searched: -\d+' \(expected 'Nodes searched: <count>'\)$"),
    "word_total": both(2, r"malformed total line 'Nodes searched: many'"),
    "malformed_divide": both(2, r"malformed divide line '\S+: lots' \(expected '<move>: <count>'\)$"),
    "total_only": (CHECK_OK, (2, r"it printed a total \(3136\) but no '<move>: <count>' divide lines$")),
    "invalid_utf8": both(2, r"it wrote a line that is not UTF-8: '[a-j]\d\S*\\xff\\xfe: \d+'$"),
    "long_line": both(2, r"it wrote a line longer than 65536 bytes \(starting 'xxxx"),
    "no_newline": both(2, r"it wrote a line longer than 65536 bytes \(starting 'xxxx"),
    "partial_total": both(2, SILENT + r" \(its last line: ''\) \(it wrote 'Nodes searched: \d+' with no end of line\)$"),
    "endless_info": both(2, r"more than 100000 lines without a 'Nodes searched: <count>' line$"),
    "flood": both(2, r"it wrote more than 16 MiB after 'go perft 1'$"),
    "no_perft": both(2, SILENT + "$"),
    "unknown_command": both(2, SILENT + r" \(its last line: \"Unknown command: 'go perft 1'\"\)$"),
    "bestmove": both(2, r"it answered with 'bestmove a3a4' instead of perft counts$"),
    "error_line": both(2, r"'info string error: go: perft is not supported'$"),
    "stall_midway": both(2, SILENT + r" \(its last line: '\S+: \d+'\)$"),
    "too_slow": both(2, SILENT + "$"),
    "silent": both(2, r"at start \('uci' handshake\): silent for [\d.]+ s after 'uci'$"),
    "no_uciok": both(2, r"at start \('uci' handshake\): silent for [\d.]+ s after 'uci' \(its last line: 'option name"),
    "no_readyok": both(2, r"at start \('uci' handshake\): silent for [\d.]+ s after 'isready'$"),
    "crash_at_start": both(2, r"at start \('uci' handshake\): " + ENDED3 + "$"),
    "crash_on_uci": both(2, r"at start \('uci' handshake\): " + ENDED3 + "$"),
    "crash_on_isready": both(2, r"at start \('uci' handshake\): " + ENDED3 + "$"),
    "crash_on_position": both(2, r"go perft 1: " + ENDED3 + "$"),
    "crash_on_go": both(2, r"go perft 1: " + ENDED3 + "$"),
    "crash_mid_divide": both(2, r"go perft 1: " + ENDED3 + "$"),
    "killed_mid_divide": both(2, r"go perft 1: it ended \(killed by signal 9\)$"),
    # The first answer is right; perft_diff needs no second one.
    "crash_after_total": ((2, r"go perft 2: it ended \(exit status 0\)$"), DIFF_OK),
    "close_output": both(2, r"go perft 1: it closed its output but is still running$"),
    "orphan_holds_output": both(
        2, r"go perft 1: it ended \(exit status 0\) but a process it started still holds its output open$"),
}
# perft_diff starts at depth 2.
for _mode, (_check, (_code, _pattern)) in list(EXPECTED.items()):
    EXPECTED[_mode] = (_check, (_code, _pattern.replace("go perft 1", "go perft 2")))


def tagged(tag):
    """The processes (of this user) whose environment holds TAG=tag."""
    mark = ("PERFT_LYING_TAG=%s" % tag).encode()
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                if mark in f.read().split(b"\0"):
                    found.append(int(pid))
        except OSError:
            pass
    return found


def run(argv, bound, tag):
    """(exit status, stdout, stderr, seconds, processes left behind); the status is None when the
    run outlived the bound. Every process the run started is killed at the end."""
    t0 = time.monotonic()
    env = dict(os.environ, PERFT_LYING_TAG=tag)
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace",
                         env=env)
    try:
        out, err = p.communicate(timeout=bound)
        code = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        code = None
    seconds = time.monotonic() - t0
    time.sleep(0.2)  # a killed process leaves /proc (or becomes a zombie, without environment)
    left = tagged(tag)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return code, out, err, seconds, bool(left) and code is not None


def check_run(name, code, out, err, seconds, leftover, expected, bound, command):
    problems = []
    want, pattern = expected
    if code is None:
        return ["%s: still running after %.0f s (hung); output so far: %s" % (name, bound, (out + err)[-300:])]
    if code != want:
        problems.append("%s: exit status %d, expected %d" % (name, code, want))
    text = err if want == 2 else out
    if not re.search(pattern, text, re.M):
        problems.append("%s: no match for %r" % (name, pattern))
    if "Traceback" in err:
        problems.append("%s: a traceback" % name)
    if want == 2:
        tool = name.split()[0]
        for line in err.splitlines():
            if not line.strip() or line.startswith("\rprogress") or line.startswith("progress"):
                continue
            if not line.startswith(tool + ": ") or not ("the engine '%s" % command[:20]) in line \
                    or not ("at start" in line or "position fen " in line):
                problems.append("%s: not one line naming the engine and the position: %r" % (name, line))
    if leftover:
        problems.append("%s: processes of the engine outlived the tool" % name)
    if problems:
        problems.append("%s: took %.1f s; stdout:\n%s\nstderr:\n%s" % (name, seconds, out[-1500:], err[-1500:]))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=4, help="runs at a time (they mostly wait)")
    ap.add_argument("--scripts", default=os.path.join(ROOT, "scripts"), help="where perft_check and perft_diff are")
    ap.add_argument("modes", nargs="*")
    args = ap.parse_args()

    listed = subprocess.run([sys.executable, LYING, "--list"], capture_output=True, text=True,
                            check=True, timeout=60).stdout.split("\n")
    all_modes = [l.split()[0] for l in listed if l.strip()]
    if sorted(all_modes) != sorted(EXPECTED):
        print("FAIL: modes without an expectation: %s; expectations without a mode: %s"
              % (sorted(set(all_modes) - set(EXPECTED)), sorted(set(EXPECTED) - set(all_modes))))
        return 1
    modes = args.modes or all_modes
    timeout = 3.0 * args.time_scale
    bound = 4 * timeout + 10 * args.time_scale  # two answers waited for, a restart, a quit

    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        f.write("%s ;D1 56 ;D2 3136\n" % START)
        epd = f.name

    def one(job):
        mode, tool = job
        engine = "%s %s --inner %s --mode %s --delay %g" % (sys.executable, LYING, args.ordo, mode, 0.6 * timeout)
        if tool == "perft_check":
            argv = [os.path.join(args.scripts, tool), "--engine", engine, "--variant", "ordo",
                    "--timeout", "%g" % timeout, epd]
        else:
            argv = [os.path.join(args.scripts, tool), "--engine", engine, "--reference", args.ordo,
                    "--variant", "ordo", "--depth", "2", "--timeout", "%g" % timeout]
        expected = EXPECTED[mode][0 if tool == "perft_check" else 1]
        result = run([sys.executable] + argv, bound, "%d-%s-%s" % (os.getpid(), tool, mode))
        return "%s %s" % (tool, mode), result, check_run("%s %s" % (tool, mode), *result, expected, bound, engine)

    jobs = [(m, t) for m in modes for t in ("perft_check", "perft_diff")]
    failed = []
    try:
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            for name, result, problems in pool.map(one, jobs):
                code, seconds = result[0], result[3]
                print("%-4s %-42s exit %-4s %5.1f s" % ("FAIL" if problems else "ok", name,
                                                       "hung" if code is None else code, seconds), flush=True)
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
                failed += [name] if problems else []
    finally:
        os.unlink(epd)
    print("%d runs, %d failed%s" % (len(jobs), len(failed), (": " + " ".join(failed)) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
