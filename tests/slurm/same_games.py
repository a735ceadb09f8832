#!/usr/bin/env python3
"""Checks that two game-record files hold the same games, game for game:

    same_games.py EXPECTED ACTUAL [--games N]

Each file must hold every GameNumber once (1..N with --games); records are compared by
GameNumber: every tag but Date and Site, the moves, the result and the move comments without
their times (what a deterministic run repeats). Prints one line; exit 0 equal, 1 not.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from selfplay_positions import game_number, read_records  # noqa: E402

TIME_RE = re.compile(r"\s*\b\d+(?:\.\d+)?s\b")


def games_of(path):
    records, problems = read_records(path)
    if problems:
        raise ValueError("%s: %s" % (path, problems[0][0]))
    games = {}
    for r in records:
        n = game_number(r)
        if n in games:
            raise ValueError("%s: game %d appears twice" % (path, n))
        tags = {k: v for k, v in r["tags"].items() if k not in ("Date", "Site")}
        moves = [(tok, TIME_RE.sub("", c).strip()) for tok, c in r["moves"]]
        games[n] = (tags, moves, r["result"])
    return games


def main(argv):
    args = [a for a in argv if not a.startswith("--games")]
    want = None
    for k, a in enumerate(argv):
        if a == "--games":
            want = int(argv[k + 1])
            args.remove(argv[k + 1])
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    try:
        a, b = games_of(args[0]), games_of(args[1])
    except (OSError, ValueError) as e:
        print("same_games: %s" % e)
        return 1
    if want is not None and sorted(a) != list(range(1, want + 1)):
        print("same_games: %s holds games %s, not 1..%d" % (args[0], sorted(a), want))
        return 1
    if sorted(a) != sorted(b):
        print("same_games: %s holds games %s, %s holds %s" % (args[0], sorted(a), args[1], sorted(b)))
        return 1
    for n in sorted(a):
        if a[n] != b[n]:
            what = "tags" if a[n][0] != b[n][0] else "moves" if a[n][1] != b[n][1] else "result"
            print("same_games: game %d differs (%s) between %s and %s" % (n, what, args[0], args[1]))
            return 1
    print("same_games: %d games, each once, equal game for game" % len(a))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
