"""One engine process driven over the UCI/UGI text protocol: the client every script and test of
this project uses to start an engine and talk to it (standard library only).

    with Engine("build/ordo", timeout=30) as e:
        e.handshake("uci", variant="ordox")
        e.isready()
        e.position(moves=["c2d2c3"])
        best = e.go("depth 3")          # best.move, best.ponder, best.info, best.lines

Contracts:
- The engine starts from an argv list or a shell-style command line, with pipes for its input and
  output, in a process group of its own (own_group=False keeps it in ours, for a stand-in engine
  that wraps another: whoever kills the stand-in's group then kills both). Its standard error goes
  to `stderr` (default DEVNULL; PIPE collects it into stderr_lines on a thread).
- Output is read without threads (select on the pipe). A line is returned without its "\\n" (a
  "\\r" before it is kept), decoded as UTF-8 with errors="replace" (U+FFFD for bytes that are not
  UTF-8); read_raw_line gives the bytes. At the end of the output an unfinished line is returned
  too (line_ended False). read_at is the time (time.monotonic) the last line returned arrived,
  sent_at the time the last write began.
- `timeout` is the silence the engine is allowed: a read waits at most that long for each line, a
  write at most that long for the engine to take it (None: no limit). A read given its own timeout
  waits at most that long in all. A write drains the engine's output while it waits (kept for the
  next reads), so an engine that answers while it is written to never deadlocks (drain=False
  turns that off, for a client that reads on one thread and writes on another).
- A line may hold at most max_line bytes, one answer at most max_answer_lines lines and the output
  after one command at most max_answer_bytes bytes (None: no limit).
- Every failure raises EngineError, whose str() is one line: the engine, what it was asked, the
  cause. read_line alone returns None on silence instead.
- quit() (also on leaving a `with` block) sends `quit`, closes the input, waits, then kills the
  process group (the engine and whatever it started that is still there).
- run_session(command, lines) is the one-shot form: the lines written, the input ended, every
  line of output returned once the engine has exited.
- run_command(argv) runs one command line of the engine's own (`ordo ... perft 5`, `--help`) or a
  tool started like it, with no input, to its end: (status, stdout, stderr).
"""
import collections
import os
import select
import shlex
import signal
import subprocess
import threading
import time

DEFAULT_TIMEOUT = 120.0      # seconds of silence while an answer is due
MAX_LINE = 64 * 1024         # bytes in one line of engine output
MAX_ANSWER_LINES = 100000    # lines in one answer (read_until)
MAX_ANSWER_BYTES = 16 << 20  # bytes of output after one command
PIPE, DEVNULL = subprocess.PIPE, subprocess.DEVNULL


