#!/usr/bin/env python3
"""Fits the evaluation's weights (engine/search/evaluate.cpp) to positions with game results.

Usage:
  scripts/tune_eval.py --data positions.txt --variant ordo|ordox [--lambda L] [--l2 X]
                       [--candidates] [--binary build/ordo] [--seed S] [--val F]
                       [--min-count N] [--keep-mates] [--no-cache]
  scripts/tune_eval.py --data positions.txt --variant ordox --verify N
  scripts/tune_eval.py --data tests/data/tune_smoke_ordox.txt --variant ordox --smoke

Input: one position per line, `#` lines are comments:

    FEN;RESULT;SCORE

FEN in the project's notation (RULES.md section 7), RESULT the game's result from White's view
(1, 0.5, 0), SCORE the search score in centipawns from White's view (mates +-10000; it may be left
empty when --lambda is 1). scripts/make_selfplay_data writes such files from self-play games.

Features. The evaluation is linear in its weights. For each side the script counts what evaluate.cpp
multiplies by each weight: material, pieces per rank advanced (advance[]), the leader's rank
(leader[]), cut pieces (articulation points of the side's 8-neighbour graph; 0 when the side is
split or has fewer than 2 pieces), touching pairs (link), width beyond 4 files (spread), free
runners (weighted by ranks advanced - 2); the tempo goes to the side to move. So
eval_white = weights . (White's counts - Black's counts) + tempo * (+1 White to move, -1 Black).
The counts mirror the C++ exactly; the weights are parsed from evaluate.cpp (the initializers that
eval_weights() returns) and evaluate.hpp (struct EvalWeights), so the script follows the code.
  --verify N   compares the Python evaluation of N positions (spread over the file; 0 = all) with
               build/ordo's `eval` command, every term of each side and the total; exits 1 on any
               difference.
  --smoke      the test mode: every position of the file against the engine and against a slow
               one-position-at-a-time model of the counts and of the candidates, then a fit and
               the candidates, without the cache; exits 1 on any difference. Takes a few seconds
               on tests/data/tune_smoke_ordo.txt / tune_smoke_ordox.txt.

The fit. P(White scores) = sigmoid(K * eval_white / 100), K per 100 centipawns.
  1. K_s: the K that best predicts the results from the search scores. The target of each
     position is y = lambda * result + (1 - lambda) * sigmoid(K_s * score / 100) (--lambda,
     default 1: results only).
  2. K: the K that best predicts y with the engine's current weights. It stays fixed and sets the
     scale: the fitted weights are in the engine's centipawns.
  3. The weights: Newton's method (IRLS) on the mean cross-entropy, plus
     --l2 * sum(((w - w_current) / 100)^2) when given. Held at their current values:
     material (it is collinear with the advance[] counts: a piece advanced a ranks is worth
     material + advance[a]; holding it at 100 makes the fit unique), advance[7] and leader[7] (a
     piece on the target row has won: the search never evaluates that), the leader rank met most
     often (the leader terms of the two sides always differ by a constant, so one of them must be
     held), and every weight whose count differs between the sides in fewer than --min-count
     training positions (default 30).
  Left out of the fit: finished positions (a side on its target row or without pieces) and, unless
  --keep-mates, positions with a mate score (|SCORE| >= 9000): the search decides those, and they
  would push the weights toward infinity.
  Held-out split: the file is cut into segments, one per game when the file keeps a game's positions
  together: a segment ends where the result changes, a side's piece count grows or the fullmove
  number falls. Whole segments, in a random order (--seed S), make the validation set until it
  holds the --val share of the positions (default 0.1).

Output: K_s and K; the loss (mean cross-entropy, and the mean squared error) on the training and
validation sets of a constant prediction, the search scores, the current weights, the fitted
weights and the fitted weights rounded; every weight current -> fitted with the share of positions
where its count differs; whether advance[] and leader[] grow with the rank (not forced); and the
rounded weights as a C++ initializer to paste into evaluate.cpp. A fitted change is kept only if
it wins an SPRT match against the old weights (build/ordo-match -sprt).

--candidates: terms not in the engine, computed here only (the CANDIDATE section of the feature
code), each added alone to the fitted model and refitted, reported with its fitted weight and the
validation-loss gain (positive: the term helps).

Features are cached in <data>.features.npz (keyed by the file's size and mtime and a hash of the
feature code); --no-cache neither reads nor writes it. For a million positions: about 20 s to read
and count on 2 cores, a few seconds per fit, 1 GB of memory.

Needs numpy (Debian python3-numpy, which scripts/test installs); a python3 without it (say, a pyenv
one first on PATH) hands the run over to /usr/bin/python3.
"""
import argparse
import hashlib
import inspect
import os
import sys
import time

