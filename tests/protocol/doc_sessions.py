#!/usr/bin/env python3
"""Replays the sample sessions of docs/PROTOCOL.md against the engine, so the document cannot drift.

Each `### <title>` block under `## Sample sessions` is a session: its indented lines starting with
`> ` are sent to the engine, the other indented lines are what the engine must print. Lines that
vary with the machine or the version are not compared: `info depth …` search lines, `bestmove …`
lines (only their number is checked: one per `go`) and `…` elisions. Every other line must be
printed exactly, in order. A `go` that is not `infinite` or `ponder` is waited for (its bestmove)
before the next line is sent; after `go infinite` the first `info depth` line is waited for.

Usage: doc_sessions.py --binary build/ordo [--doc docs/PROTOCOL.md] [--time-scale F]
Exit status 0 when every session matches, 1 otherwise.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts"))
from engine_client import Engine, EngineError  # noqa: E402


def sessions(doc_text):
    """[(title, [(kind, text)])] with kind '>' (sent) or '<' (printed)."""
    out, current, in_samples = [], None, False
    for line in doc_text.splitlines():
        if line.startswith("## "):
            in_samples = line.strip() == "## Sample sessions"
            current = None
            continue
        if not in_samples:
            continue
        if line.startswith("### "):
            current = (line[4:].strip(), [])
            out.append(current)
            continue
        if current is None or not line.startswith("    "):
            continue
        text = line[4:]
        if text.startswith("> "):
            current[1].append((">", text[2:]))
        else:
            current[1].append(("<", text))
    return out


def varies(line):
    return line.startswith("info depth ") or line.startswith("bestmove ") or line.strip() == "…"


def run(binary, steps, scale):
    e = Engine([binary], timeout=None)
    e.max_line = e.max_answer_lines = e.max_answer_bytes = None
    try:
        return session(e, steps, scale)
    finally:
        e.kill()


def session(e, steps, scale):
    got = []

    def wait_for(prefix, seconds):
        try:
            got.extend(e.read_until(lambda l: l.startswith(prefix), seconds * scale))
            return True
        except EngineError as err:
            got.extend(err.lines)
            return False

    for kind, text in steps:
        if kind != ">":
            continue
        e.send(text)
        words = text.split()
        if words and words[0] == "go":
            if "infinite" in words or "ponder" in words:
                if not wait_for("info depth", 10):
                    return got, "no info line after '%s'" % text
            elif not wait_for("bestmove", 30):
                return got, "no bestmove after '%s'" % text
        elif words and words[0] == "stop":
            if not wait_for("bestmove", 10):
                return got, "no bestmove after stop"
    e.close_stdin()
    if e.wait(10 * scale) is None:
        return got, "the engine did not exit after the session"
    e.kill()
    got.extend(e.read_to_end(0))
    return got, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--doc", default=os.path.join(HERE, "..", "..", "docs", "PROTOCOL.md"))
    ap.add_argument("--time-scale", type=float, default=float(os.environ.get("ORDO_TIME_SCALE", "1")))
    a = ap.parse_args()
    with open(a.doc, encoding="utf-8") as f:
        found = sessions(f.read())
    if not found:
        print("FAIL: no sample sessions found in %s" % a.doc)
        return 1
    failed = 0
    for title, steps in found:
        got, problem = run(a.binary, steps, a.time_scale)
        expected = [t for k, t in steps if k == "<" and not varies(t)]
        actual = [l for l in got if not varies(l)]
        gos = sum(1 for k, t in steps if k == ">" and t.split()[:1] == ["go"])
        bestmoves = sum(1 for l in got if l.startswith("bestmove "))
        if problem is None and expected != actual:
            problem = "printed lines differ"
        if problem is None and gos != bestmoves:
            problem = "%d go commands but %d bestmove lines" % (gos, bestmoves)
        if problem:
            failed += 1
            print("FAIL %s: %s" % (title, problem))
            for i in range(max(len(expected), len(actual))):
                e = expected[i] if i < len(expected) else "<none>"
                g = actual[i] if i < len(actual) else "<none>"
                if e != g:
                    print("  first difference at line %d:\n    expected: %s\n    printed:  %s" % (i + 1, e, g))
                    break
        else:
            print("ok   %s (%d lines compared, %d bestmove)" % (title, len(expected), bestmoves))
    print("%d passed, %d failed" % (len(found) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