def quote(text, limit=80):
    """Engine text fit for a one-line message: quoted, cut, control characters escaped (bytes
    that are not UTF-8 show as \\xNN)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    short = text if len(text) <= limit else text[:limit] + "..."
    body = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in short)
    mark = '"' if "'" in body and '"' not in body else "'"
    return mark + body + mark


class EngineError(Exception):
    """One failure of one engine; str() is '<name>, <stage>: <cause>'. `lines`: what the failed
    read had read before it failed."""

    def __init__(self, name, stage, cause, lines=()):
        super().__init__(cause)
        self.name, self.stage, self.cause, self.lines = name, stage, cause, list(lines)

    def __str__(self):
        return "%s, %s: %s" % (self.name, self.stage, self.cause)


class Bestmove:
    """The answer to one `go`: the bestmove line, its move and ponder move (None when absent),
    the `info` lines before it and every line read."""

    def __init__(self, lines):
        self.lines, self.line = lines, lines[-1]
        words = self.line.split()
        self.move = words[1] if len(words) > 1 else None
        self.ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        self.info = [l for l in lines[:-1] if l.startswith("info")]


class Engine:
    """One engine process, driven as the module's contracts say."""

    max_line, max_answer_lines, max_answer_bytes = MAX_LINE, MAX_ANSWER_LINES, MAX_ANSWER_BYTES

    def __init__(self, command, name=None, timeout=DEFAULT_TIMEOUT, env=None, cwd=None, stderr=DEVNULL,
                 own_group=True, drain=True):
        """Starts the engine; raises EngineError when the command is bad or cannot be started.
        drain: writes, wait() and kill() read the output meanwhile (False when another thread
        reads it)."""
        self.command = command if isinstance(command, str) else shlex.join(command)
        self.name = name or "the engine %s" % quote(self.command, 200)
        self.timeout, self.own_group, self.drain = timeout, own_group, drain
        self.stage, self.last_sent, self.last_line = "at start", None, None
        self.options, self.id_name = {}, None  # from the handshake: option name -> its line
        self.sent_at = self.read_at = None
        self.answer_bytes = 0               # output returned since the last write
        self._lines, self._tail, self.eof = collections.deque(), b"", False  # lines read (raw, time, ended), the rest
        self.line_ended = True              # the last line returned had its "\n"
        self.stderr_lines = []
        try:
            argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as e:
            self.fail("bad command line: %s" % e)
        if not argv:
            self.fail("empty command line")
        try:
            self.p = subprocess.Popen(argv, stdin=PIPE, stdout=PIPE, stderr=stderr, env=env, cwd=cwd,
                                      start_new_session=own_group)
        except OSError as e:
            self.fail("cannot start it: %s" % e)
        self.inp, self.out = self.p.stdin.fileno(), self.p.stdout.fileno()
        os.set_blocking(self.inp, False)
        self._err_reader = None
        if stderr == PIPE:
            self._err_reader = threading.Thread(target=self._read_stderr, daemon=True)
            self._err_reader.start()

    def _read_stderr(self):
        for raw in self.p.stderr:
            self.stderr_lines.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.quit()

    @property
    def pid(self):
        return self.p.pid

    @property
    def returncode(self):
        """The exit status (negative: the signal), None while it runs."""
        return self.p.poll()

    def fail(self, cause, lines=()):
        """Raises EngineError for the current stage."""
        raise EngineError(self.name, self.stage, cause, lines)

    def ended(self):
        """The cause for an engine whose output or input has closed."""
        try:
            status = self.p.wait(0.5)
        except subprocess.TimeoutExpired:
            return "it closed its output but is still running"
        return "it ended (%s)" % (("killed by signal %d" % -status) if status < 0 else "exit status %d" % status)

    # Writing ----------------------------------------------------------------------------------

    def send(self, line):
        """Writes one line (a "\\n" is added)."""
        self.send_raw(line.encode("utf-8", "surrogateescape") + b"\n", line)

    def send_raw(self, data, what=None):
        """Writes the bytes as they are, in one write as far as the pipe takes them; `what` names
        them in messages."""
        what = what if what is not None else data.decode("utf-8", "backslashreplace").rstrip("\n")
        self.last_sent, self.last_line, self.answer_bytes = what, None, 0
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        self.sent_at = time.monotonic()
        while data:
            if self.p.stdin.closed:
                self.fail("its input is closed (%s was not written)" % quote(what))
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            reads = [self.out] if self.drain and not self.eof else []
            readable, writable, _ = select.select(reads, [self.inp], [], left)
            if writable:
                try:
                    data = data[os.write(self.inp, data):]
                except BlockingIOError:
                    pass
                except OSError:
                    self.fail(self.ended())
            elif readable:
                self._read_chunk()
                if self.max_answer_bytes and sum(len(r) for r, _, _ in self._lines) > self.max_answer_bytes:
                    self.fail("it wrote more than %d MiB while %s was written" % (self.max_answer_bytes >> 20, quote(what)))
            else:
                self.fail("it does not read its input (%s waited %g s to be written)" % (quote(what), self.timeout))

    def close_stdin(self):
        """Closes the engine's input (it reads end of file)."""
        try:
            self.p.stdin.close()
        except OSError:
            pass

    # Reading ----------------------------------------------------------------------------------

    def _read_chunk(self):
        """Reads what the pipe holds into complete lines and the unfinished rest."""
        chunk = os.read(self.out, 65536)
        now = time.monotonic()
        if not chunk:
            self._end_output(now)
            return
        parts = (self._tail + chunk).split(b"\n")
        self._tail = parts.pop()
        self._lines.extend((raw, now, True) for raw in parts)

    def _end_output(self, now):
        """The output has ended: its unfinished last line becomes a line (without its end)."""
        self.eof = True
        if self._tail:
            self._lines.append((self._tail, now, False))
            self._tail = b""

    def read_raw_line(self, timeout=None):
        """The next line as bytes (without its "\\n"), None after `timeout` seconds (default: the
        engine's) without one; EngineError at the end of the output or past a limit."""
        timeout = self.timeout if timeout is None else timeout
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._lines:
            if self.max_line and len(self._tail) > self.max_line:
                self.fail("it wrote a line longer than %d bytes (starting %s)" % (self.max_line, quote(self._tail[:40])))
            if self.eof:
                self.fail(self.ended())
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([self.out], [], [], left)[0]:
                return None
            self._read_chunk()
        return self._take_line()

    def _take_line(self):
        """The next line already read, as bytes, with its limits checked and its state kept."""
        raw, self.read_at, self.line_ended = self._lines.popleft()
        if self.max_line and len(raw) > self.max_line:
            self.fail("it wrote a line longer than %d bytes (starting %s)" % (self.max_line, quote(raw[:40])))
        self.answer_bytes += len(raw) + 1
        if self.max_answer_bytes and self.answer_bytes > self.max_answer_bytes:
            self.fail("it wrote more than %d MiB after %s" % (self.max_answer_bytes >> 20, quote(self.last_sent or "")))
        return raw

    def read_line(self, timeout=None):
        """The next line as text, None after `timeout` seconds (default: the engine's) without one;
        EngineError at the end of the output or past a limit."""
        raw = self.read_raw_line(timeout)
        return None if raw is None else self._as_text(raw)

    def _as_text(self, raw):
        """A line read, as text (bytes that are not UTF-8 replaced); kept as last_line."""
        self.last_line = raw.decode("utf-8", "replace")
        return self.last_line

    def silence(self, waited):
        """The cause for an engine that wrote no line for `waited` seconds."""
        status = self.p.poll()
        if status is not None:
            return "it ended (exit status %d) but a process it started still holds its output open" % status
        cause = "silent for %g s after %s" % (waited, quote(self.last_sent or ""))
        if self.last_line is not None:
            cause += " (its last line: %s)" % quote(self.last_line)
        if self._tail:
            cause += " (it wrote %s with no end of line)" % quote(self._tail)
        return cause

    def read_until(self, predicate, timeout=None):
        """The lines up to the first for which predicate(line) is true (included). Without a
        timeout each line may take the engine's; with one the whole answer must come within it.
        EngineError (with the lines read) on silence, the end of the output or a limit."""
        deadline = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            try:
                if self._lines:
                    # A line already read is taken straight (an answer of thousands of lines, as
                    # `moves` gives in Ordo X, costs a third less than through read_line).
                    line = self._as_text(self._take_line())
                else:
                    left = None if deadline is None else max(0.0, deadline - time.monotonic())
                    line = self.read_line(left)
            except EngineError as e:
                e.lines = lines
                raise
            if line is None:
                self.fail(self.silence(self.timeout if timeout is None else timeout), lines)
            lines.append(line)
            if predicate(line):
                return lines
            if self.max_answer_lines and len(lines) > self.max_answer_lines:
                self.fail("more than %d lines without the end of the answer to %s"
                          % (self.max_answer_lines, quote(self.last_sent or "")), lines)

    def wait(self, timeout=None):
        """The exit status once the engine has ended, None if it still runs after `timeout`
        seconds (None: no limit); its output meanwhile is kept for the next reads (with drain)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.p.poll() is None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            step = 0.05 if left is None else min(0.05, left)
            if self.drain and not self.eof and select.select([self.out], [], [], step)[0]:
                self._read_chunk()
            elif self.eof or not self.drain:
                time.sleep(step)
        return self.p.returncode

    def read_to_end(self, timeout=1.0):
        """The lines left until the end of the output, reading at most `timeout` seconds more."""
        lines, deadline = [], time.monotonic() + timeout
        while not (self.eof and not self._lines):
            line = self.read_line(max(0.0, deadline - time.monotonic()))
            if line is None:
                break
            lines.append(line)
        return lines

    # Commands ---------------------------------------------------------------------------------

    def handshake(self, dialect="uci", variant=None, timeout=None):
        """Sends `uci`/`ugi`, reads to `uciok`/`ugiok` (options and `id name` kept), then selects
        the variant, which the engine must announce as UCI_Variant. Returns the lines read."""
        self.stage = "at start ('%s' handshake)" % dialect
        self.send(dialect)
        lines = self.read_until(lambda l: l.strip() == dialect + "ok", timeout)
        for line in lines:
            words = line.split()
            if words[:2] == ["id", "name"]:
                self.id_name = line.split(None, 2)[2] if len(words) > 2 else ""
            elif words[:2] == ["option", "name"] and "type" in words[2:]:
                self.options[" ".join(words[2:words.index("type", 2)]).lower()] = line
        if variant:
            if "uci_variant" not in self.options:
                self.fail("it announces no UCI_Variant option: cannot select %s" % variant)
            self.set_option("UCI_Variant", variant)
        return lines

    def set_option(self, name, value=None):
        """Sends `setoption name N [value V]`."""
        self.send("setoption name %s" % name + ("" if value is None else " value %s" % value))

    def isready(self, timeout=None):
        """Sends `isready`; the lines before `readyok`."""
        self.send("isready")
        return self.read_until(lambda l: l.strip() == "readyok", timeout)[:-1]

    def position(self, fen=None, moves=()):
        """Sends `position startpos|fen F [moves ...]`."""
        cmd = "position " + ("fen " + fen if fen else "startpos")
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def go(self, args="", timeout=None):
        """Sends `go ARGS` and reads to its bestmove line: a Bestmove."""
        self.send(("go " + args).strip())
        return Bestmove(self.read_until(lambda l: l.startswith("bestmove"), timeout))

    def quit(self, timeout=2.0):
        """Ends the engine: `quit`, end of input, at most `timeout` seconds of waiting (its output
        drained), then SIGKILL to its process group (the process alone when it shares ours).
        Returns its exit status."""
        if self.p.poll() is None and not self.p.stdin.closed:
            saved, self.timeout = self.timeout, min(self.timeout or timeout, timeout)
            try:
                self.send("quit")
            except EngineError:
                pass
            self.timeout = saved
        self.close_stdin()
        self.wait(timeout)
        return self.kill()

    def kill(self):
        """SIGKILL to the process group (or the process), reaped; what it wrote is kept for the
        next reads, the pipes closed. Returns the exit status."""
        if self.p.stdout.closed:
            return self.p.returncode
        try:
            if self.own_group:
                os.killpg(self.p.pid, signal.SIGKILL)
            elif self.p.poll() is None:
                self.p.kill()
        except OSError:
            pass
        status = self.p.wait()
        deadline = time.monotonic() + 1.0
        while self.drain and not self.eof and select.select([self.out], [], [], max(0.0, deadline - time.monotonic()))[0]:
            self._read_chunk()
        self._end_output(time.monotonic())
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except OSError:
                pass
        if self._err_reader:
            self._err_reader.join(5)
        return status


class InnerEngine(Engine):
    """The engine a stand-in, relay or probe wraps: in the caller's process group (whoever ends
    the wrapper's group ends both), with no silence limit and no limits on its output, which the
    wrapper passes on. `kw` as for Engine."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, command, **kw):
        super().__init__(command, timeout=None, own_group=False, **kw)


