"""Submitting a job array and its merge job to Slurm, and waiting for them: the part that
scripts/slurm_tournament and scripts/slurm_selfplay share (and scripts/slurm_spsa, whose batches
are tournaments of slurm_tournament).

A run's jobs live in one folder J on a filesystem every node sees (a tournament's DIR, a data
set's DIR/slurm). J/task.sh is the array's batch script (task I does shard I of N), J/merge.sh
the merge job's, which starts when every task has ended (afterany) and decides whether the run is
complete: it writes J/merge.exit (0 complete, else not) and J/report.txt. Slurm's output goes to
J/logs/. Jobs of J are recognised in squeue by their batch script's path, so a second submission
while the first still runs is refused instead of playing the same shard twice.
"""
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# sbatch options the scripts set themselves.
RESERVED_SBATCH = ("--array", "-a", "--dependency", "-d", "--output", "-o", "--error", "-e", "--wait", "-W",
                   "--parsable", "--chdir", "-D", "--open-mode")


class UsageError(Exception):
    """Bad arguments: one line saying which."""


class SlurmError(Exception):
    """A Slurm command failed: one line saying which and why."""


def say(text):
    print(text, flush=True)


def parse_front_end(argv, prog, extra_flags=()):
    """The command line shared by the two front ends:
        --shards N --out DIR [--sbatch-arg ARG]... [--tasks LIST] [--wait] [--poll S] -- ARGS...
    (or --merge DIR). Returns a dict; `extra_flags` are other flags taking one value."""
    opts = {"shards": None, "out": None, "sbatch": [], "tasks": None, "wait": False, "merge": None,
            "poll": 5.0, "rest": []}
    for f in extra_flags:
        opts[f.lstrip("-").replace("-", "_")] = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            opts["rest"] = argv[i + 1:]
            break
        name, eq, inline = a.partition("=")
        takes = ("--shards", "--out", "--sbatch-arg", "--tasks", "--merge", "--poll") + tuple(extra_flags)
        if name in takes:
            if eq:
                value = inline
            else:
                if i + 1 >= len(argv):
                    raise UsageError("%s needs a value" % name)
                value = argv[i + 1]
                i += 1
            if name == "--sbatch-arg":
                opts["sbatch"].append(value)
            else:
                opts[name.lstrip("-").replace("-", "_")] = value
        elif a == "--wait":
            opts["wait"] = True
        elif a in ("-h", "--help"):
            opts["help"] = True
            return opts
        else:
            raise UsageError("unexpected '%s' (the %s arguments come after '--')" % (a, prog))
        i += 1
    if opts["merge"] is not None:
        return opts
    if opts["shards"] is None or not re.fullmatch(r"[1-9]\d*", opts["shards"]):
        raise UsageError("--shards N (a positive number) is required")
    opts["shards"] = int(opts["shards"])
    if not opts["out"]:
        raise UsageError("--out DIR is required")
    check_out_path(opts["out"])
    try:
        opts["poll"] = float(opts["poll"])
    except ValueError:
        raise UsageError("--poll takes seconds")
    if opts["tasks"] is not None:
        opts["task_list"] = parse_tasks(opts["tasks"], opts["shards"])
    check_sbatch_args(opts["sbatch"])
    return opts


def check_out_path(out):
    """A run's folder goes into batch scripts: refused when it holds a character they would need to quote."""
    if re.search(r'["$`\\\n]', out):
        raise UsageError("--out: the folder's path must not hold \", $, `, \\ or a line break")


def check_sbatch_args(sbatch_args):
    """--sbatch-arg words that set what the scripts set themselves are refused."""
    for s in sbatch_args:
        flag = s.split("=", 1)[0] if s.startswith("--") else s[:2]
        if flag in RESERVED_SBATCH:
            raise UsageError("--sbatch-arg %s: the script sets %s itself" % (s, flag))


def parse_tasks(text, shards):
    """'2', '1,3', '2-5' → sorted task numbers within 1..shards."""
    out = set()
    for part in text.split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part.strip())
        if not m:
            raise UsageError("--tasks takes numbers and ranges such as 2,5-7, not '%s'" % text)
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if not 1 <= lo <= hi <= shards:
            raise UsageError("--tasks %s: tasks are 1 to %d" % (text, shards))
        out.update(range(lo, hi + 1))
    return sorted(out)


