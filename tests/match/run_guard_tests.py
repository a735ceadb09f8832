#!/usr/bin/env python3
"""End-to-end tests of the guards of build/ordo-match: records never doubled, reports that do not
overclaim, GNU-style options, engines that end or misbehave mid-game, failed writes, results that
must replay, engines' helper processes, raw engine bytes, one-line names, and a linear reader.

    run_guard_tests.py --match BIN --ordo BIN --scenario NAME [--time-scale K]

Scenarios: rerun, doubled, small_sample, gnu_options, exit_midgame, exit_midgame_recover, devfull,
result_replayed, orphans, malformed_bestmove, raw_bytes, one_line_names, replay_many_tags, batch_cancel,
merge_options, shard_sprt, merge_plan.
"""
import json
import os
import re
import signal
import subprocess
import sys
import time

from run_match_tests import OPENINGS, Ctx, Failure, check, load, run_scenario_main

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = os.path.join(HERE, "engines")


def stand_in(ctx, name, script, *words):
    e = ["-engine", "cmd=" + sys.executable, "name=" + name, "arg=" + os.path.join(ENGINES, script),
         "arg=--inner", "arg=" + ctx.ordo]
    return e + ["arg=" + w for w in words]


def quick(ctx, extra=(), rounds=1):
    """Two search engines at depth 1 from the opening file: a short, deterministic tournament."""
    return (ctx.ordo_engine("a") + ctx.ordo_engine("b", "greedy")
            + ["-each", "depth=1", "-games", "2", "-rounds", str(rounds), "-openings", "file=" + OPENINGS,
               "-maxmoves", "60"] + list(extra))


def records_of(text):
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)] + [len(text)]
    return [text[a:b] for a, b in zip(starts, starts[1:])]


def rerun(ctx):
    """Running the same command again without -resume is refused before anything is played."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn], rounds=2))
    check(code == 0, "first run failed\n" + out + err)
    before = open(pgn).read()
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn], rounds=2))
    check(code == 2, "a second run over the same records: exit %d, expected 2\n%s%s" % (code, out, err))
    check("-resume" in err and "another -pgnout file" in err and len(err.strip().splitlines()) == 1,
          "the refusal does not name both ways out in one line: %r" % err)
    check("Finished game" not in out, "games were played:\n" + out)
    check(open(pgn).read() == before, "the refused run changed the records")
    # More rounds of the same tournament: still its games, still refused; -resume goes on.
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn], rounds=3))
    check(code == 2, "a longer run over the same records was not refused\n" + out + err)
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn, "-resume"], rounds=3))
    check(code == 0 and "Resuming: 4 of 6" in out, "-resume did not go on\n" + out + err)
    ctx.replay_ok(pgn, 6)


def doubled(ctx):
    """-replay and -merge report a game number that appears twice as doubled."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn], rounds=2))
    check(code == 0, "run failed\n" + out + err)
    text = open(pgn).read()
    twice = ctx.path("twice.pgn")
    with open(twice, "w") as f:
        f.write(text + text)  # identical records, each game twice
    code, out, _ = ctx.run(["-replay", twice])
    check(code == 1 and "4 good, 4 bad" in out and "4 doubled" in out, "-replay missed the doubles:\n" + out)
    check(re.search(r"record 5 \(GameNumber 1,.*doubled: game 1 is also .*twice.pgn record 1", out),
          "no 'doubled' line for game 1:\n" + out)
    js = ctx.path("m.json")
    code, out, err = ctx.run(["-merge", twice, "-json", js])
    check(code == 0 and load(js)["games"] == 4, "identical doubles are not counted once\n" + out + err)
    check(len(re.findall(r"warning: game \d+ is doubled", err)) == 4, "-merge did not report the doubles:\n" + err)
    # A doubled game with other contents (another run's comments) is refused.
    recs = records_of(text)
    other = recs[0].replace("{", "{other ", 1)
    with open(twice, "w") as f:
        f.write(text + other)
    code, out, err = ctx.run(["-merge", twice, "-json", js])
    check(code == 2 and "game 1 is doubled with different contents" in err,
          "a doubled game with other contents was merged\n" + out + err)


