"""The engine's evaluation in Python, for scripts/tune_eval.py: the weights of struct EvalWeights
parsed from engine/search/evaluate.cpp and evaluate.hpp, the reader of FEN;RESULT;SCORE lines, the
counts that evaluate.cpp multiplies by each weight (vectorised with numpy, exact), the candidate
terms not in the engine, a slow one-position model of both counts, and the comparison of all of
them with the engine's `eval` command (tune_eval --verify and --smoke).

The code between the "features begin" and "features end" lines below, with the readers
(parse_lines, pack_rows, and tune_eval's segments and finished), is hashed into the key of
tune_eval's feature cache (<data>.features.npz): a change there recomputes the cached features.
Errors end the run through fail(), as "tune_eval: ...".
"""
import os
import re
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_eval import EngineEvalError, eval_blocks  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
EVAL_CPP = os.path.join(ROOT, "engine/search/evaluate.cpp")
EVAL_HPP = os.path.join(ROOT, "engine/search/evaluate.hpp")
RANKS, FILES = 8, 10


def fail(msg):
    sys.exit("tune_eval: " + msg)


# ---------------------------------------------------------------------------------------------
# The engine's weights, parsed from the C++ (so the script follows the code).
# ---------------------------------------------------------------------------------------------

def strip_comments(text):
    return re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)


def struct_fields():
    """[(name, size)] of struct EvalWeights in evaluate.hpp, in declaration order (size 0: scalar)."""
    text = strip_comments(open(EVAL_HPP).read())
    m = re.search(r"struct\s+EvalWeights\s*\{(.*?)\};", text, re.S)
    if not m:
        fail(f"no struct EvalWeights in {EVAL_HPP}")
    fields = []
    for decl in m.group(1).split(";"):
        decl = decl.strip()
        if not decl:
            continue
        d = re.fullmatch(r"int\s+(\w+)(?:\s*\[\s*(\w+)\s*\])?", decl)
        if not d:
            fail(f"cannot read the EvalWeights member '{decl}'")
        size = d.group(2)
        fields.append((d.group(1), 0 if size is None else {"RANKS": RANKS, "FILES": FILES}.get(size) or int(size)))
    return fields


def parse_braces(tokens, i):
    """Parses `{ [.name =] value, ... }` from tokens[i] == '{'; returns ([(name|None, value)], next i)."""
    assert tokens[i] == "{"
    i += 1
    items = []
    while tokens[i] != "}":
        name = None
        if tokens[i] == ".":
            name, i = tokens[i + 1], i + 3  # . name =
        if tokens[i] == "{":
            value, i = parse_braces(tokens, i)
        else:
            value, i = int(tokens[i]), i + 1
        items.append((name, value))
        if tokens[i] == ",":
            i += 1
    return items, i + 1


def engine_weights(variant):
    """(initializer name, {field: int or [ints]}) of the variant's EvalWeights in evaluate.cpp."""
    text = strip_comments(open(EVAL_CPP).read())
    m = re.search(r"Variant::Classic\s*\?\s*(\w+)\s*:\s*(\w+)", text)
    name = (m.group(1) if variant == "ordo" else m.group(2)) if m else ("CLASSIC" if variant == "ordo" else "ORDOX")
    m = re.search(r"EvalWeights\s+" + name + r"\s*=\s*(\{.*?\});", text, re.S)
    if not m:
        fail(f"no initializer 'EvalWeights {name} = {{...}};' in {EVAL_CPP}")
    tokens = re.findall(r"-?\d+|\w+|\S", m.group(1))
    try:
        items, _ = parse_braces(tokens, 0)
    except (ValueError, IndexError):
        fail(f"cannot read the initializer of {name} in {EVAL_CPP}: only integers, braces and .field = are understood")
    fields = struct_fields()
    out, pos = {}, 0
    for key, value in items:
        if key is not None:
            pos = [f for f, _ in fields].index(key)
        fname, size = fields[pos]
        if size:
            vals = [v for _, v in value] if isinstance(value, list) else [value]
            out[fname] = vals + [0] * (size - len(vals))
        else:
            out[fname] = value
        pos += 1
    for fname, size in fields:  # members left out are zero, as in C++
        out.setdefault(fname, [0] * size if size else 0)
    return name, out


