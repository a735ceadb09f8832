#!/usr/bin/env python3
"""The live tournament page in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium). Starts `ordo-web --live FILE`, opens /live.html (it waits for the tournament),
then runs a small tournament `ordo-match -live FILE` (4 games at a fixed node count, two at once,
the ordo binary on both sides, one of them in greedy play mode) and watches the page: two boards at
once, each board changing as the moves come, then the standings reaching the final result of the
runner's -json summary and the four finished games listed, with no console error. Screenshots go
to --out (1280x800 and 390x844 while games run, and the end).

Usage: browser_live.py --web build/ordo-web --match build/ordo-match --engine build/ordo --out DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

# The browser set-up and the failure type of the board's own browser test (same folder).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_game import Failure, open_browser  # noqa: E402

# The runner's -json summary read as the match tests read it.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tests", "match"))
from match_summary import per_engine  # noqa: E402


def set_viewport(driver, width, height, mobile=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    time.sleep(0.3)


def wait_for(predicate, what, timeout):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise Failure("timed out waiting for " + what)


def page_view(driver):
    """What the page shows: the running boards, the standings, the finished games, the status."""
    try:
        return driver.execute_script("""
          const cards = [...document.querySelectorAll('#games .live-game')].map((c) => ({
            game: Number(c.dataset.game), fen: c.dataset.fen || '', plies: Number(c.dataset.plies || -1),
            pieces: c.querySelectorAll('svg .piece').length,
            names: [...c.querySelectorAll('.live-player .name')].map((n) => n.textContent)}));
          const standings = [...document.querySelectorAll('#standings tbody tr')].map((r) =>
            [...r.cells].map((td) => td.textContent));
          const finished = [...document.querySelectorAll('#finished tbody tr')].map((r) => Number(r.dataset.game));
          return {cards, standings, finished, status: document.body.dataset.status || '',
                  text: document.getElementById('live-status').textContent};""")
    except StaleElementReferenceException:
        return None


def shot(driver, out, name, shots):
    path = os.path.join(out, name)
    driver.save_screenshot(path)
    shots.append(path)


def run(args, tmp, driver, shots):
    live = os.path.join(tmp, "live.json")
    web = subprocess.Popen([args.web, "--port", "0", "--engine", args.engine, "--live", live],
                           stdout=subprocess.PIPE, text=True)
    match = None
    try:
        m = re.search(r"http://[0-9.]+:[0-9]+/", web.stdout.readline())
        if not m:
            raise Failure("ordo-web did not print its address")
        url = m.group(0) + "live.html"
        set_viewport(driver, 1280, 800)
        driver.get(url)
        wait_for(lambda: "waiting" in (page_view(driver) or {}).get("text", ""), "the page to wait for the file", 10)

        summary_path = os.path.join(tmp, "summary.json")
        match = subprocess.Popen(
            [args.match, "-engine", "cmd=" + args.engine, "name=searcher",
             "-engine", "cmd=" + args.engine, "name=greedy", "option.Play Mode=greedy",
             "-each", "nodes=%d" % args.nodes, "-games", "4", "-concurrency", "2", "-maxmoves", "150",
             "-live", live, "-json", summary_path, "-quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

        # While it runs: every board seen, how its position changed, the most boards at once.
        positions = {}  # game -> distinct FENs shown
        most = 0
        took_running = took_phone = False
        end = time.time() + args.timeout
        while match.poll() is None:
            if time.time() > end:
                raise Failure("the tournament did not end within %d s" % args.timeout)
            view = page_view(driver)
            if not view:
                continue
            most = max(most, len(view["cards"]))
            for c in view["cards"]:
                if c["plies"] >= 0:
                    positions.setdefault(c["game"], {})[c["fen"]] = c["plies"]
                if c["pieces"] == 0:
                    raise Failure("game %d shows no piece" % c["game"])
            if not took_running and len(view["cards"]) == 2 and min(c["plies"] for c in view["cards"]) >= 6:
                shot(driver, args.out, "live-running-1280x800.png", shots)
                took_running = True
            elif took_running and not took_phone and len(view["cards"]) >= 1:
                set_viewport(driver, 390, 844, mobile=True)
                shot(driver, args.out, "live-running-phone.png", shots)
                set_viewport(driver, 1280, 800)
                took_phone = True
            time.sleep(0.05)
        out, err = match.communicate()
        if match.returncode != 0:
            raise Failure("ordo-match failed (%d): %s%s" % (match.returncode, out, err))

        if most != 2:
            raise Failure("the page showed at most %d boards at once, expected 2" % most)
        # A page that never updated would show one position per game. Under load the page's polls
        # and this loop's reads can miss moves of a short game, so: two games seen changing, one
        # of them at least twice.
        seen = sorted((len(f) for f in positions.values()), reverse=True)
        if len(seen) < 2 or seen[0] < 3 or seen[1] < 2:
            raise Failure("boards did not change as the moves came: distinct positions per game %r"
                          % {g: len(f) for g, f in positions.items()})

        with open(summary_path) as f:
            want = per_engine(json.load(f))
        final = wait_for(lambda: (lambda v: v if v and v["status"] == "finished" and len(v["finished"]) == 4 else None)(
            page_view(driver)), "the page to show the finished tournament", 10)
        got = {row[1]: [int(row[3]), int(row[4]), int(row[5])] for row in final["standings"]}
        if got != want:
            raise Failure("standings on the page %r, the runner's summary %r" % (got, want))
        if final["cards"]:
            raise Failure("boards still shown after the end: %r" % final["cards"])
        if sorted(final["finished"]) != [1, 2, 3, 4]:
            raise Failure("finished games listed: %r" % final["finished"])
        shot(driver, args.out, "live-final.png", shots)
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if severe:
            raise Failure("browser console errors: %r" % severe)
        print("boards seen: %d games, distinct positions %r; standings %r"
              % (len(positions), {g: len(f) for g, f in sorted(positions.items())}, got))
    finally:
        if match and match.poll() is None:
            match.kill()
            match.wait()
        web.terminate()
        try:
            web.wait(timeout=10)
        except subprocess.TimeoutExpired:
            web.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--match", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True, help="folder for the screenshots")
    ap.add_argument("--nodes", type=int, default=150000, help="nodes per move of the searching engine")
    ap.add_argument("--timeout", type=int, default=180)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="ordo-live-browser-")
    driver = None
    shots = []
    try:
        driver = open_browser(os.path.join(tmp, "profile"), console_log=True)
        run(args, tmp, driver, shots)
    except (Failure, WebDriverException) as e:
        print("FAIL: %s" % e)
        return 1
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(tmp, ignore_errors=True)
        for s in shots:
            print("screenshot: " + os.path.abspath(s))
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
