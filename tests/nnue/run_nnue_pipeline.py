#!/usr/bin/env python3
"""The network pipeline end to end, small: a tiny self-play data set (scripts/make_selfplay_data),
two epochs of scripts/train_nnue.py (and a start from a network file), the export checked against
the engine (values within the quantisation allowance, the file re-exported byte for byte), the
file loaded with `setoption name EvalFile` and searched with; then bad network files, each refused
with one `info string error:` line naming its cause while the engine keeps the network it had.

    tests/nnue/run_nnue_pipeline.py --binary build/ordo --match build/ordo-match
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
sys.path.insert(0, SCRIPTS)
from engine_client import run_session  # noqa: E402

HEADER = 64
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(cmd, timeout=120):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-3000:])
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}")
    return p.stdout


def engine(binary, lines, timeout=60):
    return "".join(line + "\n" for line in run_session([binary], lines + ["quit"], timeout))


def network_line(out):
    v = [ln for ln in out.splitlines() if ln.startswith("Network:")]
    return v[-1] if v else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--match", required=True)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    tmp = tempfile.mkdtemp(prefix="nnue-pipeline-")
    try:
        data = os.path.join(tmp, "data")
        run([sys.executable, os.path.join(SCRIPTS, "make_selfplay_data"), "--variant", "ordox", "--out", data,
             "--games", "6", "--nodes", "300", "--plies", "4", "--opening-nodes", "300", "--concurrency", "1",
             "--engine", binary, "--match", os.path.abspath(args.match)])
        positions = os.path.join(data, "positions.txt")
        net = os.path.join(tmp, "smoke.nnue")
        out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions, "--variant", "ordox",
                   "--out", net, "--epochs", "2", "--batch", "64", "--lr", "0.01", "--compare-hand", "--binary", binary])
        print(out)
        check("epoch 2: train" in out and "validation" in out, "the trainer prints train and validation loss per epoch")
        found = [re.findall(r"(network|constant|floor \(targets' entropy\)|hand evaluation) ([0-9.]+)", ln)
                 for ln in out.splitlines() if ln.startswith("validation loss: ")]
        losses = {name: float(value) for name, value in (found[-1] if found else [])}
        check(len(losses) == 4, f"the trainer compares the network's validation loss with the hand evaluation's: {losses}")
        floor = losses.get("floor (targets' entropy)")
        check(floor is not None and all(v >= floor - 1e-9 for v in losses.values()),
              "no validation loss is below the targets' entropy")
        # Reproducible from the seed: a second run writes the same bytes.
        net2 = os.path.join(tmp, "smoke2.nnue")
        run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions, "--variant", "ordox",
             "--out", net2, "--epochs", "2", "--batch", "64", "--lr", "0.01"])
        check(open(net, "rb").read() == open(net2, "rb").read(), "two runs with the same seed write the same file")
        # --init-net starts from an engine file's weights: with no epoch to train, the file comes back.
        net3 = os.path.join(tmp, "smoke3.nnue")
        out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions, "--variant", "ordox",
                   "--out", net3, "--epochs", "0", "--init-net", net])
        check(open(net3, "rb").read() == open(net, "rb").read(),
              "--init-net with 0 epochs writes its starting network again, byte for byte")
        wrong = subprocess.run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions,
                                "--variant", "ordo", "--out", net3, "--epochs", "0", "--init-net", net],
                               capture_output=True, text=True, timeout=120)
        check(wrong.returncode == 1 and "is a network for ordox, not ordo" in wrong.stderr + wrong.stdout,
              "--init-net refuses a network of the other variant")
        out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--check-engine", "--net", net,
                   "--data", positions, "--variant", "ordox", "--binary", binary])
        print(out)
        check("byte for byte the same" in out and "; 0 beyond" in out,
              "the engine's values equal the float forward pass within the allowance; the file re-exports")

        # A wider first layer: --width 256 from the 128-wide file computes the same values (the new
        # units enter with weight 0), then trains on; the engine runs both layouts.
        wide0, wide = os.path.join(tmp, "wide0.nnue"), os.path.join(tmp, "wide.nnue")
        out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions, "--variant", "ordox",
                   "--out", wide0, "--epochs", "0", "--init-net", net, "--width", "256"])
        check("160 -> 256 x 2 -> 32 -> 1 (from a 128-wide start)" in out and os.path.getsize(wide0) == HEADER + 98980,
              f"--width 256 from a 128-wide network writes a 256-wide file ({os.path.getsize(wide0)} bytes)")
        eval_of = lambda f: network_line(engine(binary, ["setoption name UCI_Variant value ordox",  # noqa: E731
                                                          f"setoption name EvalFile value {f}", "eval"]))
        narrow_line, wide_line = eval_of(net), eval_of(wide0)
        check(narrow_line and wide_line and narrow_line.split("(")[0] == wide_line.split("(")[0],
              f"the widened network's value is its start's: {narrow_line} / {wide_line}")
        run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions, "--variant", "ordox",
             "--out", wide, "--epochs", "1", "--batch", "64", "--lr", "0.01", "--init-net", wide0])
        out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--check-engine", "--net", wide,
                   "--data", positions, "--variant", "ordox", "--binary", binary])
        print(out)
        check("byte for byte the same" in out and "; 0 beyond" in out,
              "a trained 256-wide network: the engine equals the float forward pass; the file re-exports")
        narrower = subprocess.run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--data", positions,
                                   "--variant", "ordox", "--out", net3, "--epochs", "0", "--init-net", wide,
                                   "--width", "128"], capture_output=True, text=True, timeout=120)
        check(narrower.returncode == 1 and "more than --width 128" in narrower.stderr,
              "--width narrower than the starting network is refused")

        # The embedded default networks (the committed files) against the float pass too.
        for variant in ("ordo", "ordox"):
            out = run([sys.executable, os.path.join(SCRIPTS, "train_nnue.py"), "--check-engine", "--variant", variant,
                       "--net", os.path.join(ROOT, "engine", "nets", variant + ".nnue"), "--binary", binary,
                       "--data", os.path.join(ROOT, "tests", "data", f"tune_smoke_{variant}.txt")])
            print(out)
            check("; 0 beyond" in out, f"the default {variant} network: the engine equals the float pass")
            nl = network_line(engine(binary, [f"setoption name UCI_Variant value {variant}", "eval"]))
            check(nl is not None and f"embedded {variant}" in nl, f"eval shows the embedded network: {nl}")

        base = ["uci", "setoption name UCI_Variant value ordox"]
        out = engine(binary, base + [f"setoption name EvalFile value {net}", "setoption name EvalMode value network",
                                     "eval", "go nodes 3000", "isready"])
        check(f"info string ordox network loaded from '{net}'" in out, "EvalFile loads the trained file")
        nl = network_line(out)
        check(nl is not None and net in nl and "used by the search" in nl, f"eval names the loaded network: {nl}")
        check(any(ln.startswith("bestmove ") for ln in out.splitlines()), "a search with the loaded network")

        # Bad files, each after the good one: one error line, and the good network stays.
        good = open(net, "rb").read()
        payload = good[HEADER:]

        def with_header(fields):
            h = bytearray(good[:HEADER])
            for at, v in fields.items():
                h[at:at + 4] = struct.pack("<I", v)
            return bytes(h) + payload

        corrupt = bytearray(good)
        corrupt[HEADER + 500] ^= 0x40
        other_sizes = bytearray(with_header({20: 512}))
        bad = {
            "missing": (None, "cannot open"),
            "truncated": (good[:-100], "truncated"),
            "header only": (good[:40], "truncated"),
            "bad magic": (b"NOTANNUE" + good[8:], "bad magic"),
            "bad checksum": (bytes(corrupt), "checksum mismatch"),
            "unknown variant": (with_header({12: 5}), "unknown variant code 5"),
            "wrong sizes": (bytes(other_sizes), "wrong layer sizes 160x512x32"),
            "sizes and payload disagree": (with_header({20: 256}), "payload size"),
            "newer format": (with_header({8: 9}), "format version 9"),
        }
        bad["a directory"] = (None, "not a regular file")
        for name, (content, cause) in bad.items():
            path = tmp if name == "a directory" else os.path.join(tmp, name.replace(" ", "_") + ".nnue")
            if content is not None:
                with open(path, "wb") as f:
                    f.write(content)
            out = engine(binary, base + [f"setoption name EvalFile value {net}", "eval",
                                         f"setoption name EvalFile value {path}", "eval", "isready"])
            errors = [ln for ln in out.splitlines() if ln.startswith("info string error")]
            check(len(errors) == 1 and cause in errors[0] and path in errors[0], f"{name}: {errors}")
            lines = [ln for ln in out.splitlines() if ln.startswith("Network:")]
            check(len(lines) == 2 and lines[0] == lines[1], f"{name}: the engine keeps its network")
        # A classic file while Ordo X is set: loaded for classic, the Ordo X network unchanged.
        classic = os.path.join(tmp, "classic.nnue")
        with open(classic, "wb") as f:
            f.write(with_header({12: 0, 44: zlib.crc32(payload) & 0xFFFFFFFF}))
        out = engine(binary, base + ["eval", f"setoption name EvalFile value {classic}", "eval", "isready"])
        lines = [ln for ln in out.splitlines() if ln.startswith("Network:")]
        check(f"info string ordo network loaded from '{classic}'" in out and len(lines) == 2 and lines[0] == lines[1],
              "a file's header picks its variant; the other variant's network stays")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
