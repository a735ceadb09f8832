#!/usr/bin/env python3
"""A stand-in engine that stops reading its input while it searches, as many simple engines do:
it greets (uci, isready), and on `go` sleeps for good instead of reading `stop`. Lines sent to it
then pile up in its input pipe. Used by the web server's hostile-client tests."""
import sys
import time

for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        print("id name Deaf\nuciok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        time.sleep(3600)
    elif word == "quit":
        break
