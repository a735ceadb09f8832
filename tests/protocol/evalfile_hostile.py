#!/usr/bin/env python3
"""EvalFile under hostile use: a path swapped between a network and a FIFO while the engine loads
it never blocks the engine (isready and quit answer); the success line shows the path printable
(ESC and invalid UTF-8 escaped); an error line for a long path keeps its cause; a path with two
spaces or a tab is loaded as sent; a file with a megabyte after the payload is reported with the
real count; a network whose sums could overflow is refused.

Usage: evalfile_hostile.py --binary build/ordo [--time-scale F]
Prints one line per check and 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse
import os
import struct
import sys
import subprocess
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from robustness import Engine, run_checks  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NETWORK = os.path.join(ROOT, "engine", "nets", "ordo.nnue")
LOADS = 20000  # EvalFile lines sent while the path flips (26649ed blocked within them in most runs)


def network_bytes():
    with open(NETWORK, "rb") as f:
        return f.read()


def set_evalfile(e, path):
    """Sends the option (a path of bytes or text) and returns the line that answers it."""
    raw = path if isinstance(path, bytes) else path.encode()
    e.send(b"setoption name EvalFile value " + raw)
    line = e.wait_for(lambda l: "network" in l, 30)
    assert line, "no answer to EvalFile: %r" % e.seen[-3:]
    return line


SWAPPER = r"""
import os, sys
path, net, link, fifo = sys.argv[1:5]
while True:  # the path flips between a network and a FIFO as fast as it can (until killed)
    os.link(net, link)
    os.replace(link, path)
    os.mkfifo(fifo)
    os.replace(fifo, path)
"""


def check_fifo_swap_never_blocks(b, scale):
    with tempfile.TemporaryDirectory() as d:
        path, net, link, fifo = (os.path.join(d, n) for n in ("net.nnue", "real.nnue", "link", "fifo"))
        with open(net, "wb") as f:
            f.write(network_bytes())
        swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, path, net, link, fifo])
        while not os.path.lexists(path):
            time.sleep(0.001)
        e = Engine(b, scale)
        try:
            for _ in range(LOADS):
                e.send("setoption name EvalFile value " + path)
            e.send("isready")
            ready = e.wait_for(lambda l: l == "readyok", 60)
            swapper.kill()
            swapper.wait()
            assert ready, "isready not answered: the engine blocked on a FIFO (%r)" % e.seen[-2:]
            answers = [l for l in e.seen if "network" in l]
            assert len(answers) == LOADS, "%d answers to %d EvalFile lines" % (len(answers), LOADS)
            refusals = [l for l in answers if "not a regular file" in l]
            loads = [l for l in answers if "network loaded from" in l]
            assert len(refusals) + len(loads) == LOADS, [l for l in answers if l not in refusals + loads][:3]
            e.send("quit")
            assert e.finish(10) == 0, "the engine did not exit after quit"
        finally:
            swapper.kill()
            e.kill()


def check_printable_success_line(b, scale):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d.encode(), b"net\x1b[31m\xff.nnue")
        with open(path, "wb") as f:
            f.write(network_bytes())
        e = Engine(b, scale)
        line = set_evalfile(e, path)
        assert "network loaded from" in line, line
        assert "\x1b" not in line and "\ufffd" not in line, "raw bytes in %r" % line
        assert "net\\x1B[31m\\xFF.nnue'" in line, line
        assert e.finish() == 0


def check_long_path_error_keeps_cause(b, scale):
    with tempfile.TemporaryDirectory() as d:
        folder = os.path.join(d, "n" * 200)
        os.mkdir(folder)
        path = os.path.join(folder, "m" * 150 + ".nnue")
        corrupt = bytearray(network_bytes())
        corrupt[5000] ^= 0x10
        with open(path, "wb") as f:
            f.write(corrupt)
        e = Engine(b, scale)
        line = set_evalfile(e, path)
        assert line.startswith("info string error: network '"), line
        assert line.endswith("): a corrupt file"), "the cause was cut: %r" % line
        assert "checksum mismatch" in line, line
        missing = set_evalfile(e, path + "-missing")
        assert missing.endswith("cannot open: No such file or directory"), missing
        assert e.finish() == 0


def check_spaces_kept(b, scale):
    with tempfile.TemporaryDirectory() as d:
        for name in ("a  b.nnue", "a\tb.nnue"):
            with open(os.path.join(d, name), "wb") as f:
                f.write(network_bytes())
        e = Engine(b, scale)
        line = set_evalfile(e, os.path.join(d, "a  b.nnue"))
        assert line.endswith("network loaded from '%s'" % os.path.join(d, "a  b.nnue")), line
        line = set_evalfile(e, os.path.join(d, "a\tb.nnue"))
        assert line.endswith("network loaded from '%s'" % os.path.join(d, "a\\x09b.nnue")), line
        line = set_evalfile(e, os.path.join(d, "a\tb.nnue") + "\r")  # a CRLF line end is no part of it
        assert "network loaded from" in line, line
        assert e.finish() == 0


def check_overflowing_weights_refused(b, scale):
    # A correct checksum over an output bias of INT32_MAX: the output sum overflowed (UBSan aborted
    # the sanitized build, a release build wrapped). It is refused at load, and the engine keeps
    # the network it had.
    good = network_bytes()
    out_bias_at = 64 + 2 * 128 + 2 * 160 * 128 + 4 * 32 + 32 * 256
    image = bytearray(good)
    image[out_bias_at:out_bias_at + 4] = struct.pack("<i", 2**31 - 1)
    image[44:48] = struct.pack("<I", zlib.crc32(bytes(image[64:])) & 0xFFFFFFFF)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "big.nnue")
        with open(path, "wb") as f:
            f.write(image)
        e = Engine(b, scale)
        e.send("eval")
        e.send("isready")
        assert e.wait_for(lambda l: l == "readyok", 30), "no readyok"
        before = [l for l in e.seen if l.startswith("Network:")]
        line = set_evalfile(e, path)
        assert line.startswith("info string error: network '%s': the output sum can reach " % path), line
        e.send("eval")
        e.send("isready")
        assert e.wait_for(lambda l: l == "readyok", 30), "no readyok"
        after = [l for l in e.seen if l.startswith("Network:")]
        assert len(before) == 1 and after == before * 2, (before, after)
        assert e.finish() == 0


def check_trailing_megabyte_counted(b, scale):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "long.nnue")
        with open(path, "wb") as f:
            f.write(network_bytes() + b"\0" * (1 << 20))
        e = Engine(b, scale)
        line = set_evalfile(e, path)
        assert "1048576 bytes after the payload" in line, line
        assert e.finish() == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args()
    checks = [
        ("a path swapped to a FIFO never blocks isready or quit", lambda: check_fifo_swap_never_blocks(a.binary, a.time_scale)),
        ("the success line shows the path printable", lambda: check_printable_success_line(a.binary, a.time_scale)),
        ("an error line for a long path keeps its cause", lambda: check_long_path_error_keeps_cause(a.binary, a.time_scale)),
        ("a path with two spaces or a tab is loaded as sent", lambda: check_spaces_kept(a.binary, a.time_scale)),
        ("a network whose output sum can overflow is refused", lambda: check_overflowing_weights_refused(a.binary, a.time_scale)),
        ("a megabyte after the payload is counted", lambda: check_trailing_megabyte_counted(a.binary, a.time_scale)),
    ]
    return run_checks(checks)


if __name__ == "__main__":
    sys.exit(main())
