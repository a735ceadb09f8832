#!/usr/bin/env python3
"""A stand-in engine that starts a helper process on every move and never ends it: a sleeper
whose command line carries --token, so a test can find what is left of it.

    spawner.py --inner "build/ordo" --token WORD
"""
import argparse
import subprocess
import sys

from relay import relay


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    ap.add_argument("--token", required=True)
    args = ap.parse_args()

    def spawn(_line, _count):
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", args.token],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return None

    relay(args.inner, spawn)


if __name__ == "__main__":
    main()
