"""From self-play game records to positions, for scripts/make_selfplay_data: reading record files
(docs/GAME_RECORDS.md), replaying each game through engine processes (`position fen F moves m`,
`d`) to get the FEN before every turn, writing DIR/positions.txt (FEN;RESULT;SCORE, step 3), and
--check, which validates positions.txt (and games.pgn with ordo-match -replay). Failure (a step
failed) and say() are shared with make_selfplay_data.
"""
import os
import re
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_client import Engine  # noqa: E402

RESULT_VALUE = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}
FORFEITS = {"time forfeit", "illegal move", "crash", "stall"}
RULE_ENDINGS = {"target row", "no pieces", "no legal move"}
MATE_SCORE = 10000
SCORE_RE = re.compile(r"([+-])(?:M(\d+)|(\d+)\.(\d\d))/-?\d+(?:\s|$)")
TAG_BLOCK_RE = re.compile(r"(?m)(?:^[ \t]*\[[^\n]*(?:\n|\Z))+")
TAG_RE = re.compile(r'\s*\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*')
UNESCAPE_RE = re.compile(r"\\(.)")
LINE_RE = re.compile(r"([^\n]+)\n?")
MOVETEXT_RE = re.compile(r"\{([^}]*)\}|(\{)|([^\s{]+)")
MOVE_NUMBER_RE = re.compile(r"\d+\.(?:\.\.)?")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
FEN_RE = re.compile(r"((?:10|[1-9WB])+/){7}(?:10|[1-9WB])+ [wb] \d+ \d+")


class Failure(Exception):
    """A step failed; the message says why."""


def say(text):
    print(text, flush=True)


# ---------------------------------------------------------------------------------------------
# Game records (docs/GAME_RECORDS.md)

_RECORDS_CACHE = {}


def read_records(path):
    """The records of a file (read_records_uncached), from a cache while the file is unchanged."""
    st = os.stat(path)
    key = (os.path.abspath(path), st.st_size, st.st_mtime_ns, st.st_ino)
    if key not in _RECORDS_CACHE:
        _RECORDS_CACHE.clear()
        _RECORDS_CACHE[key] = read_records_uncached(path)
    return _RECORDS_CACHE[key]


def read_records_uncached(path):
    """(records, problems) of a record file. A record is a dict with 'tags', 'moves' (list of
    (token, comment)), 'result', 'start' and 'end' (byte offsets of its first tag and just past
    its result line). A record without a result token (cut off) or with a malformed or repeated
    tag is left out and reported in problems as (message, start, end). A line starting with '['
    always starts a new record, also inside a comment (a writer cut off inside a comment), so a
    cut record never swallows the next one (as ordo-match's reader lets it)."""
    with open(path, "rb") as f:
        text = f.read().decode("latin-1")  # one character per byte: offsets are byte offsets
    records, problems = [], []
    blocks = list(TAG_BLOCK_RE.finditer(text))
    if blocks and text[:blocks[0].start()].strip():
        problems.append(("line 1: text before the first record", 0, blocks[0].start()))
    for b, block in enumerate(blocks):
        tags, bad, start = {}, None, block.start()
        for line in LINE_RE.finditer(text, block.start(), block.end()):
            m = TAG_RE.fullmatch(line.group(1))
            if not m:
                bad = bad or "malformed tag pair"
            elif m.group(1) in tags:
                # A record cut off among its tags, and the next one right after it.
                line_no = text.count("\n", 0, start) + 1
                problems.append(("line %d: record cut off in its tags" % line_no, start, line.start()))
                tags, bad, start = {}, None, line.start()
                tags[m.group(1)] = UNESCAPE_RE.sub(r"\1", m.group(2))
            else:
                tags[m.group(1)] = UNESCAPE_RE.sub(r"\1", m.group(2))
        stop = blocks[b + 1].start() if b + 1 < len(blocks) else len(text)
        moves, result, end = [], None, None
        for m in MOVETEXT_RE.finditer(text, block.end(), stop):
            comment, unclosed, word = m.groups()
            if unclosed:
                break
            if comment is not None:
                if not moves:
                    bad = bad or "comment before the first move"
                else:
                    tok, old = moves[-1]
                    comment = comment.replace("\n", " ").strip()
                    moves[-1] = (tok, old + " " + comment if old else comment)
                continue
            if word in RESULTS:
                result = word
                eol = text.find("\n", m.end(), stop)
                end = stop if eol < 0 else eol + 1
                if text[m.end():end].strip():
                    bad = bad or "text after the result"
                break
            n = MOVE_NUMBER_RE.match(word)
            if n:
                word = word[n.end():]
                if not word:
                    continue
            moves.append((word, ""))
        if result is None or bad:
            line_no = text.count("\n", 0, start) + 1
            problems.append(("line %d: %s" % (line_no, bad if result else "record cut off (no result)"),
                             start, end or stop))
        else:
            records.append({"tags": tags, "moves": moves, "result": result, "start": start, "end": end})
    return records, problems


