"""Talking perft to any engine over the UCI/UGI protocol (used by scripts/perft_check and
scripts/perft_diff; standard library only).

The engine is started from a shell-style command line in a process group of its own, greeted with
`uci` (or `ugi`), given `setoption name UCI_Variant value V` when it announces that option, and
asked `go perft N` after `position fen F [moves ...]`. Its divide output is read as
`<move>: <count>` lines (a space instead of the colon is accepted; a move starts with a file
letter and a rank digit) up to a `Nodes searched: N` line (`Nodes: N` and `Nodes searched = N`
are accepted too). Blank lines, `info` lines and other text are skipped.

The engine is never trusted to answer: every read waits at most `timeout` seconds of silence (a
per-line limit, so a deep perft may take any time as long as it prints each divide line within
it), a line may hold at most MAX_LINE bytes, an answer at most MAX_ANSWER_LINES lines and
MAX_ANSWER_BYTES bytes, and a write waits at most `timeout` seconds for the engine to read. Every failure raises EngineError,
whose text is one line naming the engine, what it was asked and the cause.
"""
import os
import re
import select
import shlex
import signal
import subprocess
import time

DEFAULT_TIMEOUT = 120.0     # seconds of silence while an answer is due
MAX_LINE = 64 * 1024        # bytes in one line of engine output
MAX_ANSWER_LINES = 100000   # lines in one answer (handshake, isready or perft)
MAX_ANSWER_BYTES = 16 << 20  # bytes of output after one command

MOVE = r"[a-z][0-9][^\s:]*"
DIVIDE = re.compile(r"^\s*(%s)(?::\s*|\s+)(\d+)\s*$" % MOVE)
DIVIDE_LIKE = re.compile(r"^\s*%s:" % MOVE)            # a divide line, whatever its count
TOTAL = re.compile(r"^\s*nodes(?: searched)?\s*[:=]?\s*(\d+)\s*$", re.IGNORECASE)
TOTAL_LIKE = re.compile(r"^\s*nodes\b", re.IGNORECASE)  # a total line, whatever its count


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
    """One failure of one engine; str() is one line: who, what it was asked, why."""

    def __init__(self, role, command, stage, cause):
        super().__init__(cause)
        self.role, self.command, self.stage, self.cause = role, command, stage, cause

    def __str__(self):
        return "the %s %s, %s: %s" % (self.role, quote(self.command, 200), self.stage, self.cause)


class Answer:
    """One `go perft` answer: the divide lines as (move, count) pairs in order, and the total."""

    def __init__(self, pairs, total):
        self.pairs, self.total = pairs, total
        self.counts = {}
        for move, count in pairs:
            self.counts.setdefault(move, count)
        self.divide_sum = sum(count for _, count in pairs)
        seen = set()
        self.duplicates = sorted({m for m, _ in pairs if m in seen or seen.add(m)})

    def inconsistencies(self):
        """What makes the answer contradict itself (empty when it does not)."""
        out = []
        if self.duplicates:
            out.append("it lists %s more than once" % " ".join(self.duplicates))
        if self.pairs and self.divide_sum != self.total:
            out.append("its total %d is not the sum of its divide lines (%d)" % (self.total, self.divide_sum))
        return out


