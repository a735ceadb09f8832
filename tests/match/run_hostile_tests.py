#!/usr/bin/env python3
"""build/ordo-match against hostile files and command lines: outputs that are not regular files,
two outputs that are one file, a full disk under -merge, schedules of billions of games, records of
another tournament under -merge, records starting with a byte order mark, numbers out of range, an
engine name that is not UTF-8.

    run_hostile_tests.py --match BIN --ordo BIN --scenario NAME [--time-scale K]

Scenarios: live_fifo, one_file, merge_full_disk, records_full_disk, log_full_disk, huge_schedule,
merge_foreign, bom, json_bytes.
"""
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import threading
import time

from match_summary import results_only
from run_match_tests import OPENINGS, Ctx, Failure, check, load, run_scenario_main


def quick(ctx, extra=(), rounds=1, names=("a", "b"), variant="ordo"):
    """Two search engines at depth 1: a short, deterministic tournament."""
    return (ctx.ordo_engine(names[0]) + ctx.ordo_engine(names[1], "greedy")
            + ["-each", "depth=1", "-games", "2", "-rounds", str(rounds), "-variant", variant,
               "-maxmoves", "40"] + list(extra))


def one_error_line(err, *words):
    lines = err.strip().splitlines()
    check(len(lines) >= 1 and all(w in lines[0] for w in words),
          "expected an error line naming %s, got %r" % (words, err))


def file_size_limit(limit):
    """A preexec_fn: files the child writes are capped at `limit` bytes, as on a full disk (the
    write fails with EFBIG instead of killing the child with SIGXFSZ)."""
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def run_limited(ctx, args, limit, timeout=120):
    p = subprocess.run([ctx.match] + args, capture_output=True, text=True, timeout=timeout * ctx.scale,
                       preexec_fn=file_size_limit(limit))
    return p.returncode, p.stdout, p.stderr


def live_fifo(ctx):
    """-live naming a FIFO (or a device) is refused at start, before any game; the FIFO stays one."""
    fifo = ctx.path("live.fifo")
    os.mkfifo(fifo)
    code, out, err = ctx.run(quick(ctx, ["-live", fifo]), timeout=60)
    check(code == 2, "-live FIFO: exit %d, expected 2\n%s%s" % (code, out, err))
    one_error_line(err, "-live", fifo, "FIFO")
    check("Finished game" not in out, "games were played:\n" + out)
    check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced by a %o" % os.lstat(fifo).st_mode)
    # A device is refused the same way, before anything is written (nothing is renamed over it).
    code, out, err = ctx.run(quick(ctx, ["-live", "/dev/full"]), timeout=60)
    check(code == 2 and "character device" in err and "Finished game" not in out,
          "-live /dev/full: exit %d\n%s%s" % (code, out, err))
    check(stat.S_ISCHR(os.lstat("/dev/full").st_mode), "/dev/full is no longer a device")
    for option in ("-json", "-log", "-pgnout"):
        code, out, err = ctx.run(quick(ctx, [option, fifo]), timeout=60)
        check(code == 2 and option in err and "FIFO" in err and "Finished game" not in out,
              "%s FIFO: exit %d\n%s%s" % (option, code, out, err))
        check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "%s replaced the FIFO" % option)


def one_file(ctx):
    """Two outputs naming one file are refused at start, whatever the spelling of the path;
    an output naming the openings file too."""
    pgn = ctx.path("x.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn]))
    check(code == 0, "first run failed\n" + out + err)
    before = open(pgn).read()
    other = os.path.join(ctx.tmp, ".", "x.pgn")
    os.link(pgn, ctx.path("hard.pgn"))
    for option, path in (("-live", pgn), ("-json", pgn), ("-log", other), ("-json", ctx.path("hard.pgn"))):
        code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn, "-resume", option, path]), timeout=60)
        check(code == 2, "-pgnout X %s X: exit %d, expected 2\n%s%s" % (option, code, out, err))
        one_error_line(err, "-pgnout", option, "same file")
        check("Finished game" not in out, "games were played:\n" + out)
        check(open(pgn).read() == before, "-pgnout X %s X changed the records" % option)
    new = ctx.path("new.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", new, "-live", new]), timeout=60)
    check(code == 2 and "same file" in err and not os.path.exists(new),
          "-pgnout NEW -live NEW: exit %d\n%s%s" % (code, out, err))
    book = ctx.path("book.epd")
    with open(OPENINGS) as src, open(book, "w") as dst:
        dst.write(src.read())
    code, out, err = ctx.run(quick(ctx, ["-openings", "file=" + book, "-pgnout", book]), timeout=60)
    check(code == 2 and "same file" in err and "-openings" in err, "-pgnout over the openings: exit %d\n%s%s"
          % (code, out, err))