def small_sample(ctx):
    """After a pair or two, and for three engines after a round, the interval reads n/a."""
    js = ctx.path("g.json")
    for rounds in (1, 2):
        code, out, err = ctx.run(quick(ctx, ["-json", js], rounds=rounds))
        check(code == 0, "run failed\n" + out + err)
        m = re.search(r"Elo: (\S+) \+/- (\S+),", out)
        check(m and m.group(2) == "n/a", "%d games: the interval is not n/a:\n%s" % (2 * rounds, out))
        check("-0.0" not in out, "a negative zero Elo:\n" + out)
        check(load(js)["pairs"][0]["elo_error95"] is None, "-json gives an interval")
    code, out, err = ctx.run(ctx.ordo_engine("search") + ctx.ordo_engine("greedy", "greedy")
                             + ctx.ordo_engine("random", "random")
                             + ["-each", "depth=1", "-games", "2", "-rounds", "1", "-maxmoves", "60"])
    check(code == 0, "round robin failed\n" + out + err)
    rows = re.findall(r"^\s+\d+ (\S+)\s+(\S+)\s+(\S+)\s+\d+ ", out, re.M)
    check(len(rows) == 3 and all(r[2] == "n/a" for r in rows), "crosstable intervals after 4 games each:\n" + out)
    check("-0.0" not in out, "a negative zero Elo:\n" + out)


def gnu_options(ctx):
    for flag, words in (("--help", "Usage: ordo-match"), ("--version", "ordo-match ")):
        code, out, err = ctx.run([flag])
        check(code == 0 and out.startswith(words) and not err, "%s: exit %d\n%s%s" % (flag, code, out, err))


def exit_midgame(ctx, recover):
    """An engine that exits after each of its moves forfeits each game at its next turn; it is never
    restarted during a game, and without -recover the tournament stops after that game."""
    pgn, js, log = ctx.path("g.pgn"), ctx.path("g.json"), ctx.path("g.log")
    extra = ["-recover"] if recover else []
    code, out, err = ctx.run(stand_in(ctx, "quitter", "quitter.py") + ctx.ordo_engine("rnd", "random")
                             + ["-each", "depth=1", "-games", "2", "-rounds", "2", "-openings", "file=" + OPENINGS,
                                "-pgnout", pgn, "-json", js, "-log", log] + extra)
    j = load(js)
    games = 4 if recover else 1
    check(code == (0 if recover else 3), "exit %d\n%s%s" % (code, out, err))
    check(j["games"] == games and j["forfeits"] == {"quitter": {"crash": games}},
          "expected %d crash forfeits of quitter: %s" % (games, j))
    for rec in records_of(open(pgn).read()):
        quitter_white = '[White "quitter"]' in rec
        plies = int(re.search(r'\[PlyCount "(\d+)"\]', rec).group(1))
        check(plies == (2 if quitter_white else 3), "the forfeit came at ply %d, not at quitter's second turn:\n%s"
              % (plies, rec))
    # One handshake per game (and the start check): never a restart in the middle of a game.
    handshakes = len(re.findall(r"\] quitter > uci$", open(log).read(), re.M))
    check(handshakes == games + 1, "quitter was started %d times for %d games" % (handshakes, games))
    ctx.replay_ok(pgn, games)


def devfull(ctx):
    """-pgnout /dev/full (a device, not a records file) is refused before any game; a record write
    that fails during the run is run_hostile_tests.py's records_full_disk."""
    js = ctx.path("g.json")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", "/dev/full", "-json", js]))
    check(code == 2, "-pgnout /dev/full: exit %d, expected 2\n%s%s" % (code, out, err))
    check("-pgnout" in err and "not a regular file (a character device)" in err, "no error line:\n" + err)
    check("Finished game" not in out and not os.path.exists(js), "the refused run played or wrote:\n" + out)


