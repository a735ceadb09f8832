"""The engine's `eval` answer for many positions: one engine process per batch of positions, each
position's lines cut out at the `readyok` that follows it.

    eval_blocks(binary, variant, fens, setup=(), batch=1000) -> [str]

returns one block of `eval` lines per FEN, in order. `setup` are commands sent after the variant
(e.g. `setoption name EvalFile value F`). Raises EngineEvalError, with a one-line cause, when the
engine cannot be run, refuses the setup, or answers fewer positions than it was sent. Used by the
trainer (train_nnue.py) and the hand evaluation's tuner and checks (eval_features.py).
"""
import subprocess


class EngineEvalError(Exception):
    pass


def eval_blocks(binary, variant, fens, setup=(), batch=1000, timeout=600):
    out = []
    for lo in range(0, len(fens), batch):
        chunk = fens[lo:lo + batch]
        cmds = ["uci", f"setoption name UCI_Variant value {variant}", *setup, "isready"]
        for fen in chunk:
            cmds += [f"position fen {fen}", "eval", "isready"]
        cmds.append("quit")
        try:
            p = subprocess.run([binary], input="\n".join(cmds) + "\n", capture_output=True, text=True,
                               timeout=timeout)
        except OSError as e:
            raise EngineEvalError(f"cannot run {binary}: {e} (build it with scripts/build)") from None
        except subprocess.TimeoutExpired:
            raise EngineEvalError(f"{binary} did not answer {len(chunk)} positions within {timeout} s") from None
        blocks = p.stdout.split("readyok\n")
        setup_errors = [ln for ln in blocks[0].splitlines() if ln.startswith("info string error")]
        if setup_errors:
            raise EngineEvalError(f"{binary}: {setup_errors[-1]}")
        if len(blocks) != len(chunk) + 2:
            raise EngineEvalError(f"{binary} answered {len(blocks) - 2} of {len(chunk)} positions; "
                                  f"stderr: {p.stderr[-500:].strip()}")
        out.extend(blocks[1:-1])
    return out