# The columns of the model: one per weight, in the struct's order.
KNOWN_FIELDS = [("material", 0), ("advance", RANKS), ("leader", RANKS), ("cut_piece", 0), ("link", 0),
                ("spread", 0), ("free_runner", 0), ("tempo", 0)]


def check_struct():
    fields = struct_fields()
    if fields != KNOWN_FIELDS:
        fail(f"struct EvalWeights is now {fields}; this script computes the counts of {KNOWN_FIELDS}: "
             "update its features (and --verify) first")


def column_names():
    names = []
    for f, size in KNOWN_FIELDS:
        names += [f"{f}[{i}]" for i in range(size)] if size else [f]
    return names


def weight_vector(w):
    v = []
    for f, size in KNOWN_FIELDS:
        v += list(w[f]) if size else [w[f]]
    return np.array(v, dtype=np.float64)


def vector_weights(v):
    out, i = {}, 0
    for f, size in KNOWN_FIELDS:
        if size:
            out[f], i = [v[i + k] for k in range(size)], i + size
        else:
            out[f], i = v[i], i + 1
    return out


def cpp_initializer(name, w):
    lines = [f"constexpr EvalWeights {name} = {{"]
    for f, size in KNOWN_FIELDS:
        val = "{" + ", ".join(str(int(x)) for x in w[f]) + "}" if size else str(int(w[f]))
        lines.append(f"    .{f} = {val},")
    lines.append("};")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Reading the positions file.
# ---------------------------------------------------------------------------------------------

# "1".."9" -> that many dots, "10" -> 1 + 9 dots (two numbers never stand side by side)
EXPAND = str.maketrans({str(k): "." * (k or 9) for k in range(10)})


def parse_lines(lines, path="data"):
    """lines: [(line number, text)] -> dict of arrays; boards as (N, 8) uint16 rank rows
    (row r = rank r+1, bit f = file f)."""
    boards, stm, res, score, fullmove, lineno = [], [], [], [], [], []
    for num, line in lines:
        parts = line.split(";")
        fen = parts[0].split()
        if len(parts) < 2 or len(fen) not in (2, 4) or fen[1] not in ("w", "b"):
            fail(f"{path}:{num}: expected 'FEN;RESULT;SCORE', got '{line.strip()}'")
        b = fen[0].translate(EXPAND)
        if len(b) != 87 or b[10::11] != "///////" or ("0" in fen[0] and fen[0].count("0") != fen[0].count("10")):
            fail(f"{path}:{num}: bad board '{fen[0]}'")
        boards.append(b.replace("/", ""))
        stm.append(fen[1] == "w")
        fullmove.append(fen[3] if len(fen) == 4 else "0")
        res.append(parts[1])
        score.append(parts[2] if len(parts) > 2 and parts[2].strip() else "nan")
        lineno.append(num)
    n = len(boards)
    raw = np.frombuffer("".join(boards).encode("ascii"), dtype=np.uint8).reshape(n, RANKS, FILES)[:, ::-1, :]
    bad = ~np.isin(raw, np.frombuffer(b".WB", dtype=np.uint8))
    if bad.any():
        fail(f"{path}:{lineno[int(np.nonzero(bad.any(axis=(1, 2)))[0][0])]}: unknown piece letter (W, B, 1-10)")
    try:
        result = np.array(res, dtype=np.float64)
        sc = np.array(score, dtype=np.float64)
        fm = np.array(fullmove, dtype=np.int64)
    except ValueError as e:
        fail(f"{path}: a RESULT, SCORE or fullmove is not a number ({e})")
    if ((result < 0) | (result > 1)).any():
        fail(f"{path}: RESULT must lie in [0, 1] (White's view)")
    return {"W": pack_rows(raw == ord("W")), "B": pack_rows(raw == ord("B")), "stm": np.array(stm, dtype=bool),
            "result": result, "score": sc, "fullmove": fm, "line": np.array(lineno, dtype=np.int64)}


