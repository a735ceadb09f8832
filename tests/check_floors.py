#!/usr/bin/env python3
"""Checks that the sources include downward only (docs/ARCHITECTURE.md): every `#include "…"` of
a source under engine/ or protocol/ must name a file of its own floor or of a floor below it.

The floors, lowest first: the rules core (engine/*), the game model (engine/game/), the search
(engine/search/), the Engine facade over it (engine/search/engine.*), the text primitives
(protocol/text/) and the files a user names (protocol/files/), the engine's front end
(protocol/front_end/), and the clients, which never include the front end: the engine driver
(protocol/driver/), game records (protocol/records/), the match runner (protocol/match/) and the
web board (protocol/web/). Tests (any tests/ folder) sit above
everything and are not checked.

An include is resolved as the compiler would find it: beside the including file first, else under
each folder the targets put on the include path. A name no folder holds (a system or generated
header) is ignored. The same holds for the targets: a library or program of a floor's CMakeLists.txt
links only targets of its own floor or below. First the check runs on a small made-up tree with
one upward include and one upward link and fails unless it finds exactly those (`--self-test`
stops there).

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
    # Text primitives (header only) and the files a user names: below every program.
    ("text", r"protocol/text/", []),
    ("files", r"protocol/files/", []),
    ("front end", r"protocol/front_end/", ["core", "game", "search", "facade", "text", "files"]),
    ("driver", r"protocol/driver/", ["core", "game", "text", "files"]),
    ("records", r"protocol/records/", ["core", "game", "text", "files"]),
    ("match", r"protocol/match/", ["core", "game", "text", "driver", "records", "files"]),
    ("web", r"protocol/web/", ["core", "game", "text", "driver", "records", "files"]),
]
# The folders on the targets' include paths ("search/engine.hpp" is found under engine/).
INCLUDE_ROOTS = ["engine", "engine/game", "protocol/text", "protocol/files", "protocol/front_end", "protocol/driver",
                 "protocol/records", "protocol/match", "protocol/web"]
SOURCE = re.compile(r"\.(cpp|hpp)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def floor_of(rel):
    for name, pattern, allowed in FLOORS:
        if re.match(pattern, rel):
            return name, allowed
    return None, None


def project_files(root, wanted):
    """Paths (relative to root) of the files under engine/ and protocol/, outside tests/ folders,
    whose name `wanted` accepts."""
    for top in ("engine", "protocol"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "tests")
            for f in sorted(filenames):
                if wanted(f):
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
    for rel in project_files(root, SOURCE.search):
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


TARGET = re.compile(r"\badd_(?:library|executable)\(\s*([\w.-]+)([^)]*)\)")
LINKS = re.compile(r"\btarget_link_libraries\(\s*([\w.-]+)([^)]*)\)")


def link_violations(root):
    """Every project target links only targets of its own floor or of floors below it; a target's
    floor is its CMakeLists.txt folder's, and a target built from tests/ sources is a test (above
    everything, unchecked)."""
    floor_of_target, texts = {}, {}
    for rel in project_files(root, lambda name: name == "CMakeLists.txt"):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            texts[rel] = f.read()
        floor, _ = floor_of(os.path.dirname(rel) + "/any.cpp")
        for m in TARGET.finditer(texts[rel]):
            floor_of_target[m.group(1)] = None if re.search(r"(^|\s)tests/", m.group(2)) else floor
    allowed_below = {floor: allowed for floor, _, allowed in FLOORS}
    bad = []
    for rel, text in texts.items():
        for m in LINKS.finditer(text):
            name = m.group(1)
            floor = floor_of_target.get(name)
            allowed = allowed_below.get(floor, [])
            for item in m.group(2).split():
                tfloor = floor_of_target.get(item)
                if floor and tfloor and tfloor != floor and tfloor not in allowed:
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append(f"{rel}:{line}: {name} of the {floor} links {item} of the {tfloor} above it")
    return bad


def self_test():
    files = {
        "engine/position.hpp": '#include "types.hpp"\n',
        "engine/types.hpp": "",
        "engine/search/search_types.hpp": '#include "types.hpp"\n',
        "engine/search/search.hpp": '#include "search/search_types.hpp"\n',
        "engine/search/engine.hpp": '#include "position.hpp"\n#include "search/search_types.hpp"\n',
        "protocol/front_end/session.hpp": '#include "search/engine.hpp"\n#include <vector>\n',
        "protocol/text/tokenizer.hpp": "",
        "protocol/match/runner.cpp": '#include "tokenizer.hpp"\n#include "game_record.hpp"\n',
        "protocol/records/game_record.hpp": '#include "position.hpp"\n',
        "protocol/web/board.cpp": '#include "game_record.hpp"\n#include "page_files.hpp"\n',
        # The one upward include: the core reaching into the search.
        "engine/movegen.cpp": '#include "position.hpp"\n#  include "search/engine.hpp"\n',
        "protocol/web/tests/anything_test.cpp": '#include "runner.cpp"\n',
        "protocol/front_end/CMakeLists.txt": "add_library(ordo_front_end STATIC session.cpp)\n",
        "protocol/text/CMakeLists.txt": "add_library(ordo_text INTERFACE)\n",
        # The one upward link: the board's library on the engine's front end.
        "protocol/web/CMakeLists.txt": "add_library(ordo_web STATIC board.cpp)\n"
                                       "target_link_libraries(ordo_web PUBLIC ordo_text\n  ordo_front_end)\n",
    }
    with tempfile.TemporaryDirectory() as d:
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
            with open(os.path.join(d, rel), "w") as f:
                f.write(text)
        found = violations(d) + link_violations(d)
    expected = ["engine/movegen.cpp:2: the core includes engine/search/engine.hpp of the facade above it",
                "protocol/web/CMakeLists.txt:2: ordo_web of the web links ordo_front_end of the front end above it"]
    if found != expected:
        print("check_floors self-test failed: found", found, "expected", expected)
        return 1
    print("check_floors self-test: the one upward include and the one upward link were found")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    failed = self_test()
    if failed or a.self_test:
        return failed
    bad = violations(a.root) + link_violations(a.root)
    for b in bad:
        print(b)
    if bad:
        print(f"{len(bad)} upward include(s) or link(s)")
        return 1
    print("every include and every link goes to the same floor or one below")
    return 0


if __name__ == "__main__":
    sys.exit(main())
