#!/usr/bin/env python3
"""The board's third edition in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium): strength levels, the takeback, the lichess layout, custom clocks, scores that
survive a reload or come from a loaded record, and the phone layout. It starts build/ordo-web with
two engines: the ordo binary (which announces UCI_LimitStrength and UCI_Elo) and deaf_engine.py
(which announces no option, so it has no levels). Each check raises Failure; all are run and
reported. No console error may appear. Screenshots go to --out: web-board-1280x800.png and
web-board-phone.png.

Usage: browser_board.py --web build/ordo-web --engine build/ordo --out DIR
"""
import argparse
import math
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_game import (Failure, SCORE_RE, click, close_all, new_game, open_browser, open_page,  # noqa: E402
                          retype, screenshot, set_limit_depth_1, set_viewport, start_server, state, summary, wait_for)
from browser_game import run_session  # noqa: E402  (scripts/engine_client, put on the path by browser_game)
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

DEAF_ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deaf_engine.py")


def expected_levels(engine):
    """The eight ratings the page must offer: UCI_Elo's announced range split evenly, to 50."""
    out = "\n".join(run_session([engine], ["uci", "quit"], timeout=30))
    m = re.search(r"^option name UCI_Elo type spin .*\bmin (-?\d+) max (-?\d+)", out, re.M)
    if not m or not re.search(r"^option name UCI_LimitStrength type check", out, re.M):
        raise Failure("the engine announces no UCI_LimitStrength and UCI_Elo:\n" + out)
    lo, hi = int(m.group(1)), int(m.group(2))
    return [min(hi, max(lo, int(math.floor((lo + (hi - lo) * i / 7) / 50 + 0.5)) * 50)) for i in range(8)]


def rect(driver, element_id):
    return driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};", element_id)


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text.strip()


def set_movetime(driver, ms):
    Select(driver.find_element(By.ID, "limit-kind")).select_by_value("movetime")
    box = driver.find_element(By.ID, "limit-value")
    retype(box, "%d\t" % ms)
    wait_for(driver, lambda: summary(driver)["limit"] == {"kind": "movetime", "value": ms}, "the %d ms limit" % ms)


def play_human_turn(driver):
    """White (the person) plays a forward single step that keeps its pieces together, by clicks,
    and waits for the engine's reply."""
    st = state(driver)
    before = st["cursor"]
    parts = [n["part"] for n in st["legal"] if not n["next"] and n["part"]["kind"] == "s" and n["part"]["k"] < 0]
    part = max(parts, key=lambda p: (p["t"] - p["a"] == 10, -p["a"]))
    click(driver, part["a"])
    click(driver, part["t"])
    wait_for(driver, lambda: (lambda s: s["cursor"] >= before + 2 or s["over"])(summary(driver)), "the engine's reply")


def open_section(driver, box_id):
    if not driver.find_element(By.ID, box_id).get_attribute("open"):
        driver.find_element(By.CSS_SELECTOR, "#%s summary" % box_id).click()


# ---------- the checks ----------

