#!/usr/bin/env python3
"""Trains the engine's evaluation network (docs/NETWORK.md) on self-play positions and writes the
engine's network file.

    scripts/train_nnue.py --data DIR/positions.txt --variant ordox --out my.nnue
        [--epochs 12] [--lambda 0] [--lr 0.001] [--batch 256] [--val 0.1] [--seed 1]
        [--threads 1] [--no-mirror] [--scale K] [--init FILE.pt | --init-net FILE.nnue] [--width 256]
        [--save FILE.pt]
        [--compare-hand [--binary build/ordo]]
    scripts/train_nnue.py --check-engine --net my.nnue --data FILE --variant ordox [--binary build/ordo]
        [--count 2000]

Data: the FEN;RESULT;SCORE lines of scripts/make_selfplay_data (RESULT and SCORE from White's
view). Parsed arrays are cached next to the data as <data>.nnue.npz (keyed by the file's size and
mtime). Positions with a forced-win score (|SCORE| >= 9000) and finished positions are left out.

Target: y = lambda * result + (1 - lambda) * sigmoid(K_s * score / 100), from the side to move's
view, where K_s (per 100 cp) is fitted so that the search scores best predict the results. The
network's value v (centipawns) predicts it as sigmoid(K_s * v / 100), so the network learns the
search's centipawn scale. Loss: mean cross-entropy against y. Whole games (segments of the file:
a new game starts where the result changes, a side's piece count grows or the fullmove number falls)
are held out for validation (--val share of the positions, chosen by --seed). The weights of the
epoch with the lowest validation loss are the ones exported. The last line puts the exported
network's validation loss beside a constant prediction's, the floor no prediction can pass (the
targets' own entropy) and, with --compare-hand, the engine's hand evaluation's (its `eval` Total).

Reproducible: the same data, arguments and seed give the same network file, byte for byte (fixed
seeds, a seeded data order, deterministic algorithms, --threads 1 by default).

The network: 160 inputs (own/other colour x 80 squares, Black's view turned 180 degrees) -> 128
(or --width 256) per perspective -> clipped ReLU, side to move first -> 32 -> clipped ReLU -> 1. Weights the engine
stores as int8 are held within +-127/64 during training, so the export only rounds.

--check-engine: evaluates --count positions of --data (spread over the file) with the network file
in the engine (`setoption name EvalFile`, then `eval`'s Network line) and with this script's float
forward pass of the same file's weights, and exits 1 if any differs by more than the quantisation
allowance (--tolerance cp, default 5, plus 2% of the value).

Needs PyTorch (Debian python3-torch) and numpy to train or check; a python3 without them (say, a
pyenv one first on PATH) hands the run over to /usr/bin/python3. --help and argument errors need
neither. A trained network whose sums could overflow the engine's integers is not written (the
engine would refuse it).
"""
import argparse
import copy
import os
import struct
import sys
import time
import zlib

np = torch = None  # imported by need_torch(), only when a run trains or checks: --help needs neither


def need_torch():
    """Imports numpy and PyTorch, or hands the run to the system python3, or exits with the cause."""
    global np, torch
    try:
        import numpy
        import torch as torch_module
    except ImportError:  # e.g. a pyenv python3 first on PATH: try the system one (python3-torch)
        alt = "/usr/bin/python3"
        if (os.path.exists(alt) and os.path.realpath(alt) != os.path.realpath(sys.executable)
                and not os.environ.get("TRAIN_NNUE_REEXEC")):
            os.environ["TRAIN_NNUE_REEXEC"] = "1"
            os.execv(alt, [alt] + sys.argv)
        sys.exit("train_nnue: needs numpy and PyTorch (Debian: apt-get install python3-numpy python3-torch)")
    np, torch = numpy, torch_module


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_eval import EngineEvalError, eval_blocks  # noqa: E402

SQUARES, FEATURES, HIDDEN = 80, 160, 32
WIDTHS = (128, 256)  # the first layer's widths the engine runs (accumulator units per perspective)
QA, QB = 127, 64
OUTPUT_SCALE = 100  # centipawns per 1.0 of the float output
MAGIC = b"ORDONNUE"
VERSION = 1
HEADER_BYTES = 64
WMAX = 127 / QB  # the int8 weights' range in float
MATE = 9000
CACHE_VERSION = 1