def merge_full_disk(ctx):
    """-merge never writes over one of its inputs, and a merged output that cannot be written whole
    (a full disk: a file size limit) leaves the old file as it was."""
    shards = []
    for i in (1, 2):
        pgn = ctx.path("s%d.pgn" % i)
        code, out, err = ctx.run(quick(ctx, ["-shard", "%d/2" % i, "-pgnout", pgn], rounds=2))
        check(code == 0, "shard %d failed\n%s%s" % (i, out, err))
        shards.append(pgn)
    texts = [open(p).read() for p in shards]
    limit = max(len(t) for t in texts) + 100  # each shard fits, the merged file does not
    code, out, err = run_limited(ctx, ["-merge"] + shards + ["-pgnout", shards[0]], limit)
    check(code == 2, "-merge a b -pgnout a: exit %d, expected 2\n%s%s" % (code, out, err))
    one_error_line(err, "same file", shards[0])
    check([open(p).read() for p in shards] == texts, "-merge a b -pgnout a changed an input")
    # Another output on a full disk: exit 2, one line, the old content intact, no temporary file.
    old = ctx.path("all.pgn")
    with open(old, "w") as f:
        f.write("; the old merged file\n")
    for option in ("-pgnout", "-json"):
        code, out, err = run_limited(ctx, ["-merge"] + shards + [option, old], limit if option == "-pgnout" else 200)
        check(code == 2, "-merge on a full disk (%s): exit %d, expected 2\n%s%s" % (option, code, out, err))
        check(option in err and "cannot" in err, "no error line naming %s:\n%s" % (option, err))
        check(open(old).read() == "; the old merged file\n", "the full disk cut %s's old file" % option)
    left = sorted(n for n in os.listdir(ctx.tmp) if n.startswith("."))
    check(not left, "temporary files left behind: %s" % left)


def records_full_disk(ctx):
    """A record that cannot be written (a full disk) stops the tournament with exit 2 and a line; the
    -json summary (a small file, written whole) says it is incomplete."""
    pgn, js = ctx.path("g.pgn"), ctx.path("g.json")
    with open(pgn, "w") as f:
        f.write("; " + "x" * 6000 + "\n")  # not a record: kept, and the next write crosses the limit
    code, out, err = run_limited(ctx, quick(ctx, ["-pgnout", pgn, "-json", js], rounds=2), 6200)
    check(code == 2, "a failed record write: exit %d, expected 2\n%s%s" % (code, out, err))
    check("cannot write game" in err, "no error line:\n" + err)
    check(load(js)["complete"] is False, "the JSON claims a complete tournament")


def log_full_disk(ctx):
    """A -log that cannot be written any more (a full disk) warns once; the tournament goes on and
    ends as without the log."""
    code, expected, err = ctx.run(quick(ctx, ["-quiet"], rounds=2))
    check(code == 0, "run failed\n" + expected + err)
    log = ctx.path("g.log")
    with open(log, "w") as f:
        f.write("x" * 6000 + "\n")
    code, out, err = run_limited(ctx, quick(ctx, ["-quiet", "-log", log], rounds=2), 6200)
    lines = err.strip().splitlines()
    check(code == 0, "a failing -log: exit %d, expected 0\n%s%s" % (code, out, err))
    check(len(lines) == 1 and lines[0].startswith("warning:") and log in lines[0] and "goes on" in lines[0],
          "expected one warning line, got %r" % err)
    check(results_only(out) == results_only(expected),
          "a failing -log changed the results:\n%s\nvs\n%s" % (out, expected))