def pack_rows(bits):
    """(N, 8, 10) bool -> (N, 8) uint16."""
    return np.packbits(np.ascontiguousarray(bits), axis=-1, bitorder="little").view("<u2").reshape(len(bits), RANKS)


def read_data(path):
    with open(path) as f:
        lines = [(i + 1, l) for i, l in enumerate(f) if l.strip() and not l.startswith("#")]
    if not lines:
        fail(f"{path}: no positions")
    return parse_lines(lines, path)


# ---- features begin (the code hashed into the cache key) --------------------------------------
# Rank rows: an (M, 8) uint16 array per side, row r = rank r+1 seen from that side (r = ranks
# advanced from its home row; Black's boards are turned upside down), bit f = file f.

MASK = np.uint16(0x3FF)
POP = np.array([bin(i).count("1") for i in range(1 << 10)], dtype=np.int16)
WIDTH = np.array([0 if i == 0 else i.bit_length() - ((i & -i).bit_length() - 1) for i in range(1 << 10)],
                 dtype=np.int16)


def popcount(rows):
    return POP[rows].sum(axis=1, dtype=np.int16) if rows.ndim == 2 else POP[rows]


def lowest_bit(rows):
    """The lowest set square of each board (all zero for an empty one)."""
    m = len(rows)
    r = np.argmax(rows != 0, axis=1)
    v = rows[np.arange(m), r]
    out = np.zeros_like(rows)
    out[np.arange(m), r] = v & (~v + np.uint16(1))
    return out


def up(x):
    """Moved one rank up (row r gets row r-1)."""
    out = np.zeros_like(x)
    out[:, 1:] = x[:, :-1]
    return out


def down(x):
    out = np.zeros_like(x)
    out[:, :-1] = x[:, 1:]
    return out


def dilate(x):
    h = x | ((x << np.uint16(1)) & MASK) | (x >> np.uint16(1))
    out = h.copy()
    out[:, 1:] |= h[:, :-1]
    out[:, :-1] |= h[:, 1:]
    return out


def flood_reaches(seed, within, need):
    """Per board, whether the 8-neighbour flood from seed through within reaches every square of
    need (connectivity.hpp flood_reaches); boards stop as soon as they reach it or stop growing."""
    result = np.zeros(len(seed), dtype=bool)
    idx = np.arange(len(seed))
    f, w, nd = seed, within, need
    while len(idx):
        ok = ~(nd & ~f).any(axis=1)
        result[idx[ok]] = True
        keep = ~ok
        f, w, nd, idx = f[keep], w[keep], nd[keep], idx[keep]
        g = dilate(f) & w
        grew = (g != f).any(axis=1)
        f, w, nd, idx = g[grew], w[grew], nd[grew], idx[grew]
    return result


def is_connected(own):
    return flood_reaches(lowest_bit(own), own, own)


def ring_split_squares(b):
    """connectivity.hpp ring_split_squares: squares whose neighbours in b are not connected around them."""
    sh1 = np.uint16(1)
    n, s = down(b), up(b)                       # the north / south neighbour is in b
    e, w = b >> sh1, (b << sh1) & MASK          # the east / west neighbour is in b
    ne, nw = n >> sh1, (n << sh1) & MASK
    se, sw = s >> sh1, (s << sh1) & MASK
    y = [n, ne | (n & e), e, se | (e & s), s, sw | (s & w), w, nw | (w & n)]
    once, twice = np.zeros_like(b), np.zeros_like(b)
    for k in range(8):
        start = y[k] & ~y[(k + 7) % 8]
        twice |= once & start
        once |= start
    return twice