def run_session(command, lines, timeout=60.0, **kw):
    """Starts an engine, writes the lines, ends its input and returns every line it wrote until it
    exited; EngineError if it has not exited within `timeout` seconds. `kw` as for Engine."""
    with Engine(command, timeout=timeout, **kw) as e:
        e.send_raw("".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape"))
        e.close_stdin()
        if e.wait(timeout) is None:
            e.fail("it did not exit within %g s of the end of its input" % timeout)
        e.kill()
        return e.read_to_end(0)


def run_command(argv, timeout=None, env=None, cwd=None):
    """Runs a command line (an argv list or a shell-style string) with no input, in a process group
    of its own, until it ends; returns (exit status, standard output, standard error), the outputs
    decoded as UTF-8 with errors="replace". EngineError when it cannot be started, or has not ended
    within `timeout` seconds (None: no limit; its group is then killed)."""
    command = argv if isinstance(argv, str) else shlex.join(argv)
    name = "the command %s" % quote(command, 200)
    try:
        args = shlex.split(argv) if isinstance(argv, str) else list(argv)
    except ValueError as e:
        raise EngineError(name, "at start", "bad command line: %s" % e)
    if not args:
        raise EngineError(name, "at start", "empty command line")
    try:
        p = subprocess.Popen(args, stdin=DEVNULL, stdout=PIPE, stderr=PIPE, env=env, cwd=cwd, start_new_session=True)
    except OSError as e:
        raise EngineError(name, "at start", "cannot start it: %s" % e)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        p.communicate()
        raise EngineError(name, "running", "it did not end within %g s" % timeout)
    return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