def array_spec(tasks):
    """Slurm's --array value for sorted task numbers (ranges joined)."""
    parts, start = [], None
    for k, t in enumerate(tasks):
        if start is None:
            start = t
        if k + 1 == len(tasks) or tasks[k + 1] != t + 1:
            parts.append(str(start) if start == t else "%d-%d" % (start, t))
            start = None
    return ",".join(parts)


def has_sbatch_flag(sbatch_args, long_flag, short_flag):
    return any((s.split("=", 1)[0] if s.startswith("--") else s[:2]) in (long_flag, short_flag)
               for s in sbatch_args)


# Slurm sends SIGTERM to every process of a cancelled, preempted or timed-out job at once. An
# engine killed that way before the runner notices the signal would be recorded as an engine
# crash, a finished game that -resume counts. So the task's program (and the runner and engines
# it starts) run with SIGTERM blocked, and the batch script passes the cancellation on as SIGINT
# to that program alone: it stops its games cleanly, and they are played again on resume.
SHIELD = ("import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM}); "
          "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])")


def shielded_lines(command):
    """Batch-script lines running `command` (a shell word string) as described above, its exit
    status in $rc."""
    return [
        "%s -c %s %s &" % (shlex.quote(sys.executable), shlex.quote(SHIELD), command),
        "pid=$!",
        """trap 'kill -INT "$pid" 2>/dev/null' TERM INT""",
        'wait "$pid"; rc=$?',
        'while kill -0 "$pid" 2>/dev/null; do wait "$pid"; rc=$?; done',
    ]


def write_script(path, lines):
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(path + ".tmp", 0o755)
    os.replace(path + ".tmp", path)


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        raise SlurmError("'%s' not found: is Slurm installed (Debian: slurm-client)?" % cmd[0])
    if p.returncode != 0:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        raise SlurmError("%s failed (exit %d): %s" % (cmd[0], p.returncode, msg[-1] if msg else "no output"))
    return p.stdout


def sbatch(args):
    out = run(["sbatch", "--parsable"] + args).strip()
    m = re.match(r"(\d+)", out)
    if not m:
        raise SlurmError("sbatch printed no job id: %r" % out)
    return m.group(1)


def jobs_of(out_dir):
    """[(job id, state)] of the queued or running jobs whose batch script lies in out_dir."""
    out = run(["squeue", "-h", "-o", "%i|%T|%o"])
    jobs = []
    for line in out.splitlines():
        parts = line.split("|", 2)
        if len(parts) == 3 and os.path.dirname(parts[2]) == out_dir:
            jobs.append((parts[0], parts[1]))
    return jobs


def states_of(job_id):
    """The states of a job's (or array's) tasks still known to squeue, e.g. {'RUNNING': 2}."""
    try:
        out = run(["squeue", "-h", "-r", "-j", job_id, "-o", "%T"])
    except SlurmError as e:
        if "Invalid job id" in str(e):
            return {}
        raise
    states = {}
    for s in out.split():
        states[s] = states.get(s, 0) + 1
    return states


def submit(out_dir, tasks, sbatch_args, cwd, name, merge_cpus=None):
    """Submits DIR/task.sh as an array of `tasks` and DIR/merge.sh after it (with merge_cpus
    CPUs when given, else as the tasks). Returns (array id, merge id)."""
    busy = jobs_of(out_dir)
    if busy:
        raise UsageError("jobs of %s are still queued or running (%s); wait for them or scancel them first"
                         % (out_dir, ", ".join("%s %s" % j for j in busy)))
    for f in ("merge.exit", "report.txt"):
        if os.path.exists(os.path.join(out_dir, f)):
            os.remove(os.path.join(out_dir, f))
    logs = os.path.join(out_dir, "logs")
    os.makedirs(logs, exist_ok=True)
    common = ["--chdir=" + cwd, "--open-mode=append"]
    array_id = sbatch(common + ["--job-name=" + name, "--array=" + array_spec(tasks),
                                "--output=" + os.path.join(logs, "task-%a.out")]
                      + sbatch_args + [os.path.join(out_dir, "task.sh")])
    try:
        merge_id = sbatch(common + ["--job-name=" + name + "-merge", "--dependency=afterany:" + array_id,
                                    "--output=" + os.path.join(logs, "merge.out")]
                          + sbatch_args + (["--cpus-per-task=%d" % merge_cpus] if merge_cpus else [])
                          + [os.path.join(out_dir, "merge.sh")])
    except SlurmError:
        subprocess.call(["scancel", array_id])
        raise
    return array_id, merge_id