def huge_schedule(ctx):
    """-rounds 10000000 -games 1000 (both in range): ten billion games are planned, the first ones
    are played at once (the schedule is not listed up front), and an interrupt stops the run."""
    args = quick(ctx, ["-maxmoves", "10"], rounds=10000000)
    args[args.index("-games") + 1] = "1000"
    def cap_memory():
        # A schedule listed up front fails here at once instead of filling a shared machine's
        # memory (not under the sanitizers, which reserve terabytes of address space).
        if ctx.scale == 1:
            resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    p = subprocess.Popen([ctx.match] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=cap_memory)
    lines, deadline = [], time.monotonic() + 60 * ctx.scale

    def read():
        for line in p.stdout:
            lines.append(line)

    t = threading.Thread(target=read)
    t.start()
    while time.monotonic() < deadline and p.poll() is None and not any("Finished game 2 " in l for l in lines):
        time.sleep(0.02)
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=60 * ctx.scale)
    finally:
        if p.poll() is None:
            p.kill()
    t.join()
    err = p.stderr.read()
    out = "".join(lines)
    check(p.returncode == 130, "exit %s, expected 130 (interrupted)\n%s%s" % (p.returncode, out[-2000:], err))
    check("[2/10000000000]" in out and "of 10000000000 games are in the records" in out,
          "the ten billion games were not planned or played:\n" + out[-2000:])


def bom(ctx):
    """A byte order mark (an editor's "UTF-8 with BOM") at the start of a records or openings file
    is skipped: the first record and the first opening are read; a GameNumber "2abc" is refused."""
    pgn = ctx.path("g.pgn")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn]))
    check(code == 0, "run failed\n" + out + err)
    text = open(pgn, "rb").read()
    marked = ctx.path("bom.pgn")
    with open(marked, "wb") as f:
        f.write(b"\xef\xbb\xbf" + text)
    code, out, err = ctx.run(["-replay", marked])
    check(code == 0 and "2 good, 0 bad, 0 unreadable" in out, "-replay of a file with a BOM:\n" + out + err)
    code, out, err = ctx.run(["-merge", marked])
    check(code == 0 and "Merged 2 games" in out, "-merge of a file with a BOM:\n" + out + err)
    book = ctx.path("book.epd")
    with open(OPENINGS, "rb") as src, open(book, "wb") as dst:
        dst.write(b"\xef\xbb\xbf" + src.read())
    code, out, err = ctx.run(quick(ctx, ["-openings", "file=" + book]))
    check(code == 0, "openings with a BOM:\n" + out + err)
    junk = ctx.path("junk.pgn")
    with open(junk, "wb") as f:
        f.write(text.replace(b'[GameNumber "2"]', b'[GameNumber "2abc"]'))
    code, out, err = ctx.run(["-replay", junk])
    check(code == 1 and "GameNumber '2abc' is not a positive integer" in out, "-replay of GameNumber 2abc:\n" + out)
    code, out, err = ctx.run(["-merge", junk])
    check(code == 2 and "without a valid GameNumber" in err, "-merge of GameNumber 2abc:\n" + out + err)