try:
    import numpy as np
except ImportError:  # e.g. a pyenv python3 first on PATH: try the system one, which has python3-numpy
    alt = "/usr/bin/python3"
    if (os.path.exists(alt) and os.path.realpath(alt) != os.path.realpath(sys.executable)
            and not os.environ.get("TUNE_EVAL_REEXEC")):
        os.environ["TUNE_EVAL_REEXEC"] = "1"
        os.execv(alt, [alt] + sys.argv)
    sys.exit("tune_eval: needs numpy (Debian: apt-get install python3-numpy; scripts/test installs it)")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import eval_features  # noqa: E402
from eval_features import (  # noqa: E402
    CANDIDATE_COLUMNS, CANDIDATES, N_SIDE, RANKS, ROOT, candidate_features, check_struct, column_names,
    cpp_initializer, design, engine_weights, exact_features, fail, pack_rows, parse_lines, popcount,
    read_data, vector_weights, verify, weight_vector,
)


# ---------------------------------------------------------------------------------------------
# The features of a positions file, cached in <data>.features.npz.
# ---------------------------------------------------------------------------------------------

def feature_code_hash():
    """A hash of the code behind the cached arrays: the feature section of eval_features.py and the
    readers."""
    src = open(os.path.abspath(eval_features.__file__)).read()
    body = src[src.index("# ---- features begin"):src.index("# ---- features end")]
    body += "".join(inspect.getsource(f) for f in (parse_lines, pack_rows, segments, finished))
    return hashlib.sha1(body.encode()).hexdigest()[:16]


def compute_features(d, chunk=1 << 18):
    """(X, C): the model matrix (count differences and tempo) and the candidates' differences."""
    n = len(d["W"])
    X = np.zeros((n, N_SIDE + 1), dtype=np.int16)
    C = np.zeros((n, len(CANDIDATE_COLUMNS)), dtype=np.int16)
    for lo in range(0, n, chunk):
        part = {k: v[lo:lo + chunk] for k, v in d.items()}
        fw, fb = exact_features(part)
        X[lo:lo + chunk] = design(fw, fb, part["stm"])
        C[lo:lo + chunk] = candidate_features(part)
    return X, C


CACHED = ("X", "C", "result", "score", "segment", "finished")


def load(path, use_cache=True):
    """{X, C, result, score, segment, finished} of the file, from the cache when it matches the file;
    and a line saying where it came from and how long it took."""
    t0 = time.time()
    st = os.stat(path)
    key = f"{st.st_size}:{st.st_mtime_ns}:{feature_code_hash()}"
    cache = path + ".features.npz"
    if use_cache and os.path.exists(cache):
        try:
            with np.load(cache) as z:
                if str(z["key"]) == key:
                    return {k: z[k] for k in CACHED}, f"features from {cache} in {time.time() - t0:.1f}s"
        except (OSError, KeyError, ValueError):
            pass
    d = read_data(path)
    t1 = time.time()
    X, C = compute_features(d)
    out = {"X": X, "C": C, "result": d["result"], "score": d["score"], "segment": segments(d),
           "finished": finished(d)}
    how = f"read in {t1 - t0:.1f}s, features computed in {time.time() - t1:.1f}s"
    if use_cache:
        try:
            tmp = cache + ".tmp.npz"
            np.savez(tmp, key=np.array(key), **out)
            os.replace(tmp, cache)
            how += f" (cached in {cache})"
        except OSError as e:
            how += f" (not cached: {e})"
    return out, how


