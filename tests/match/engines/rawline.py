#!/usr/bin/env python3
"""A stand-in engine that answers every N-th `go` with a given raw line instead of the inner
engine's bestmove (the line may hold any bytes: give them as a Python bytes literal body).

    rawline.py --inner "build/ordo" --line 'BESTMOVE c1c2' [--every 2]
"""
import argparse
import ast

from relay import relay


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    ap.add_argument("--line", required=True, help="e.g. 'bestmove\\tc1c2' or 'bestmove \\x00\\xff'")
    ap.add_argument("--every", type=int, default=2)
    args = ap.parse_args()
    raw = ast.literal_eval("b'" + args.line.replace("'", "\\'") + "'") + b"\n"
    relay(args.inner, lambda line, count: raw if count % args.every == 0 else None)


if __name__ == "__main__":
    main()
