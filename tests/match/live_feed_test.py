#!/usr/bin/env python3
"""The live file of build/ordo-match (-live FILE), read while the tournament runs.

    live_feed_test.py --match BIN --ordo BIN --scenario feed|unwritable

feed: four games, two at once. A reader reads FILE as fast as it can while the games run: every
read is a whole, valid document (the runner renames a finished temporary file into place); the
sequence and the finished count never go back; at most two games run at once; each game's move
list only grows (every read extends the one before) and ends as the game's record in -pgnout;
the last document says the tournament finished, with no running game, the four games listed, and
standings equal to the -json summary; no temporary file is left behind.

unwritable: -live in a folder that does not exist, and -live naming a folder, are refused at start
in one error line; a live file whose folder is removed while the games run: the tournament plays to
its end with the same results as without -live, and says so in exactly one warning line.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from match_summary import per_engine, results_only


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def tournament(ordo, extra):
    return ["-engine", "cmd=" + ordo, "name=searcher", "-engine", "cmd=" + ordo, "name=other",
            "-each", "nodes=3000", "-games", "4", "-concurrency", "2",
            "-maxmoves", "150"] + extra


def run(match, args, timeout=240):
    p = subprocess.run([match] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def record_moves(pgn_text):
    """GameNumber -> move tokens of each record."""
    games = {}
    for chunk in re.split(r"(?=^\[Event )", pgn_text, flags=re.M):
        m = re.search(r'^\[GameNumber "(\d+)"\]', chunk, re.M)
        if not m:
            continue
        body = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.+", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        games[int(m.group(1))] = tokens
    return games


def feed(match, ordo, tmp):
    live = os.path.join(tmp, "live.json")
    pgn, summary_path = os.path.join(tmp, "games.pgn"), os.path.join(tmp, "summary.json")
    snapshots, errors = [], []
    done = threading.Event()

    def reader():
        last = None
        while not done.is_set():
            try:
                with open(live, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                time.sleep(0.002)
                continue
            if data != last:
                last = data
                try:
                    snapshots.append(json.loads(data.decode("utf-8")))
                except ValueError as e:
                    errors.append("not a whole JSON document (%s): %r" % (e, data[:200]))
            time.sleep(0.002)

    t = threading.Thread(target=reader)
    t.start()
    try:
        code, out, err = run(match, tournament(ordo, ["-live", live, "-pgnout", pgn, "-json", summary_path]))
    finally:
        done.set()
        t.join()
    check(code == 0, "ordo-match failed (%d):\n%s%s" % (code, out, err))
    check(err.strip() == "", "warnings on a writable -live file: %r" % err)
    check(not errors, errors[0] if errors else "")
    with open(live) as f:
        final = json.load(f)
    if not snapshots or snapshots[-1] != final:
        snapshots.append(final)
    check(len(snapshots) >= 10, "only %d distinct documents read during the tournament" % len(snapshots))

    seq, finished, moves, most_running = -1, -1, {}, 0
    for doc in snapshots:
        check(doc["format"] == "ordo-live 1", "format %r" % doc.get("format"))
        check(doc["sequence"] > seq, "sequence went from %d to %d" % (seq, doc["sequence"]))
        seq = doc["sequence"]
        t = doc["tournament"]
        check(t["finished_games"] >= finished, "finished games went back")
        finished = t["finished_games"]
        check(t["planned_games"] == 4 and t["engines"] == ["searcher", "other"] and t["variant"] == "ordo",
              "tournament: %r" % t)
        check(len(doc["running"]) <= 2, "%d games running at concurrency 2" % len(doc["running"]))
        most_running = max(most_running, len(doc["running"]))
        check(sum(s["games"] for s in doc["standings"]) == 2 * finished, "standings do not count %d games" % finished)
        for g in doc["running"]:
            n = g["number"]
            before = moves.get(n, [])
            check(g["moves"][:len(before)] == before,
                  "game %d: the move list %r does not extend %r" % (n, g["moves"], before))
            moves[n] = g["moves"]
            check(g["to_move"] == ("white" if " w" in g["fen"] else "black"), "game %d: to_move vs FEN" % n)
    check(most_running == 2, "never two games at once (at most %d)" % most_running)
    check(len(moves) == 4 and all(len(m) > 0 for m in moves.values()),
          "not every game was seen with moves while running: %r" % {k: len(v) for k, v in moves.items()})

    # The end: finished, nothing running, every game listed, standings equal to the summary.
    check(final["tournament"]["status"] == "finished" and final["running"] == [], "final: %r" % final["tournament"])
    check(sorted(f["number"] for f in final["finished"]) == [1, 2, 3, 4], "finished list %r" % final["finished"])
    with open(summary_path) as f:
        summary = json.load(f)
    want = per_engine(summary)
    got = {s["engine"]: [s["wins"], s["draws"], s["losses"]] for s in final["standings"]}
    check(got == want, "standings %r, summary %r" % (got, want))
    with open(pgn) as f:
        records = record_moves(f.read())
    for f_ in final["finished"]:
        rec = records[f_["number"]]
        seen = moves[f_["number"]]
        check(rec[:len(seen)] == seen and f_["plies"] == len(rec),
              "game %d: live moves %r are not the record's %r" % (f_["number"], seen, rec))
    leftovers = [n for n in os.listdir(tmp) if ".tmp" in n]
    check(not leftovers, "temporary files left: %r" % leftovers)
    print("feed: %d documents read, %d games, standings %r" % (len(snapshots), len(moves), got))


def unwritable(match, ordo, tmp):
    code, out, err = run(match, tournament(ordo, ["-quiet"]))
    check(code == 0, "the tournament without -live failed:\n" + out + err)
    expected = out
    # A path that cannot be written at start is refused before any game, in one line.
    for target in (os.path.join(tmp, "no-such-folder", "live.json"), tmp):
        code, out, err = run(match, tournament(ordo, ["-quiet", "-live", target]))
        lines = err.strip().splitlines()
        check(code == 2 and len(lines) == 1 and lines[0].startswith("error: -live") and target in lines[0]
              and out == "", "-live %s: exit %d, expected one error line\n%s%s" % (target, code, out, err))
        print("unwritable %s: %s" % (target, lines[0]))
    # A live file that becomes unwritable while the games run (its folder removed): one warning
    # line, and the tournament plays to its end with the same results.
    folder = os.path.join(tmp, "feed")
    os.mkdir(folder)
    target = os.path.join(folder, "live.json")
    p = subprocess.Popen([match] + tournament(ordo, ["-quiet", "-live", target]), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not os.path.exists(target) and time.monotonic() < deadline and p.poll() is None:
        time.sleep(0.005)
    shutil.rmtree(folder, ignore_errors=True)
    out, err = p.communicate(timeout=240)
    lines = err.strip().splitlines()
    check(p.returncode == 0, "-live into a removed folder: exit %d\n%s%s" % (p.returncode, out, err))
    check(len(lines) == 1 and lines[0].startswith("warning:") and target in lines[0] and "goes on" in lines[0],
          "a removed live folder: expected one warning line, got %r" % err)
    check(results_only(out) == results_only(expected),
          "a failing -live changed the results:\n%s\nvs\n%s" % (out, expected))
    print("unwritable during the run: %s" % lines[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--match", required=True)
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--scenario", required=True, choices=["feed", "unwritable"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ordo-live-") as tmp:
        try:
            {"feed": feed, "unwritable": unwritable}[args.scenario](args.match, args.ordo, tmp)
        except (Failure, subprocess.TimeoutExpired) as e:
            print("FAIL: %s" % e)
            return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