def wait(out_dir, array_id, merge_id, progress, poll_s, stop_check=None, show_report=True):
    """Waits until the merge job has ended, printing progress() when it changes (at most every
    30 s). stop_check, (function, seconds): every that many seconds while tasks run, a message
    from the function (a reason to stop) cancels the array once. Prints the merge's report
    (show_report) and returns the merge's exit status (1 when it left none: cancelled or failed)."""
    last_line, last_time, failures = None, 0.0, 0
    last_check, cancelled = time.time(), False
    while True:
        try:  # a busy controller may not answer for a while: the jobs go on regardless
            merge_states = states_of(merge_id)
            tasks = states_of(array_id)
            failures = 0
        except SlurmError as e:
            failures += 1
            if failures * poll_s >= 600:
                raise
            say("(squeue did not answer: %s; trying again)" % e)
            time.sleep(poll_s)
            continue
        if not merge_states:
            break
        if stop_check and tasks and not cancelled and time.time() - last_check >= stop_check[1]:
            last_check = time.time()
            reason = stop_check[0]()
            if reason:
                say(time.strftime("%H:%M:%S ") + "%s: cancelling the remaining tasks of job array %s" % (reason, array_id))
                run(["scancel", array_id])
                cancelled = True
        line = "%s; tasks %s" % (progress(), ", ".join("%s %d" % (s.lower(), n) for s, n in sorted(tasks.items()))
                                 if tasks else "done")
        if line != last_line and time.time() - last_time >= 30 or last_line is None:
            say(time.strftime("%H:%M:%S ") + line)
            last_line, last_time = line, time.time()
        time.sleep(poll_s)
    status_file = os.path.join(out_dir, "merge.exit")
    report = os.path.join(out_dir, "report.txt")
    if show_report and os.path.exists(report):
        with open(report) as f:
            sys.stdout.write(f.read())
    if not os.path.exists(status_file):
        log = os.path.join(out_dir, "logs", "merge.out")
        tail = ""
        if os.path.exists(log):
            with open(log) as f:
                tail = "".join(f.readlines()[-5:])
        say("the merge job %s ended without a result (cancelled, or it failed; %s):\n%s" % (merge_id, log, tail))
        return 1
    with open(status_file) as f:
        text = f.read().strip()
    return int(text) if text.isdigit() else 1


def count_records(path):
    """Finished game records in a file written by ordo-match (cheap: one GameNumber tag each)."""
    if not os.path.exists(path):
        return 0
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b"[GameNumber "):
                n += 1
    return n


def task_log_total(out_dir, task):
    """The shard's game count from its last 'Resuming: X of Y games' line, or None."""
    path = os.path.join(out_dir, "logs", "task-%d.out" % task)
    total = None
    if os.path.exists(path):
        with open(path, errors="replace") as f:
            for line in f:
                m = re.match(r"Resuming: \d+ of (\d+) games", line)
                if m:
                    total = int(m.group(1))
    return total


def write_status(out_dir, ok, lines):
    """The merge's verdict: DIR/report.txt and DIR/merge.exit (0 complete, 1 not)."""
    with open(os.path.join(out_dir, "report.txt.tmp"), "w") as f:
        f.write("".join(l + "\n" for l in lines))
    os.replace(os.path.join(out_dir, "report.txt.tmp"), os.path.join(out_dir, "report.txt"))
    with open(os.path.join(out_dir, "merge.exit.tmp"), "w") as f:
        f.write("%d\n" % (0 if ok else 1))
    os.replace(os.path.join(out_dir, "merge.exit.tmp"), os.path.join(out_dir, "merge.exit"))


def read_exit(out_dir, name):
    """The exit status a task left in DIR/NAME, or None (not finished: cancelled, killed, running)."""
    path = os.path.join(out_dir, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read().strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def quote(words):
    return " ".join(shlex.quote(w) for w in words)


def command_difference(out_dir, old, new, what):
    """The error line for a submission whose command differs from the one saved in DIR."""
    if old.get("cwd") != new.get("cwd") and all(old.get(k) == new.get(k) for k in new if k != "cwd"):
        return ("%s was submitted from %s, this command from %s; relative paths in the arguments would "
                "change their meaning: submit from %s" % (out_dir, old.get("cwd"), new.get("cwd"), old.get("cwd")))
    return ("%s holds another %s (%s differ); use another --out"
            % (out_dir, what, ", ".join(k for k in new if old.get(k) != new[k])))
