"""The core of the SPSA tuner (scripts/slurm_spsa plays its games on Slurm or locally): fishtest's
schedule and update, the draws of Δ, the state file and the loop over batches. Standard library only.

A tuning is B batches of P game pairs, N = B·P pairs in all. Each pair is two games, colours
swapped, of an engine with θ+ = θ + c_k·Δ against one with θ− = θ − c_k·Δ. As in fishtest, the
iteration counter k counts pairs: batch b (1..B) is drawn at k = (b − 1)·P, and its result is
applied at once with the gains of that k. With A = 0.1·N, α = 0.602, γ = 0.101, per parameter i
(start θ_i, range [min_i, max_i], steps c_end_i and r_end_i):

    c_i = c_end_i · N^γ                   a_i = r_end_i · c_end_i² · (A + N)^α
    c_k = c_i / (k + 1)^γ                 a_k = a_i / (A + k + 1)^α          R_k = a_k / c_k²
    Δ_i = ±1 (random.Random("SEED:b"), one choice per parameter in list order)
    θ±_i = round(clamp(θ_i ± c_k·Δ_i))    the engines' values (Python's round: a half to even)
    θ_i ← clamp(θ_i + R_k · c_k · (W − L) · Δ_i)   W, L: the wins and losses of θ+ in the batch

(fishtest's spsa_handler: R = a_k / c_k², value = clip(θ ± c·flip), θ ← clip(θ + R·c·result·flip)
with result = wins − losses, iter += games / 2.) The last batch is drawn at k = N − P, where c_k
is c_end · (N / (N − P + 1))^γ: c_end exactly when P = 1.

The state file (JSON, rewritten whole and atomically after every step) holds the setup, the
batches done, θ, the batch being played ("pending": its Δ, gains, values, job ids) and the history
of every batch played. Δ depends only on the seed and the batch number, and a batch's result only
on its games, so a run stopped at any moment and started again from the state file follows the
same trajectory as one never stopped.
"""
import json
import math
import os
import random

ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
FORMAT = 1


class SpsaError(Exception):
    """A state file that cannot be used, or a setup that does not fit it: one line saying which."""


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def gains(param, k, n_pairs, a_big, alpha=ALPHA, gamma=GAMMA):
    """(c_k, R_k) of a parameter (a dict with c_end and r_end) for a batch drawn after k pairs."""
    c = param["c_end"] * n_pairs ** gamma
    a = param["r_end"] * param["c_end"] ** 2 * (a_big + n_pairs) ** alpha
    c_k = c / (k + 1) ** gamma
    a_k = a / (a_big + k + 1) ** alpha
    return c_k, a_k / c_k ** 2


def batch_seed(seed, batch):
    return "%d:%d" % (seed, batch)


def draw_flips(seed, batch, n):
    """Δ of a batch: ±1 per parameter, from the seed and the batch number alone."""
    rng = random.Random(batch_seed(seed, batch))
    return [rng.choice((-1, 1)) for _ in range(n)]


def perturbed(theta, c_k, flip, lo, hi):
    """(θ+, θ−): the whole numbers the two engines play with."""
    return round(clamp(theta + c_k * flip, lo, hi)), round(clamp(theta - c_k * flip, lo, hi))


def updated(theta, r_k, c_k, result, flip, lo, hi):
    """θ after a batch whose θ+ engine scored `result` = wins − losses."""
    return clamp(theta + r_k * c_k * result * flip, lo, hi)


def make_setup(params, batches, pairs, seed, **fixed):
    """The setup of a tuning: the parameters (dicts with name, start, min, max, c_end, r_end),
    B, P, the seed, the schedule's constants, and whatever else must not change on resume
    (`fixed`: the engine, the games' arguments, ...)."""
    n = batches * pairs
    setup = {"params": params, "batches": batches, "pairs": pairs, "seed": seed, "n_pairs": n,
             "A": A_RATIO * n, "alpha": ALPHA, "gamma": GAMMA}
    setup.update(fixed)
    return setup


def check_setup(setup):
    names = [p["name"] for p in setup["params"]]
    if not names:
        raise SpsaError("no parameter to tune")
    if len(set(names)) != len(names):
        raise SpsaError("a parameter is named twice")
    for p in setup["params"]:
        if not p["min"] <= p["start"] <= p["max"]:
            raise SpsaError("%s starts at %s, outside its range [%s, %s]" % (p["name"], p["start"], p["min"], p["max"]))
        if not (p["c_end"] > 0 and p["r_end"] > 0 and math.isfinite(p["c_end"]) and math.isfinite(p["r_end"])):
            raise SpsaError("%s: c_end and r_end must be positive numbers" % p["name"])
    if setup["batches"] < 1 or setup["pairs"] < 1:
        raise SpsaError("a tuning needs at least one batch of one pair")