def result_replayed(ctx):
    """-merge and -resume replay every record: a result its moves do not give is refused."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn], rounds=3))
    check(code == 0, "run failed\n" + out + err)
    recs = records_of(open(pgn).read())
    flip = next(i for i, r in enumerate(recs) if '[Result "1-0"]' in r or '[Result "0-1"]' in r)
    a, b = ("1-0", "0-1") if '[Result "1-0"]' in recs[flip] else ("0-1", "1-0")
    recs[flip] = recs[flip].replace('[Result "%s"]' % a, '[Result "%s"]' % b).replace(" %s\n" % a, " %s\n" % b)
    with open(pgn, "w") as f:
        f.write("".join(recs))
    code, out, err = ctx.run(["-merge", pgn])
    check(code == 1 and "does not replay" in err, "-merge took a flipped result: exit %d\n%s%s" % (code, out, err))
    before = open(pgn).read()
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn, "-resume"], rounds=3))
    check(code == 2 and "does not replay" in err and len(err.strip().splitlines()) == 1,
          "-resume took a flipped result: exit %d\n%s%s" % (code, out, err))
    check(open(pgn).read() == before, "the refused resume changed the records")


def leftovers(token):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if token.encode() in f.read():
                    found.append(int(pid))
        except OSError:
            pass
    return found


def orphans(ctx):
    """An engine's helper processes end with it."""
    token = "ordo-guard-orphan-%d-%d" % (os.getpid(), time.monotonic_ns())
    try:
        code, out, err = ctx.run(stand_in(ctx, "spawner", "spawner.py", "--token", token)
                                 + ctx.ordo_engine("rnd", "random")
                                 + ["-each", "depth=1", "-games", "2", "-rounds", "1", "-maxmoves", "20"])
        check(code == 0, "run failed\n" + out + err)
        time.sleep(0.5)
        left = leftovers(token)
        check(not left, "%d helper processes of the engine outlived it" % len(left))
    finally:
        for pid in leftovers(token):
            try:
                os.kill(pid, 9)
            except OSError:
                pass


def bad_line_run(ctx, line, n=0):
    pgn, js = ctx.path("g%d.pgn" % n), ctx.path("g%d.json" % n)
    code, out, err = ctx.run(stand_in(ctx, "raw", "rawline.py", "--line", line)
                             + ctx.ordo_engine("rnd", "random")
                             + ["-each", "depth=1", "-games", "2", "-rounds", "1", "-stall", "%g" % (2 * ctx.scale),
                                "-recover", "-pgnout", pgn, "-json", js], timeout=60)
    check(code == 0, "%r: exit %d\n%s%s" % (line, code, out, err))
    j = load(js)
    check(j["forfeits"] == {"raw": {"illegal move": 2}}, "%r: not charged as malformed: %s" % (line, j["forfeits"]))
    return open(pgn, "rb").read(), out


def malformed_bestmove(ctx):
    lines = ("bestmove\\tc1c2", " bestmove c1c2", "BESTMOVE c1c2", "bestmove  c1c2", "bestmove c1c2 extra")
    for n, line in enumerate(lines):
        records, _ = bad_line_run(ctx, line, n)
        check(records.count(b"malformed output") == 2, "%r: no 'malformed output' detail:\n%s" % (line, records))


