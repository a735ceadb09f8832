#!/usr/bin/env python3
"""A stand-in engine with one tunable parameter of a strong, known effect, for the SPSA tuner's
smoke test (scripts/test_slurm, check 5).

    handicap_engine.py --inner build/ordo [--good G] [--tune]

It relays the protocol to the inner engine, except:
  - it has one tunable parameter per variant, `<variant>.skill` (0 to 100, default 50): `tunables`
    prints `<variant>.skill,50,0,100,10,0.002`, `uci`/`ugi` announce it (with or without --tune,
    which is ignored), `setoption name <variant>.skill value V` sets it (a bad value gets one error
    line);
  - `go ... nodes N ...` searches N · 2^(−|skill − G| / 10) nodes (at least 50; G = --good,
    default 70): every 10 points away from G halve the search.
A node count's effect on strength is large and its games are deterministic, so a short tuning that
starts `skill` far from G must move it toward G, and away from G if its update had the wrong sign.
The engine's own parameters move strength by a few Elo, which a few dozen games cannot show.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from engine_client import EngineError, InnerEngine  # noqa: E402

VARIANTS = ("ordo", "ordox")
DEFAULT, LOW, HIGH = 50, 0, 100


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inner", required=True)
    ap.add_argument("--good", type=int, default=70)
    ap.add_argument("--tune", action="store_true")
    a = ap.parse_args()
    inner = InnerEngine([a.inner])
    skill = {v: DEFAULT for v in VARIANTS}
    variant = "ordo"

    def say(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def relay_until(prefix, before_last=()):
        while True:
            try:
                line = inner.read_line()
            except EngineError:
                sys.exit(1)
            if line is None:
                continue
            if line.startswith(prefix):
                for extra in before_last:
                    say(extra)
                say(line)
                return
            say(line)

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0] == "tunables":
            for v in (words[1:] or VARIANTS):
                say("%s.skill,%d,%d,%d,10,0.002" % (v, skill.get(v, DEFAULT), LOW, HIGH))
            continue
        if words[0] == "setoption" and len(words) >= 3 and words[2].lower().endswith(".skill"):
            v = words[2].lower().split(".")[0]
            value = words[4] if len(words) == 5 and words[3] == "value" else ""
            if v in skill and value.lstrip("-").isdigit() and LOW <= int(value) <= HIGH:
                skill[v] = int(value)
            else:
                say("info string error: option '%s' takes a whole number from %d to %d" % (words[2], LOW, HIGH))
            continue
        if words[0] == "setoption" and len(words) == 5 and words[2] == "UCI_Variant":
            variant = words[4].lower()
        if words[0] == "go" and "nodes" in words:
            k = words.index("nodes") + 1
            if k < len(words) and words[k].isdigit():
                factor = 2 ** (-abs(skill.get(variant, DEFAULT) - a.good) / 10)
                words[k] = str(max(50, round(int(words[k]) * factor)))
                raw = " ".join(words) + "\n"
        inner.send(raw.rstrip("\n"))
        if words[0] == "quit":
            break
        if words[0] in ("uci", "ugi"):
            relay_until("uciok" if words[0] == "uci" else "ugiok",
                        ["option name %s.skill type spin default %d min %d max %d" % (v, DEFAULT, LOW, HIGH)
                         for v in VARIANTS])
        elif words[0] == "isready":
            relay_until("readyok")
        elif words[0] == "go":
            relay_until("bestmove")
    inner.close_stdin()  # end of input: the inner engine finishes what it was sent, then ends
    inner.wait()


if __name__ == "__main__":
    main()
