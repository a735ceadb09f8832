#!/usr/bin/env python3
"""The live tournament page in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium). Starts `ordo-web --live FILE` and opens /live.html (it waits for the tournament).

First a document written by hand (games of known moves, legal ones, the rules core's FENs): moves
numbered from the start FEN ("12... c7d7c5 13. a4e4 h7e4" from a Black-to-move FEN of move 12),
"1 ply" and "1 game" in the singular, a finished game opened from its row and stepped through
(buttons, keys, the move list) over the positions the server replays, a game not listed refused
with a message, and no sideways overflow at 390x844.

Then a small tournament `ordo-match -live FILE` (2 rounds of a pair, 4 games at a fixed node count, two at once, the
ordo binary on both sides, one of them in greedy play mode, long engine names, openings from a
Black-to-move FEN of move 12 and a 4-ply one): two boards at once, each changing as the moves come
and numbered from its opening, no sideways overflow on a phone, then the standings reaching the
final result of the runner's -json summary and the four finished games listed, one of them stepped
through from the start to the runner's final position, with no console error. Screenshots go to
--out: the running tournament, the end and a finished game's board, each at 1280x800 and 390x844.

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
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# The browser set-up and the failure type of the board's own browser test (same folder).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_game import Failure, end_server, open_browser, start_server  # noqa: E402

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
            start: c.dataset.start || '', title: c.querySelector('h3').textContent, moves: c.querySelector('.live-moves').textContent,
            names: [...c.querySelectorAll('.live-player .name')].map((n) => n.textContent)}));
          const standings = [...document.querySelectorAll('#standings tbody tr')].map((r) =>
            [...r.cells].map((td) => td.textContent));
          const finished = [...document.querySelectorAll('#finished tbody tr')].map((r) => Number(r.dataset.game));
          return {cards, standings, finished, status: document.body.dataset.status || '',
                  heading: document.getElementById('tournament').textContent,
                  text: document.getElementById('live-status').textContent};""")
    except StaleElementReferenceException:
        return None


def viewer_view(driver):
    """The finished-game dialog: open or not, its game, the ply and FEN shown, its texts."""
    return driver.execute_script("""
      const d = document.getElementById('viewer');
      return {open: d.open, game: d.dataset.game ? Number(d.dataset.game) : null,
              ply: d.dataset.ply ? Number(d.dataset.ply) : null, fen: d.dataset.fen || '',
              where: document.getElementById('viewer-where').textContent,
              moves: document.getElementById('viewer-moves').textContent.replace(/\\s+/g, ' ').trim(),
              error: document.getElementById('viewer-error').hidden ? '' : document.getElementById('viewer-error').textContent,
              pieces: d.querySelectorAll('#viewer-board .piece').length,
              hash: location.hash};""")


def overflow(driver, width):
    """How far the page reaches past a screen `width` px wide, and the standings past their box,
    sideways (0: they fit). A phone's page that is too wide widens its viewport (innerWidth), so
    the width is the screen's, not the page's own."""
    return driver.execute_script("""
      const doc = document.documentElement, box = document.getElementById('standings').parentElement;
      return {page: Math.max(doc.scrollWidth, window.innerWidth) - arguments[0],
              standings: box.scrollWidth - box.clientWidth};""", width)


def check_fits(driver, what):
    over = overflow(driver, 390)
    if over["page"] > 0 or over["standings"] > 0:
        raise Failure("%s at 390x844: the page reaches %d px past the screen, the standings %d px past their box"
                      % (what, over["page"], over["standings"]))


def labels(start_fen, plies):
    """The move numbers a list of `plies` moves from start_fen shows, as records number them."""
    fields = start_fen.split()
    black = len(fields) > 1 and fields[1] == "b"
    number = int(fields[3]) if len(fields) > 3 else 1
    out = []
    for i in range(plies):
        if not black:
            out.append("%d." % number)
        elif i == 0:
            out.append("%d..." % number)
        if black:
            number += 1
        black = not black
    return out


def check_numbering(game, start_fen, text, plies):
    words = text.split()
    shown = [w for w in words if re.match(r"^[0-9]+\.(\.\.)?$", w)]
    want = labels(start_fen, plies)
    if shown != want or len(words) - len(shown) != plies:
        raise Failure("game %d from %r shows the moves %r, numbered %r; expected %r for %d plies"
                      % (game, start_fen, text, shown, want, plies))


def shot(driver, out, name, shots):
    path = os.path.join(out, name)
    driver.save_screenshot(path)
    shots.append(path)


