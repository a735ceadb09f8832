#!/usr/bin/env python3
"""A stand-in engine that exits (status 0) right after each of its moves.

    quitter.py --inner "build/ordo"
"""
import argparse
import os
import sys

from relay import relay


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    args = ap.parse_args()

    def answer_then_exit(line, _count):
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
        os._exit(0)

    relay(args.inner, answer_then_exit)


if __name__ == "__main__":
    main()