def check_levels(driver, out, engine):
    """The Level menu: full strength and levels 1-8 with ratings spread over the engine's UCI_Elo
    range and a line each; the level shows in the header and as BlackElo in a saved record; an
    engine without the options gets a disabled menu."""
    want = expected_levels(engine)
    set_limit_depth_1(driver)
    new_game(driver, "ordo", "human", "1")
    options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#level option")]
    if len(options) != 9 or options[0] != "Full strength":
        raise Failure("Level menu: %r" % options)
    for i, label in enumerate(options[1:]):
        m = re.match(r"^Level (\d) · (\d+) — \S.{5,}$", label)
        if not m or int(m.group(1)) != i + 1 or int(m.group(2)) != want[i]:
            raise Failure("level %d reads %r; its rating should be %d (ratings %r)" % (i + 1, label, want[i], want))
    if not driver.find_element(By.ID, "level").is_enabled():
        raise Failure("the Level menu is disabled for the ordo engine")
    Select(driver.find_element(By.ID, "level")).select_by_value("3")
    wait_for(driver, lambda: driver.execute_script("return window.ordoPage.levels();")[0] == {"level": 3, "elo": want[2]},
             "level 3 in the session", 5)
    name = wait_for(driver, lambda: "(level 3, %d)" % want[2] in text(driver, "name-black") and text(driver, "name-black"),
                    "the level in the header", 5)
    play_human_turn(driver)
    open_section(driver, "position-box")
    driver.find_element(By.ID, "save").click()
    record = wait_for(driver, lambda: driver.execute_script("return window.ordoPage.record();"), "the saved record", 5)
    if '[BlackElo "%d"]' % want[2] not in record or "WhiteElo" in record:
        raise Failure("the saved record lacks BlackElo %d (or names a White rating):\n%s" % (want[2], record))
    # Engine 2 announces no strength options: the menu is disabled while it is chosen.
    Select(driver.find_element(By.ID, "black-player")).select_by_value("2")
    if driver.find_element(By.ID, "level").is_enabled():
        raise Failure("the Level menu is enabled for an engine without UCI_LimitStrength and UCI_Elo")
    Select(driver.find_element(By.ID, "black-player")).select_by_value("1")
    if not driver.find_element(By.ID, "level").is_enabled():
        raise Failure("the Level menu stays disabled after choosing the ordo engine again")
    Select(driver.find_element(By.ID, "level")).select_by_value("off")
    wait_for(driver, lambda: driver.execute_script("return window.ordoPage.levels();")[0] is None, "full strength again", 5)
    return "%s; ratings %r" % (name, want)


def check_layout(driver, out):
    """At 1280x800 the move list is within the viewport, to the right of the board."""
    driver.execute_script("window.scrollTo(0, 0);")  # as the page opens (saving scrolled to the record box)
    board, moves = rect(driver, "board"), rect(driver, "moves")
    view = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    if not (moves["left"] >= board["right"] and moves["top"] >= 0 and moves["bottom"] <= view[1]
            and moves["right"] <= view[0] and moves["height"] > 50):
        raise Failure("move list %r, board %r, viewport %r: the moves are not beside the board in view" % (moves, board, view))
    screenshot(driver, out, "board", "1280x800")
    return "moves at x %d-%d, y %d-%d; board right edge %d" % (moves["left"], moves["right"], moves["top"], moves["bottom"], board["right"])


def check_takeback(driver, out):
    """Against an engine the button says Takeback and takes back the person's turn and the engine's
    reply; pressed while the engine thinks, it stops the engine. Between people it says Undo."""
    set_limit_depth_1(driver)
    new_game(driver, "ordo", "human", "1")
    start = state(driver)["board"]
    if text(driver, "undo") != "Takeback":
        raise Failure("against an engine the button reads %r" % text(driver, "undo"))
    play_human_turn(driver)
    st = state(driver)
    driver.find_element(By.ID, "undo").click()
    wait_for(driver, lambda: summary(driver)["cursor"] == st["cursor"] - 2, "the takeback", 10)
    after = state(driver)
    if after["board"] != start or after["side"] != "white" or after["thinking"]:
        raise Failure("after the takeback: cursor %d, side %s, thinking %r" % (after["cursor"], after["side"], after["thinking"]))
    if driver.find_elements(By.CSS_SELECTOR, "#moves .move.current"):
        raise Failure("the moves taken back are still shown as played")
    # While the engine thinks (4 s a move): the takeback stops it and no engine move follows.
    set_movetime(driver, 4000)
    click(driver, 20)  # a3
    click(driver, 30)  # a4
    wait_for(driver, lambda: summary(driver)["thinking"], "the engine thinking", 10)
    driver.find_element(By.ID, "undo").click()
    wait_for(driver, lambda: (lambda s: s["cursor"] == 0 and not s["thinking"])(summary(driver)), "the engine stopped", 10)
    time.sleep(1.0)
    s = summary(driver)
    if s["cursor"] != 0 or s["thinking"]:
        raise Failure("after a takeback during the engine's search: %r" % s)
    set_limit_depth_1(driver)
    new_game(driver, "ordo", "human", "human")
    if text(driver, "undo") != "Undo":
        raise Failure("between people the button reads %r" % text(driver, "undo"))
    return "two turns taken back, a thinking engine stopped"