def game_number(rec):
    try:
        return int(rec["tags"].get("GameNumber", "0"))
    except ValueError:
        return 0


# ---------------------------------------------------------------------------------------------
# Step 3: positions

class Replayer(Engine):
    """One engine process that turns (FEN, move) into the next FEN, many games in lockstep."""

    BATCH = 64

    def __init__(self, argv, variant):
        super().__init__(argv)
        self.handshake("uci", variant)
        self.isready()

    def blocks(self, count):
        """The next count `d` reports, each (FEN, status, error or None)."""
        out = []
        for _ in range(count):
            block = self.read_until(lambda l: l.startswith("Status: "))
            fen = next((l[len("FEN: "):].strip() for l in block if l.startswith("FEN: ")), None)
            err = next((l for l in block if l.startswith("info string error")), None)
            out.append((fen, block[-1][len("Status: "):].strip(), err))
        return out

    def replay(self, games):
        """games: list of (start FEN, [tokens]). Returns per game (list of the L+1 FENs and
        statuses from the start to the final position, None) or (None, problem)."""
        results = [None] * len(games)
        todo = list(range(len(games)))[::-1]
        active = []  # [game index, tokens applied, current FEN, fens, statuses]
        while todo or active:
            while todo and len(active) < self.BATCH:
                active.append([todo.pop(), -1, None, [], []])
            cmds = []
            for st in active:
                start, tokens = games[st[0]]
                if st[1] < 0:
                    cmds.append("position fen %s\nd\n" % start)
                else:
                    cmds.append("position fen %s moves %s\nd\n" % (st[2], tokens[st[1]]))
            self.send_raw("".join(cmds).encode(), "%d positions and d" % len(cmds))
            still = []
            for st, (fen, status, err) in zip(active, self.blocks(len(active))):
                g, k = st[0], st[1]
                if err or not fen:
                    what = "start position" if k < 0 else "turn %d '%s'" % (k + 1, games[g][1][k])
                    results[g] = (None, "%s: %s" % (what, err or "no FEN"))
                    continue
                st[2] = fen
                st[3].append(fen)
                st[4].append(status)
                st[1] += 1
                if st[1] == len(games[g][1]):
                    results[g] = ((st[3], st[4]), None)
                else:
                    still.append(st)
            active = still
        return results

    def close(self):
        self.quit(5)


def parse_score(comment):
    """The mover's score in centipawns from a move comment, +-MATE_SCORE for mates, or None."""
    m = SCORE_RE.match(comment.strip())
    if not m:
        return None
    sign = -1 if m.group(1) == "-" else 1
    if m.group(2) is not None:
        return sign * MATE_SCORE
    return sign * (int(m.group(3)) * 100 + int(m.group(4)))


