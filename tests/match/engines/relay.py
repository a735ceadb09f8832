"""The common part of the small stand-in engines: a synchronous relay to an inner engine.

relay(inner_cmd, on_bestmove) forwards every command to the inner engine and its answers back,
waiting for `uciok`/`readyok`/`bestmove` after `uci`/`isready`/`go`. on_bestmove(line, count) gets
the inner engine's bestmove line (count: how many so far, from 1) and returns the bytes to write in
its place (None: the line as it is); it may also end the process. The inner engine is an
engine_client.InnerEngine in the stand-in's process group, so that ending the group ends both.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402


def relay(inner_cmd, on_bestmove=None):
    inner = InnerEngine(inner_cmd)
    out = sys.stdout.buffer
    answers = {b"uci": b"uciok", b"ugi": b"ugiok", b"isready": b"readyok", b"go": b"bestmove"}
    bestmoves = 0
    for line in sys.stdin.buffer:
        inner.send_raw(line)
        words = line.split()
        if not words:
            continue
        if words[0] == b"quit":
            break
        until = answers.get(words[0])
        if until is None or b"perft" in words:
            continue
        while True:
            try:
                answer = inner.read_raw_line()
            except EngineError:  # the end of its output
                break
            answer += b"\n" if inner.line_ended else b""
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
