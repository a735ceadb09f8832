#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/) from the test data.

- fen:      every FEN of tests/data/perft_*.epd, of the transcripts (`position fen …`, `--fen`) and
            of the rule book's examples, each also in its two-field form.
- turn:     for every EPD position (its index is the first byte, as fuzz_turn reads it): a few
            `#N` turns, the moves of the transcripts' `position startpos moves …` lines from the
            start positions, and the rule book's token spellings.
- protocol: every transcript input (tests/protocol/*.in) without its runner directives.
- network:  the two default networks (engine/nets/*.nnue), the classic one widened to 256 units a
            perspective (the new units zero) and corrupted variants of the classic one: cut short,
            header only, bytes after the payload, a bad magic, a nonzero reserved byte, a flipped
            payload bit, a header that says 256 over a 128-wide payload, and weights that could
            overflow (output bias INT32_MAX, hidden bias INT32_MIN, a large accumulator column) with
            their checksum made right.
- records:  the indented record examples of docs/GAME_RECORDS.md, alone and two in a row.
- match_cli: every `build/ordo-match` command of the docs (README.md, docs/*.md), as NUL-separated
            argv words (shell quotes and line continuations resolved).
- live:     live documents as ordo-match -live writes them (docs/MATCH.md): waiting for games, two
            games running and one finished, a tournament over, a finished game with its moves; and a
            few that must be refused.

File names are the SHA-1 of the contents, so rerunning the script is idempotent and libFuzzer may
add its own finds beside them. Usage: tests/fuzz/make_seeds.py [--out DIR]
"""
import argparse
import glob
import hashlib
import os
import re
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1"


def epd_fens(name):
    with open(os.path.join(ROOT, "tests", "data", name), encoding="ascii") as f:
        return [l.split(";")[0].strip() for l in f if l.strip() and not l.startswith("#")]


def transcript_inputs():
    out = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "protocol", "*.in"))):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        out[os.path.basename(path)] = lines
    return out


def write(directory, content):
    os.makedirs(directory, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "corpus"))
    args = ap.parse_args()

    classic, ordox = epd_fens("perft_ordo.epd"), epd_fens("perft_ordox.epd")
    transcripts = transcript_inputs()
    fens = set(classic + ordox)
    move_lists = []
    for lines in transcripts.values():
        for line in lines:
            line = line.replace("\\t", "\t").replace("\\r", "\r")
            m = re.search(r"--fen\s+\"([^\"]*)\"", line)
            if m:
                fens.add(m.group(1))
            m = re.match(r"\s*position\s+fen\s+(.*?)(\s+moves.*)?$", line)
            if m:
                fens.add(m.group(1).strip())
            m = re.match(r"\s*position\s+startpos\s+moves\s+(.*)$", line)
            if m:
                move_lists.append(m.group(1).split())
    for fen in sorted(fens):
        write(os.path.join(args.out, "fen"), fen)
        write(os.path.join(args.out, "fen"), " ".join(fen.split()[:2]))

    turn_dir = os.path.join(args.out, "turn")
    spellings = ["e3e5", "c2d2c3", "d2c2c3", "d4e5=g7", "c3b3,b3b5", "a3a4b3,e2e4", "c3b3=h6,b3b5", "d3e3e3"]
    for i, fen in enumerate(classic + ordox):
        write(turn_dir, bytes([i]) + b"#0\n#1\n#2\n#3")
        write(turn_dir, bytes([i]) + (fen + "\n#7\n#11").encode())
    for first in (0, len(classic)):  # the start positions of both variants
        for moves in move_lists:
            write(turn_dir, bytes([first]) + "\n".join(moves).encode())
        write(turn_dir, bytes([first]) + "\n".join(spellings).encode())

    for name, lines in transcripts.items():
        sent = [l.replace("\\t", "\t").replace("\\r", "\r") for l in lines if not l.startswith("#")]
        write(os.path.join(args.out, "protocol"), "\n".join(sent))
    write_records_and_cli(args.out)
    network_seeds(os.path.join(args.out, "network"))
    for doc in live_documents():
        write(os.path.join(args.out, "live"), doc)


def doc_blocks(path):
    """The indented (4-space) blocks of a Markdown file, each as one text."""
    blocks, cur = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("    "):
                cur.append(line[4:])
            else:
                if cur:
                    blocks.append("".join(cur))
                cur = []
    if cur:
        blocks.append("".join(cur))
    return blocks


def write_records_and_cli(out):
    import shlex
    for block in doc_blocks(os.path.join(ROOT, "docs", "GAME_RECORDS.md")):
        if block.startswith("[Event "):
            block = block.replace("    ... ", "")
            write(os.path.join(out, "records"), block)
            write(os.path.join(out, "records"), block + "\n" + block)
    docs = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    for doc in docs:
        for block in doc_blocks(doc):
            text = block.replace("\\\n", " ")
            for line in text.splitlines():
                line = line.split("  #")[0].strip()
                if not line.startswith("build/ordo-match "):
                    continue
                try:
                    words = shlex.split(line)[1:]
                except ValueError:
                    continue
                write(os.path.join(out, "match_cli"), "\0".join(words))



HEADER = 64
ACC, FEATURES, HIDDEN = 128, 160, 32
HIDDEN_BIAS_AT = HEADER + 2 * ACC + 2 * FEATURES * ACC
OUT_BIAS_AT = HIDDEN_BIAS_AT + 4 * HIDDEN + HIDDEN * 2 * ACC


def with_crc(image):
    image = bytearray(image)
    image[44:48] = struct.pack("<I", zlib.crc32(bytes(image[HEADER:])) & 0xFFFFFFFF)
    return bytes(image)


def widened(image, width):
    """A 128-wide network file made `width` wide: the same values, the new units zero."""
    at = HEADER
    def take(n):
        nonlocal at
        part = image[at:at + n]
        at += n
        return part
    pad = b"\0" * (2 * (width - ACC))
    acc_bias = take(2 * ACC) + pad
    acc_rows = b"".join(take(2 * ACC) + pad for _ in range(FEATURES))
    hidden_bias = take(4 * HIDDEN)
    gap = b"\0" * (width - ACC)
    hidden_rows = b"".join(take(ACC) + gap + take(ACC) + gap for _ in range(HIDDEN))  # side to move's units first
    out = take(4 + HIDDEN)
    payload = acc_bias + acc_rows + hidden_bias + hidden_rows + out
    header = bytearray(image[:HEADER])
    header[20:24] = struct.pack("<I", width)
    header[40:44] = struct.pack("<I", len(payload))
    return with_crc(bytes(header) + payload)


def network_seeds(directory):
    nets = {}
    for name in ("ordo", "ordox"):
        with open(os.path.join(ROOT, "engine", "nets", name + ".nnue"), "rb") as f:
            nets[name] = f.read()
            write(directory, nets[name])
    good = nets["ordo"]

    def patched(at, packed, crc=True):
        image = bytearray(good)
        image[at:at + len(packed)] = packed
        return with_crc(image) if crc else bytes(image)

    write(directory, good[:30000])
    write(directory, good[:HEADER])
    write(directory, good + b"\0" * 100)
    write(directory, b"NOTANNUE" + good[8:])
    write(directory, patched(50, b"\1", crc=False))
    write(directory, patched(HEADER + 1000, bytes([good[HEADER + 1000] ^ 0x10]), crc=False))
    write(directory, patched(OUT_BIAS_AT, struct.pack("<i", 2**31 - 1)))
    write(directory, patched(HIDDEN_BIAS_AT, struct.pack("<i", -2**31)))
    write(directory, patched(20, struct.pack("<I", 256)))
    write(directory, widened(good, 256))
    column = bytearray(good)  # accumulator unit 3 of every own-piece feature: 500
    for q in range(80):
        at = HEADER + 2 * ACC + 2 * (q * ACC + 3)
        column[at:at + 2] = struct.pack("<h", 500)
    write(directory, with_crc(column))


def live_documents():
    """Documents in the runner's layout (protocol/match/live_feed.cpp), then near misses."""
    start = START
    head = '{"format": "ordo-live 1", "sequence": %d, "updated_ms": 1767225600000,\n'
    tour = ('"tournament": {"event": "Test \\"1\\"", "variant": "%s", "time_control": "st=0.1", "planned_games": 4, '
            '"finished_games": %d, "concurrency": 2, "status": "%s", "stop_reason": "%s", "engines": ["search", "gr\u00e9edy"]},\n')
    standings = ('"standings": [\n  {"engine": "search", "games": 1, "wins": 1, "draws": 0, "losses": 0, "points": 1, "score": 1},\n'
                 '  {"engine": "gr\u00e9edy", "games": 1, "wins": 0, "draws": 0, "losses": 1, "points": 0, "score": 0}],\n')
    empty_standings = ('"standings": [\n  {"engine": "search", "games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0, "score": null}],\n')
    running = ('"running": [\n  {"number": 1, "round": 1, "white": "search", "black": "gr\u00e9edy", "status": "playing", '
               '"to_move": "black", "start_fen": "%s", "fen": "%s", "moves": ["a3a4"], "clock_ms": {"white": 5000, "black": null}, '
               '"eval": {"white": {"cp": -35, "depth": 7}, "black": null}},\n'
               '  {"number": 3, "round": 2, "white": "gr\u00e9edy", "black": "search", "status": "playing", "to_move": "white", '
               '"start_fen": "%s", "fen": "%s", "moves": [], "clock_ms": {"white": null, "black": null}, '
               '"eval": {"white": null, "black": {"mate": 3, "depth": 12}}}],\n') % (start, start, start, start)
    finished = ('"finished": [\n  {"number": 2, "round": 1, "white": "gr\u00e9edy", "black": "search", "result": "0-1", '
                '"termination": "target row", "detail": "Black reached the target row", "plies": 41, "start_fen": "%s", '
                '"fen": "%s"}]}\n') % (start, start)
    docs = [
        head % 1 + tour % ("ordo", 0, "running", "") + empty_standings + '"running": [],\n"finished": []}\n',
        head % 9 + tour % ("ordox", 1, "running", "") + standings + running + finished,
        head % 20 + tour % ("ordo", 4, "stopped", "SIGINT") + standings + '"running": [],\n' + finished,
        # A finished game with its moves (legal from the start), as the live page replays it.
        head % 21 + tour % ("ordo", 4, "finished", "") + standings + '"running": [],\n'
        + finished.replace('"}]}', '", "moves": ["c2d2c3", "h7i7h6", "e3e5"]}]}'),
    ]
    good = docs[1]
    docs += [good + good, good.replace('"sequence": 9', '"sequence": 9, "sequence": 10'),
             good.replace('"cp": -35', '"cp": -35, "mate": 1'), good.replace("ordo-live 1", "ordo-live 2"),
             '{"waiting": "waiting for the tournament"}\n', "[" * 12 + "]" * 12]
    return docs


if __name__ == "__main__":
    main()