def fail(msg):
    sys.exit(f"train_nnue: {msg}")


# ---------------------------------------------------------------------------------------------
# Data

def parse_board(fen):
    """(white[80], black[80] as bool arrays, side 0/1, fullmove)."""
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != 8:
        raise ValueError(f"bad FEN board: {fen}")
    w = np.zeros(SQUARES, dtype=bool)
    b = np.zeros(SQUARES, dtype=bool)
    for i, row in enumerate(rows):
        rank = 7 - i
        f, num = 0, ""
        for ch in row + "/":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == "W":
                w[rank * 10 + f] = True
                f += 1
            elif ch == "B":
                b[rank * 10 + f] = True
                f += 1
        if f != 10:
            raise ValueError(f"bad FEN rank: {fen}")
    side = 0 if parts[1] == "w" else 1
    fullmove = int(parts[3]) if len(parts) > 3 else 1
    return w, b, side, fullmove


def load(path, use_cache=True):
    """Arrays of every usable line: white/black bits (packed), side, result and score (White's
    view), segment (game) id, and the FENs' line numbers."""
    st = os.stat(path)
    cache = path + ".nnue.npz"
    key = np.array([st.st_size, int(st.st_mtime_ns), CACHE_VERSION], dtype=np.int64)
    if use_cache and os.path.exists(cache):
        d = dict(np.load(cache))
        if np.array_equal(d.get("key"), key):
            return d
    t0 = time.time()
    W, B, side, res, score, seg, line_no = [], [], [], [], [], [], []
    segment, last = 0, None
    with open(path) as f:
        for n, line in enumerate(f):
            if line.startswith("#") or not line.strip():
                continue
            fen, r, s = line.rstrip("\n").split(";")
            w, b, stm, fullmove = parse_board(fen)
            r = float(r)
            cw, cb = int(w.sum()), int(b.sum())
            if last is not None:
                lr, lw, lb, lf = last
                if r != lr or cw > lw or cb > lb or fullmove < lf:
                    segment += 1
            last = (r, cw, cb, fullmove)
            W.append(np.packbits(w))
            B.append(np.packbits(b))
            side.append(stm)
            res.append(r)
            score.append(float(s))
            seg.append(segment)
            line_no.append(n)
    if not W:
        fail(f"{path}: no positions")
    d = dict(key=key, white=np.array(W), black=np.array(B), side=np.array(side, dtype=np.int8),
             result=np.array(res, dtype=np.float32), score=np.array(score, dtype=np.float32),
             segment=np.array(seg, dtype=np.int64), line=np.array(line_no, dtype=np.int64))
    if use_cache:
        try:
            np.savez(cache, **d)
        except OSError:
            pass
    print(f"read {len(W)} positions from {path} in {time.time() - t0:.1f} s")
    return d


def inputs(white, black, side):
    """Float tensors (us, them) [N, 160] from unpacked bool boards [N, 80] and side [N]."""
    w = torch.from_numpy(white.astype(np.float32))
    b = torch.from_numpy(black.astype(np.float32))
    white_view = torch.cat([w, b], 1)
    black_view = torch.cat([b.flip(1), w.flip(1)], 1)
    black_to_move = torch.from_numpy(side.astype(bool)).unsqueeze(1)
    us = torch.where(black_to_move, black_view, white_view)
    them = torch.where(black_to_move, white_view, black_view)
    return us, them


def unpack(d, idx):
    return (np.unpackbits(d["white"][idx], axis=1)[:, :SQUARES].astype(bool),
            np.unpackbits(d["black"][idx], axis=1)[:, :SQUARES].astype(bool))


# ---------------------------------------------------------------------------------------------
# The network

_NET_CLASS = None


def Net(width=WIDTHS[0]):  # noqa: N802 (used as the class it makes)
    """A new float network with `width` accumulator units per perspective; its class is made once
    PyTorch is imported (need_torch)."""
    global _NET_CLASS
    if _NET_CLASS is None:
        _NET_CLASS = _make_net_class()
    return _NET_CLASS(width)


