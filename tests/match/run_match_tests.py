#!/usr/bin/env python3
"""End-to-end tests of build/ordo-match with real and stand-in engines (one scenario per run).

    run_match_tests.py --match BIN --ordo BIN --scenario NAME [--time-scale K]

Each scenario runs a short tournament in a fresh temporary directory and checks its exit status,
its output, its JSON summary and its records (replayed with -replay). Scenarios: illegal,
malformed, nomove, crash, crash_norecover, hang, slow, startfail, option_value, resume, resume_cut_comment,
resume_cut_tags, resume_mismatch, interrupt, shard_merge, sprt, round_robin, gauntlet, adjudication, replay_bad, usage.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STANDIN = os.path.join(HERE, "engines", "standin.py")
OPENINGS = os.path.join(ROOT, "openings", "ordo_4ply.epd")


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


class Ctx:
    def __init__(self, args, tmp):
        self.match, self.ordo, self.tmp, self.scale = args.match, args.ordo, tmp, args.time_scale

    def path(self, name):
        return os.path.join(self.tmp, name)

    def ordo_engine(self, name, mode=None, seed=None):
        e = ["-engine", "cmd=" + self.ordo, "name=" + name]
        if mode:
            e.append("option.Play Mode=" + mode)
        if seed:
            e.append("option.Seed=%d" % seed)
        return e

    def standin(self, name, mode, every=3, delay=1.0):
        return ["-engine", "cmd=" + sys.executable, "name=" + name, "arg=" + STANDIN, "arg=--inner",
                "arg=" + self.ordo, "arg=--mode", "arg=" + mode, "arg=--every", "arg=%d" % every,
                "arg=--delay", "arg=%g" % delay]

    def run(self, args, timeout=120):
        p = subprocess.run([self.match] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="surrogateescape", timeout=timeout * self.scale)
        return p.returncode, p.stdout, p.stderr  # bytes that are not UTF-8 kept as surrogates

    def replay_ok(self, pgn, games):
        code, out, _ = self.run(["-replay", pgn])
        check(code == 0, "replay of %s failed:\n%s" % (pgn, out))
        m = re.search(r"Replayed (\d+) records: (\d+) good, 0 bad, 0 unreadable", out)
        check(m and int(m.group(2)) == games, "replay counted %s, expected %d good records:\n%s"
              % (m.group(0) if m else "nothing", games, out))


def load(path):
    with open(path) as f:
        return json.load(f)


def forfeit_run(ctx, mode, cause, extra=(), delay=1.0, every=3):
    pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
    code, out, err = ctx.run(ctx.standin("bad", mode, every=every, delay=delay * ctx.scale)
                             + ctx.ordo_engine("rnd", "random")
                             + ["-each", "tc=%g+%g" % (0.5 * ctx.scale, 0.05 * ctx.scale), "-games", "2",
                                "-rounds", "2", "-recover",
                                "-openings", "file=" + OPENINGS, "-pgnout", pgn, "-json", js]
                             + list(extra))
    check(code == 0, "exit %d, expected 0\n%s%s" % (code, out, err))
    j = load(js)
    check(j["games"] == 4 and j["complete"], "not all 4 games played: %s" % j)
    n = j["forfeits"].get("bad", {}).get(cause, 0)
    check(n >= 1, "no '%s' forfeit of the stand-in counted: %s" % (cause, j["forfeits"]))
    check(set(j["forfeits"]) == {"bad"}, "a forfeit was charged to the wrong engine: %s" % j["forfeits"])
    check(re.search(r"Forfeits of bad: .*%s %d" % (cause, n), out), "the report misses the forfeit:\n" + out)
    ctx.replay_ok(pgn, 4)


def deterministic(ctx, extra=()):
    # Search engines at depth 1 play the same game from the same opening every time.
    return (ctx.ordo_engine("a") + ctx.ordo_engine("b", "greedy")
            + ["-each", "depth=1", "-games", "2", "-rounds", "4", "-openings", "file=" + OPENINGS,
               "-maxmoves", "60"] + list(extra))


def results_of(j):
    return j["pairs"], j["terminations"]


def resume_mismatch(ctx):
    """-resume refuses records written by a command with other settings, and leaves them as they are."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(deterministic(ctx, ["-rounds", "1", "-pgnout", pgn]))
    check(code == 0, "first run failed\n" + out + err)
    before = open(pgn).read()
    for extra, words in ((["-each", "depth=2"], "TimeControl 'depth=1' in the records, 'depth=2' here"),
                         (["-variant", "ordox"], "Variant 'ordo' in the records"),
                         (["-openings", "file=" + OPENINGS, "start=2"], "FEN '"),
                         (["-maxmoves", "3"], "longer than -maxmoves 3"),
                         (["-event", "other"], "Event 'ordo-match' in the records")):
        code, out, err = ctx.run(deterministic(ctx, ["-rounds", "1", "-pgnout", pgn, "-resume"] + extra))
        check(code == 2, "%s: exit %d, expected 2\n%s%s" % (extra, code, out, err))
        check(words in err and "not resuming" in err and len(err.strip().splitlines()) == 1,
              "%s: message %r lacks %r" % (extra, err, words))
        check(open(pgn).read() == before, "%s: the refused resume changed the records" % extra)
    code, out, err = ctx.run(deterministic(ctx, ["-rounds", "1", "-pgnout", pgn, "-resume"]))
    check(code == 0 and "Resuming: 2 of 2" in out, "the same command did not resume\n" + out + err)
    # Games ended by a move limit: another limit would have ended them elsewhere.
    limited = ctx.path("limited.pgn")
    code, out, err = ctx.run(deterministic(ctx, ["-rounds", "1", "-maxmoves", "3", "-pgnout", limited]))
    check(code == 0, "move-limit run failed\n" + out + err)
    code, out, err = ctx.run(deterministic(ctx, ["-rounds", "1", "-maxmoves", "4", "-pgnout", limited, "-resume"]))
    check(code == 2 and "ended by the move limit" in err, "a changed -maxmoves was not refused\n" + out + err)


