#!/usr/bin/env python3
"""Writes an opening file for ordo-match: positions reached by a few random legal turns from the
start position, optionally kept only when an engine's fixed-node search scores them near equal.

    scripts/make_openings.py --variant ordox --count 200 --plies 4 --balance 150 \
        --out tests/data/openings_ordox.epd

One FEN per line (EPD without operations), preceded by '#' comment lines that say how the file
was made. The legal turns, the game status and the FEN come from the engine's own `moves` and `d`
commands (build/ordo by default), the score from `go nodes N`. Deterministic for a given seed and
engine. Exit status: 0 written, 1 not enough openings found, 2 usage error.
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, argv, variant):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value %s" % variant)
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended unexpectedly")
            line = line.rstrip("\r\n")
            lines.append(line)
            if done(line):
                return lines

    def state(self, moves):
        """(legal tokens, status, FEN) after the moves from the start position."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("moves")
        lines = self.read_until(lambda l: l.startswith("status: "))
        self.send("d")
        dlines = self.read_until(lambda l: l.startswith("Status: "))
        errors = [l for l in lines + dlines if l.startswith("info string error")]
        if errors:
            raise RuntimeError("; ".join(errors))
        legal = sorted(l.strip() for l in lines[:-1] if l.strip())
        fen = next(l[len("FEN: "):].strip() for l in dlines if l.startswith("FEN: "))
        return legal, lines[-1][len("status: "):].strip(), fen

    def score(self, moves, nodes):
        """Centipawns from the side to move's view; +-100000 for a forced win or loss; None when
        the search gave no score (its node budget ended before it finished one root turn)."""
        self.send("ucinewgame")
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go nodes %d" % nodes)
        lines = self.read_until(lambda l: l.startswith("bestmove"))
        found = None
        for l in lines:
            m = re.search(r" score (cp|mate) (-?\d+)", l)
            if m:
                found = m
        if found is None:
            return None
        value = int(found.group(2))
        if found.group(1) == "mate":
            return 100000 if value > 0 else -100000
        return value

    def close(self):
        try:
            self.send("quit")
            self.p.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()


def main(argv=None):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=os.path.join(root, "build", "ordo"),
                    help="engine command (default build/ordo)")
    ap.add_argument("--variant", choices=["ordo", "ordox"], default="ordo")
    ap.add_argument("--count", type=int, default=100, help="openings to write (default 100)")
    ap.add_argument("--plies", type=int, default=4, help="random turns from the start (default 4)")
    ap.add_argument("--balance", type=int, default=0, metavar="CP",
                    help="keep only openings the engine scores within CP centipawns (0: all)")
    ap.add_argument("--nodes", type=int, default=20000, help="node budget of the balance search")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="the file to write")
    args = ap.parse_args(argv)
    if args.count < 1 or args.plies < 1 or args.nodes < 1 or args.balance < 0:
        ap.error("--count, --plies and --nodes must be positive, --balance not negative")

    rng = random.Random(args.seed)
    engine = Engine(shlex.split(args.engine), args.variant)
    fens, seen = [], set()
    attempts = 0
    try:
        while len(fens) < args.count and attempts < args.count * 50:
            attempts += 1
            moves, ok = [], True
            for _ in range(args.plies):
                legal, status, _ = engine.state(moves)
                if status != "ongoing" or not legal:
                    ok = False
                    break
                moves.append(rng.choice(legal))
            if not ok:
                continue
            legal, status, fen = engine.state(moves)
            if status != "ongoing" or not legal or fen in seen:
                continue
            if args.balance:
                score = engine.score(moves, args.nodes)
                if score is None or abs(score) > args.balance:  # unscored: not known to be balanced
                    continue
            seen.add(fen)
            fens.append(fen)
            if len(fens) % 20 == 0:
                sys.stderr.write("%d/%d openings\n" % (len(fens), args.count))
    finally:
        engine.close()
    with open(args.out, "w") as f:
        f.write("# Ordo openings (%s): %d random turns from the start, seed %d%s.\n"
                % (args.variant, args.plies, args.seed,
                   ", kept within %d cp at %d nodes" % (args.balance, args.nodes) if args.balance else ""))
        f.write("# Written by scripts/make_openings.py; one FEN per line.\n")
        for fen in fens:
            f.write(fen + "\n")
    print("wrote %d openings to %s (%d attempts)" % (len(fens), args.out, attempts))
    return 0 if len(fens) == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