def _make_net_class():
    class Net(torch.nn.Module):
        def __init__(self, width):
            super().__init__()
            self.width = width
            self.ft = torch.nn.Linear(FEATURES, width)
            self.l1 = torch.nn.Linear(2 * width, HIDDEN)
            self.out = torch.nn.Linear(HIDDEN, 1)
            with torch.no_grad():
                self.ft.weight.mul_(0.5)
                self.ft.bias.fill_(0.25)

        def forward(self, us, them):
            """The value in centipawns (side to move's view)."""
            a = torch.clamp(self.ft(us), 0, 1)
            b = torch.clamp(self.ft(them), 0, 1)
            h = torch.clamp(self.l1(torch.cat([a, b], 1)), 0, 1)
            return self.out(h).squeeze(1) * OUTPUT_SCALE

        def clip(self):
            with torch.no_grad():
                self.l1.weight.clamp_(-WMAX, WMAX)
                self.out.weight.clamp_(-WMAX, WMAX)
                self.ft.weight.clamp_(-8, 8)
                self.ft.bias.clamp_(-8, 8)

    return Net


def widen_into(net, start):
    """Sets `net` to compute what `start` (no wider) computes: start's accumulator units first, the
    extra units keep their fresh weights but enter the hidden layer with weight 0, so training
    starts from start's values and grows the new units from there."""
    w0, w = start.width, net.width
    with torch.no_grad():
        net.ft.weight[:w0] = start.ft.weight
        net.ft.bias[:w0] = start.ft.bias
        net.l1.weight.zero_()
        net.l1.weight[:, :w0] = start.l1.weight[:, :w0]          # side to move's units
        net.l1.weight[:, w:w + w0] = start.l1.weight[:, w0:]     # the other side's
        net.l1.bias.copy_(start.l1.bias)
        net.out.load_state_dict(start.out.state_dict())


def quantised(net):
    """The integer arrays the engine stores."""
    def q(t, scale, lo, hi, dtype):
        return np.clip(np.round(t.detach().double().numpy() * scale), lo, hi).astype(dtype)
    return dict(
        acc_bias=q(net.ft.bias, QA, -32768, 32767, "<i2"),
        acc_weights=q(net.ft.weight.t(), QA, -32768, 32767, "<i2"),  # [FEATURES][width]
        hidden_bias=q(net.l1.bias, QA * QB, -2**31, 2**31 - 1, "<i4"),
        hidden_weights=q(net.l1.weight, QB, -127, 127, "i1"),        # [HIDDEN][2*width]
        out_bias=q(net.out.bias, QA * QB, -2**31, 2**31 - 1, "<i4"),
        out_weights=q(net.out.weight[0], QB, -127, 127, "i1"),
    )


def overflow_risk(qz):
    """The engine's load check (check_sums, engine/search/nnue_network.cpp): the first sum of the
    forward pass that could leave its integer type for some board, or None."""
    w = qz["acc_weights"].astype(np.int64)
    own, other = w[:SQUARES], w[SQUARES:]
    bias = qz["acc_bias"].astype(np.int64)
    if ((bias + np.maximum(0, np.maximum(own, other)).sum(0)).max() > 32767
            or (bias + np.minimum(0, np.minimum(own, other)).sum(0)).min() < -32768):
        return "an accumulator value"
    for name, wk, bk in (("a hidden sum", "hidden_weights", "hidden_bias"), ("the output sum", "out_weights", "out_bias")):
        wt = qz[wk].astype(np.int64).reshape(len(qz[bk]), -1)
        b = qz[bk].astype(np.int64)
        if (b + QA * np.maximum(wt, 0).sum(1)).max() > 2**31 - 1 or (b + QA * np.minimum(wt, 0).sum(1)).min() < -2**31:
            return name
    return None