def resume_after_cut(ctx, where):
    """A writer cut off in the 7th record (inside a comment, or right after a complete tag line):
    -resume replays that game, and every later -resume, -replay and -merge sees 8 whole games."""
    full_pgn, full_js = ctx.path("full.pgn"), ctx.path("full.json")
    code, out, err = ctx.run(deterministic(ctx, ["-pgnout", full_pgn, "-json", full_js]))
    check(code == 0, "full run failed\n" + out + err)
    full = results_of(load(full_js))
    text = open(full_pgn).read()
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)] + [len(text)]
    seventh = text[starts[6]:starts[7]]
    if where == "comment":
        brace = seventh.index("{", seventh.index("\n\n") + 40)
        cut = seventh[:brace + 4]
        check("}" not in cut[brace:], "the cut is not inside a comment")
    else:
        cut = seventh[:seventh.index("[Termination ")]
    pgn, js = ctx.path("part.pgn"), ctx.path("part.json")
    with open(pgn, "w") as f:
        f.write(text[:starts[6]] + cut)
    code, out, err = ctx.run(deterministic(ctx, ["-pgnout", pgn, "-json", js, "-resume"]))
    check(code == 0, "resumed run failed\n" + out + err)
    check("Resuming: 6 of 8" in out, "resume did not find the 6 finished games:\n" + out)
    check(results_of(load(js)) == full, "resumed statistics differ")
    check(os.path.exists(pgn + ".cut") and open(pgn + ".cut").read().startswith(cut),
          "the cut-off record is not in part.pgn.cut:\n" + err)
    code, out, err = ctx.run(deterministic(ctx, ["-pgnout", pgn, "-json", js, "-resume"]))
    check(code == 0 and "Resuming: 8 of 8" in out and "Finished game" not in out,
          "a second -resume should find all 8 games:\n" + out + err)
    ctx.replay_ok(pgn, 8)
    merged_js = ctx.path("merged.json")
    code, out, err = ctx.run(["-merge", pgn, "-json", merged_js])
    check(code == 0 and results_of(load(merged_js)) == full, "merge of the resumed records differs\n" + out + err)
    # A file repaired the old way (line breaks after the cut, then the replayed game): the reader
    # skips the cut record and reads the one after it.
    old = text[:starts[6]] + cut + ("" if cut.endswith("\n") else "\n\n") + text[starts[6]:]
    with open(pgn, "w") as f:
        f.write(old)
    code, out, _ = ctx.run(["-replay", pgn])
    check(code == 1 and "8 good, 0 bad, 1 unreadable" in out, "replay should skip only the cut record:\n" + out)
    code, out, err = ctx.run(["-merge", pgn, "-json", merged_js])
    check(code == 0 and results_of(load(merged_js)) == full, "merge over the cut record differs\n" + out + err)


