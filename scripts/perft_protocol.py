"""Talking perft to any engine over the UCI/UGI protocol (used by scripts/perft_check and
scripts/perft_diff; standard library only).

The engine is started from a shell-style command line, greeted with `uci` (or `ugi`), given
`setoption name UCI_Variant value V` when it announces that option, and asked `go perft N` after
`position fen F [moves ...]`. Its divide output is read as `<move>: <count>` lines (a space instead
of the colon is accepted) up to a `Nodes searched: N` line (`Nodes: N` is accepted too).
"""
import queue
import re
import shlex
import subprocess
import threading
import time

DIVIDE = re.compile(r"^\s*(\S+?):?\s+(\d+)\s*$")
TOTAL = re.compile(r"^\s*nodes(?: searched)?\s*:?\s*(\d+)\s*$", re.IGNORECASE)


class EngineError(Exception):
    pass


class PerftEngine:
    def __init__(self, command, variant=None, dialect="uci", timeout=30.0):
        self.command = command
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise EngineError("bad engine command %r: %s" % (command, e))
        if not argv:
            raise EngineError("empty engine command")
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError("cannot start %r: %s" % (command, e))
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send(dialect)
        options = self.read_until(lambda l: l == dialect + "ok", timeout)
        announced = {m.group(1).lower() for m in
                     (re.match(r"option name (.+?) type ", l) for l in options) if m}
        if variant:
            if "uci_variant" in announced:
                self.send("setoption name UCI_Variant value %s" % variant)
            elif variant != "ordo":
                raise EngineError("%r announces no UCI_Variant option: cannot select %s"
                                  % (command, variant))
        self.sync(timeout)

    def _pump(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (OSError, ValueError):
            raise EngineError("%r has ended (exit status %s)" % (self.command, self.p.poll()))

    def read_until(self, done, timeout=None):
        out = []
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                line = self.lines.get(timeout=left)
            except queue.Empty:
                raise EngineError("%r gave no answer within %.0f s" % (self.command, timeout))
            if line is None:
                self.lines.put(None)
                raise EngineError("%r ended (exit status %s)" % (self.command, self.p.wait()))
            out.append(line)
            if done(line):
                return out

    def sync(self, timeout=30.0):
        self.send("isready")
        lines = self.read_until(lambda l: l == "readyok", timeout)
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            raise EngineError("%r: %s" % (self.command, errors[0]))

    def position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def divide(self, fen, moves, depth, timeout=None):
        """({move: count}, total) of `go perft depth` after the moves from the FEN."""
        self.position(fen, moves)
        self.sync()  # an engine that rejects the position says so before the readyok
        self.send("go perft %d" % depth)
        lines = self.read_until(lambda l: TOTAL.match(l) is not None, timeout)
        counts = {}
        for line in lines[:-1]:
            if line.startswith("info string error"):
                raise EngineError("%r: %s" % (self.command, line))
            m = DIVIDE.match(line)
            if m and not line.startswith("info"):
                counts[m.group(1)] = int(m.group(2))
        return counts, int(TOTAL.match(lines[-1]).group(1))

    def fen_after(self, fen, moves, timeout=2.0):
        """The FEN of the position after the moves, if the engine has a `d` command printing a
        `FEN: ...` line; else None."""
        self.position(fen, moves)
        self.send("d")
        self.send("isready")
        try:
            lines = self.read_until(lambda l: l == "readyok", timeout)
        except EngineError:
            return None
        for line in lines:
            if line.startswith("FEN: "):
                return line[5:].strip()
        return None

    def close(self):
        try:
            self.send("quit")
            self.p.stdin.close()
            self.p.wait(2)
        except (EngineError, OSError, subprocess.TimeoutExpired):
            self.p.kill()
            self.p.wait()


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
