"""Reading the runner's -json summary in the tests."""


def per_engine(summary):
    """W/D/L per engine from the -json summary's pairs."""
    out = {name: [0, 0, 0] for name in summary["engines"]}
    for p in summary["pairs"]:
        a, b = out[p["engine"]], out[p["opponent"]]
        a[0] += p["wins"]; a[1] += p["draws"]; a[2] += p["losses"]
        b[0] += p["losses"]; b[1] += p["draws"]; b[2] += p["wins"]
    return out