NEIGHBOURS = np.zeros((RANKS * FILES, RANKS), dtype=np.uint16)
for _sq in range(RANKS * FILES):
    _r, _f = divmod(_sq, FILES)
    for _dr in (-1, 0, 1):
        for _df in (-1, 0, 1):
            if (_dr or _df) and 0 <= _r + _dr < RANKS and 0 <= _f + _df < FILES:
                NEIGHBOURS[_sq, _r + _dr] |= 1 << (_f + _df)


def cut_counts(own, chunk=1 << 16):
    """evaluate.cpp cut_pieces: the number of cut_squares of a connected side with 2+ pieces, else 0."""
    m = len(own)
    out = np.zeros(m, dtype=np.int16)
    eligible = (popcount(own) >= 2) & is_connected(own)
    cand = ring_split_squares(own) & own
    cand[~eligible] = 0
    rows = np.nonzero(cand.any(axis=1))[0]
    shifts = np.arange(FILES, dtype=np.uint16)
    for lo in range(0, len(rows), chunk):
        sel = rows[lo:lo + chunk]
        i, r, f = np.nonzero((cand[sel][:, :, None] >> shifts) & np.uint16(1))
        board = own[sel[i]]
        rest = board.copy()
        rest[np.arange(len(i)), r] &= ~(np.uint16(1) << f.astype(np.uint16))
        boundary = NEIGHBOURS[r * FILES + f] & board
        joined = flood_reaches(lowest_bit(boundary), rest, boundary)
        out += np.bincount(sel[i], weights=~joined, minlength=m).astype(np.int16)
    return out


def dedup_apply(func, rows):
    """func(rows) computed once per distinct board."""
    keys = np.ascontiguousarray(rows).view("<u8")  # 8 uint16 -> 2 uint64
    uniq, inverse = np.unique(keys, axis=0, return_inverse=True)
    return func(np.ascontiguousarray(uniq).view(np.uint16).reshape(len(uniq), RANKS))[inverse.reshape(-1)]


# The columns of one side's counts, in the struct's order (the tempo column is added by design()).
I_MAT, I_ADV, I_LEAD = 0, 1, 1 + RANKS
I_CUT, I_LINK, I_SPREAD, I_RUN = 1 + 2 * RANKS, 2 + 2 * RANKS, 3 + 2 * RANKS, 4 + 2 * RANKS
N_SIDE = I_RUN + 1


def side_features(own, enemy):
    """The counts of one side, in its own frame: (M, N_SIDE) int16 in the struct's order (no tempo)."""
    m = len(own)
    sh1 = np.uint16(1)
    out = np.zeros((m, N_SIDE), dtype=np.int16)
    cnt = POP[own]                                          # (M, 8): pieces per rank advanced
    out[:, I_MAT] = cnt.sum(axis=1)
    out[:, I_ADV:I_ADV + RANKS] = cnt
    has = out[:, I_MAT] > 0
    leader = RANKS - 1 - np.argmax(own[:, ::-1] != 0, axis=1)
    out[np.nonzero(has)[0], I_LEAD + leader[has]] = 1
    out[:, I_CUT] = dedup_apply(cut_counts, own)  # depends on the side's own pieces only
    # touching pairs, each once: east, north, north-east, north-west neighbours
    out[:, I_LINK] = (popcount(own & (own << sh1) & MASK) + popcount(own[:, 1:] & own[:, :-1])
                  + popcount(own[:, 1:] & (own[:, :-1] << sh1) & MASK) + popcount(own[:, 1:] & (own[:, :-1] >> sh1)))
    out[:, I_SPREAD] = np.maximum(0, WIDTH[np.bitwise_or.reduce(own, axis=1)] - 4)
    # free runners: no enemy piece on a rank ahead in the piece's file or the neighbouring ones
    ahead = down(np.bitwise_or.accumulate(enemy[:, ::-1], axis=1)[:, ::-1])  # row r: enemy on ranks > r
    span = ahead | ((ahead << sh1) & MASK) | (ahead >> sh1)
    free = POP[own & ~span]
    out[:, I_RUN] = (free[:, 3:] * np.arange(1, RANKS - 2, dtype=np.int16)).sum(axis=1)  # weight a-2 for a >= 3
    return out


