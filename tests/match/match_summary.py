"""Reading the runner's -json summary in the tests."""


def per_engine(summary):
    """W/D/L per engine from the -json summary's pairs."""
    out = {name: [0, 0, 0] for name in summary["engines"]}
    for p in summary["pairs"]:
        a, b = out[p["engine"]], out[p["opponent"]]
        a[0] += p["wins"]; a[1] += p["draws"]; a[2] += p["losses"]
        b[0] += p["losses"]; b[1] += p["draws"]; b[2] += p["wins"]
    return out



def results_only(text):
    """The runner's stdout without what differs between any two runs of the same games: the
    Affinity line, and each engine-figures section (from "Engines (the moves of this run):" to its
    "Load (...)" line: times, CPU, cores, load)."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("Engines (the moves of this run):"):
            skipping = True
        elif skipping and (line.startswith("Load (") or not line.strip()):
            skipping = False
        elif not skipping and not line.startswith("Affinity: "):
            out.append(line)
    return "".join(out)
