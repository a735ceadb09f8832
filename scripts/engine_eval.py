"""The engine's `eval` answer for many positions: one engine process per batch of positions, each
position's lines cut out at the `readyok` that follows it.

    eval_blocks(binary, variant, fens, setup=(), batch=1000) -> [str]

returns one block of `eval` lines per FEN, in order. `setup` are commands sent after the variant
(e.g. `setoption name EvalFile value F`). Raises EngineEvalError, with a one-line cause, when the
engine cannot be run, refuses the setup, or answers fewer positions than it was sent (`timeout`:
the seconds it may stay silent). The engine is an engine_client.Engine, sent WINDOW positions at a
time. Used by the trainer (train_nnue.py) and the hand evaluation's tuner and checks
(eval_features.py).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import PIPE, Engine, EngineError  # noqa: E402

WINDOW = 64  # positions written before their answers are read


class EngineEvalError(Exception):
    pass


def eval_blocks(binary, variant, fens, setup=(), batch=1000, timeout=600):
    out = []
    for lo in range(0, len(fens), batch):
        chunk = fens[lo:lo + batch]
        try:
            engine = Engine([binary], timeout=timeout, stderr=PIPE)
        except EngineError as e:
            raise EngineEvalError(f"cannot run {binary}: {e.cause.removeprefix('cannot start it: ')} "
                                  "(build it with scripts/build)") from None
        answered = 0
        try:
            with engine:
                engine.send("uci")
                engine.set_option("UCI_Variant", variant)
                for command in setup:
                    engine.send(command)
                setup_errors = [ln for ln in engine.isready() if ln.startswith("info string error")]
                if setup_errors:
                    raise EngineEvalError(f"{binary}: {setup_errors[-1]}")
                for w in range(0, len(chunk), WINDOW):
                    window = chunk[w:w + WINDOW]
                    engine.send_raw("".join(f"position fen {fen}\neval\nisready\n" for fen in window).encode(),
                                    f"{len(window)} positions, eval and isready")
                    for _ in window:
                        block = engine.read_until(lambda ln: ln == "readyok")[:-1]
                        out.append("".join(ln + "\n" for ln in block))
                        answered += 1
        except EngineError as e:
            if e.cause.startswith("silent for"):
                raise EngineEvalError(f"{binary} did not answer {len(chunk)} positions within {timeout} s "
                                      f"of silence") from None
            raise EngineEvalError(f"{binary} answered {answered} of {len(chunk)} positions ({e.cause}); "
                                  f"stderr: {' '.join(engine.stderr_lines)[-500:].strip()}") from None
    return out
