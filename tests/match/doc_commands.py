#!/usr/bin/env python3
"""Every documented build/ordo-match command (README.md, docs/MATCH.md, docs/NETWORK.md,
docs/CLUSTER.md, docs/WEB.md), shortened and run: it must still parse, and no game may be lost on time.

    doc_commands.py --match BIN --ordo BIN --root DIR [--list]

The commands are read from the indented and fenced blocks of the docs (line continuations
joined; `scripts/slurm_tournament ... -- ARGS` counts as `build/ordo-match ARGS`). Each is
shortened: -rounds 1 -games 2 -maxmoves 8, no -sprt, outputs (-pgnout, -json, -live, -log) in a
temporary folder (a -pgnout added where none is given; a -json for -selftest, whose time losses
it counts), the engines of build/ or elsewhere the
built engine, placeholders ({}, ${SLURM_ARRAY_TASK_ID}) shard 1. -merge and -replay commands read
the records of the commands run before them. A command fails when it exits non-zero or a record's
Termination is "time forfeit" (what a too small timemargin on a loaded machine gives), and a
command with tc= or st= fails without a timemargin= at all.
"""
import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

DOCS = ["README.md", "docs/MATCH.md", "docs/NETWORK.md", "docs/CLUSTER.md", "docs/WEB.md"]
OUTPUTS = ("-pgnout", "-json", "-live", "-log")


def blocks(text):
    """The code blocks of a Markdown text: indented by four spaces, or fenced with ```."""
    out, cur, fenced = [], [], False
    for line in text.splitlines():
        if line.startswith("```"):
            if fenced:
                out.append(cur)
                cur = []
            fenced = not fenced
            continue
        if fenced:
            cur.append(line)
        elif line.startswith("    "):
            cur.append(line[4:])
        elif cur and line.strip() == "":
            cur.append("")
        else:
            if cur:
                out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def commands(root):
    """(doc, line text, argv words after the program) for every documented match command."""
    found = []
    for doc in DOCS:
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            for block in blocks(f.read()):
                text = re.sub(r"\\\n\s*", " ", "\n".join(block))
                for line in text.splitlines():
                    line = line.strip()
                    m = re.search(r"(?:^|')(?:build/ordo-match|scripts/slurm_tournament\b.*? --)\s+(.*)$", line)
                    if not m or "ORDO_MATCH_ARGS" in line:
                        continue
                    rest = m.group(1)
                    rest = re.sub(r"'\s*:::.*$", "", rest)  # GNU parallel's argument list
                    rest = re.sub(r"(^|\s)#.*$", "", rest)
                    found.append((doc, line, shlex.split(rest)))
    return found


def shorten(words, ctx, index):
    """The command as run by the test."""
    out, i, files = [], 0, []
    while i < len(words):
        w = words[i].replace("{}", "1").replace("${SLURM_ARRAY_TASK_ID}", "1").replace("[", "").replace("]", "")
        i += 1
        if w in ("...",) or w == "":
            continue
        if w == "-sprt":
            while i < len(words) and not words[i].startswith("-"):
                i += 1
            continue
        if w in ("-rounds", "-games", "-maxmoves"):
            i += 1
            continue
        if w in OUTPUTS:
            out += [w, os.path.join(ctx["tmp"], "%d%s.out" % (index, w))]
            i += 1
            continue
        if w in ("-merge", "-replay"):
            out.append(w)
            while i < len(words) and not words[i].startswith("-"):
                i += 1
            files = list(ctx["records"])
            out += files
            continue
        if w.startswith("cmd="):
            w = "cmd=" + ctx["ordo"]
        w = re.sub(r"^(file=)(openings/)", lambda m: m.group(1) + os.path.join(ctx["root"], m.group(2)), w)
        m = re.match(r"^option\.EvalFile=build/(.*)$", w)
        if m and not os.path.exists(os.path.join(os.path.dirname(ctx["ordo"]), m.group(1))):
            w = "option.EvalFile=" + os.path.join(ctx["root"], "engine", "nets", m.group(1))
        out.append(w)
    mode = "play" if "-merge" not in out and "-replay" not in out else "records"
    if "-selftest" in out:
        mode = "selftest"
        out += ["-rounds", "1", "-games", "2", "-maxmoves", "8"]
        if "-json" not in out:
            out += ["-json", os.path.join(ctx["tmp"], "%d-json.out" % index)]
    if mode == "play":
        out += ["-rounds", "1", "-games", "2", "-maxmoves", "8"]
        if "-pgnout" not in out:
            out += ["-pgnout", os.path.join(ctx["tmp"], "%d-pgnout.out" % index)]
    return mode, out


def forfeits(pgn):
    with open(pgn) as f:
        text = f.read()
    return len(re.findall(r'^\[Termination "time forfeit"\]', text, re.M)), len(re.findall(r"^\[Event ", text, re.M))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--match", required=True)
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--list", action="store_true", help="print the commands as they would run, run none")
    args = ap.parse_args()
    found = commands(args.root)
    if len(found) < 8:
        print("FAIL: only %d documented commands found" % len(found))
        return 1
    failures = []
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ordo-doc-commands-") as tmp:
        ctx = {"tmp": tmp, "ordo": os.path.abspath(args.ordo), "root": os.path.abspath(args.root), "records": []}
        # Play commands first: the record commands read what they wrote.
        ordered = sorted(enumerate(found), key=lambda x: "-merge" in x[1][2] or "-replay" in x[1][2])
        for index, (doc, line, words) in ordered:
            mode, argv = shorten(words, ctx, index)
            if args.list:
                print("%s: %s" % (doc, " ".join(shlex.quote(a) for a in argv)))
                continue
            # A clock or a move time without a margin loses games on time on a loaded machine.
            timed = [w for w in argv if re.match(r"^(tc|st)=", w)]
            if timed and not any(w.startswith("timemargin=") for w in argv):
                failures.append("%s: `%s`: %s without timemargin=" % (doc, line[:100], timed[0]))
            if mode == "records" and not ctx["records"]:
                failures.append("%s: %s: no records to read" % (doc, line))
                continue
            p = subprocess.run([os.path.abspath(args.match)] + argv, capture_output=True, text=True, timeout=300, cwd=tmp)
            if p.returncode != 0:
                failures.append("%s: `%s` exited %d: %s" % (doc, line[:100], p.returncode, (p.stderr or p.stdout)[-300:]))
                continue
            if mode == "selftest":
                with open(argv[argv.index("-json") + 1]) as f:
                    figures = json.load(f)["engine_figures"]
                lost = sum(e["time_losses"] for e in figures.values())
                print("%s: self-test, %d lost on time: %s" % (doc, lost, line[:90]))
                if lost:
                    failures.append("%s: `%s`: %d games lost on time" % (doc, line[:100], lost))
            elif mode == "play":
                pgn = argv[argv.index("-pgnout") + 1]
                lost, games = forfeits(pgn)
                print("%s: %d games, %d lost on time: %s" % (doc, games, lost, line[:90]))
                if lost:
                    failures.append("%s: `%s`: %d of %d games lost on time" % (doc, line[:100], lost, games))
                if games and not ctx["records"]:
                    ctx["records"].append(pgn)
            else:
                print("%s: ok: %s" % (doc, line[:90]))
    if failures:
        for f in failures:
            print("FAIL " + f)
        return 1
    print("PASS: %d documented commands (%.1f s)" % (len(found), time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