def export(net, variant, path):
    qz = quantised(net)
    why = overflow_risk(qz)
    if why:
        fail(f"{why} of the trained network could overflow the engine's integers, so the engine would refuse "
             f"the file (docs/NETWORK.md); not written")
    payload = b"".join(qz[k].tobytes() for k in
                       ["acc_bias", "acc_weights", "hidden_bias", "hidden_weights", "out_bias", "out_weights"])
    header = MAGIC + struct.pack("<8I", VERSION, 1 if variant == "ordox" else 0, FEATURES, net.width, HIDDEN, QA,
                                 QB, OUTPUT_SCALE)
    header += struct.pack("<2I", len(payload), zlib.crc32(payload) & 0xFFFFFFFF)
    header += b"\0" * (HEADER_BYTES - len(header))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(header + payload)
    os.replace(tmp, path)
    return len(header) + len(payload)


def read_net_file(path):
    """(variant, Net with the file's dequantised weights): the trainer's view of an engine file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != MAGIC:
        fail(f"{path}: not a network file")
    version, variant, features, acc, hidden, qa, qb, scale, size, crc = struct.unpack("<10I", data[8:48])
    if ((version, features, hidden, qa, qb, scale) != (VERSION, FEATURES, HIDDEN, QA, QB, OUTPUT_SCALE)
            or acc not in WIDTHS):
        fail(f"{path}: a network of another layout")
    payload = data[HEADER_BYTES:]
    if len(payload) != size or zlib.crc32(payload) & 0xFFFFFFFF != crc:
        fail(f"{path}: truncated or corrupt")
    arrays, at = {}, 0
    for name, dtype, shape in [("acc_bias", "<i2", (acc,)), ("acc_weights", "<i2", (FEATURES, acc)),
                               ("hidden_bias", "<i4", (HIDDEN,)), ("hidden_weights", "i1", (HIDDEN, 2 * acc)),
                               ("out_bias", "<i4", (1,)), ("out_weights", "i1", (HIDDEN,))]:
        n = int(np.prod(shape)) * np.dtype(dtype).itemsize
        arrays[name] = np.frombuffer(payload[at:at + n], dtype=dtype).reshape(shape).astype(np.float64)
        at += n
    net = Net(acc).double()
    with torch.no_grad():
        net.ft.bias.copy_(torch.from_numpy(arrays["acc_bias"] / QA))
        net.ft.weight.copy_(torch.from_numpy(arrays["acc_weights"].T / QA))
        net.l1.bias.copy_(torch.from_numpy(arrays["hidden_bias"] / (QA * QB)))
        net.l1.weight.copy_(torch.from_numpy(arrays["hidden_weights"] / QB))
        net.out.bias.copy_(torch.from_numpy(arrays["out_bias"] / (QA * QB)))
        net.out.weight.copy_(torch.from_numpy(arrays["out_weights"][None, :] / QB))
    return ("ordox" if variant == 1 else "ordo"), net


# ---------------------------------------------------------------------------------------------
# Training

def fit_scale(score, result):
    """K (per 100 cp) minimising the cross-entropy of sigmoid(K * score / 100) against result."""
    x = torch.from_numpy(score.astype(np.float64) / 100.0)
    y = torch.from_numpy(result.astype(np.float64))
    lo, hi = 0.0, 10.0
    for _ in range(60):  # the derivative is increasing in K: bisect its root
        k = (lo + hi) / 2
        g = float(((torch.sigmoid(k * x) - y) * x).mean())
        lo, hi = (k, hi) if g < 0 else (lo, k)
    return (lo + hi) / 2


def bce(v, y, k):
    p = torch.sigmoid(k * v / 100.0).clamp(1e-7, 1 - 1e-7)
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()


def prepare(args):
    d = load(args.data, not args.no_cache)
    keep = np.abs(d["score"]) < MATE
    white, black = unpack(d, np.arange(len(d["side"])))
    nw, nb = white.sum(1), black.sum(1)
    keep &= (nw > 0) & (nb > 0)
    keep &= ~white[:, 70:80].any(1) & ~black[:, 0:10].any(1)  # finished: a side on its target row
    stm = d["side"].astype(np.int64)
    # Side to move's view.
    result = np.where(stm == 0, d["result"], 1 - d["result"]).astype(np.float32)
    score = np.where(stm == 0, d["score"], -d["score"]).astype(np.float32)
    idx = np.nonzero(keep)[0]
    seg = d["segment"][idx]
    white, black, stm, result, score = white[idx], black[idx], stm[idx], result[idx], score[idx]
    if args.mirror:
        # Files mirrored (a<->j) is a symmetry of the rules: each position once more, in its game.
        mirror = lambda b: b.reshape(-1, 8, 10)[:, :, ::-1].reshape(-1, SQUARES)  # noqa: E731
        white, black = np.concatenate([white, mirror(white)]), np.concatenate([black, mirror(black)])
        stm, result, score = (np.concatenate([a, a]) for a in (stm, result, score))
        seg = np.concatenate([seg, seg])
        idx = np.arange(len(seg))
    ids, sizes = np.unique(seg, return_counts=True)
    if len(ids) < 2:
        fail("one game only: nothing to hold out")
    order = np.random.default_rng(args.seed).permutation(len(ids))
    need = args.val * len(seg)
    taken = order[:max(1, min(len(ids) - 1, int(np.searchsorted(np.cumsum(sizes[order]), need)) + 1))]
    is_val = np.isin(seg, ids[taken])
    return dict(white=white, black=black, side=stm, result=result, score=score,
                val=is_val, games=len(ids), val_games=len(taken))


def train(args):
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    p = prepare(args)
    tr, va = ~p["val"], p["val"]
    print(f"data: {len(p['side'])} positions of {p['games']} games; validation {int(va.sum())} positions "
          f"({p['val_games']} whole games, seed {args.seed})")
    k = args.scale if args.scale else fit_scale(p["score"][tr], p["result"][tr])
    print(f"K_s (search score -> result, per 100 cp) = {k:.5f}{' (given)' if args.scale else ''}")
    if k < 0.05:  # a few games can leave the scores unrelated to the results: no scale to learn by
        k = 1.0
        print(f"K_s below 0.05: the scores do not predict these results; using K_s = {k} (or give --scale)")
    y_all = torch.from_numpy(args.lam * p["result"] + (1 - args.lam) /
                             (1 + np.exp(-k * p["score"].astype(np.float64) / 100.0))).float()
    us_all, them_all = inputs(p["white"], p["black"], p["side"])
    tr_idx = torch.from_numpy(np.nonzero(tr)[0])
    va_idx = torch.from_numpy(np.nonzero(va)[0])
    print(f"target: {args.lam:g} * result + {1 - args.lam:g} * sigmoid(K_s * score / 100); "
          f"mean {float(y_all.mean()):.4f}")

    start = None
    if args.init:
        state = torch.load(args.init)
        start = Net(state["ft.weight"].shape[0])
        start.load_state_dict(state)
    elif args.init_net:
        variant, start = read_net_file(args.init_net)
        if variant != args.variant:
            fail(f"{args.init_net} is a network for {variant}, not {args.variant}")
        start = start.float()
    width = args.width or (start.width if start else WIDTHS[0])
    net = Net(width)
    if start:
        if start.width > width:
            fail(f"the starting network has {start.width} accumulator units, more than --width {width}")
        widen_into(net, start)
    print(f"network: {FEATURES} -> {width} x 2 -> {HIDDEN} -> 1"
          + (f" (from a {start.width}-wide start)" if start else ""))
    net.clip()
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, args.epochs))
    gen = torch.Generator().manual_seed(args.seed)

    def loss_on(ix):
        with torch.no_grad():
            total = 0.0
            for lo in range(0, len(ix), 65536):
                j = ix[lo:lo + 65536]
                total += float(bce(net(us_all[j], them_all[j]), y_all[j], k)) * len(j)
            return total / max(1, len(ix))

    # The loss of a constant prediction (the mean target), for scale.
    ym = float(y_all[tr_idx].mean())
    const = lambda ix: float(-(y_all[ix] * np.log(ym) + (1 - y_all[ix]) * np.log(1 - ym)).mean())  # noqa: E731
    print(f"constant prediction: train {const(tr_idx):.5f} validation {const(va_idx):.5f}")
    best_loss, best_epoch = loss_on(va_idx), 0
    best_state = copy.deepcopy(net.state_dict())
    print(f"epoch 0: train {loss_on(tr_idx):.5f} validation {best_loss:.5f}")
    for epoch in range(1, args.epochs + 1):
        t0 = time.time()
        perm = tr_idx[torch.randperm(len(tr_idx), generator=gen)]
        net.train()
        for lo in range(0, len(perm), args.batch):
            j = perm[lo:lo + args.batch]
            opt.zero_grad()
            loss = bce(net(us_all[j], them_all[j]), y_all[j], k)
            loss.backward()
            opt.step()
            net.clip()
        sched.step()
        net.eval()
        val = loss_on(va_idx)
        if val < best_loss:
            best_loss, best_epoch, best_state = val, epoch, copy.deepcopy(net.state_dict())
        print(f"epoch {epoch}: train {loss_on(tr_idx):.5f} validation {val:.5f} "
              f"({time.time() - t0:.1f} s)", flush=True)
    # The weights of the epoch with the lowest validation loss (later epochs only fit the noise).
    net.load_state_dict(best_state)
    print(f"keeping epoch {best_epoch} (validation {best_loss:.5f})")
    if args.save:
        torch.save(net.state_dict(), args.save)
    size = export(net, args.variant, args.out)
    # The exported file's own loss (the quantised weights through the float forward pass).
    _, qnet = read_net_file(args.out)
    with torch.no_grad():
        vq = qnet(us_all[va_idx].double(), them_all[va_idx].double())
        lq = float(bce(vq, y_all[va_idx].double(), k))
    print(f"wrote {args.out} ({size} bytes); validation loss of the exported weights {lq:.5f}")
    # For scale: the least loss any prediction can reach (the targets' own entropy) and, with
    # --compare-hand, the loss of the engine's hand evaluation on the same validation positions.
    yv = y_all[va_idx].double().clamp(1e-7, 1 - 1e-7)
    floor = float(-(yv * torch.log(yv) + (1 - yv) * torch.log(1 - yv)).mean())
    line = f"validation loss: network {lq:.5f}, constant {const(va_idx):.5f}, floor (targets' entropy) {floor:.5f}"
    if args.compare_hand:
        vi = va_idx.numpy()
        fens = [fen_of(p["white"][i], p["black"][i], p["side"][i]) for i in vi]
        for i, fen in zip(vi, fens):  # the FENs say what the arrays hold
            w, b, side, _ = parse_board(fen)
            if not (np.array_equal(w, p["white"][i]) and np.array_equal(b, p["black"][i]) and side == p["side"][i]):
                fail(f"fen_of does not round-trip: {fen}")
        hand = torch.tensor(engine_eval_values(args.binary, args.variant, fens, "Total"), dtype=torch.float64)
        line += f", hand evaluation {float(bce(hand, y_all[va_idx].double(), k)):.5f} ({args.binary})"
    print(line)


# ---------------------------------------------------------------------------------------------
# The engine against the float forward pass

def engine_eval_values(binary, variant, fens, line_start, setup=()):
    """The engine's `eval` value (side to move's view) of each FEN, from the line starting with
    line_start ("Network" or "Total"), after the setup commands."""
    try:
        blocks = eval_blocks(binary, variant, fens, setup)
    except EngineEvalError as e:
        fail(str(e))
    out = []
    for block in blocks:
        v = [ln for ln in block.splitlines() if ln.startswith(line_start)]
        if len(v) != 1:
            fail(f"no {line_start} line in the engine's eval: {block!r}")
        out.append(int(v[0].split(":", 1)[1].split()[0]))
    return out


def engine_network_values(binary, variant, net_path, fens):
    return engine_eval_values(binary, variant, fens, "Network", [f"setoption name EvalFile value {net_path}"])


def fen_of(white, black, side):
    """The FEN of a board (bool arrays [80]) with the side to move; counters 0 and 1."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(10):
            sq = rank * 10 + f
            piece = "W" if white[sq] else "B" if black[sq] else ""
            if not piece:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if side == 0 else " b") + " 0 1"


