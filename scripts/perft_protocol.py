"""Talking perft to any engine over the UCI/UGI protocol (used by scripts/perft_check and
scripts/perft_diff; standard library only).

The engine is an engine_client.Engine (scripts/engine_client.py): started from a shell-style
command line in a process group of its own, greeted with `uci` (or `ugi`), given `setoption name
UCI_Variant value V` when it announces that option, and asked `go perft N` after `position fen F
[moves ...]`. Its divide output is read as `<move>: <count>` lines (a space instead of the colon
is accepted; a move starts with a file letter and a rank digit) up to a `Nodes searched: N` line
(`Nodes: N` and `Nodes searched = N` are accepted too). Blank lines, `info` lines and other text
are skipped.

The engine is never trusted to answer: every read waits at most `timeout` seconds of silence (a
per-line limit, so a deep perft may take any time as long as it prints each divide line within
it), a line may hold at most MAX_LINE bytes, an answer at most MAX_ANSWER_LINES lines and
MAX_ANSWER_BYTES bytes, and a write waits at most `timeout` seconds for the engine to read (the
limits of engine_client). Every failure raises EngineError, whose text is one line naming the
engine, what it was asked and the cause.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import DEFAULT_TIMEOUT, Engine, EngineError, quote  # noqa: E402,F401

MOVE = r"[a-z][0-9][^\s:]*"
DIVIDE = re.compile(r"^\s*(%s)(?::\s*|\s+)(\d+)\s*$" % MOVE)
DIVIDE_LIKE = re.compile(r"^\s*%s:" % MOVE)            # a divide line, whatever its count
TOTAL = re.compile(r"^\s*nodes(?: searched)?\s*[:=]?\s*(\d+)\s*$", re.IGNORECASE)
TOTAL_LIKE = re.compile(r"^\s*nodes\b", re.IGNORECASE)  # a total line, whatever its count


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


class PerftEngine(Engine):
    """An engine greeted, set to the variant and synchronised; then asked for divides."""

    def __init__(self, command, variant=None, dialect="uci", timeout=DEFAULT_TIMEOUT, role="engine"):
        super().__init__(command, name="the %s %s" % (role, quote(command, 200)), timeout=timeout)
        self.role, self.last_valid = role, True
        try:
            self.handshake(dialect)
            if variant:
                if "uci_variant" in self.options:
                    self.set_option("UCI_Variant", variant)
                elif variant != "ordo":
                    self.fail("it announces no UCI_Variant option: cannot select %s" % variant)
            self.sync()
        except EngineError:
            self.close(force=True)
            raise

    def read_line(self, timeout=None):
        """The next line without a trailing "\r"; bytes that are not UTF-8 are kept escaped as
        \\xNN (and last_valid is False)."""
        raw = self.read_raw_line(timeout)
        if raw is None:
            return None
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            self.last_line, self.last_valid = raw.decode("utf-8"), True
        except UnicodeDecodeError:
            self.last_line, self.last_valid = raw.decode("utf-8", "backslashreplace"), False
        return self.last_line

    def sync(self):
        for line in self.isready():
            if line.startswith("info string error"):
                self.fail(quote(line, 200))

    def divide(self, fen, moves, depth):
        """The Answer of `go perft depth` after the moves from the FEN."""
        self.stage = "position fen %s%s, go perft %d" % (fen, " moves " + " ".join(moves) if moves else "", depth)
        self.position(fen, moves)
        self.sync()  # an engine that rejects the position says so before the readyok
        self.send("go perft %d" % depth)
        pairs = []
        for _ in range(self.max_answer_lines):
            line = self.read_line()
            if line is None:
                self.fail(self.silence(self.timeout))
            if not self.last_valid:
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
        self.fail("more than %d lines without a 'Nodes searched: <count>' line" % self.max_answer_lines)

    def fen_after(self, fen, moves):
        """The FEN of the position after the moves, if the engine has a `d` command printing a
        `FEN: ...` line; else None (also when the engine fails to answer)."""
        saved, self.timeout = self.timeout, min(self.timeout, 2.0)
        try:
            self.position(fen, moves)
            self.send("d")
            lines = self.isready()
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
        if force:
            self.kill()
        else:
            self.quit(2.0)


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
