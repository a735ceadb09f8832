"""The common part of the small stand-in engines: a synchronous relay to an inner engine.

relay(inner_cmd, on_bestmove) forwards every command to the inner engine and its answers back,
waiting for `uciok`/`readyok`/`bestmove` after `uci`/`isready`/`go`. on_bestmove(line, count) gets
the inner engine's bestmove line (count: how many so far, from 1) and returns the bytes to write in
its place (None: the line as it is); it may also end the process.
"""
import shlex
import subprocess
import sys


def relay(inner_cmd, on_bestmove=None):
    inner = subprocess.Popen(shlex.split(inner_cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    out = sys.stdout.buffer
    answers = {b"uci": b"uciok", b"ugi": b"ugiok", b"isready": b"readyok", b"go": b"bestmove"}
    bestmoves = 0
    for line in sys.stdin.buffer:
        inner.stdin.write(line)
        inner.stdin.flush()
        words = line.split()
        if not words:
            continue
        if words[0] == b"quit":
            break
        until = answers.get(words[0])
        if until is None or b"perft" in words:
            continue
        for answer in inner.stdout:
            if answer.startswith(until):
                if until == b"bestmove":
                    bestmoves += 1
                    if on_bestmove:
                        replaced = on_bestmove(answer, bestmoves)
                        answer = answer if replaced is None else replaced
                out.write(answer)
                out.flush()
                break
            out.write(answer)
            out.flush()
    inner.wait()