def shots_both(driver, out, name, shots):
    """`name`-1280x800.png and `name`-390x844.png; the phone's page checked for sideways overflow."""
    shot(driver, out, name + "-1280x800.png", shots)
    set_viewport(driver, 390, 844, mobile=True)
    check_fits(driver, name)
    shot(driver, out, name + "-390x844.png", shots)
    set_viewport(driver, 1280, 800)


START = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/10/WW2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 1"
BLACK_12 = "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 12"
# Games of known legal moves, with the position before each move and after the last (the rules
# core's FENs): three plies from a Black-to-move FEN of move 12, and one ply from the start.
GAME_B12 = (BLACK_12, ["c7d7c5", "a4e4", "h7e4"],
            [BLACK_12, "2BB2BB2/BB2BBBBBB/BB2BB2BB/2BB6/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 13",
             "2BB2BB2/BB2BBBBBB/BB2BB2BB/2BB6/4W5/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 1 13",
             "2BB2BB2/BB2BBB1BB/BB2BB2BB/2BB6/4B5/1W2WW2WW/WWWWWWWWWW/2WW2WW2 w 0 14"])
GAME_ONE = (START, ["a3a4"], [START, "2BB2BB2/BBBBBBBBBB/BB2BB2BB/10/W9/1W2WW2WW/WWWWWWWWWW/2WW2WW2 b 0 1"])
NAMES = ["searcher-at-a-fixed-node-count", "greedy-player-of-the-ordo-binary"]


def written_document():
    """A live document of the runner's shape: games 3 and 4 running, 1 and 2 finished, of the games above."""
    def running(number, game):
        start, moves, fens = game
        return {"number": number, "round": 2, "white": NAMES[0], "black": NAMES[1], "status": "playing",
                "to_move": "white" if fens[-1].split()[1] == "w" else "black", "start_fen": start,
                "fen": fens[-1], "moves": moves, "clock_ms": {"white": None, "black": None},
                "eval": {"white": None, "black": {"cp": 12, "depth": 9}}}

    def finished(number, game, result):  # short names: the list is shorter than the boards
        start, moves, fens = game
        return {"number": number, "round": 1, "white": "a", "black": "b", "result": result,
                "termination": "adjudication", "detail": "a game written by hand", "plies": len(moves),
                "start_fen": start, "fen": fens[-1], "moves": moves}

    standings = [{"engine": n, "games": 2, "wins": 1, "draws": 0, "losses": 1, "points": 1.0, "score": 0.5}
                 for n in NAMES]
    return {"format": "ordo-live 1", "sequence": 1, "updated_ms": int(time.time() * 1000),
            "tournament": {"event": "a tournament written by hand", "variant": "ordo", "time_control": "-",
                           "planned_games": 1, "finished_games": 0, "concurrency": 2, "status": "running",
                           "stop_reason": "", "engines": NAMES},
            "standings": standings, "running": [running(3, GAME_B12), running(4, GAME_ONE)],
            "finished": [finished(1, GAME_B12, "0-1"), finished(2, GAME_ONE, "1/2-1/2")]}