def replay_all(engine_argv, variant, games, workers):
    """Replays the games on `workers` engine processes (contiguous chunks, one thread each)."""
    results = [None] * len(games)
    chunks = max(1, min(workers, len(games) // 16 or 1))
    bounds = [len(games) * i // chunks for i in range(chunks + 1)]
    errors = []

    def work(lo, hi):
        try:
            r = Replayer(engine_argv, variant)
            try:
                results[lo:hi] = r.replay(games[lo:hi])
            finally:
                r.close()
        except Exception as e:  # reported after the join
            errors.append(e)

    threads = [threading.Thread(target=work, args=(bounds[i], bounds[i + 1]), daemon=True) for i in range(chunks)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise Failure("replaying the games: %s" % errors[0])
    return results


def header_lines(args, stats):
    return [
        "# Ordo self-play positions, one per line: FEN;RESULT;SCORE (the position before a turn; the game "
        "result from White's view: 1, 0.5, 0; the score of the search that chose the turn, White's view, "
        "centipawns, +-%d for a forced win/loss)" % MATE_SCORE,
        "# Made by scripts/make_selfplay_data from games.pgn: variant %s, nodes %d, plies %d, seed %d, "
        "games %d, balance %d, opening nodes %d, maxmoves %d" % (args.variant, args.nodes, args.plies, args.seed,
                                                                 args.games, args.balance, args.opening_nodes,
                                                                 args.maxmoves),
        "# engine %s (sha256 %s)" % (args.engine_display, args.engine_sha256),
        "# games used %d (%d decisive, %d drawn), left out %d (forfeits %d, missing or cut off %d); "
        "positions %d, left out without a score %d" % (
            stats["games"], stats["decisive"], stats["drawn"], stats["left_out"], stats["forfeits"],
            stats["missing"], stats["positions"], stats["no_score"]),
    ]


def step_positions(args, out_dir, engine_argv):
    pgn = os.path.join(out_dir, "games.pgn")
    records, problems = read_records(pgn)
    for p in problems:
        say("  warning: %s: %s" % (pgn, p[0]))
    by_number = {}
    for r in records:
        n = game_number(r)
        if 1 <= n <= args.games and r["result"] in RESULT_VALUE and n not in by_number:
            by_number[n] = r
    stats = dict(games=0, decisive=0, drawn=0, forfeits=0, missing=0, positions=0, no_score=0,
                 terminations={})
    chosen = []
    for n in range(1, args.games + 1):
        r = by_number.get(n)
        if r is None:
            stats["missing"] += 1
            continue
        term = r["tags"].get("Termination", "?")
        if term in FORFEITS:
            stats["forfeits"] += 1
            continue
        if "FEN" not in r["tags"] or r["tags"].get("Result", r["result"]) != r["result"]:
            raise Failure("%s: game %d: no FEN tag, or its Result tag differs from its movetext" % (pgn, n))
        chosen.append(r)
    games = [(r["tags"]["FEN"], [tok for tok, _ in r["moves"]]) for r in chosen]
    replayed = replay_all(engine_argv, args.variant, games, args.concurrency)

    tmp = os.path.join(out_dir, "positions.txt.tmp")
    body = []
    for r, (got, problem) in zip(chosen, replayed):
        n = game_number(r)
        if problem:
            raise Failure("%s: game %d: the engine rejects %s" % (pgn, n, problem))
        fens, statuses = got
        moves, result, term = r["moves"], r["result"], r["tags"].get("Termination", "?")
        for k, s in enumerate(statuses[:-1]):
            if s != "ongoing":
                raise Failure("%s: game %d: the game is over (%s) before turn %d" % (pgn, n, s, k + 1))
        final = statuses[-1]
        if term in RULE_ENDINGS:
            want = "white wins" if result == "1-0" else "black wins"
            if not final.startswith(want):
                raise Failure("%s: game %d ends by '%s' %s, but the engine says '%s'" % (pgn, n, term, result, final))
        elif final != "ongoing":
            raise Failure("%s: game %d ends by '%s', but the engine says '%s'" % (pgn, n, term, final))
        value = RESULT_VALUE[result]
        for k, (tok, comment) in enumerate(moves):
            score = parse_score(comment)
            if score is None:
                stats["no_score"] += 1
                continue
            if fens[k].split()[1] == "b":
                score = -score
            body.append("%s;%s;%d\n" % (fens[k], value, score))
        stats["games"] += 1
        stats["decisive" if value != "0.5" else "drawn"] += 1
        stats["terminations"][term] = stats["terminations"].get(term, 0) + 1
    stats["positions"] = len(body)
    stats["left_out"] = stats["forfeits"] + stats["missing"]
    with open(tmp, "w") as f:
        for line in header_lines(args, stats):
            f.write(line + "\n")
        f.writelines(body)
    os.replace(tmp, os.path.join(out_dir, "positions.txt"))
    return stats


# ---------------------------------------------------------------------------------------------
# --check

def valid_fen(fen):
    """A full FEN as the engine prints it: 8 ranks of 10 squares, side, quiet plies, fullmove."""
    if not FEN_RE.fullmatch(fen):
        return False
    for rank in fen.split()[0].split("/"):
        items = re.findall(r"10|[1-9]|[WB]", rank)
        numbers = [i.isdigit() for i in items]
        if any(a and b for a, b in zip(numbers, numbers[1:])):
            return False
        if sum(int(i) if i.isdigit() else 1 for i in items) != 10:
            return False
    return True


def check_dir(out_dir, match=None):
    """Validates DIR/positions.txt (and DIR/games.pgn with ordo-match -replay). Returns the number
    of problems found."""
    path = os.path.join(out_dir, "positions.txt")
    problems = []

    def problem(text):
        problems.append(text)
        if len(problems) <= 20:
            say("  " + text)

    if not os.path.exists(path):
        say("check: %s does not exist" % path)
        return 1
    header, count, declared = [], 0, None
    results = {"1": 0, "0.5": 0, "0": 0}
    agree = disagree = mates = 0
    lo, hi = 0, 0
    with open(path) as f:
        for no, line in enumerate(f, 1):
            if not line.endswith("\n"):
                problem("line %d: no line end (file cut off?)" % no)
            line = line.rstrip("\n")
            if line.startswith("#"):
                if count:
                    problem("line %d: a '#' line after the data" % no)
                header.append(line)
                m = re.search(r"; positions (\d+),", line)
                if m:
                    declared = int(m.group(1))
                continue
            count += 1
            parts = line.split(";")
            if len(parts) != 3:
                problem("line %d: not FEN;RESULT;SCORE: %r" % (no, line[:80]))
                continue
            fen, res, score = parts
            if not valid_fen(fen):
                problem("line %d: bad FEN %r" % (no, fen))
            if res not in results:
                problem("line %d: bad result %r" % (no, res))
            else:
                results[res] += 1
            if not re.fullmatch(r"-?\d+", score) or abs(int(score)) > MATE_SCORE:
                problem("line %d: bad score %r" % (no, score))
                continue
            s = int(score)
            lo, hi = min(lo, s), max(hi, s)
            mates += abs(s) == MATE_SCORE
            if res in ("1", "0") and s != 0:
                if (s > 0) == (res == "1"):
                    agree += 1
                else:
                    disagree += 1
    if not header:
        problem("no '#' header lines")
    if declared is not None and declared != count:
        problem("the header says %d positions, the file holds %d" % (declared, count))
    if count == 0:
        problem("no positions")
    say("check: %s: %d positions (results 1/0.5/0: %d/%d/%d), scores %d..%d, %d mate scores; in decisive "
        "games the score's sign agrees with the result in %.1f %% of positions"
        % (path, count, results["1"], results["0.5"], results["0"], lo, hi, mates,
           100.0 * agree / max(1, agree + disagree)))
    pgn = os.path.join(out_dir, "games.pgn")
    if match and os.path.exists(pgn) and os.path.exists(match):
        out = subprocess.run([match, "-replay", pgn], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        tail = [l for l in out.stdout.splitlines() if l.startswith(("Replayed", "Terminations"))]
        say("check: ordo-match -replay %s: %s" % (pgn, "; ".join(tail) or out.stdout.strip()[-200:]))
        if out.returncode != 0:
            problem("ordo-match -replay found bad or unreadable records in %s" % pgn)
    say("check: %s" % ("ok" if not problems else "%d problem(s)" % len(problems)))
    return len(problems)