def raw_bytes(ctx):
    records, out = bad_line_run(ctx, "bestmove \\x00\\x01\\xff\\x1b[31m")
    for what, data in (("the records", records), ("the terminal", out.encode("utf-8", "surrogateescape"))):
        text = data.decode("utf-8")  # raises on invalid UTF-8
        check(not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", text), "raw control bytes reach %s" % what)
    check(b"\\\\x00\\\\x01\\\\xFF\\\\x1B[31m" in records, "the detail is not escaped as expected:\n%s" % records)


def one_line_names(ctx):
    for extra in (["-event", "two\nlines"], ["-site", "a\tb"]):
        code, out, err = ctx.run(quick(ctx, extra))
        check(code == 2 and "control character" in err and len(err.strip().splitlines()) == 2,
              "%r: exit %d\n%s%s" % (extra, code, out, err))
    code, out, err = ctx.run(["-engine", "cmd=" + ctx.ordo, "name=x\ny", "-engine", "cmd=" + ctx.ordo, "-each",
                              "depth=1"])
    check(code == 2 and "control character" in err, "a name with a line break: exit %d\n%s%s" % (code, out, err))


def replay_many_tags(ctx):
    """-replay reads a record with 400,000 tags in linear time (a quadratic reader takes minutes)."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn]))
    check(code == 0, "run failed\n" + out + err)
    first = records_of(open(pgn).read())[0]
    head, moves = first.split("\n\n", 1)
    with open(pgn, "w") as f:
        f.write(head + "\n" + "".join('[X%d "v"]\n' % i for i in range(400000)) + "\n" + moves)
    t0 = time.monotonic()
    code, out, err = ctx.run(["-replay", pgn], timeout=30)
    check(code == 0 and "1 good" in out, "replay failed\n" + out + err)
    print("replay of 400,000 tags: %.2f s" % (time.monotonic() - t0))


def children(pid):
    """The processes whose parent is pid (the engines of a runner)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def start_until_recorded(ctx, args):
    """Starts a tournament and reads its output until one game is recorded; returns the process
    and the lines read."""
    p = subprocess.Popen([ctx.match] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in p.stdout:
        lines.append(line)
        if line.startswith("Finished game"):
            break
    check(lines and lines[-1].startswith("Finished game"), "no game was recorded:\n" + "".join(lines))
    time.sleep(0.05)  # into the next game
    return p, lines


def batch_cancel(ctx):
    """A batch system stops a job by signalling all its processes at once (engines first, the worst
    case): the games in progress are left out of the records, not charged to the engines as crashes,
    and -resume completes the tournament. An engine killed alone is still a crash."""
    pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
    args = (ctx.ordo_engine("a") + ctx.ordo_engine("b", "greedy")
            + ["-each", "nodes=3000", "-games", "2", "-rounds", "4", "-openings", "file=" + OPENINGS,
               "-maxmoves", "60", "-pgnout", pgn, "-json", js])
    p, lines = start_until_recorded(ctx, args)
    engines = children(p.pid)
    check(engines, "ordo-match has no engine processes")
    for pid in engines + [p.pid]:
        os.kill(pid, signal.SIGTERM)
    rest, err = p.communicate(timeout=60 * ctx.scale)
    out = "".join(lines) + rest
    records = open(pgn).read()
    check('[Termination "crash"]' not in records, "a cancelled game was recorded as a crash:\n" + records)
    check(p.returncode == 130 and "continue with -resume" in out,
          "exit %s after the cancel, expected 130 (interrupted)\n%s%s" % (p.returncode, out, err))
    done = len(records_of(records))
    check(1 <= done < 8, "%d games recorded before the cancel" % done)
    code, out, err = ctx.run(args + ["-resume"])
    check(code == 0 and "Resuming: %d of 8" % done in out, "-resume failed: exit %d\n%s%s" % (code, out, err))
    j = load(js)
    check(j["games"] == 8 and j["complete"] and "crash" not in j["terminations"], "resumed tournament: %s" % j)
    ctx.replay_ok(pgn, 8)
    numbers = sorted(int(n) for n in re.findall(r'\[GameNumber "(\d+)"\]', open(pgn).read()))
    check(numbers == list(range(1, 9)), "games in the records: %s" % numbers)

    # The engines alone killed, the runner not asked to stop: a crash forfeit, and the runner stops.
    pgn2 = ctx.path("alone.pgn")
    p, lines = start_until_recorded(ctx, args[:-4] + ["-pgnout", pgn2])
    for pid in children(p.pid):
        os.kill(pid, signal.SIGTERM)
    rest, err = p.communicate(timeout=60 * ctx.scale)
    out = "".join(lines) + rest
    check(p.returncode == 3, "exit %s after the engines were killed, expected 3\n%s%s" % (p.returncode, out, err))
    check('[Termination "crash"]' in open(pgn2).read(), "the killed engine was not charged with a crash:\n"
          + open(pgn2).read())


def merge_options(ctx):
    """The file list of -merge (and -replay) ends at the first word starting with a dash: an option
    after the files, with one dash or two, or a misspelt one, is never read as a file name."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn]))
    check(code == 0, "run failed\n" + out + err)
    for flag in ("-json", "--json"):
        js, merged = ctx.path("m%s.json" % flag), ctx.path("m%s.pgn" % flag)
        code, out, err = ctx.run(["-merge", pgn, flag, js, "--pgnout", merged])
        check(code == 0 and load(js)["games"] == 2, "-merge ... %s: exit %d\n%s%s" % (flag, code, out, err))
        ctx.replay_ok(merged, 2)
    for bad in ("-2json", "---json", "--"):
        for mode in ("-merge", "-replay"):
            code, out, err = ctx.run([mode, pgn, bad, ctx.path("x.json")])
            check(code == 2 and "unknown option '%s'" % bad in err and "cannot open" not in err,
                  "%s %s: exit %d, taken for a file?\n%s%s" % (mode, bad, code, out, err))


def shard_sprt(ctx):
    """A shard given -sprt plays its whole slice even when its own games cross a bound: the SPRT is
    decided on the merged records; the shard reports its own LLR for information."""
    js = ctx.path("s.json")
    code, out, err = ctx.run(ctx.ordo_engine("strong") + ctx.ordo_engine("weak", "random")
                             + ["-each", "depth=2", "-games", "2", "-rounds", "30", "-concurrency", "2",
                                "-openings", "file=" + OPENINGS, "-sprt", "elo0=0", "elo1=100", "alpha=0.2",
                                "beta=0.2", "-shard", "1/2", "-json", js])
    check(code == 0, "exit %d\n%s%s" % (code, out, err))
    j = load(js)
    check(j["pairs"][0]["sprt"]["decision"] == "H1", "the shard's own games reach no decision: %s" % j["pairs"][0])
    check(j["games"] == j["planned_games"] == 30 and j["complete"] and j["stop_reason"] == "",
          "the shard stopped at its own SPRT: %s" % {k: j[k] for k in ("games", "planned_games", "stop_reason")})
    check("Stopped" not in out and "this shard's games only" in out, "the report:\n" + out)


def merge_plan(ctx):
    """-merge does not claim a complete tournament: the records do not say how many games were
    planned (planned_games null); a game missing below the highest number makes it incomplete, and
    otherwise completeness is unknown (complete null)."""
    shards = []
    for i in (1, 2):
        pgn = ctx.path("shard%d.pgn" % i)
        code, out, err = ctx.run(quick(ctx, ["-shard", "%d/2" % i, "-pgnout", pgn], rounds=2))
        check(code == 0, "shard %d failed\n%s%s" % (i, out, err))
        shards.append(pgn)
    for files, games, complete in ((shards, 4, None), (shards[:1], 2, None), (shards[1:], 2, False)):
        js = ctx.path("m.json")
        code, out, err = ctx.run(["-merge"] + files + ["-json", js])
        check(code == 0, "merge failed\n" + out + err)
        j = load(js)
        check(j["games"] == games and j["planned_games"] is None and j["complete"] is complete,
              "%s: games %s, planned_games %s, complete %s (expected %d, None, %s)"
              % ([os.path.basename(f) for f in files], j["games"], j["planned_games"], j["complete"], games, complete))
        if complete is False:
            check("incomplete: 2 of games 1 to 4 missing, the first game 1" in out, "no missing games line:\n" + out)


def scenario(ctx, name):
    table = {
        "rerun": rerun, "doubled": doubled, "small_sample": small_sample, "gnu_options": gnu_options,
        "exit_midgame": lambda c: exit_midgame(c, False), "exit_midgame_recover": lambda c: exit_midgame(c, True),
        "devfull": devfull, "result_replayed": result_replayed, "orphans": orphans,
        "malformed_bestmove": malformed_bestmove, "raw_bytes": raw_bytes, "one_line_names": one_line_names,
        "replay_many_tags": replay_many_tags, "batch_cancel": batch_cancel,
        "merge_options": merge_options, "shard_sprt": shard_sprt,
        "merge_plan": merge_plan,
    }
    if name not in table:
        raise Failure("unknown scenario " + name)
    table[name](ctx)


def main():
    return run_scenario_main(scenario, "ordo-guard-test-", (Failure, subprocess.TimeoutExpired, ValueError, KeyError,
                                                 json.JSONDecodeError, OSError))


if __name__ == "__main__":
    sys.exit(main())