class PerftEngine:
    def __init__(self, command, variant=None, dialect="uci", timeout=DEFAULT_TIMEOUT, role="engine"):
        self.command, self.role, self.timeout = command, role, timeout
        self.stage, self.last_sent, self.last_line = "at start", None, None
        self.answer_bytes = 0  # output read since the last command
        self.buf, self.pos, self.eof = b"", 0, False  # output read, the start of its next line
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise EngineError(role, command, "at start", "bad command line: %s" % e)
        if not argv:
            raise EngineError(role, command, "at start", "empty command line")
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError as e:
            raise EngineError(role, command, "at start", "cannot start it: %s" % e)
        self.out = self.p.stdout.fileno()
        self.inp = self.p.stdin.fileno()
        os.set_blocking(self.inp, False)
        try:
            self.stage = "at start ('%s' handshake)" % dialect
            self.send(dialect)
            options = self.read_until(dialect + "ok")
            announced = {m.group(1).lower() for m in
                         (re.match(r"option name (.+?) type ", l) for l in options) if m}
            if variant:
                if "uci_variant" in announced:
                    self.send("setoption name UCI_Variant value %s" % variant)
                elif variant != "ordo":
                    self.fail("it announces no UCI_Variant option: cannot select %s" % variant)
            self.sync()
        except EngineError:
            self.close(force=True)
            raise

    # Raw input and output --------------------------------------------------------------------

    def fail(self, cause):
        raise EngineError(self.role, self.command, self.stage, cause)

    def _ended(self):
        """The cause for an engine whose output has closed."""
        try:
            status = self.p.wait(0.5)
        except subprocess.TimeoutExpired:
            return "it closed its output but is still running"
        return "it ended (%s)" % (("killed by signal %d" % -status) if status < 0 else "exit status %d" % status)

    def send(self, line):
        data = (line + "\n").encode()
        deadline = time.monotonic() + self.timeout
        self.last_sent, self.last_line, self.answer_bytes = line, None, 0
        while data:
            left = deadline - time.monotonic()
            writable = select.select([], [self.inp], [], max(0.0, left))[1]
            if not writable:
                self.fail("it does not read its input (%s waited %g s to be written)" % (quote(line), self.timeout))
            try:
                data = data[os.write(self.inp, data):]
            except BlockingIOError:
                continue
            except OSError:
                self.fail(self._ended())

    def read_line(self):
        """The next line (without its end of line) as (text, is it valid UTF-8)."""
        deadline = time.monotonic() + self.timeout
        while True:
            nl = self.buf.find(b"\n", self.pos)
            end = nl if nl >= 0 else len(self.buf)
            if end - self.pos > MAX_LINE:
                self.fail("it wrote a line longer than %d bytes (starting %s)"
                          % (MAX_LINE, quote(self.buf[self.pos:self.pos + 40])))
            if nl >= 0 or (self.eof and end > self.pos):
                raw, self.pos = self.buf[self.pos:end], end + 1
                self.answer_bytes += len(raw) + 1
                if self.answer_bytes > MAX_ANSWER_BYTES:
                    self.fail("it wrote more than %d MiB after %s" % (MAX_ANSWER_BYTES >> 20, quote(self.last_sent)))
                if raw.endswith(b"\r"):
                    raw = raw[:-1]
                try:
                    self.last_line = raw.decode("utf-8")
                    return self.last_line, True
                except UnicodeDecodeError:
                    self.last_line = raw.decode("utf-8", "backslashreplace")
                    return self.last_line, False
            if self.eof:
                self.fail(self._ended())
            self.buf, self.pos = self.buf[self.pos:], 0
            left = deadline - time.monotonic()
            readable = select.select([self.out], [], [], left)[0] if left > 0 else []
            if not readable:
                self.fail(self._silence())
            chunk = os.read(self.out, 65536)
            if chunk:
                self.buf += chunk
            else:
                self.eof = True

    def _silence(self):
        status = self.p.poll()
        if status is not None:
            return ("it ended (exit status %d) but a process it started still holds its output open"
                    % status)
        cause = "silent for %g s after %s" % (self.timeout, quote(self.last_sent or ""))
        if self.last_line is not None:
            cause += " (its last line: %s)" % quote(self.last_line)
        if self.pos < len(self.buf):
            cause += " (it wrote %s with no end of line)" % quote(self.buf[self.pos:])
        return cause

    def read_until(self, last):
        """The lines up to the line `last` (included); lines that are not UTF-8 are kept escaped."""
        out = []
        while True:
            line, _ = self.read_line()
            out.append(line)
            if line.strip() == last:
                return out
            if len(out) > MAX_ANSWER_LINES:
                self.fail("more than %d lines without %s" % (MAX_ANSWER_LINES, quote(last)))

    # Commands --------------------------------------------------------------------------------

    def sync(self):
        self.send("isready")
        for line in self.read_until("readyok"):
            if line.startswith("info string error"):
                self.fail(quote(line, 200))

    def position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def divide(self, fen, moves, depth):
        """The Answer of `go perft depth` after the moves from the FEN."""
        self.stage = "position fen %s%s, go perft %d" % (fen, " moves " + " ".join(moves) if moves else "", depth)
        self.position(fen, moves)
        self.sync()  # an engine that rejects the position says so before the readyok
        self.send("go perft %d" % depth)
        pairs = []
        for _ in range(MAX_ANSWER_LINES):
            line, valid = self.read_line()
            if not valid:
                self.fail("it wrote a line that is not UTF-8: %s" % quote(line))
            if line.startswith("info string error"):
                self.fail(quote(line, 200))
            m = TOTAL.match(line)
            if m:
                return Answer(pairs, int(m.group(1)))
            if TOTAL_LIKE.match(line):
                self.fail("malformed total line %s (expected 'Nodes searched: <count>')" % quote(line))
            if line.split()[:1] == ["bestmove"]:
                self.fail("it answered with %s instead of perft counts" % quote(line))
            m = DIVIDE.match(line)
            if m:
                pairs.append((m.group(1), int(m.group(2))))
            elif DIVIDE_LIKE.match(line):
                self.fail("malformed divide line %s (expected '<move>: <count>')" % quote(line))
        self.fail("more than %d lines without a 'Nodes searched: <count>' line" % MAX_ANSWER_LINES)

    def fen_after(self, fen, moves):
        """The FEN of the position after the moves, if the engine has a `d` command printing a
        `FEN: ...` line; else None (also when the engine fails to answer)."""
        saved, self.timeout = self.timeout, min(self.timeout, 2.0)
        try:
            self.position(fen, moves)
            self.send("d")
            self.send("isready")
            lines = self.read_until("readyok")
        except EngineError:
            return None
        finally:
            self.timeout = saved
        for line in lines:
            if line.startswith("FEN: "):
                return line[5:].strip()
        return None

    def close(self, force=False):
        """Ends the engine and every process of its group: `quit` first unless forced, then a
        kill after at most 2 s."""
        if not force and self.p.poll() is None:
            try:
                self.timeout = min(self.timeout, 2.0)
                self.send("quit")
                self.p.stdin.close()
                self.p.wait(self.timeout)
            except (EngineError, OSError, subprocess.TimeoutExpired):
                pass
        try:
            os.killpg(self.p.pid, signal.SIGKILL)
        except OSError:
            pass
        self.p.wait()
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except OSError:
                pass


def read_epd(path):
    """Yields (line number, fen, [(depth, count), ...]) for `<fen> ;D1 n ;D2 n ...` lines; FENs
    with or without the two counters; blank and '#' lines skipped."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(";")
            fen, depths = fields[0].strip(), []
            for field in fields[1:]:
                field = field.strip()
                if not field:
                    continue
                m = re.fullmatch(r"D(\d+)\s+(\d+)", field)
                if not m:
                    raise ValueError("%s:%d: malformed field %r (expected 'D<depth> <count>')"
                                     % (path, number, field))
                depths.append((int(m.group(1)), int(m.group(2))))
            if not fen:
                raise ValueError("%s:%d: no FEN" % (path, number))
            yield number, fen, depths
