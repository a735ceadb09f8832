#!/usr/bin/env python3
"""Fits the evaluation's term weights to game results (a logistic fit, as in Texel tuning).

Input: game records written by build/ordo-match -pgnout (self-play games, docs/GAME_RECORDS.md).
Each position of each game is replayed through the engine's `eval` command, which prints every term for each side.
The model is P(White wins) = 1 / (1 + exp(-k * sum_t m_t * (white_t - black_t) + tempo)), with
one multiplier m_t per term: first k is fitted with all m_t = 1, then the m_t by gradient descent
on the log loss. It prints the multipliers and the loss before and after; scaling a term's
weights in engine/search/evaluate.cpp by its multiplier applies the fit. A fitted change is kept
only if it wins an SPRT match against the old weights (build/ordo-match -sprt).

Usage: scripts/tune_eval.py --records games.pgn --variant ordox [--binary build/ordo] [--skip-plies 8]
"""
import argparse
import math
import re
import subprocess
import sys


def read_games(path):
    """[(start FEN, move tokens, White's score)] of the finished games of an ordo-match record file."""
    games, tags, movetext = [], {}, []

    def flush():
        words = [w for w in re.sub(r"\{[^}]*\}", " ", " ".join(movetext)).split()
                 if not re.fullmatch(r"\d+\.(\.\.)?", w)]
        score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(words[-1] if words else "")
        if score is not None and "FEN" in tags:
            games.append((tags["FEN"], words[:-1], score))

    with open(path) as f:
        for line in f:
            line = line.strip()
            m = re.fullmatch(r'\[(\w+) "(.*)"\]', line)
            if m:
                if movetext:
                    flush()
                    tags, movetext = {}, []
                tags[m.group(1)] = m.group(2).replace('\\"', '"')
            elif line:
                movetext.append(line)
    if movetext:
        flush()
    return games


class Engine:
    def __init__(self, binary, variant):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("tune_eval: the engine exited")
            if line.startswith(prefix):
                return line

    def terms(self, fen, moves):
        """{term: (white, black)} and the side to move of the position after `moves` from the FEN."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("eval")
        out = {}
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("tune_eval: the engine exited")
            if line.startswith("info string error"):
                raise SystemExit("tune_eval: " + line.strip())
            if line.startswith("Term"):
                continue
            if line.startswith("Total"):
                return out, ("white to move" in line)
            parts = line.rsplit(None, 2)
            if len(parts) == 3:
                out[parts[0].strip()] = (int(parts[1]), int(parts[2]))

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def loss(data, names, k, m):
    total = 0.0
    for feats, tempo, y in data:
        p = sigmoid(k * (sum(mi * f for mi, f in zip(m, feats)) + tempo))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", "--log", dest="records", required=True, help="ordo-match game records")
    ap.add_argument("--variant", choices=["ordo", "ordox"], required=True)
    ap.add_argument("--binary", default="build/ordo")
    ap.add_argument("--skip-plies", type=int, default=0, help="plies skipped at the start of each game")
    ap.add_argument("--iterations", type=int, default=30)
    args = ap.parse_args()

    games = read_games(args.records)
    if not games:
        raise SystemExit("tune_eval: no finished games in the records")
    engine = Engine(args.binary, args.variant)
    data, names, seen = [], None, set()
    for fen, moves, score in games:
        for k in range(args.skip_plies, len(moves)):
            key = fen + " " + " ".join(moves[:k])
            if key in seen:  # the same game twice with colours swapped
                continue
            seen.add(key)
            terms, white_to_move = engine.terms(fen, moves[:k])
            if names is None:
                names = [n for n in terms if n != "tempo"]
            w, b = terms.get("tempo", (0, 0))
            data.append(([terms[n][0] - terms[n][1] for n in names], w - b, score))
    engine.close()
    print(f"{len(games)} games, {len(data)} positions, terms: {', '.join(names)}")

    # Fit the scale k with every multiplier at 1 (golden-section search on the loss).
    m = [1.0] * len(names)
    lo, hi = 1e-4, 0.05
    for _ in range(40):
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if loss(data, names, a, m) < loss(data, names, b, m):
            hi = b
        else:
            lo = a
    k = (lo + hi) / 2
    before = loss(data, names, k, m)
    print(f"k = {k:.5f}  loss with the current weights: {before:.5f}")

    # Damped diagonal Newton steps on the multipliers.
    for it in range(args.iterations):
        grad = [0.0] * len(names)
        hess = [1e-12] * len(names)
        for feats, tempo, y in data:
            p = sigmoid(k * (sum(mi * f for mi, f in zip(m, feats)) + tempo))
            for i, f in enumerate(feats):
                grad[i] += (p - y) * k * f
                hess[i] += p * (1 - p) * (k * f) ** 2
        for i in range(len(names)):
            m[i] = max(-2.0, min(10.0, m[i] - 0.5 * grad[i] / hess[i]))
    after = loss(data, names, k, m)
    print(f"loss after fitting the multipliers: {after:.5f}")
    for n, mi in zip(names, m):
        print(f"  {n:14s} x {mi:.3f}")


if __name__ == "__main__":
    sys.exit(main())
