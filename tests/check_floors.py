#!/usr/bin/env python3
"""Checks that the sources include downward only (docs/ARCHITECTURE.md): every `#include "…"` of
a source under engine/ or protocol/ must name a file of its own floor or of a floor below it.

The floors, lowest first: the rules core (engine/*), the game model (engine/game/), the search
(engine/search/), the Engine facade over it (engine/search/engine.*), the front end (protocol/*),
the files a user names (protocol/files/), and the clients: the engine driver (protocol/driver/), game records (protocol/records/), the match
runner (protocol/match/) and the web board (protocol/web/). Tests (any tests/ folder) sit above
everything and are not checked.

An include is resolved as the compiler would find it: beside the including file first, else under
each folder the targets put on the include path. A name no folder holds (a system or generated
header) is ignored. First the check runs on a small made-up tree with one upward include and fails
unless it finds exactly that one (`--self-test` stops there).

Usage: check_floors.py [--root DIR] [--self-test]
"""
import argparse
import os
import re
import sys
import tempfile

# (floor, how a path relative to the root is matched, the floors it may include besides its own).
# Order matters: the first match names a file's floor.
FLOORS = [
    ("core", r"engine/[^/]+$", []),
    ("game", r"engine/game/", ["core"]),
    # The Engine facade sits on the search: the search's own files never include it.
    ("facade", r"engine/search/engine\.[ch]pp$", ["core", "search"]),
    ("search", r"engine/search/", ["core"]),
    # Reading and writing the files a user names: plain system calls, below every program.
    ("files", r"protocol/files/", []),
    ("driver", r"protocol/driver/", ["core", "game", "front end", "files"]),
    ("records", r"protocol/records/", ["core", "game", "front end", "files"]),
    ("match", r"protocol/match/", ["core", "game", "front end", "driver", "records", "files"]),
    ("web", r"protocol/web/", ["core", "game", "front end", "driver", "records", "files"]),
    ("front end", r"protocol/[^/]+$", ["core", "game", "search", "facade", "files"]),
]
# The folders on the targets' include paths ("search/engine.hpp" is found under engine/).
INCLUDE_ROOTS = ["engine", "engine/game", "protocol", "protocol/files", "protocol/driver", "protocol/records", "protocol/match", "protocol/web"]
SOURCE = re.compile(r"\.(cpp|hpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def floor_of(rel):
    for name, pattern, allowed in FLOORS:
        if re.match(pattern, rel):
            return name, allowed
    return None, None


def sources(root):
    for top in ("engine", "protocol"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "tests")
            for f in sorted(filenames):
                if SOURCE.search(f):
                    yield os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")


def resolve(root, rel, name):
    """The files `name` may stand for when included from `rel` (relative paths, normalised)."""
    beside = os.path.normpath(os.path.join(os.path.dirname(rel), name))
    if os.path.isfile(os.path.join(root, beside)):
        return [beside.replace(os.sep, "/")]
    found = []
    for r in INCLUDE_ROOTS:
        p = os.path.normpath(os.path.join(r, name))
        if os.path.isfile(os.path.join(root, p)) and p not in found:
            found.append(p.replace(os.sep, "/"))
    return found


def violations(root):
    bad = []
    for rel in sources(root):
        floor, allowed = floor_of(rel)
        if floor is None:
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in INCLUDE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            for target in resolve(root, rel, m.group(1)):
                tfloor, _ = floor_of(target)
                if tfloor is not None and tfloor != floor and tfloor not in allowed:
                    bad.append(f"{rel}:{line}: the {floor} includes {target} of the {tfloor} above it")
    return bad


def self_test():
    files = {
        "engine/position.hpp": '#include "types.hpp"\n',
        "engine/types.hpp": "",
        "engine/search/search_types.hpp": '#include "types.hpp"\n',
        "engine/search/search.hpp": '#include "search/search_types.hpp"\n',
        "engine/search/engine.hpp": '#include "position.hpp"\n#include "search/search_types.hpp"\n',
        "protocol/session.hpp": '#include "search/engine.hpp"\n#include <vector>\n',
        "protocol/match/runner.cpp": '#include "session.hpp"\n#include "game_record.hpp"\n',
        "protocol/records/game_record.hpp": '#include "position.hpp"\n',
        "protocol/web/board.cpp": '#include "game_record.hpp"\n#include "page_files.hpp"\n',
        # The one upward include: the core reaching into the search.
        "engine/movegen.cpp": '#include "position.hpp"\n#  include "search/engine.hpp"\n',
        "protocol/web/tests/anything_test.cpp": '#include "runner.cpp"\n',
    }
    with tempfile.TemporaryDirectory() as d:
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
            with open(os.path.join(d, rel), "w") as f:
                f.write(text)
        found = violations(d)
    expected = ["engine/movegen.cpp:2: the core includes engine/search/engine.hpp of the facade above it"]
    if found != expected:
        print("check_floors self-test failed: found", found, "expected", expected)
        return 1
    print("check_floors self-test: the one upward include was found")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    failed = self_test()
    if failed or a.self_test:
        return failed
    bad = violations(a.root)
    for b in bad:
        print(b)
    if bad:
        print(f"{len(bad)} upward include(s)")
        return 1
    print("every include goes to the same floor or one below")
    return 0


if __name__ == "__main__":
    sys.exit(main())