def check_custom_clock(driver, out):
    """A custom 1+1 clock: both clocks show 1:00; a custom time of nothing is refused on the page."""
    Select(driver.find_element(By.ID, "clock")).select_by_value("custom")
    if not driver.find_element(By.ID, "clock-minutes").is_displayed():
        raise Failure("no custom clock fields")
    for field, value in (("clock-minutes", "0"), ("clock-increment", "1")):
        box = driver.find_element(By.ID, field)
        retype(box, value)
    before = state(driver)
    driver.find_element(By.ID, "new-game").click()
    wait_for(driver, lambda: "Custom clock" in driver.execute_script("return window.ordoPage.message();"), "the refusal", 3)
    if state(driver)["clock"] != before["clock"] or state(driver)["cursor"] != before["cursor"]:
        raise Failure("a custom clock of 0 minutes started a game")
    box = driver.find_element(By.ID, "clock-minutes")
    retype(box, "1")
    new_game(driver, "ordo", "human", "1", clock="custom")
    wait_for(driver, lambda: state(driver)["clock"]["control"] == {"base": 60000, "inc": 1000}, "the 1+1 clock", 5)
    white = driver.find_element(By.CSS_SELECTOR, "#clock-white .time").text
    black = driver.find_element(By.CSS_SELECTOR, "#clock-black .time").text
    if black != "1:00" or white not in ("1:00", "0:59"):
        raise Failure("custom 1+1 clocks show %r and %r" % (white, black))
    Select(driver.find_element(By.ID, "clock")).select_by_value("off")
    new_game(driver, "ordo", "human", "1")
    return "clocks %s and %s" % (white, black)


def graph_points(driver):
    return driver.execute_script("return document.querySelectorAll('#graph .graph-point').length;")


def check_scores_reload(driver, out):
    """The graph's scores come back after a reload; stepping back shows a position's score."""
    set_limit_depth_1(driver)
    new_game(driver, "ordo", "human", "1")
    for _ in range(3):
        play_human_turn(driver)
    n = summary(driver)["cursor"]
    Select(driver.find_element(By.ID, "analyse-time")).select_by_value("100")
    driver.find_element(By.ID, "analyse").click()
    wait_for(driver, lambda: driver.execute_script("return window.ordoPage.analysing();") is None and graph_points(driver) == n + 1,
             "the analysis", 30)
    before = state(driver)
    driver.refresh()
    wait_for(driver, lambda: (lambda s: s and s["moves"] == before["moves"])(state(driver)), "the game after the reload", 10)
    points = wait_for(driver, lambda: graph_points(driver) == n + 1 and graph_points(driver), "the graph after the reload", 5)
    driver.find_element(By.ID, "nav-back").click()
    wait_for(driver, lambda: summary(driver)["cursor"] == n - 1, "one move back", 5)
    shown = wait_for(driver, lambda: text(driver, "thinking") != "Idle" and text(driver, "thinking"), "a score instead of Idle", 3)
    score = text(driver, "info-score")
    if "Score of this position" not in shown or not SCORE_RE.match(score) or score == "\u2013":
        raise Failure("one move back the Engine panel reads %r, score %r" % (shown, score))
    return "%d points after the reload; at move %d: %s %s" % (points, n - 1, shown, score)


RECORD = ('[Event "x"]\n[White "Alpha"]\n[Black "Beta"]\n[WhiteElo "1500"]\n[Result "*"]\n[Variant "ordo"]\n\n'
          '1. a3a4 {+0.31/9 0.061s} a6a5 {-0.20/8 0.050s} 2. e3e4 {+0.45/9} e6e5 {-M3/7} *\n')


def check_loaded_record(driver, out):
    """A loaded record's names (and rating) are in the header, its comment scores in the graph."""
    driver.execute_script("window.ordoPage.offerGames(arguments[0]);", RECORD)
    wait_for(driver, lambda: state(driver)["moves"] == ["a3a4", "a6a5", "e3e4", "e6e5"], "the loaded record", 5)
    wait_for(driver, lambda: text(driver, "name-white") == "Alpha (1500)" and text(driver, "name-black") == "Beta",
             "the record's players in the header", 3)
    wait_for(driver, lambda: graph_points(driver) == 4, "the record's four scores in the graph", 3)
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="1"]').click()
    wait_for(driver, lambda: summary(driver)["cursor"] == 1, "move 1", 5)
    # Black's -0.20 after a6a5 scores the position Black searched (after move 1) from White's side.
    wait_for(driver, lambda: text(driver, "info-score") == "+0.20", "the record's score of move 1", 3)
    return "Alpha (1500) - Beta, 4 scores"


