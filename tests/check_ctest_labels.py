#!/usr/bin/env python3
"""Checks that every CTest test of a build directory carries a label, so `ctest -L <label>` can
select it, and a TIMEOUT, so a hung test fails instead of stalling the run; and that the doctest
cases are all registered, each labelled with its own TEST_SUITE.

doctest's CMake discovery looks a case's suite up by its name; a name it cannot look up (a
comma, for one, is a separator in doctest's filters) silently ends up without a label. This
check makes that loud.

Usage: check_ctest_labels.py --ctest PATH --build-dir DIR --doctest-binary PATH
"""
import argparse
import json
import subprocess
import sys


def doctest_list(binary, flag):
    out = subprocess.run([binary, flag, "--no-version"], capture_output=True, text=True, check=True).stdout
    return [l for l in out.splitlines() if l and not l.startswith("[doctest]") and not l.startswith("=====")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ctest", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--doctest-binary", required=True)
    a = ap.parse_args()

    shown = subprocess.run([a.ctest, "--test-dir", a.build_dir, "--show-only=json-v1"],
                           capture_output=True, text=True, check=True).stdout
    tests = json.loads(shown)["tests"]
    labels = {}
    problems = []
    for t in tests:
        # doctest's stand-in for a test program not built (the quick tier builds the engine's
        # alone): it is no test, and ctest -E "_NOT_BUILT-" leaves it out.
        if "_NOT_BUILT-" in t["name"]:
            continue
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        labels[t["name"]] = [l for l in props.get("LABELS", []) if l]
        if not labels[t["name"]]:
            problems.append(f"no label: {t['name']}")
        if not props.get("TIMEOUT"):
            problems.append(f"no timeout: {t['name']}")

    cases = doctest_list(a.doctest_binary, "--list-test-cases")
    suites = set(doctest_list(a.doctest_binary, "--list-test-suites"))
    for case in cases:
        if case not in labels:
            problems.append(f"doctest case not registered with CTest: {case}")
        elif not set(labels[case]) & suites:
            problems.append(f"doctest case without its suite label: {case} (labels {labels[case]})")
        if "," in case:
            problems.append(f"doctest case name holds a comma (doctest filters split on it): {case}")

    for p in problems:
        print(p)
    print(f"{len(tests)} CTest tests, {len(cases)} doctest cases in {len(suites)} suites, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