def white_black(d):
    """(own, enemy) rows of White and of Black in their own frames, stacked: (2N, 8) each."""
    w, b = d["W"], d["B"]
    return np.concatenate([w, b[:, ::-1]]), np.concatenate([b, w[:, ::-1]])


def exact_features(d):
    """(White's counts, Black's counts): (N, N_SIDE) int16 each."""
    own, enemy = white_black(d)
    f = side_features(own, enemy)
    n = len(d["W"])
    return f[:n], f[n:]


def design(fw, fb, stm):
    """Model matrix from White's view: count differences, then the tempo column (+1 White to move)."""
    return np.concatenate([fw - fb, np.where(stm, 1, -1).astype(np.int16)[:, None]], axis=1)


# ---- CANDIDATE terms: not in the engine, computed here only ---------------------------------------

def candidate_side(own, enemy):
    """{name: (M,) int16} for one side in its own frame."""
    sh1 = np.uint16(1)
    rank_w = np.arange(RANKS, dtype=np.int16)       # weight = ranks advanced
    occ = own | enemy
    c = {}
    # (a) an open file ahead: every square ahead in the piece's file empty; weighted by ranks advanced
    occ_ahead = down(np.bitwise_or.accumulate(occ[:, ::-1], axis=1)[:, ::-1])
    open_file = own & ~occ_ahead
    c["open_file"] = (POP[open_file] * rank_w).sum(axis=1)
    for r in range(3, 7):
        c[f"open_file_r{r}"] = POP[open_file[:, r]]
    # (b) an open forward diagonal that reaches the target row (every square on it empty); by rank
    blk_ne, blk_nw = np.zeros_like(own), np.zeros_like(own)
    for r in range(RANKS - 2, -1, -1):
        blk_ne[:, r] = (occ[:, r + 1] | blk_ne[:, r + 1]) >> sh1
        blk_nw[:, r] = ((occ[:, r + 1] | blk_nw[:, r + 1]) << sh1) & MASK
    files = np.arange(FILES)
    reach_ne = np.array([sum(1 << f for f in files if f + (RANKS - 1 - r) < FILES) for r in range(RANKS)], np.uint16)
    reach_nw = np.array([sum(1 << f for f in files if f - (RANKS - 1 - r) >= 0) for r in range(RANKS)], np.uint16)
    open_diag = own & ((~blk_ne & reach_ne) | (~blk_nw & reach_nw))
    c["open_diag"] = (POP[open_diag] * rank_w).sum(axis=1)
    # (c) own pieces on the two ranks nearest the target row touching no enemy piece
    safe = own & ~dilate(enemy)
    c["safe_front"] = POP[safe[:, RANKS - 3]] + POP[safe[:, RANKS - 2]]
    # (d) ordos: horizontal and vertical touching pairs (the link term counts all four directions)
    c["ordo_h"] = popcount(own & (own << sh1) & MASK)
    c["ordo_v"] = popcount(own[:, 1:] & own[:, :-1])
    return c


# Candidate groups tried one at a time: name -> the columns added together.
CANDIDATES = {
    "open_file (a: open file ahead, x ranks advanced)": ["open_file"],
    "open_file by rank (a: ranks 3-6 advanced, one weight each)": [f"open_file_r{r}" for r in range(3, 7)],
    "open_diag (b: open diagonal to the target row, x ranks advanced)": ["open_diag"],
    "safe_front (c: pieces 5-6 ranks advanced touching no enemy)": ["safe_front"],
    "ordo_h (d: horizontal touching pairs)": ["ordo_h"],
    "ordo_v (d: vertical touching pairs)": ["ordo_v"],
    "ordo_h + ordo_v (d: both)": ["ordo_h", "ordo_v"],
}
CANDIDATE_COLUMNS = ["open_file"] + [f"open_file_r{r}" for r in range(3, 7)] + ["open_diag", "safe_front",
                                                                                  "ordo_h", "ordo_v"]


