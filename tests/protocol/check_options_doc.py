#!/usr/bin/env python3
"""Checks the "Options" section of docs/PROTOCOL.md against the engine's option registry, as the
engine announces it to `uci`: the indented block of `option name …` lines must be exactly the
announcement, and the table must have one row per option, in the same order, each with an
effect. `--write` rewrites the block and the table's option column from the engine (keeping each
option's effect text; a new option gets an empty one, to be written by hand).

Usage: check_options_doc.py --binary build/ordo [--doc docs/PROTOCOL.md] [--write]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from engine_client import run_session  # noqa: E402

HEADER = "| option | effect |"
ROW = re.compile(r"^\| `([^`]+)` \| (.*) \|$")


def announced(binary):
    lines = [l for l in run_session([binary], ["uci", "quit"], timeout=60) if l.startswith("option name ")]
    if not lines:
        sys.exit(f"check_options_doc: {binary} announced no options")
    return lines


def option_name(line):
    return line[len("option name "):line.index(" type ")]


def sections(text):
    """(lines, index of the first block line, end of the block, header index, end of the table)."""
    lines = text.split("\n")
    try:
        start = lines.index("## Options")
    except ValueError:
        sys.exit("check_options_doc: no '## Options' section")
    i = start + 1
    while i < len(lines) and not lines[i].startswith("    option name "):
        i += 1
    block = i
    while i < len(lines) and lines[i].startswith("    option name "):
        i += 1
    block_end = i
    try:
        header = lines.index(HEADER, block_end)
    except ValueError:
        sys.exit(f"check_options_doc: no table '{HEADER}' after the option lines")
    i = header + 2
    while i < len(lines) and lines[i].startswith("|"):
        i += 1
    return lines, block, block_end, header, i


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--doc", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../docs/PROTOCOL.md"))
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()

    options = announced(a.binary)
    names = [option_name(l) for l in options]
    with open(a.doc, encoding="utf-8") as f:
        text = f.read()
    lines, block, block_end, header, table_end = sections(text)
    doc_block = [l[4:] for l in lines[block:block_end]]
    rows = []
    for l in lines[header + 2:table_end]:
        m = ROW.match(l)
        rows.append((m.group(1), m.group(2).strip()) if m else (None, l))

    if a.write:
        effects = {name: effect for name, effect in rows if name}
        new_rows = [f"| `{n}` | {effects.get(n, '')} |" for n in names]
        lines[header + 2:table_end] = new_rows
        lines[block:block_end] = ["    " + l for l in options]
        with open(a.doc, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"check_options_doc: wrote {len(names)} options to {a.doc}")
        return 0

    problems = []
    if doc_block != options:
        problems.append("the option lines differ from `uci`:")
        problems += [f"  doc: {l}" for l in doc_block if l not in options]
        problems += [f"  uci: {l}" for l in options if l not in doc_block]
        if sorted(doc_block) == sorted(options):
            problems.append("  (the same lines in another order)")
    row_names = [n for n, _ in rows]
    if row_names != names:
        problems.append(f"the table's options {row_names} are not the announced ones {names}")
    problems += [f"the table's row of `{n}` has no effect" for n, effect in rows if n and not effect]
    if problems:
        print(f"check_options_doc: {a.doc} is out of step with the registry (fix it, or rerun with --write):")
        print("\n".join(problems))
        return 1
    print(f"check_options_doc: {len(names)} options, as announced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