def check_phone(driver, out, url):
    """390x844: the board, then at once a compact status box; the last-move outline and the
    ordo-partner ring differ in colour and in dash (one solid, one dashed)."""
    open_page(driver, url, 390, 844)
    set_limit_depth_1(driver)
    new_game(driver, "ordo", "human", "1")
    driver.execute_script("window.scrollTo(0, 0);")
    play_human_turn(driver)
    board, status = rect(driver, "board"), rect(driver, "turn")
    below = driver.execute_script(
        "const b = document.getElementById('board').getBoundingClientRect().bottom; let best = null;"
        "for (const e of document.querySelectorAll('.board-area > *, .side > *, .lower > *')) {"
        "  const r = e.getBoundingClientRect(); if (r.height > 0 && r.top >= b - 1 && (!best || r.top < best.top))"
        "    best = {id: e.id, top: r.top, text: e.textContent.trim().length}; } return best;")
    if not below or below["top"] - board["bottom"] > 12 or not below["text"]:
        raise Failure("under the board on the phone: %r (board bottom %d)" % (below, board["bottom"]))
    if status["height"] > 60:
        raise Failure("the status box is %d px tall on the phone" % status["height"])
    st = state(driver)
    ordo = next(n["part"] for n in st["legal"] if n["part"]["kind"] == "o")
    click(driver, ordo["a"])
    styles = driver.execute_script(
        "const s = (q) => { const e = document.querySelector(q); if (!e) return null; const c = getComputedStyle(e);"
        "  return [c.stroke, c.strokeDasharray]; }; return [s('#board .last-mark'), s('#board .partner')];")
    screenshot(driver, out, "board", "phone")
    if not styles[0] or not styles[1]:
        raise Failure("no last-move outline or partner ring on the board: %r" % styles)
    # Told apart at a glance: far apart in colour (the former dashed greens were 93 apart), and one
    # line solid where the other is dashed.
    rgb = [[int(x) for x in re.findall(r"\d+", st[0])[:3]] for st in styles]
    distance = math.dist(rgb[0], rgb[1])
    if distance < 120 or (styles[0][1] == "none") == (styles[1][1] == "none"):
        raise Failure("the last-move outline %r and the partner ring %r look alike (colours %.0f apart)"
                      % (styles[0], styles[1], distance))
    return "status %d px right under the board; outline %r, ring %r" % (status["height"], styles[0], styles[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    # The real engine (number 1) and an engine without levels (number 2).
    server, url = start_server(args.web, args.engine, "%s %s" % (sys.executable, DEAF_ENGINE))
    profile = tempfile.mkdtemp(prefix="ordo-web-chromium-")
    driver = None
    failed = []
    try:
        driver = open_browser(profile, console_log=True)
        open_page(driver, url, 1280, 800)
        checks = (("levels", lambda: check_levels(driver, args.out, args.engine)),
                  ("layout", lambda: check_layout(driver, args.out)),
                  ("takeback", lambda: check_takeback(driver, args.out)),
                  ("custom clock", lambda: check_custom_clock(driver, args.out)),
                  ("scores after a reload", lambda: check_scores_reload(driver, args.out)),
                  ("loaded record", lambda: check_loaded_record(driver, args.out)),
                  ("phone", lambda: check_phone(driver, args.out, url)))
        for name, fn in checks:
            try:
                print("ok   %s: %s" % (name, fn()))
            except (Failure, WebDriverException) as e:
                print("FAIL %s: %s" % (name, str(e).split("\n")[0]))
                failed.append(name)
                set_viewport(driver, 1280, 800)
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if severe:
            print("FAIL browser console errors: %r" % severe)
            failed.append("console")
    finally:
        close_all(driver, server, profile)
    if failed:
        print("FAIL: " + ", ".join(failed))
        return 1
    for shot in ("web-board-1280x800.png", "web-board-phone.png"):
        print("screenshot: " + os.path.abspath(os.path.join(args.out, shot)))
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