def candidate_features(d):
    """(N, len(CANDIDATE_COLUMNS)) int16, White's minus Black's."""
    own, enemy = white_black(d)
    c = candidate_side(own, enemy)
    n = len(d["W"])
    return np.stack([c[k][:n] - c[k][n:] for k in CANDIDATE_COLUMNS], axis=1).astype(np.int16)

# ---- features end -----------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# A slow one-position model of evaluate.cpp (sets and a brute-force articulation test), for --smoke.
# ---------------------------------------------------------------------------------------------

def slow_side(own, enemy, white):
    """own, enemy: sets of (rank 0-7, file 0-9) squares. The counts in the struct's order."""
    def adv(sq):
        return sq[0] if white else RANKS - 1 - sq[0]

    def groups(s):
        s, n = set(s), 0
        while s:
            n += 1
            stack = [s.pop()]
            while stack:
                r, f = stack.pop()
                for dr in (-1, 0, 1):
                    for df in (-1, 0, 1):
                        if (r + dr, f + df) in s:
                            s.remove((r + dr, f + df))
                            stack.append((r + dr, f + df))
        return n

    out = [0] * N_SIDE
    if not own:
        return out
    out[I_MAT] = len(own)
    for sq in own:
        out[I_ADV + adv(sq)] += 1
    out[I_LEAD + max(adv(sq) for sq in own)] = 1
    if len(own) >= 2 and groups(own) == 1:
        out[I_CUT] = sum(groups(own - {p}) > 1 for p in own)
    out[I_LINK] = sum(1 for (r, f) in own for (dr, df) in ((0, 1), (1, 1), (1, 0), (1, -1)) if (r + dr, f + df) in own)
    fs = [f for _, f in own]
    out[I_SPREAD] = max(0, max(fs) - min(fs) + 1 - 4)
    for (r, f) in own:
        a = adv((r, f))
        blocked = any(adv(e) > a and abs(e[1] - f) <= 1 for e in enemy)
        if not blocked and a >= 3:
            out[I_RUN] += a - 2
    return out


def slow_candidate_side(own, enemy, white):
    """The candidate counts of one side, in CANDIDATE_COLUMNS order."""
    fwd = 1 if white else -1
    occ = own | enemy
    c = dict.fromkeys(CANDIDATE_COLUMNS, 0)
    for (r, f) in own:
        a = r if white else RANKS - 1 - r
        ahead = range(1, RANKS - a)
        if all((r + k * fwd, f) not in occ for k in ahead):
            c["open_file"] += a
            if 3 <= a <= 6:
                c[f"open_file_r{a}"] += 1
        if any(0 <= f + (RANKS - 1 - a) * df < FILES and all((r + k * fwd, f + k * df) not in occ for k in ahead)
               for df in (-1, 1)):
            c["open_diag"] += a
        if a in (RANKS - 3, RANKS - 2) and not any((r + dr, f + df) in enemy for dr in (-1, 0, 1) for df in (-1, 0, 1)):
            c["safe_front"] += 1
        c["ordo_h"] += (r, f + 1) in own
        c["ordo_v"] += (r + 1, f) in own
    return [c[k] for k in CANDIDATE_COLUMNS]


def slow_sets(fen):
    board = fen.split()[0].translate(EXPAND).split("/")
    white = {(RANKS - 1 - i, f) for i, row in enumerate(board) for f, c in enumerate(row) if c == "W"}
    black = {(RANKS - 1 - i, f) for i, row in enumerate(board) for f, c in enumerate(row) if c == "B"}
    return white, black


def slow_features(fen):
    white, black = slow_sets(fen)
    return slow_side(white, black, True), slow_side(black, white, False)


def slow_candidates(fen):
    white, black = slow_sets(fen)
    return [a - b for a, b in zip(slow_candidate_side(white, black, True), slow_candidate_side(black, white, False))]


# ---------------------------------------------------------------------------------------------
# The engine's own evaluation, through its `eval` command.
# ---------------------------------------------------------------------------------------------

TERM_NAMES = ["material", "advance", "leader", "cut pieces", "links", "spread", "free runners", "tempo"]