def new_state(setup):
    check_setup(setup)
    return {"format": FORMAT, "setup": setup, "batch": 0, "k": 0,
            "theta": {p["name"]: float(p["start"]) for p in setup["params"]},
            "pending": None, "history": []}


def save_state(path, state):
    """Writes the state whole: a temporary file beside it, synced, renamed over it."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load_state(path):
    try:
        with open(path) as f:
            state = json.load(f)
    except OSError as e:
        raise SpsaError("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise SpsaError("%s is not a state file of this tuner (%s)" % (path, e))
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise SpsaError("%s is not a state file of this tuner (format %r)" % (path, state.get("format")
                                                                          if isinstance(state, dict) else None))
    return state


def open_state(path, setup):
    """The state of `path`, or a new one for `setup`. A state made with another setup is refused,
    naming what differs."""
    if not os.path.exists(path):
        state = new_state(setup)
        save_state(path, state)
        return state, True
    state = load_state(path)
    old = state["setup"]
    if old != setup:
        keys = sorted(k for k in set(old) | set(setup) if old.get(k) != setup.get(k))
        raise SpsaError("%s holds another tuning (%s differ); use another --out, or the same arguments to continue it"
                        % (path, ", ".join(keys)))
    return state, False


def prepare(state):
    """The batch to play next, drawn (and kept in the state) unless one is pending."""
    if state["pending"] is not None:
        return state["pending"]
    s = state["setup"]
    b = state["batch"] + 1
    flips = draw_flips(s["seed"], b, len(s["params"]))
    pending = {"batch": b, "k": state["k"], "seed": batch_seed(s["seed"], b), "flips": {}, "c_k": {}, "R_k": {},
               "plus": {}, "minus": {}, "jobs": None}
    for p, flip in zip(s["params"], flips):
        name = p["name"]
        c_k, r_k = gains(p, state["k"], s["n_pairs"], s["A"], s["alpha"], s["gamma"])
        plus, minus = perturbed(state["theta"][name], c_k, flip, p["min"], p["max"])
        pending["flips"][name], pending["c_k"][name], pending["R_k"][name] = flip, c_k, r_k
        pending["plus"][name], pending["minus"][name] = plus, minus
    state["pending"] = pending
    return pending


def apply(state, outcome):
    """Applies the pending batch's outcome (wins, draws, losses of θ+) and records it."""
    s, pending = state["setup"], state["pending"]
    result = outcome["wins"] - outcome["losses"]
    theta = dict(state["theta"])
    for p in s["params"]:
        name = p["name"]
        theta[name] = updated(theta[name], pending["R_k"][name], pending["c_k"][name], result,
                              pending["flips"][name], p["min"], p["max"])
    entry = {k: pending[k] for k in ("batch", "k", "seed", "flips", "c_k", "R_k", "plus", "minus")}
    entry.update({"wins": outcome["wins"], "draws": outcome["draws"], "losses": outcome["losses"],
                  "result": result, "theta": theta})
    state["history"].append(entry)
    state["theta"] = theta
    state["batch"] = pending["batch"]
    state["k"] += s["pairs"]
    state["pending"] = None


def run(path, setup, play, say=print):
    """Plays the tuning of the state file `path` to its end (a new one for `setup`, or the one it
    holds, continued). play(pending, remember) plays one batch and returns its outcome (a dict of
    wins, draws, losses of θ+) or None when the batch could not be completed (it says why);
    remember(key, value) keeps a value in the pending batch (job ids) in the state file at once.
    Returns 0 when every batch is done, 1 when a batch was left incomplete."""
    state, fresh = open_state(path, setup)
    if not fresh:
        say("Continuing %s: %d of %d batches done" % (path, state["batch"], setup["batches"]))
    while state["batch"] < setup["batches"]:
        drawn = state["pending"] is None
        pending = prepare(state)
        if drawn:
            save_state(path, state)

        def remember(key, value, pending=pending):
            pending[key] = value
            save_state(path, state)

        outcome = play(pending, remember)
        if outcome is None:
            return 1
        apply(state, outcome)
        save_state(path, state)
        say(summary_line(state))
    return 0


def summary_line(state):
    h = state["history"][-1]
    s = state["setup"]
    theta = " ".join("%s=%.2f" % (p["name"], state["theta"][p["name"]]) for p in s["params"][:6])
    more = " ..." if len(s["params"]) > 6 else ""
    return "batch %d/%d (k=%d): +%d =%d -%d for theta+ -> %s%s" % (
        h["batch"], s["batches"], h["k"], h["wins"], h["draws"], h["losses"], theta, more)
