#!/usr/bin/env python3
"""Plays whole games engine-vs-engine through the protocol, the way a GUI or match runner does,
and checks every step.

Two `ordo` processes play (the first is White / player 1); each turn the side to move gets
`position startpos moves …` and `go`. A third process is the referee: before each turn it lists
the legal tokens (`moves`), and the engine's bestmove must be one of them; after it, `d` gives
the FEN and the status. The game ends when the rules end it, on the third occurrence of the same
position with the same side to move (a draw), or at the move limit (adjudicated a draw). At the
end both players must agree with the referee: in UGI through `query gameover` / `query result`
(player 1 = White; a threefold repetition is `draw`, a game stopped at the move limit `none`),
in UCI through the status line of `d`. In UGI every bestmove must have exactly two fields, and
`query p1turn` must name the side to move at every turn.

Usage: gui_session.py --binary build/ordo [--variant ordo|ordox|both] [--dialect uci|ugi|both]
                      [--movetime MS | --depth N] [--max-plies N] [--opening "t1 t2 …"] [--quiet]
Exit status 0 when every game passed every check.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import Engine, EngineError  # noqa: E402


class CheckFailed(Exception):
    pass


class Proc(Engine):
    """One engine process; what goes wrong with it is a CheckFailed naming it."""

    max_line = max_answer_lines = max_answer_bytes = None

    def __init__(self, binary, name):
        super().__init__([binary], name=name, timeout=30.0)

    def read_until(self, done, timeout=30.0):
        """Lines up to and including the first for which done(line) is true."""
        try:
            lines = super().read_until(lambda l: l.startswith("info string error") or done(l), timeout)
        except EngineError as e:
            if self.eof:
                raise CheckFailed("%s: the process ended unexpectedly" % self.name)
            raise CheckFailed("%s: no answer within %.0f s (got %r)" % (self.name, timeout, e.lines[-5:]))
        if lines[-1].startswith("info string error"):
            raise CheckFailed("%s: %s" % (self.name, lines[-1]))
        return lines

    def ask(self, command, prefix, timeout=30.0):
        self.send(command)
        return self.read_until(lambda l: l.startswith(prefix), timeout)[-1]

    def close(self):
        """`quit`; an exit status other than 0 fails (one still running after 5 s is killed)."""
        try:
            self.send("quit")
        except EngineError:
            pass
        status = self.wait(5)
        self.kill()
        if status not in (0, None):
            raise CheckFailed("%s: exit status %s" % (self.name, status))


def handshake(proc, dialect, variant):
    proc.send(dialect)
    lines = proc.read_until(lambda l: l in ("uciok", "ugiok"))
    if lines[-1] != dialect + "ok":
        raise CheckFailed("%s: answered %s to %s" % (proc.name, lines[-1], dialect))
    if not any(l.startswith("id name ") for l in lines):
        raise CheckFailed("%s: no id name line" % proc.name)
    info = proc.ask("setoption name UCI_Variant value " + variant, "info string variant")
    if not info.startswith("info string variant %s startpos " % variant):
        raise CheckFailed("%s: unexpected variant answer %r" % (proc.name, info))
    proc.ask("isready", "readyok")
    proc.send(dialect + "newgame")
    proc.ask("isready", "readyok")


def referee_state(ref, moves_cmd):
    """(legal tokens, FEN, status) of the position after `moves_cmd`."""
    ref.send(moves_cmd)
    lines = ref.read_until(lambda l: l.startswith("status: "), timeout=60)
    legal = set(lines[:-1])
    ref.send("d")
    d = ref.read_until(lambda l: l.startswith("Status: "))
    fen = next(l[5:] for l in d if l.startswith("FEN: "))
    return legal, fen, d[-1][len("Status: "):]


def play(binary, variant, dialect, go, max_plies, quiet, opening):
    players = [Proc(binary, "white"), Proc(binary, "black")]
    ref = Proc(binary, "referee")
    moves = []
    forced = list(opening)  # played before the engines take over
    try:
        for p in players:
            handshake(p, dialect, variant)
        handshake(ref, "uci", variant)
        seen = {}
        outcome = None
        while outcome is None:
            position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
            ref.send(position)
            legal, fen, status = referee_state(ref, "moves")
            key = " ".join(fen.split()[:2])
            seen[key] = seen.get(key, 0) + 1
            if status != "ongoing":
                outcome = status
                break
            if seen[key] >= 3:
                outcome = "draw (threefold repetition)"
                break
            if len(moves) >= max_plies:
                outcome = "draw (move limit %d plies)" % max_plies
                break
            if forced:
                token = forced.pop(0)
                if token not in legal:
                    raise CheckFailed("opening move %s is illegal at ply %d" % (token, len(moves)))
                moves.append(token)
                continue
            side = len(moves) % 2
            player = players[side]
            player.send(position)
            if dialect == "ugi":
                turn = player.ask("query p1turn", "response")
                if turn != "response " + ("true" if side == 0 else "false"):
                    raise CheckFailed("%s: %r to query p1turn at ply %d" % (player.name, turn, len(moves)))
                over = player.ask("query gameover", "response")
                if over != "response false":
                    raise CheckFailed("%s: %r to query gameover in an ongoing game" % (player.name, over))
            player.send(go)
            best = player.read_until(lambda l: l.startswith("bestmove"))[-1].split()
            if dialect == "ugi" and len(best) != 2:
                raise CheckFailed("%s: UGI bestmove must have two fields: %r" % (player.name, " ".join(best)))
            token = best[1]
            if token not in legal:
                raise CheckFailed("%s: illegal move %s at ply %d (FEN %s)" % (player.name, token, len(moves), fen))
            moves.append(token)

        # Both players must agree with the referee.
        final = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        for p in players:
            p.send(final)
            if dialect == "ugi":
                want_over = "false" if "move limit" in outcome else "true"
                if outcome.startswith("white wins"):
                    want = "p1win"
                elif outcome.startswith("black wins"):
                    want = "p2win"
                elif "threefold" in outcome:
                    want = "draw"
                else:
                    want = "none"
                got = p.ask("query result", "response")
                over = p.ask("query gameover", "response")
                if got != "response " + want or over != "response " + want_over:
                    raise CheckFailed("%s: %r / %r, expected result %s for %s" % (p.name, got, over, want, outcome))
            else:
                p.send("d")
                status = p.read_until(lambda l: l.startswith("Status: "))[-1][len("Status: "):]
                want = "ongoing" if "move limit" in outcome else outcome
                if status != want:
                    raise CheckFailed("%s: status %r, referee says %r" % (p.name, status, want))
        if not quiet:
            print("moves: " + " ".join(moves))
        print("%s %s: %s after %d plies" % (variant, dialect, outcome, len(moves)))
    finally:
        for p in players + [ref]:
            try:
                p.close()
            except CheckFailed as e:
                print("FAIL " + str(e))
                raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--variant", choices=["ordo", "ordox", "both"], default="both")
    ap.add_argument("--dialect", choices=["uci", "ugi", "both"], default="both")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--movetime", type=int, help="milliseconds per move (default 50)")
    limit.add_argument("--depth", type=int, help="search depth per move")
    ap.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    ap.add_argument("--quiet", action="store_true", help="do not print the move lists")
    ap.add_argument("--opening", default="", help="moves played before the engines take over")
    a = ap.parse_args()

    go = "go depth %d" % a.depth if a.depth else "go movetime %d" % (a.movetime or 50)
    variants = ["ordo", "ordox"] if a.variant == "both" else [a.variant]
    dialects = ["uci", "ugi"] if a.dialect == "both" else [a.dialect]
    failures = 0
    for variant in variants:
        for dialect in dialects:
            try:
                play(a.binary, variant, dialect, go, a.max_plies, a.quiet, a.opening.split())
            except CheckFailed as e:
                failures += 1
                print("FAIL %s %s: %s" % (variant, dialect, e))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