def finished(d):
    """Positions where a side stands on its target row or has no pieces: the search scores those
    itself and never evaluates them, so the fit leaves them out."""
    w, b = d["W"], d["B"]
    return (w[:, RANKS - 1] != 0) | (b[:, 0] != 0) | ~w.any(axis=1) | ~b.any(axis=1)


# ---------------------------------------------------------------------------------------------
# The logistic model and its fit.
# ---------------------------------------------------------------------------------------------

CHUNK = 1 << 18


def matvec(X, v):
    out = np.empty(len(X))
    for lo in range(0, len(X), CHUNK):
        out[lo:lo + CHUNK] = X[lo:lo + CHUNK].astype(np.float64) @ v
    return out


def weighted_gram(X, h):
    p = X.shape[1]
    G = np.zeros((p, p))
    for lo in range(0, len(X), CHUNK):
        x = X[lo:lo + CHUNK].astype(np.float64)
        G += x.T @ (x * h[lo:lo + CHUNK, None])
    return G


def tmatvec(X, r):
    g = np.zeros(X.shape[1])
    for lo in range(0, len(X), CHUNK):
        g += X[lo:lo + CHUNK].astype(np.float64).T @ r[lo:lo + CHUNK]
    return g


def sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def cross_entropy(z, y):
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def mse(z, y):
    return float(np.mean((sigmoid(z) - y) ** 2))


def fit_scale(e, y):
    """The K >= 0 minimising the mean cross-entropy of sigmoid(K * e / 100) against y."""
    x = e / 100.0
    def slope(k):
        return float(np.mean((sigmoid(k * x) - y) * x))
    if slope(0.0) >= 0:
        return 0.0
    lo, hi = 0.0, 0.25
    while slope(hi) < 0:
        lo, hi = hi, hi * 2
        if hi > 1e4:
            return hi
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if slope(mid) < 0 else (lo, mid)
    return 0.5 * (lo + hi)


def newton_fit(X, y, s, offset, theta0, prior, l2, iters=50, tol=1e-10):
    """Minimises mean CE(s * (offset + X @ theta), y) + l2 * sum(((theta - prior) / 100)^2) from theta0.
    Returns (theta, iterations)."""
    n = len(y)
    lam = l2 / 1e4

    def objective(th):
        z = s * (offset + matvec(X, th))
        return cross_entropy(z, y) + lam * float(np.sum((th - prior) ** 2)), z

    theta = theta0.astype(np.float64).copy()
    obj, z = objective(theta)
    for it in range(1, iters + 1):
        p = sigmoid(z)
        grad = s * tmatvec(X, p - y) / n + 2 * lam * (theta - prior)
        H = s * s * weighted_gram(X, p * (1 - p)) / n + 2 * lam * np.eye(len(theta))
        H += 1e-12 * np.trace(H) / len(theta) * np.eye(len(theta))  # keeps a singular direction harmless
        step = np.linalg.lstsq(H, grad, rcond=None)[0]
        t = 1.0
        while True:
            new_obj, new_z = objective(theta - t * step)
            if new_obj <= obj + 1e-4 * t * float(grad @ -step) or t < 1e-6:
                break
            t *= 0.5
        theta, improvement = theta - t * step, obj - new_obj
        obj, z = new_obj, new_z
        if improvement < tol and float(grad @ step) < 1e-9:
            return theta, it
    return theta, iters


