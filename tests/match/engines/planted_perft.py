#!/usr/bin/env python3
"""A stand-in engine with one rule switched off, for testing scripts/perft_diff.

    planted_perft.py --inner "build/ordo"

It answers the protocol by forwarding to the inner engine, except `go perft N`, which it computes
itself from the inner engine's `moves` lists with one planted rule change: a single piece never
moves three or more squares (singleton tokens whose files or ranks differ by 3 or more are
dropped). The start position has no such move, so the difference first shows a few plies deep.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402


def long_singleton(token):
    if len(token) != 4 or "," in token or "=" in token:
        return False
    return max(abs(ord(token[0]) - ord(token[2])), abs(int(token[1]) - int(token[3]))) >= 3


class Inner(InnerEngine):
    """The honest engine; its end ends the stand-in (status 1)."""

    def until(self, done, echo=False):
        try:
            lines = self.read_until(done)
        except EngineError:
            sys.exit(1)
        if echo:
            for line in lines:
                print(line, flush=True)

    def legal(self, position, moves):
        self.send(position + (" moves " + " ".join(moves) if moves else ""))
        self.send("moves")
        try:
            lines = [l.strip() for l in self.read_until(lambda l: l.strip().startswith("status: "))[:-1]]
        except EngineError:
            sys.exit(1)
        return [t for t in lines if t and not long_singleton(t)]


def perft(inner, position, moves, depth):
    legal = inner.legal(position, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(inner, position, moves + [m], depth - 1) for m in legal)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    args = ap.parse_args()
    inner = Inner(args.inner)
    base, moves = "position startpos", []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            inner.send("quit")
            return
        if cmd == "position":
            text = " ".join(words)
            head, _, tail = text.partition(" moves ")
            base, moves = head, tail.split()
            inner.send(text)
        elif cmd == "go" and len(words) == 3 and words[1] == "perft":
            depth = int(words[2])
            root = inner.legal(base, moves)
            total = 0
            for m in sorted(root):
                n = 1 if depth == 1 else perft(inner, base, moves + [m], depth - 1)
                total += n
                print("%s: %d" % (m, n))
            print()
            print("Nodes searched: %d" % (1 if depth == 0 else total), flush=True)
        elif cmd in ("uci", "ugi"):
            inner.send(cmd)
            inner.until(lambda l: l == cmd + "ok", echo=True)
        elif cmd == "isready":
            inner.send("isready")
            inner.until(lambda l: l == "readyok", echo=True)
        elif cmd == "d":
            inner.send(base + (" moves " + " ".join(moves) if moves else ""))
            inner.send("d")
            inner.until(lambda l: l.startswith("Status: "), echo=True)
        else:
            inner.send(line.strip())


if __name__ == "__main__":
    main()
