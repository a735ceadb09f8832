#!/usr/bin/env python3
"""A stand-in engine that lies about perft in one chosen way, for testing scripts/perft_check and
scripts/perft_diff.

    lying_perft.py --inner "build/ordo" --mode MODE [--delay S]

It answers the protocol by forwarding to the inner engine and takes the inner engine's answer to
`go perft N` as the truth, then breaks the protocol or the answer as MODE says (`--list` prints the
modes). Modes that change one divide line change the middle line of the answer.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402

MODES = {
    # Honest variations of the format: the tools must accept them.
    "honest": "answers as the inner engine does",
    "crlf": "ends every line with CR LF",
    "space_divide": "writes divide lines as '<move> <count>' (no colon)",
    "equals_total": "writes the total as 'Nodes searched = N'",
    "garbage_lines": "mixes blank, info, prose and control-character lines into the answer",
    "invalid_utf8_id": "announces a name that is not UTF-8, then answers honestly",
    "slow": "waits --delay seconds before the first line of each answer and again before the total",
    "hang_on_quit": "answers honestly but ignores 'quit' and the end of its input",
    # Wrong counts: a mismatch, or a difference perft_diff names.
    "wrong_total": "adds 1 to the total (the divide lines stay right)",
    "wrong_count": "at depth 2 and more, adds 1 to one divide line and to the total",
    "wrong_count_same_total": "at depth 2 and more, adds 1 to one divide line, the total unchanged",
    "wrong_leaf": "at depth 1, counts one move as 2 and adds 1 to the total; at depth 2, adds 1 to "
                  "every divide line and their number to the total (as the lie at depth 1 implies)",
    "missing_move": "leaves out one divide line and its count from the total",
    "missing_line": "leaves out one divide line, the total unchanged",
    "extra_move": "adds the divide line 'a1j8: 7' and 7 to the total",
    "duplicate_move": "repeats one divide line and adds its count to the total",
    "duplicate_line": "repeats one divide line, the total unchanged",
    # Broken answers: the tools must report them, never wait for ever.
    "no_total": "writes the divide lines, never the total, and waits",
    "negative_total": "writes the total as 'Nodes searched: -N'",
    "word_total": "writes the total as 'Nodes searched: many'",
    "malformed_divide": "writes one divide line as '<move>: lots'",
    "total_only": "writes the total but no divide lines",
    "invalid_utf8": "writes a divide line holding bytes that are not UTF-8",
    "long_line": "writes a 200 KB line (with its end of line) before the answer",
    "no_newline": "writes bytes without an end of line for ever",
    "partial_total": "writes the total without its end of line and waits",
    "endless_info": "writes 'info string' lines for ever instead of an answer",
    "flood": "writes 60 KB 'info string' lines for ever instead of an answer",
    "no_perft": "ignores 'go perft'",
    "unknown_command": "answers 'go perft' with 'Unknown command' only",
    "bestmove": "answers 'go perft' with a bestmove",
    "error_line": "answers 'go perft' with 'info string error: ...'",
    "stall_midway": "writes half the divide lines, then nothing",
    "too_slow": "waits 5 x --delay seconds before answering",
    # Handshake failures.
    "silent": "never writes anything",
    "no_uciok": "answers 'uci' with its id lines but no 'uciok'",
    "no_readyok": "never answers 'isready'",
    # Deaths at each stage.
    "crash_at_start": "exits with status 3 at once",
    "crash_on_uci": "exits with status 3 on 'uci'",
    "crash_on_isready": "exits with status 3 on 'isready'",
    "crash_on_position": "exits with status 3 on 'position'",
    "crash_on_go": "exits with status 3 on 'go perft'",
    "crash_mid_divide": "writes half the divide lines, then exits with status 3",
    "killed_mid_divide": "writes half the divide lines, then kills itself (SIGKILL)",
    "crash_after_total": "answers the first 'go perft', then exits with status 0",
    "close_output": "closes its output on 'go perft' but keeps running",
    "orphan_holds_output": "starts a child holding its output open on 'go perft', then exits",
}

TOTAL = re.compile(r"^Nodes searched: (\d+)$")
DIVIDE = re.compile(r"^(\S+): (\d+)$")


def write(data):
    if isinstance(data, str):
        data = data.encode()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def line(text):
    write(text + "\n")


def idle():
    """Reads and ignores the input until it ends, then exits."""
    for _ in sys.stdin:
        pass
    sys.exit(0)


class Inner(InnerEngine):
    """The honest engine; its end ends the stand-in (status 1)."""

    def until(self, done):
        try:
            return self.read_until(done)
        except EngineError:
            sys.exit(1)

    def perft(self, depth):
        """([(move, count), ...], total) as the inner engine counts them."""
        self.send("go perft %d" % depth)
        lines = self.until(lambda l: TOTAL.match(l) is not None)
        pairs = [(m.group(1), int(m.group(2))) for m in map(DIVIDE.match, lines) if m]
        return pairs, int(TOTAL.match(lines[-1]).group(1))


def answer(mode, pairs, total, depth, delay, first):
    """Writes the answer to `go perft depth` as the mode lies."""
    mid = len(pairs) // 2
    end = "\r\n" if mode == "crlf" else "\n"
    sep = " " if mode == "space_divide" else ": "
    if mode == "slow":
        time.sleep(delay)
    if mode == "wrong_total":
        total += 1
    elif mode in ("wrong_count", "wrong_count_same_total") and depth >= 2 and pairs:
        pairs[mid] = (pairs[mid][0], pairs[mid][1] + 1)
        total += mode == "wrong_count"
    elif mode == "wrong_leaf" and depth == 1 and pairs:
        pairs[mid] = (pairs[mid][0], 2)
        total += 1
    elif mode == "wrong_leaf" and depth == 2:
        pairs = [(move, count + 1) for move, count in pairs]
        total += len(pairs)
    elif mode in ("missing_move", "missing_line") and pairs:
        removed = pairs.pop(mid)
        total -= removed[1] if mode == "missing_move" else 0
    elif mode == "extra_move":
        pairs.append(("a1j8", 7))
        total += 7
    elif mode in ("duplicate_move", "duplicate_line") and pairs:
        pairs.insert(mid, pairs[mid])
        total += pairs[mid][1] if mode == "duplicate_move" else 0
    elif mode == "total_only":
        pairs = []
    elif mode == "long_line":
        write("x" * 200000 + "\n")
    for i, (move, count) in enumerate(pairs):
        if i == mid:
            if mode == "garbage_lines":
                for text in ("", "hello, world", "NPS: 123456", "Time: 12 ms", "info string half way",
                             "Perft 2", "\x01\x02\x7f junk", "   "):
                    write(text + end)
            elif mode == "invalid_utf8":
                write(move.encode() + b"\xff\xfe: " + str(count).encode() + b"\n")
                continue
            elif mode == "malformed_divide":
                line("%s: lots" % move)
                continue
            if mode == "stall_midway":
                idle()
            if mode == "crash_mid_divide":
                sys.exit(3)
            if mode == "killed_mid_divide":
                os.kill(os.getpid(), signal.SIGKILL)
        write("%s%s%d%s" % (move, sep, count, end))
    if mode == "slow":
        time.sleep(delay)
    write(end)
    if mode == "no_total":
        return
    if mode == "equals_total":
        line("Nodes searched = %d" % total)
    elif mode == "negative_total":
        line("Nodes searched: -%d" % total)
    elif mode == "word_total":
        line("Nodes searched: many")
    elif mode == "partial_total":
        write("Nodes searched: %d" % total)
    else:
        write("Nodes searched: %d%s" % (total, end))
    if mode == "crash_after_total" and first:
        sys.exit(0)


def go_perft(mode, inner, depth, delay, first):
    if mode == "no_perft":
        return
    if mode == "crash_on_go":
        sys.exit(3)
    if mode == "unknown_command":
        line("Unknown command: 'go perft %d'" % depth)
        return
    if mode == "bestmove":
        line("bestmove a3a4")
        return
    if mode == "error_line":
        line("info string error: go: perft is not supported")
        return
    if mode == "no_newline":
        while True:
            write("x" * 65536)
    if mode in ("endless_info", "flood"):
        text = "info string still counting" + (" ." * 30000 if mode == "flood" else "")
        while True:
            line(text)
    if mode == "close_output":
        os.close(1)
        time.sleep(600)
        sys.exit(0)
    if mode == "orphan_holds_output":
        subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL)
        os._exit(0)
    if mode == "too_slow":
        time.sleep(5 * delay)
    pairs, total = inner.perft(depth)
    answer(mode, pairs, total, depth, delay, first)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inner", help="the honest engine's command line")
    ap.add_argument("--mode", choices=sorted(MODES), default="honest")
    ap.add_argument("--delay", type=float, default=1.0, help="seconds, for the modes 'slow' and 'too_slow'")
    ap.add_argument("--list", action="store_true", help="print the modes and exit")
    args = ap.parse_args()
    if args.list:
        for name in MODES:
            print("%-24s %s" % (name, MODES[name]))
        return
    if not args.inner:
        ap.error("--inner is required")
    mode = args.mode
    if mode == "crash_at_start":
        sys.exit(3)
    if mode == "silent":
        idle()
    inner = Inner(args.inner)
    first = True
    for text in sys.stdin:
        words = text.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            inner.send("quit")
            if mode == "hang_on_quit":
                time.sleep(600)
            return
        if cmd in ("uci", "ugi"):
            if mode == "crash_on_uci":
                sys.exit(3)
            inner.send(cmd)
            lines = inner.until(lambda l: l == cmd + "ok")
            for out in lines:
                if out.startswith("id name") and mode == "invalid_utf8_id":
                    write(b"id name Lying \xe9ngine \xff\n")
                elif out != cmd + "ok" or mode != "no_uciok":
                    line(out)
        elif cmd == "isready":
            if mode == "crash_on_isready":
                sys.exit(3)
            if mode == "no_readyok":
                continue
            inner.send("isready")
            for out in inner.until(lambda l: l == "readyok"):
                line(out)
        elif cmd == "position":
            if mode == "crash_on_position":
                sys.exit(3)
            inner.send(" ".join(words))
        elif cmd == "go" and len(words) == 3 and words[1] == "perft":
            go_perft(mode, inner, int(words[2]), args.delay, first)
            first = False
        elif cmd == "d":
            inner.send("d")
            for out in inner.until(lambda l: l.startswith("Status: ")):
                line(out)
        else:
            inner.send(" ".join(words))
    if mode == "hang_on_quit":
        time.sleep(600)


if __name__ == "__main__":
    main()