def segments(d):
    """Segment index of each position: a new one where the result changes, a side's piece count grows
    or the fullmove number falls (game boundaries when the file keeps games together)."""
    cw, cb = popcount(d["W"]), popcount(d["B"])
    new = np.zeros(len(cw), dtype=bool)
    new[0] = True
    new[1:] = ((d["result"][1:] != d["result"][:-1]) | (cw[1:] > cw[:-1]) | (cb[1:] > cb[:-1])
               | (d["fullmove"][1:] < d["fullmove"][:-1]))
    return np.cumsum(new) - 1


def report_loss(label, z_tr, y_tr, z_va, y_va):
    print(f"  {label:<34} train CE {cross_entropy(z_tr, y_tr):.6f}  MSE {mse(z_tr, y_tr):.6f}   "
          f"validation CE {cross_entropy(z_va, y_va):.6f}  MSE {mse(z_va, y_va):.6f}")


# material: the scale anchor (collinear with the advance counts); advance[7], leader[7]: a piece on
# the target row has won, and the search never evaluates such a position. (The leader rank met most
# often and the weights met too rarely are held too, see run().)
ALWAYS_HELD = ("material", "advance[7]", "leader[7]")
# Scores at least this large are found wins (the file gives mates as +-10000): the search decides
# those positions, not the evaluation, so the fit leaves them out unless --keep-mates.
MATE_SCORE = 9000


