#!/usr/bin/env python3
"""Tests of scripts/engine_client.py against a small inline engine (its mode chosen by its
argument) and, given --binary, the real engine: the handshake, go to bestmove, a silence that
raises EngineError, an engine that dies, an engine that ignores quit (killed with its group), a
flood of answers while the client writes (no deadlock), raw bytes, end of input; run_command's
status and outputs, its time limit and a program that cannot start.

Usage: engine_client_test.py [--binary build/ordo]
Prints one line per check and 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from engine_client import Engine, EngineError, run_command  # noqa: E402

FAKE = r'''
import os, signal, subprocess, sys, time
mode = sys.argv[1]
if mode == "deaf":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", "engine-client-test-child"])
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("id name Fake Engine 1\noption name UCI_Variant type combo default ordo var ordo var ordox")
        print("option name Hash type spin default 16 min 1 max 64\nuciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "echo":
        print(line.rstrip("\n"), flush=True)
    elif w[0] == "burst":  # burst N LEN [LONG_AT LONG_LEN]: N lines of LEN bytes in one write, then "end"
        n, size = int(w[1]), int(w[2])
        rows = ["%06d" % i + "x" * (size - 6) for i in range(n)]
        if len(w) > 4:
            rows[int(w[3])] = "y" * int(w[4])
        sys.stdout.write("\n".join(rows) + "\nend\n")
        sys.stdout.flush()
    elif w[0] == "go":
        if mode == "silent":
            continue
        if mode == "die":
            os._exit(7)
        print("info depth 1 score cp 5 pv a1a2\ninfo depth 2 score cp 7 pv a1a2 b1b2", flush=True)
        print("bestmove a1a2 ponder b1b2", flush=True)
    elif w[0] == "quit" and mode != "deaf":
        break
if mode == "deaf":
    while True:
        time.sleep(1)
'''


def fake(path, mode, **kw):
    return Engine([sys.executable, path, mode], name="the fake engine (%s)" % mode, **kw)


def expect_error(fn, *parts):
    try:
        fn()
    except EngineError as e:
        text = str(e)
        assert "\n" not in text, "a message of more than one line: %r" % text
        for p in parts:
            assert p in text, "%r not in the message %r" % (p, text)
        return e
    raise AssertionError("no EngineError")


def check_handshake_and_go(path):
    with fake(path, "ok", timeout=10) as e:
        lines = e.handshake("uci", variant="ordox")
        assert lines[-1] == "uciok", lines
        assert e.id_name == "Fake Engine 1", e.id_name
        assert set(e.options) == {"uci_variant", "hash"}, e.options
        assert e.isready() == [], "lines before readyok"
        e.position(moves=["a1a2"])
        best = e.go("depth 2")
        assert (best.move, best.ponder) == ("a1a2", "b1b2"), best.line
        assert len(best.info) == 2 and best.info[-1].startswith("info depth 2"), best.info
        assert e.read_at >= e.sent_at, (e.read_at, e.sent_at)
        status = e.quit()
    assert status == 0 and e.returncode == 0, status


def check_silence_raises(path):
    e = fake(path, "silent", timeout=10)  # the start of a Python fake may take a loaded machine 0.5 s
    try:
        e.handshake()
        e.timeout = 0.5  # the silence under test: its own timeout from here on
        t0 = time.monotonic()
        err = expect_error(lambda: e.go("infinite"), "the fake engine (silent)", "silent for 0.5 s after 'go infinite'")
        assert 0.4 < time.monotonic() - t0 < 5, "waited %.1f s" % (time.monotonic() - t0)
        assert err.lines == [], err.lines
        assert e.read_line(0.2) is None, "read_line did not return None on silence"
        expect_error(lambda: e.read_until(lambda l: False, timeout=0.3), "silent for 0.3 s")
    finally:
        e.kill()


def check_dying_engine(path):
    e = fake(path, "die", timeout=10)
    try:
        e.handshake()
        expect_error(lambda: e.go("depth 1"), "it ended (exit status 7)")
        assert e.returncode == 7, e.returncode
        expect_error(lambda: [e.send("isready") for _ in range(10)], "it ended (exit status 7)")
    finally:
        e.kill()


def check_deaf_engine_killed(path):
    e = fake(path, "deaf", timeout=10)
    e.handshake()
    t0 = time.monotonic()
    status = e.quit(timeout=1.0)
    took = time.monotonic() - t0
    assert status == -9, "exit status %r: not killed" % status
    assert took < 5, "quit took %.1f s" % took
    time.sleep(0.2)
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if b"engine-client-test-child" in f.read():
                    left.append(pid)
        except OSError:
            pass
    assert not left, "the engine's child outlived it: %s" % left


def check_no_deadlock(path):
    # 20000 answers (about 1.3 MB) to lines written in one go: the writes drain the answers.
    with fake(path, "ok", timeout=10) as e:
        e.send_raw(b"".join(b"echo %06d padding padding padding padding padding\n" % i for i in range(20000)))
        lines = e.read_until(lambda l: l.startswith("echo 019999"))
        assert len(lines) == 20000 and lines[0].startswith("echo 000000"), len(lines)


def check_buffered_answers(path):
    """Lines the client already holds (read_until takes them without read_line): the same lines,
    state and limits as one by one."""
    with fake(path, "ok", timeout=10) as e:
        e.send("burst 5000 40")
        lines = e.read_until(lambda l: l == "end")
        assert len(lines) == 5001 and lines[0] == "000000" + "x" * 34 and lines[4999].startswith("004999"), len(lines)
        assert e.last_line == "end" and e.line_ended, e.last_line
        e.send("echo after")
        assert e.read_line() == "echo after"
    with fake(path, "ok", timeout=10) as e:
        e.max_line = 100
        e.send("burst 3000 40 2000 200")
        err = expect_error(lambda: e.read_until(lambda l: l == "end"), "a line longer than 100 bytes (starting 'yyy")
        assert len(err.lines) == 2000, len(err.lines)
    with fake(path, "ok", timeout=10) as e:
        e.max_answer_lines = 1000
        e.send("burst 3000 40")
        err = expect_error(lambda: e.read_until(lambda l: l == "end"), "more than 1000 lines without the end of the answer to 'burst 3000 40'")
        assert len(err.lines) == 1001, len(err.lines)
    with fake(path, "ok", timeout=10) as e:
        e.max_answer_bytes = 1 << 20
        e.send("burst 30000 100")
        expect_error(lambda: e.read_until(lambda l: l == "end"), "more than 1 MiB after 'burst 30000 100'")


def check_raw_bytes_and_eof(path):
    e = fake(path, "ok", timeout=10)
    e.send_raw(b"echo \xff\xfe\n")
    assert e.read_line() == "echo \ufffd\ufffd", e.last_line
    e.send("echo x")
    assert e.read_raw_line() == b"echo x"
    e.close_stdin()
    assert e.wait(5) == 0, "no exit at the end of input"
    expect_error(e.read_line, "it ended (exit status 0)")
    e.kill()


def check_bad_command():
    expect_error(lambda: Engine("/nonexistent/engine"), "the engine '/nonexistent/engine', at start: cannot start it")
    expect_error(lambda: Engine("a 'b"), "bad command line")


def check_run_command():
    script = "import sys; sys.stdout.buffer.write(b'out \\xff\\n'); print('err', file=sys.stderr); sys.exit(3)"
    status, out, err = run_command([sys.executable, "-c", script], timeout=30)
    assert (status, out, err) == (3, "out \ufffd\n", "err\n"), (status, out, err)
    t0 = time.monotonic()
    expect_error(lambda: run_command([sys.executable, "-c", "import time; time.sleep(60)"], timeout=0.3),
                 "did not end within 0.3 s")
    assert time.monotonic() - t0 < 10, "the time limit waited %.1f s" % (time.monotonic() - t0)
    expect_error(lambda: run_command(["/nonexistent/engine", "perft", "1"]), "cannot start it")
    expect_error(lambda: run_command("a 'b"), "bad command line")


def check_real_engine(binary):
    with Engine(binary, timeout=30) as e:
        e.handshake("ugi", variant="ordox")
        assert e.id_name and e.id_name.startswith("Ordo"), e.id_name
        assert not [l for l in e.isready() if "error" in l]
        e.position()
        best = e.go("depth 2")
        assert best.move and best.info, best.lines
        assert e.quit() == 0
    status, out, _ = run_command([binary, "--version"], timeout=30)
    assert status == 0 and out.startswith("ordo "), (status, out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "fake_engine.py")
        with open(path, "w") as f:
            f.write(FAKE)
        checks = [
            ("handshake, isready, go to bestmove, quit", lambda: check_handshake_and_go(path)),
            ("silence raises EngineError", lambda: check_silence_raises(path)),
            ("a dying engine", lambda: check_dying_engine(path)),
            ("an engine that ignores quit is killed with its group", lambda: check_deaf_engine_killed(path)),
            ("answers while writing do not deadlock", lambda: check_no_deadlock(path)),
            ("bursts of thousands of lines already read, with every limit", lambda: check_buffered_answers(path)),
            ("raw bytes and end of input", lambda: check_raw_bytes_and_eof(path)),
            ("a bad command line", check_bad_command),
            ("run_command: status, outputs, time limit, a missing program", check_run_command),
        ]
        if a.binary:
            checks.append(("the real engine: ugi handshake, variant, go", lambda: check_real_engine(a.binary)))
        failed = 0
        for name, fn in checks:
            try:
                fn()
                print("ok   " + name)
            except (AssertionError, EngineError) as err:
                failed += 1
                print("FAIL %s: %s" % (name, err))
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