def merge_foreign(ctx):
    """-merge refuses records of another tournament than the first file's, in one line naming the
    file and the first difference: another variant, engines, time control or event."""
    def shard(name, index, extra=(), names=("a", "b"), variant="ordo"):
        pgn = ctx.path(name)
        code, out, err = ctx.run(quick(ctx, ["-shard", "%d/2" % index, "-pgnout", pgn] + list(extra), rounds=2,
                                       names=names, variant=variant))
        check(code == 0, "%s failed\n%s%s" % (name, out, err))
        return pgn
    first, second = shard("s1.pgn", 1), shard("s2.pgn", 2)
    code, out, err = ctx.run(["-merge", first, second])
    check(code == 0 and "Merged 4 games" in out, "the two shards of one tournament do not merge:\n" + out + err)
    others = [(shard("x.pgn", 2, names=("x", "y"), variant="ordox"), "Variant 'ordox' here, 'ordo' in"),
              (shard("xy.pgn", 2, names=("x", "y")), "engines 'x', 'y' here, none of 'a', 'b'"),
              (shard("tc.pgn", 2, ["-each", "depth=2"]), "the time control of "),
              (shard("ev.pgn", 2, ["-event", "other"]), "Event 'other' here, 'ordo-match' in")]
    for other, why in others:
        js = ctx.path("m.json")
        code, out, err = ctx.run(["-merge", first, other, "-json", js])
        lines = err.strip().splitlines()
        check(code == 2 and len(lines) == 1 and os.path.basename(other) in lines[0] and why in lines[0]
              and "another tournament" in lines[0], "-merge %s %s: exit %d, expected one line naming %r\n%s%s"
              % (first, other, code, why, out, err))
        check(not os.path.exists(js) and "Games finished" not in out, "a report was made:\n" + out)


def json_bytes(ctx):
    """An engine name holding a byte that is not UTF-8 (0xFF): every JSON document ordo-match writes
    (-json of a tournament, of -merge and of -selftest, and -live) is strict UTF-8 JSON, the byte
    written as U+FFFD."""
    odd = os.fsdecode(b"A\xffB")  # passed to the program as the byte 0xFF

    def strict(path):
        text = open(path, "rb").read().decode("utf-8")  # raises on invalid UTF-8
        def no_twice(pairs):
            keys = [k for k, _ in pairs]
            check(len(keys) == len(set(keys)), "%s: a name twice in one object: %r" % (path, keys))
            return dict(pairs)
        return json.loads(text, object_pairs_hook=no_twice)

    pgn, js, live = ctx.path("g.pgn"), ctx.path("t.json"), ctx.path("live.json")
    code, out, err = ctx.run(quick(ctx, ["-pgnout", pgn, "-json", js, "-live", live], names=(odd, "b")))
    check(code == 0, "run failed\n" + out + err)
    report = strict(js)
    check(report["engines"] == ["A\ufffdB", "b"], "-json engines: %r" % report["engines"])
    check("A\ufffdB" in report["engine_figures"], "-json engine_figures: %r" % list(report["engine_figures"]))
    check(strict(live)["tournament"]["engines"] == ["A\ufffdB", "b"], "-live engines")
    merged = ctx.path("m.json")
    code, out, err = ctx.run(["-merge", pgn, "-json", merged])
    check(code == 0, "-merge failed\n" + out + err)
    check(strict(merged)["engines"] == ["A\ufffdB", "b"], "-merge -json engines")
    st = ctx.path("st.json")
    code, out, err = ctx.run(["-selftest", "cmd=" + ctx.ordo, "name=" + odd, "-each", "depth=1", "-rounds", "2",
                              "-games", "2", "-variant", "ordo", "-maxmoves", "40", "-json", st])
    check(code in (0, 4), "-selftest failed\n" + out + err)
    check(strict(st)["engines"] == ["A\ufffdB-A", "A\ufffdB-B"], "-selftest engines: %r" % strict(st)["engines"])


def scenario(ctx, name):
    table = {
        "live_fifo": live_fifo, "one_file": one_file, "merge_full_disk": merge_full_disk,
        "records_full_disk": records_full_disk, "huge_schedule": huge_schedule,
        "bom": bom, "merge_foreign": merge_foreign, "log_full_disk": log_full_disk, "json_bytes": json_bytes,
    }
    if name not in table:
        raise Failure("unknown scenario " + name)
    table[name](ctx)


def main():
    return run_scenario_main(scenario, "ordo-hostile-test-", (Failure, subprocess.TimeoutExpired, ValueError, KeyError,
                                                 json.JSONDecodeError, OSError))


if __name__ == "__main__":
    sys.exit(main())