def put(path, text):
    """As the runner writes: a temporary file renamed into place."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def wait_viewer(driver, what, predicate):
    return wait_for(lambda: (lambda v: v if predicate(v) else None)(viewer_view(driver)), what, 10)


def click(driver, css):
    driver.find_element(By.CSS_SELECTOR, css).click()


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def stage_written(driver, live):
    """The page over a document written by hand: numbering, plurals, a finished game stepped through."""
    put(live, json.dumps(written_document()))
    view = wait_for(lambda: (lambda v: v if v and len(v["cards"]) == 2 and len(v["finished"]) == 2 else None)(
        page_view(driver)), "the written document on the page", 10)
    cards = {c["game"]: c for c in view["cards"]}
    if not cards[3]["title"].endswith("· 3 plies") or not cards[4]["title"].endswith("· 1 ply"):
        raise Failure("board titles %r and %r: expected '3 plies' and '1 ply'" % (cards[3]["title"], cards[4]["title"]))
    if cards[3]["moves"] != "12... c7d7c5 13. a4e4 h7e4" or cards[4]["moves"] != "1. a3a4":
        raise Failure("moves shown %r and %r: expected numbering from the start FEN" % (cards[3]["moves"], cards[4]["moves"]))
    if "0 of 1 game finished" not in view["heading"]:
        raise Failure("the heading %r: expected '0 of 1 game finished'" % view["heading"])
    # Beside boards taller than both, the finished games follow the standings without a gap.
    gap = driver.execute_script(
        "return document.getElementById('finished').closest('section').getBoundingClientRect().top"
        " - document.querySelector('.live-summary').getBoundingClientRect().bottom;")
    if gap > 20:
        raise Failure("%d px between the standings and the finished games at 1280x800" % gap)

    # A finished game opened by a click on its row: the final position, then stepped through.
    click(driver, '#finished tr[data-game="1"] td:nth-child(3)')
    start, moves, fens = GAME_B12
    v = wait_viewer(driver, "game 1 on the board", lambda v: v["open"] and v["game"] == 1)
    want = {"ply": 3, "fen": fens[3], "where": "Ply 3 of 3: 13... h7e4", "moves": "12... c7d7c5 13. a4e4 h7e4",
            "hash": "#game=1"}
    if any(v[k] != want[k] for k in want) or v["pieces"] == 0:
        raise Failure("game 1 opened as %r, expected %r" % (v, want))
    click(driver, "#viewer-first")
    v = viewer_view(driver)
    if (v["ply"], v["fen"], v["where"]) != (0, fens[0], "Start · 3 plies"):
        raise Failure("game 1 at the start shows %r" % v)
    for ply in range(1, 4):
        click(driver, "#viewer-forward")
        v = viewer_view(driver)
        if (v["ply"], v["fen"]) != (ply, fens[ply]):
            raise Failure("one move on to ply %d shows %r" % (ply, v))
    expected_where = {2: "Ply 2 of 3: 13. a4e4", 0: "Start · 3 plies", 3: "Ply 3 of 3: 13... h7e4"}
    for key, ply in ((Keys.ARROW_LEFT, 2), (Keys.HOME, 0), (Keys.END, 3)):
        press(driver, key)
        v = viewer_view(driver)
        if (v["ply"], v["fen"], v["where"]) != (ply, fens[ply], expected_where[ply]):
            raise Failure("a key to ply %d shows %r" % (ply, v))
    click(driver, '#viewer-moves button[data-ply="1"]')
    v = viewer_view(driver)
    if (v["ply"], v["fen"], v["where"]) != (1, fens[1], "Ply 1 of 3: 12... c7d7c5"):
        raise Failure("the first move clicked shows %r" % v)
    click(driver, "#viewer-close")
    wait_viewer(driver, "the board closed and the address back", lambda v: not v["open"] and v["hash"] == "")

    # One by the address, in the singular; one not listed, refused with the reason.
    driver.execute_script("location.hash = '#game=2'")
    wait_viewer(driver, "game 2 on the board", lambda v: v["open"] and v["game"] == 2)
    press(driver, Keys.HOME)
    v = viewer_view(driver)
    if (v["ply"], v["fen"], v["where"]) != (0, GAME_ONE[2][0], "Start · 1 ply"):
        raise Failure("game 2 at the start shows %r" % v)
    driver.execute_script("location.hash = '#game=99'")
    v = wait_viewer(driver, "game 99 refused", lambda v: v["open"] and v["error"])
    if "not among the last finished games" not in v["error"] or v["game"] is not None:
        raise Failure("game 99 (not listed) shows %r" % v)
    press(driver, Keys.ESCAPE)
    wait_viewer(driver, "the board closed by Escape", lambda v: not v["open"] and v["hash"] == "")
    text = driver.execute_script("return document.body.innerText")
    wrong = re.findall(r"\b1 (?:plies|games)\b", text)
    if wrong:
        raise Failure("plurals on the page: %r" % wrong)
    set_viewport(driver, 390, 844, mobile=True)
    check_fits(driver, "the written document")
    set_viewport(driver, 1280, 800)


def stage_tournament(args, tmp, driver, live, base, shots):
    """A small tournament followed to its end; a finished game stepped through to the runner's end."""
    summary_path = os.path.join(tmp, "summary.json")
    openings = os.path.join(tmp, "openings.epd")
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "openings",
                           "ordo_4ply.epd")) as f:
        four_ply = next(line.strip() for line in f if line.strip() and not line.startswith("#"))
    with open(openings, "w") as f:
        f.write(BLACK_12 + "\n" + four_ply + "\n")
    match = subprocess.Popen(
        [args.match, "-engine", "cmd=" + args.engine, "name=" + NAMES[0],
         "-engine", "cmd=" + args.engine, "name=" + NAMES[1], "option.Play Mode=greedy",
         "-each", "nodes=%d" % args.nodes, "-rounds", "2", "-games", "2", "-concurrency", "2",
         "-maxmoves", "150",
         "-openings", "file=" + openings, "-live", live, "-json", summary_path, "-quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # While it runs: every board seen, how its position changed, the most boards at once, the
        # moves numbered from each game's opening.
        positions = {}  # game -> distinct FENs shown
        numbered = set()  # openings whose numbering was seen past the second move
        most = 0
        took_running = False
        end = time.time() + args.timeout
        while match.poll() is None:
            if time.time() > end:
                raise Failure("the tournament did not end within %d s" % args.timeout)
            view = page_view(driver)
            # Until the runner's first document, the page shows the written one.
            if not view or "written by hand" in view["heading"]:
                continue
            most = max(most, len(view["cards"]))
            for c in view["cards"]:
                if c["plies"] >= 0:
                    positions.setdefault(c["game"], {})[c["fen"]] = c["plies"]
                    check_numbering(c["game"], c["start"], c["moves"], c["plies"])
                    if c["plies"] >= 3:
                        numbered.add(c["start"])
                if c["pieces"] == 0:
                    raise Failure("game %d shows no piece" % c["game"])
            if not took_running and len(view["cards"]) == 2 and min(c["plies"] for c in view["cards"]) >= 6:
                shots_both(driver, args.out, "live-running", shots)
                took_running = True
            time.sleep(0.05)
        out, err = match.communicate()
    finally:
        if match.poll() is None:
            match.kill()
            match.wait()
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
    if numbered != {BLACK_12, four_ply}:
        raise Failure("numbering seen past the second move only from %r" % sorted(numbered))

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
    shots_both(driver, args.out, "live-final", shots)

    # Game 1 (the Black-to-move opening) by its link, stepped through from the start to the runner's end.
    with urllib.request.urlopen(base + "live.json") as res:
        game = next(g for g in json.load(res)["finished"] if g["number"] == 1)
    click(driver, '#finished tr[data-game="1"] a')
    v = wait_viewer(driver, "game 1 of the tournament on the board", lambda v: v["open"] and v["game"] == 1)
    if (v["ply"], v["fen"]) != (game["plies"], game["fen"]):
        raise Failure("game 1 opened at ply %r %r; the runner ended it at ply %d %r" % (v["ply"], v["fen"], game["plies"], game["fen"]))
    check_numbering(1, game["start_fen"], v["moves"], game["plies"])
    click(driver, "#viewer-first")
    if viewer_view(driver)["fen"] != game["start_fen"]:
        raise Failure("game 1 starts from %r, the runner's start %r" % (viewer_view(driver)["fen"], game["start_fen"]))
    fens = set()
    for ply in range(1, game["plies"] + 1):
        click(driver, "#viewer-forward")
        v = viewer_view(driver)
        if v["ply"] != ply or v["pieces"] == 0 or not v["where"].startswith("Ply %d of %d: " % (ply, game["plies"])):
            raise Failure("one move on to ply %d shows %r" % (ply, v))
        fens.add(v["fen"])
    if v["fen"] != game["fen"] or len(fens) < game["plies"] // 2:
        raise Failure("stepping through game 1 ended on %r after %d positions; the runner's end %r"
                      % (v["fen"], len(fens), game["fen"]))
    click(driver, "#viewer-back")
    shots_both(driver, args.out, "live-game", shots)
    press(driver, Keys.ESCAPE)
    wait_viewer(driver, "the board closed", lambda v: not v["open"])
    # The one error expected: the 404 answer for game 99 (not listed), which Chromium logs.
    severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
              and not (e.get("source") == "network" and "/live-game.json?number=99 " in e.get("message", "")
                       and "404" in e.get("message", ""))]
    if severe:
        raise Failure("browser console errors: %r" % severe)
    print("boards seen: %d games, distinct positions %r; standings %r; game 1 stepped through, %d plies"
          % (len(positions), {g: len(f) for g, f in sorted(positions.items())}, got, game["plies"]))


def run(args, tmp, driver, shots):
    live = os.path.join(tmp, "live.json")
    web, url = start_server(args.web, args.engine, extra=["--live", live])
    try:
        set_viewport(driver, 1280, 800)
        driver.get(url + "live.html")
        wait_for(lambda: "waiting" in (page_view(driver) or {}).get("text", ""), "the page to wait for the file", 10)
        # The status names the file (a long path): it wraps on a phone.
        set_viewport(driver, 390, 844, mobile=True)
        check_fits(driver, "the page waiting for the file")
        set_viewport(driver, 1280, 800)
        stage_written(driver, live)
        stage_tournament(args, tmp, driver, live, url, shots)
    finally:
        end_server(web)


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