def run(args):
    t_start = time.time()
    check_struct()
    init_name, current = engine_weights(args.variant)
    w0 = weight_vector(current)
    names = column_names()

    d, how = load(args.data, use_cache=not args.no_cache)
    print(f"{args.data}: {len(d['X'])} positions; {how}")
    done = d["finished"]
    mates = np.abs(d["score"]) >= MATE_SCORE
    if done.any():
        print(f"  {int(done.sum())} finished positions (a side on its target row or without pieces) left out")
    if mates.any() and not args.keep_mates:
        print(f"  {int((mates & ~done).sum())} positions with a mate score (|SCORE| >= {MATE_SCORE}) left out "
              "(--keep-mates keeps them)")
        done = done | mates
    if done.any():
        d = {k: v[~done] for k, v in d.items()}
    X, C, seg = d["X"], d["C"], d["segment"]
    n = len(X)
    if n < 2:
        fail("fewer than two positions to fit")
    # Validation: whole segments in a seeded random order, until they hold the --val share of positions.
    ids, sizes = np.unique(seg, return_counts=True)
    if len(ids) < 2:
        fail("one segment only: nothing to hold out (is every line the same game?)")
    order = np.random.default_rng(args.seed).permutation(len(ids))
    taken = order[:max(1, min(len(ids) - 1, int(np.searchsorted(np.cumsum(sizes[order]), args.val * n)) + 1))]
    is_val = np.isin(seg, ids[taken])
    tr, va = ~is_val, is_val
    print(f"split: {len(ids)} segments; train {int(tr.sum())} positions, validation {int(va.sum())} "
          f"({len(taken)} segments, seed {args.seed})")

    result, score = d["result"], d["score"]
    has_score = ~np.isnan(score)
    ks = None
    if has_score.any():
        ks = fit_scale(np.where(has_score, score, 0.0)[tr & has_score], result[tr & has_score])
        print(f"K_s (search score -> result, per 100 cp) = {ks:.5f}")
    if args.lam < 1:
        if not has_score.all():
            fail("--lambda below 1 needs a SCORE on every line")
        y = args.lam * result + (1 - args.lam) * sigmoid(ks * score / 100.0)
    else:
        y = result.copy()
    print(f"target: {args.lam:g} * result + {1 - args.lam:g} * sigmoid(K_s * score / 100); mean {y.mean():.4f}")

    e_cur = matvec(X, w0)
    K = fit_scale(e_cur[tr], y[tr])
    if K <= 0:
        if not args.smoke:
            fail("the current weights do not predict the target at all (K = 0): nothing to scale the fit by")
        K = 0.1
        print("K = 0: the current weights do not predict this target; the smoke run goes on with K = 0.1")
    s = K / 100.0
    print(f"K (current weights, per 100 cp) = {K:.5f}   (P(White scores) = sigmoid(K * eval_white / 100))")
    ybar = float(y[tr].mean())
    zc = np.log(ybar / (1 - ybar)) if 0 < ybar < 1 else 0.0
    print("loss:")
    report_loss("constant prediction (train mean)", np.full(int(tr.sum()), zc), y[tr],
                np.full(int(va.sum()), zc), y[va])
    report_loss("current weights", s * e_cur[tr], y[tr], s * e_cur[va], y[va])
    if ks is not None and has_score.all():
        report_loss("search scores (K_s)", ks / 100 * score[tr], y[tr], ks / 100 * score[va], y[va])

    # The free weights: all but ALWAYS_HELD, the rare ones and the leader anchor.
    Xtr, Xva = X[tr], X[va]
    met = (Xtr != 0).sum(axis=0)
    fixed = np.array([nm in ALWAYS_HELD for nm in names])
    rare = ~fixed & (met < args.min_count)
    fixed |= rare
    # Each side has exactly one leader, so the leader differences sum to zero: adding a constant to
    # every leader weight changes nothing. Holding the leader rank met most often removes that freedom.
    lead = [i for i, nm in enumerate(names) if nm.startswith("leader[") and not fixed[i]]
    anchor = max(lead, key=lambda i: met[i]) if lead else None
    if anchor is not None:
        fixed[anchor] = True
    free = np.nonzero(~fixed)[0]
    fixed_idx = np.nonzero(fixed)[0]
    off_tr = matvec(Xtr[:, fixed_idx], w0[fixed_idx])
    off_va = matvec(Xva[:, fixed_idx], w0[fixed_idx])
    t0 = time.time()
    theta, iters = newton_fit(Xtr[:, free], y[tr], s, off_tr, w0[free], w0[free], args.l2)
    t_fit = time.time() - t0
    w_fit = w0.copy()
    w_fit[free] = theta
    w_round = np.round(w_fit)
    print(f"fit: {len(free)} free weights, Newton {iters} iterations, {t_fit:.1f}s"
          + (f"; l2 {args.l2:g} toward the current weights" if args.l2 else ""))
    print("  held at the current values: material (the scale), advance[7] and leader[7] (won positions)"
          + (f", {names[anchor]} (the leader rank met most often: the leader terms' anchor)"
             if anchor is not None else "")
          + "".join(f", {names[i]} (met in {met[i]} positions)" for i in np.nonzero(rare)[0]))
    z_tr, z_va = s * matvec(Xtr, w_fit), s * matvec(Xva, w_fit)
    report_loss("fitted weights", z_tr, y[tr], z_va, y[va])
    report_loss("fitted weights, rounded", s * matvec(Xtr, w_round), y[tr], s * matvec(Xva, w_round), y[va])

    print("weights (current -> fitted; share of positions where the count differs between the sides):")
    share = (X != 0).mean(axis=0)
    for i, nm in enumerate(names):
        mark = "" if i in set(free) else "  (held)"
        print(f"  {nm:<16} {w0[i]:>7.0f} -> {w_fit[i]:>9.2f}   {share[i]:6.1%}{mark}")
    big = [nm for i, nm in enumerate(names) if abs(w_fit[i]) > 2000 and i in set(free)]
    if big:
        print(f"  warning: {', '.join(big)} above 2000 in size: the data nearly separates there (positions "
              "that are as good as won); consider --l2 or --lambda below 1")
    for f in ("advance", "leader"):
        vals = [w_fit[names.index(f"{f}[{a}]")] for a in range(1, RANKS - 1)]
        drops = [a + 1 for a in range(len(vals) - 1) if vals[a + 1] < vals[a]]
        print(f"  {f}[1..6] " + ("increases with the rank" if not drops else
                                 "is not monotone: it falls after rank(s) " + ", ".join(map(str, drops))))
    print("\nfitted weights, rounded (evaluate.cpp):")
    print(cpp_initializer(init_name, vector_weights(w_round)))

    if args.candidates:
        print("\ncandidate terms (each added alone to the fitted model; gain = validation CE before - after):")
        base_va = cross_entropy(z_va, y[va])
        for label, cols in CANDIDATES.items():
            ci = [CANDIDATE_COLUMNS.index(c) for c in cols]
            Ctr = np.concatenate([Xtr[:, free], C[tr][:, ci]], axis=1)
            Cva = np.concatenate([Xva[:, free], C[va][:, ci]], axis=1)
            start = np.concatenate([theta, np.zeros(len(ci))])
            prior = np.concatenate([w0[free], np.zeros(len(ci))])
            if not (C[tr][:, ci] != 0).any():
                print(f"  {label}: no data")
                continue
            th, _ = newton_fit(Ctr, y[tr], s, off_tr, start, prior, args.l2)
            va_loss = cross_entropy(s * (off_va + matvec(Cva, th)), y[va])
            tr_loss = cross_entropy(s * (off_tr + matvec(Ctr, th)), y[tr])
            shown = ", ".join(f"{c} {v:+.1f}" for c, v in zip(cols, th[-len(ci):]))
            print(f"  {label}\n      weight {shown}; train CE {tr_loss:.6f}, validation CE {va_loss:.6f}, "
                  f"gain {base_va - va_loss:+.6f} ({(base_va - va_loss) / base_va:+.3%})")
    print(f"\ntotal {time.time() - t_start:.1f}s")
    return w_fit


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("--data", required=True, help="positions file: FEN;RESULT;SCORE per line")
    ap.add_argument("--variant", choices=["ordo", "ordox"], required=True)
    ap.add_argument("--lambda", dest="lam", type=float, default=1.0,
                    help="weight of the game result in the target (1: results only; 0: search scores only)")
    ap.add_argument("--l2", type=float, default=0.0, help="pull toward the current weights: l2 * sum(((w-w0)/100)^2)")
    ap.add_argument("--verify", type=int, metavar="N", help="check N positions (0 = all) against the engine, then stop")
    ap.add_argument("--candidates", action="store_true", help="also try the candidate terms")
    ap.add_argument("--binary", default=os.path.join(ROOT, "build/ordo"))
    ap.add_argument("--seed", type=int, default=1, help="seed of the validation split")
    ap.add_argument("--val", type=float, default=0.1,
                    help="share of the positions held out, as whole segments (default 0.1)")
    ap.add_argument("--min-count", type=int, default=30,
                    help="hold a weight whose count differs between the sides in fewer training positions (default 30)")
    ap.add_argument("--keep-mates", action="store_true",
                    help=f"also fit positions with a mate score (|SCORE| >= {MATE_SCORE}); "
                         "by default they are left out")
    ap.add_argument("--no-cache", action="store_true", help="neither read nor write <data>.features.npz")
    ap.add_argument("--smoke", action="store_true",
                    help="test mode: verify every position (engine and slow model), then a short fit with candidates")
    args = ap.parse_args()
    if not 0 <= args.lam <= 1:
        fail("--lambda must lie in [0, 1]")
    if not 0 < args.val < 1:
        fail("--val must lie in (0, 1)")
    check_struct()
    _, weights = engine_weights(args.variant)
    if args.smoke:
        if not verify(args, args.data, weights, 0, slow=True):
            sys.exit(1)
        args.no_cache, args.candidates = True, True
        w = run(args)
        if not np.isfinite(w).all():
            fail("the fit gave non-finite weights")
        print("smoke: ok")
        return
    if args.verify is not None:
        sys.exit(0 if verify(args, args.data, weights, args.verify) else 1)
    run(args)


if __name__ == "__main__":
    main()