def scenario(ctx, name):
    if name in ("illegal", "malformed"):
        forfeit_run(ctx, name, "illegal move")
    elif name == "nomove":
        forfeit_run(ctx, "nomove", "illegal move")
    elif name == "crash":
        forfeit_run(ctx, "crash", "crash")
    elif name == "hang":
        forfeit_run(ctx, "hang", "stall", extra=["-stall", "%g" % (0.5 * ctx.scale)])
    elif name == "slow":
        # The answer comes 1.2 s late on a 0.5 s clock but well before the stall deadline.
        forfeit_run(ctx, "slow", "time forfeit", delay=1.2, every=2, extra=["-stall", "%g" % (5 * ctx.scale)])
    elif name == "crash_norecover":
        pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
        code, out, err = ctx.run(ctx.standin("bad", "crash") + ctx.ordo_engine("rnd", "random")
                                 + ["-each", "depth=1", "-games", "2", "-rounds", "3", "-pgnout", pgn, "-json", js])
        check(code == 3, "exit %d, expected 3 (an engine failed without -recover)\n%s%s" % (code, out, err))
        check("-recover" in out, "the stop reason does not point to -recover:\n" + out)
        j = load(js)
        check(not j["complete"] and j["games"] < 6, "the tournament went on: %s" % j)
        check(j["forfeits"]["bad"]["crash"] >= 1, "crash not counted")
    elif name == "startfail":
        code, out, err = ctx.run(ctx.standin("bad", "startfail") + ctx.ordo_engine("rnd", "random")
                                 + ["-each", "depth=1"])
        check(code == 3, "exit %d, expected 3\n%s%s" % (code, out, err))
        check("bad" in err and "uciok" in err, "unclear start failure message: %r" % err)
    elif name == "option_value":
        # A value outside the option's announced type or range stops the run before any game, with
        # one line naming the engine, the option and what it allows.
        for opt, words in (("option.Hash=abc", "error: bad: option 'Hash' = 'abc' refused: expects an integer from 1 to "),
                           ("option.Hash=0", "error: bad: option 'Hash' = '0' refused: expects an integer from 1 to "),
                           ("option.Ponder=yes", "error: bad: option 'Ponder' = 'yes' refused: expects true or false"),
                           ("option.Play Mode=fastest", "error: bad: option 'Play Mode' = 'fastest' refused: "
                                                        "expects one of: search, random, greedy")):
            js = ctx.path("v.json")
            code, out, err = ctx.run(ctx.ordo_engine("good") + ctx.ordo_engine("bad") + [opt, "-each", "depth=1",
                                                                                          "-json", js])
            check(code == 3, "%s: exit %d, expected 3\n%s%s" % (opt, code, out, err))
            lines = err.strip().splitlines()
            check(len(lines) == 1 and lines[0].startswith(words), "%s: message %r, expected one line %r" % (opt, err, words))
            check("Finished game" not in out, "%s: a game was played:\n%s" % (opt, out))
        # Values of the right type, in another case, are accepted and the games are played.
        code, out, err = ctx.run(ctx.ordo_engine("good") + ctx.ordo_engine("bad", "GREEDY")
                                 + ["option.Ponder=TRUE", "option.Hash=1", "-each", "depth=1"])
        check(code == 0, "good values: exit %d, expected 0\n%s%s" % (code, out, err))
    elif name == "resume":
        full_pgn, full_js = ctx.path("full.pgn"), ctx.path("full.json")
        code, out, err = ctx.run(deterministic(ctx, ["-pgnout", full_pgn, "-json", full_js]))
        check(code == 0, "full run failed\n" + out + err)
        full = load(full_js)
        # An interrupted writer: the first three records and half of the fourth.
        text = open(full_pgn).read()
        starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)]
        cut = text[:starts[3]] + text[starts[3]:starts[4]][:200]
        part_pgn, part_js = ctx.path("part.pgn"), ctx.path("part.json")
        with open(part_pgn, "w") as f:
            f.write(cut)
        code, out, err = ctx.run(deterministic(ctx, ["-pgnout", part_pgn, "-json", part_js, "-resume"]))
        check(code == 0, "resumed run failed\n" + out + err)
        check("Resuming: 3 of 8" in out, "resume did not find the 3 finished games:\n" + out)
        check(len(re.findall(r"^Finished game", out, re.M)) == 5, "resume did not play exactly 5 games:\n" + out)
        check(results_of(load(part_js)) == results_of(full),
              "resumed statistics differ:\n%s\n%s" % (load(part_js), full))
        check(os.path.exists(part_pgn + ".cut") and open(part_pgn + ".cut").read().startswith(cut[starts[3]:]),
              "the cut-off record was not moved to part.pgn.cut:\n" + err)
        ctx.replay_ok(part_pgn, 8)
    elif name == "resume_mismatch":
        resume_mismatch(ctx)
    elif name in ("resume_cut_comment", "resume_cut_tags"):
        resume_after_cut(ctx, "comment" if name == "resume_cut_comment" else "tags")
    elif name == "interrupt":
        pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
        args = (ctx.ordo_engine("a", "random", 1) + ctx.ordo_engine("b", "random", 2)
                + ["-each", "st=0.02", "timemargin=1000", "-games", "2", "-rounds", "8", "-pgnout", pgn, "-json", js])
        p = subprocess.Popen([ctx.match] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = []
        for line in p.stdout:
            lines.append(line)
            if line.startswith("Finished game"):
                break
        p.send_signal(signal.SIGINT)
        rest, err = p.communicate(timeout=30 * ctx.scale)
        out = "".join(lines) + rest
        check(p.returncode == 130, "exit %s after SIGINT, expected 130\n%s%s" % (p.returncode, out, err))
        check("continue with -resume" in out, "no resume hint:\n" + out)
        done = load(js)["games"]
        check(1 <= done < 16, "games after the interrupt: %d" % done)
        code, out, err = ctx.run(args + ["-resume"])
        check(code == 0, "resume failed\n" + out + err)
        j = load(js)
        check(j["games"] == 16 and j["complete"], "resumed tournament incomplete: %s" % j)
        ctx.replay_ok(pgn, 16)
    elif name == "shard_merge":
        full_js = ctx.path("full.json")
        code, out, err = ctx.run(deterministic(ctx, ["-json", full_js]))
        check(code == 0, "full run failed\n" + out + err)
        shards = []
        for i in (1, 2):
            pgn = ctx.path("shard%d.pgn" % i)
            code, out, err = ctx.run(deterministic(ctx, ["-shard", "%d/2" % i, "-pgnout", pgn]))
            check(code == 0, "shard %d failed\n%s%s" % (i, out, err))
            check("Games finished: 4 of 4" in out, "shard %d did not play half the games:\n%s" % (i, out))
            shards.append(pgn)
        merged_js, merged_pgn = ctx.path("merged.json"), ctx.path("merged.pgn")
        code, out, err = ctx.run(["-merge"] + shards + ["-pgnout", merged_pgn, "-json", merged_js])
        check(code == 0, "merge failed\n" + out + err)
        check(results_of(load(merged_js)) == results_of(load(full_js)),
              "merged statistics differ:\n%s\n%s" % (load(merged_js), load(full_js)))
        ctx.replay_ok(merged_pgn, 8)
        numbers = [int(n) for n in re.findall(r'\[GameNumber "(\d+)"\]', open(merged_pgn).read())]
        check(numbers == list(range(1, 9)), "merged records not in game order: %s" % numbers)
    elif name == "sprt":
        js = ctx.path("g.json")
        code, out, err = ctx.run(ctx.ordo_engine("strong") + ctx.ordo_engine("weak", "random")
                                 + ["-each", "depth=2", "-games", "2", "-rounds", "100", "-concurrency", "2",
                                    "-openings", "file=" + OPENINGS, "-sprt", "elo0=0", "elo1=100", "-json", js])
        check(code == 0, "exit %d\n%s%s" % (code, out, err))
        j = load(js)
        check(j["stop_reason"] == "SPRT decision" and j["games"] < 200, "no early SPRT stop: %s" % j)
        check(j["pairs"][0]["sprt"]["decision"] == "H1", "SPRT did not accept H1: %s" % j["pairs"][0])
        check("H1 accepted" in out and "LLR:" in out, "the report misses the SPRT line:\n" + out)
    elif name == "selftest":
        # At a fixed node count the engine is deterministic, so each game of one order is the same
        # game in the other with the names swapped: NAME-A scores exactly half, whatever the seats do.
        js = ctx.path("g.json")
        code, out, err = ctx.run(["-selftest", "cmd=" + ctx.ordo, "name=x", "nodes=300", "-rounds", "6",
                                  "-openings", "file=" + OPENINGS, "-json", js, "-maxmoves", "60"])
        check(code in (0, 4), "exit %d\n%s%s" % (code, out, err))
        j = load(js)
        check(j["engines"] == ["x-A", "x-B"] and j["games"] == 24, "not 2 x 12 games of x-A and x-B: %s" % j)
        a = j["name_a"]
        check(a["score"] == 0.5 and a["wins"] == a["losses"], "identical games did not split evenly: %s" % a)
        check(j["verdict"] in ("even", "leans", "undecided") and (code == 4) == (j["verdict"] == "leans"),
              "verdict and exit status disagree: %s, exit %d" % (j["verdict"], code))
        figures = j["engine_figures"]
        check(figures["x-A"]["moves"] == figures["x-B"]["moves"] > 0, "unequal move counts: %s" % figures)
        check("First-listed seat:" in out and "x-A:" in out and "Verdict:" in out and "Part 6 of 6" in out,
              "the self-test's report is incomplete:\n" + out)
        code, out, err = ctx.run(["-selftest", "cmd=" + ctx.ordo, "depth=1", "-pgnout", ctx.path("g.pgn")])
        check(code == 2 and "-selftest takes no -pgnout" in err, "-selftest -pgnout: exit %d\n%s" % (code, err))
    elif name == "pair_atomic":
        # Stopped at any moment, the records hold whole pairs only (but for the unfinished pairs'
        # games a SIGTERM'd runner writes alone, whose partners -resume plays) and the -json
        # summary counts exactly the games of the records' first records_bytes bytes: all of them
        # after SIGTERM (the runner finishes its writes), all but at most the last pair after
        # SIGKILL (which may fall between a pair's append and the summary's rewrite). A resumed
        # run's summary counts the earlier games too.
        pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
        run = [ctx.match] + ctx.ordo_engine("a", "random", 1) + ctx.ordo_engine("b", "random", 2) + \
            ["-each", "depth=1", "-rounds", "400", "-concurrency", "2", "-openings", "file=" + OPENINGS,
             "-pgnout", pgn, "-json", js, "-quiet"]
        games_before, written_alone = 0, set()
        for how, extra in ((signal.SIGKILL, []), (signal.SIGTERM, ["-resume"]), (signal.SIGKILL, ["-resume"])):
            p = subprocess.Popen(run + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60 * ctx.scale
            while time.monotonic() < deadline:
                try:
                    if load(js)["games"] >= games_before + 10:
                        break
                except (OSError, ValueError):
                    pass
                time.sleep(0.05)
            p.send_signal(how)
            p.wait()
            data = open(pgn, "rb").read()
            pairs = re.findall(rb'\[Pair "(\d+)"\]', data)
            check(len(pairs) >= games_before + 10, "too few games before the %s: %d" % (how.name, len(pairs)))
            counts = {n: pairs.count(n) for n in pairs}
            alone = {n for n, c in counts.items() if c == 1}
            if how == signal.SIGTERM:
                written_alone |= alone
            check(all(c <= 2 for c in counts.values()) and alone <= written_alone,
                  "a pair is split in the records after %s: %s" % (how.name, counts))
            j = load(js)
            covered = len(re.findall(rb'\[Pair "(\d+)"\]', data[:j["records_bytes"]]))
            check(j["games"] == covered and j["complete"] is False and j["records_bytes"] <= len(data),
                  "after %s the summary counts %d games, its records_bytes %d (of %d) hold %d"
                  % (how.name, j["games"], j["records_bytes"], len(data), covered))
            lag = len(pairs) - covered
            check(lag == 0 if how == signal.SIGTERM else lag in (0, 2),
                  "after %s the summary is %d games behind the records" % (how.name, lag))
            games_before = len(pairs)
    elif name in ("round_robin", "gauntlet"):
        js = ctx.path("g.json")
        code, out, err = ctx.run(ctx.ordo_engine("search") + ctx.ordo_engine("greedy", "greedy")
                                 + ctx.ordo_engine("random", "random")
                                 + ["-each", "depth=1", "-games", "2", "-rounds", "1", "-tournament",
                                    name.replace("_", "-"), "-json", js, "-maxmoves", "80"])
        check(code == 0, "exit %d\n%s%s" % (code, out, err))
        j = load(js)
        expect = 6 if name == "round_robin" else 4
        check(j["games"] == expect, "%d games, expected %d" % (j["games"], expect))
        check("Crosstable" in out and re.search(r"^\s+1 \S+", out, re.M), "no crosstable:\n" + out)
        if name == "gauntlet":
            check(all(p["engine"] == "search" for p in j["pairs"]), "gauntlet pairs wrong: %s" % j["pairs"])
    elif name == "adjudication":
        js, pgn = ctx.path("g.json"), ctx.path("g.pgn")
        code, out, err = ctx.run(ctx.ordo_engine("strong") + ctx.ordo_engine("weak", "random")
                                 + ["-each", "depth=2", "-games", "2", "-rounds", "2", "-resign", "movecount=1",
                                    "score=300", "-pgnout", pgn, "-json", js, "-openings", "file=" + OPENINGS])
        check(code == 0, "exit %d\n%s%s" % (code, out, err))
        ctx.replay_ok(pgn, 4)
        code, out, err = ctx.run(deterministic(ctx, ["-maxmoves", "3", "-json", js]))
        j = load(js)
        check(j["terminations"].get("move limit", 0) >= 1, "no move-limit draw: %s" % j["terminations"])
    elif name == "replay_bad":
        pgn = ctx.path("g.pgn")
        code, out, err = ctx.run(deterministic(ctx, ["-pgnout", pgn, "-rounds", "1"]))
        check(code == 0, "run failed\n" + out + err)
        text = open(pgn).read()
        bad = text.replace('[Result "1-0"]', '[Result "0-1"]', 1) if '[Result "1-0"]' in text else \
            text.replace('[Result "0-1"]', '[Result "1-0"]', 1)
        with open(pgn, "w") as f:
            f.write(bad)
        code, out, _ = ctx.run(["-replay", pgn])
        check(code == 1 and "1 bad" in out and "Result" in out, "the changed result was not caught:\n" + out)
    elif name == "usage":
        for args, words in ([[], "at least two"], [["-engine", "cmd=x", "-engine", "cmd=y"], "time control"],
                            [["-rounds", "x"], "integer"], [["-bogus"], "unknown option"],
                            [["-engine", "cmd=x", "tc=abc"], "bad time control"],
                            [ctx.ordo_engine("a") + ctx.ordo_engine("b") + ["-each", "depth=1", "-sprt", "elo0=5", "elo1=0"],
                             "elo0 must be below"],
                            [ctx.ordo_engine("a") + ctx.ordo_engine("b") + ["-each", "depth=1", "-openings",
                                                                            "file=/nonexistent"], "cannot open"],
                            [ctx.ordo_engine("a") + ctx.ordo_engine("b") + ["-each", "depth=1", "option.Nope=1"],
                             "no option 'Nope'"]):
            code, out, err = ctx.run(args)
            check(code in (2, 3), "%s: exit %d, expected a usage or engine error" % (args, code))
            check(words in err, "%s: message %r lacks %r" % (args, err, words))
    else:
        raise Failure("unknown scenario " + name)


def run_scenario_main(scenario, prefix, errors=(Failure, subprocess.TimeoutExpired)):
    """The command line of a scenario runner (--match, --ordo, --scenario, --time-scale): runs
    scenario(ctx, name) in a temporary folder named from `prefix`, prints one PASS or FAIL line and
    returns the exit status; an exception of `errors` is a failure."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--match", required=True)
    ap.add_argument("--ordo", required=True)
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--time-scale", type=float, default=1.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        t0 = time.monotonic()
        try:
            scenario(Ctx(args, tmp), args.scenario)
        except errors as e:
            print("FAIL %s: %s: %s" % (args.scenario, type(e).__name__, e))
            return 1
        print("PASS %s (%.1f s)" % (args.scenario, time.monotonic() - t0))
        return 0


def main():
    return run_scenario_main(scenario, "ordo-match-test-")


if __name__ == "__main__":
    sys.exit(main())