def check_engine(args):
    variant, net = read_net_file(args.net)
    if variant != args.variant:
        fail(f"{args.net} is a network for {variant}, not {args.variant}")
    # The file's weights, read back and exported again, give the same bytes.
    again = args.net + ".again"
    export(net, variant, again)
    same = open(again, "rb").read() == open(args.net, "rb").read()
    os.remove(again)
    if not same:
        fail(f"{args.net}: reading and exporting again changes the file")
    print(f"{args.net}: read and exported again, byte for byte the same")
    fens = []
    with open(args.data) as f:
        lines = [ln.split(";")[0] for ln in f if ln.strip() and not ln.startswith("#")]
    step = max(1, len(lines) // args.count)
    for fen in lines[::step][:args.count]:
        w, b, _, _ = parse_board(fen)
        if w.any() and b.any() and not w[70:].any() and not b[:10].any():
            fens.append(fen)
    got = engine_network_values(args.binary, variant, os.path.abspath(args.net), fens)
    boards = [parse_board(f) for f in fens]
    us, them = inputs(np.array([x[0] for x in boards]), np.array([x[1] for x in boards]),
                      np.array([x[2] for x in boards]))
    with torch.no_grad():
        want = net(us.double(), them.double()).numpy()
    diff = np.abs(np.array(got) - want)
    allow = args.tolerance + 0.02 * np.abs(want)
    bad = np.nonzero(diff > allow)[0]
    print(f"{len(fens)} positions: engine - float forward pass: mean |diff| {diff.mean():.2f} cp, "
          f"max {diff.max():.2f} cp (allowed {args.tolerance:g} + 2%); {len(bad)} beyond")
    for i in bad[:5]:
        print(f"  {fens[i]}: engine {got[i]}, float {want[i]:.2f}")
    if len(bad):
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--data", required=True, help="positions.txt of scripts/make_selfplay_data")
    ap.add_argument("--variant", required=True, choices=["ordo", "ordox"])
    ap.add_argument("--out", help="the network file to write")
    # The defaults are the recipe of the default networks (docs/NETWORK.md): the search scores
    # alone, small batches (many optimiser steps), each position also mirrored.
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.0, help="weight of the game result (default 0)")
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--val", type=float, default=0.1, help="share of positions held out, whole games (default 0.1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, help="K_s per 100 cp instead of the fitted one")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    ap.add_argument("--init", help="start from these weights (a --save file)")
    ap.add_argument("--init-net", help="start from the weights of this network file (e.g. engine/nets/ordox.nnue)")
    ap.add_argument("--width", type=int, choices=WIDTHS,
                    help="accumulator units per perspective (default: the starting network's, else 128); "
                         "a wider one than the start's starts from its values")
    ap.add_argument("--save", help="also save the float weights (torch state_dict) here")
    ap.add_argument("--mirror", action=argparse.BooleanOptionalAction, default=True,
                    help="add each position with its files mirrored (a<->j), in the same game's split (default)")
    ap.add_argument("--no-cache", action="store_true", help="neither read nor write <data>.nnue.npz")
    ap.add_argument("--check-engine", action="store_true", help="compare the engine's values with the float pass")
    ap.add_argument("--net", help="the network file for --check-engine")
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                     "build", "ordo"))
    ap.add_argument("--compare-hand", action="store_true",
                    help="also print the validation loss of --binary's hand evaluation")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--tolerance", type=float, default=5.0)
    args = ap.parse_args()
    # The arguments are checked before PyTorch is needed.
    if not os.path.isfile(args.data):
        fail(f"no data file '{args.data}'")
    if args.check_engine:
        if not args.net:
            fail("--check-engine needs --net")
        need_torch()
        check_engine(args)
        return
    if not args.out:
        fail("--out is required")
    if args.init and args.init_net:
        fail("give --init or --init-net, not both")
    if args.init_net and not os.path.isfile(args.init_net):
        fail(f"no network file '{args.init_net}'")
    if not 0 <= args.lam <= 1 or not 0 < args.val < 1 or args.epochs < 0:
        fail("--lambda must be in 0..1, --val in (0, 1), --epochs >= 0")
    need_torch()
    train(args)


if __name__ == "__main__":
    main()