def engine_evals(binary, variant, fens, batch=2000):
    """[({term: (white, black)}, total from the side to move's view) or error text] per FEN."""
    try:
        blocks = eval_blocks(binary, variant, fens, batch=batch)
    except EngineEvalError as e:
        fail(str(e))
    out = []
    for block in blocks:
        terms, total, err = {}, None, None
        for line in block.splitlines():
            if line.startswith("info string error"):
                err = line
            elif line.startswith("Total"):
                total = int(line.rsplit(":", 1)[1])
            else:
                m = re.fullmatch(r"(\S.*?)\s+(-?\d+)\s+(-?\d+)", line.strip())
                if m:
                    terms[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        out.append(err if err or total is None else (terms, total))
    return out


def python_terms(fw, fb, white_to_move, w):
    """{term: (white, black)} as the engine prints it, and the total from the side to move's view."""
    def side(f):
        return [w["material"] * f[I_MAT], sum(w["advance"][a] * f[I_ADV + a] for a in range(RANKS)),
                sum(w["leader"][a] * f[I_LEAD + a] for a in range(RANKS)), w["cut_piece"] * f[I_CUT],
                w["link"] * f[I_LINK], w["spread"] * f[I_SPREAD], w["free_runner"] * f[I_RUN]]
    sw, sb = side(fw), side(fb)
    terms = {n: (int(a), int(b)) for n, a, b in zip(TERM_NAMES, sw, sb)}
    terms["tempo"] = (w["tempo"], 0) if white_to_move else (0, w["tempo"])
    total = sum(sw) - sum(sb)
    total = total + w["tempo"] if white_to_move else -total + w["tempo"]
    return terms, int(total)


def verify(args, path, weights, n, slow=False):
    """Compares the Python evaluation of n positions (0 = all) with the engine's; True when all agree."""
    with open(path) as f:
        lines = [(i + 1, l) for i, l in enumerate(f) if l.strip() and not l.startswith("#")]
    if n and n < len(lines):
        lines = [lines[int(i)] for i in np.linspace(0, len(lines) - 1, n).round().astype(int)]
    t0 = time.time()
    d = parse_lines(lines, path)
    fw, fb = exact_features(d)
    X = design(fw, fb, d["stm"])
    ev_white = X @ weight_vector(weights).astype(np.int64)
    C = candidate_features(d) if slow else None
    fens = [l.split(";")[0].strip() for _, l in lines]
    answers = engine_evals(args.binary, args.variant, fens)
    bad = 0
    for k, (fen, ans) in enumerate(zip(fens, answers)):
        problems = []
        if isinstance(ans, str):
            problems.append(f"engine: {ans}")
        else:
            terms, total = ans
            my_terms, my_total = python_terms(fw[k].tolist(), fb[k].tolist(), bool(d["stm"][k]), weights)
            view = ev_white[k] if d["stm"][k] else -ev_white[k]
            if my_total != total or view != total:
                problems.append(f"total: engine {total}, python {my_total} (matrix {view})")
            for t in TERM_NAMES:
                if terms.get(t) != my_terms[t]:
                    problems.append(f"{t}: engine {terms.get(t)}, python {my_terms[t]}")
        if slow:
            sw, sb = slow_features(fen)
            if sw != fw[k].tolist() or sb != fb[k].tolist():
                problems.append(f"counts: vectorised {fw[k].tolist()} / {fb[k].tolist()}, slow {sw} / {sb}")
            sc = slow_candidates(fen)
            if sc != C[k].tolist():
                problems.append(f"candidate counts: vectorised {C[k].tolist()}, slow {sc}")
        if problems:
            bad += 1
            if bad <= 10:
                print(f"MISMATCH line {lines[k][0]}: {fen}\n    " + "\n    ".join(problems))
    print(f"verify: {len(fens) - bad} of {len(fens)} positions agree with {args.binary} ({args.variant})"
          + (" and with the slow model" if slow else "") + f" [{time.time() - t0:.1f}s]")
    return bad == 0
