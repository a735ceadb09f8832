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
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import Engine, EngineError  # noqa: E402


class OpeningEngine(Engine):
    """The engine as the rules and the judge of balance: `moves`, `d` and `go nodes N`."""

    def __init__(self, argv, variant):
        super().__init__(argv)
        self.handshake("uci", variant)
        self.isready()

    def state(self, moves):
        """(legal tokens, status, FEN) after the moves from the start position."""
        self.position(moves=moves)
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
        self.position(moves=moves)
        found = None
        for l in self.go("nodes %d" % nodes).lines:
            m = re.search(r" score (cp|mate) (-?\d+)", l)
            if m:
                found = m
        if found is None:
            return None
        value = int(found.group(2))
        if found.group(1) == "mate":
            return 100000 if value > 0 else -100000
        return value


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
    try:
        return openings(args, rng, OpeningEngine(shlex.split(args.engine), args.variant))
    except EngineError as e:
        print("make_openings.py: %s" % e, file=sys.stderr)
        return 1


def openings(args, rng, engine):
    """Finds the openings and writes the file; the exit status."""
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
        engine.quit(5)
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
