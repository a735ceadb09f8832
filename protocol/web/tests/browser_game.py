#!/usr/bin/env python3
"""End-to-end test of the web board in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium). It starts build/ordo-web and, for each variant, plays a whole game through the
page against the engine at depth 1 twice: by clicks at 1280x800 and by drags at phone size
(390x844, where the board must not move in the viewport after any move). The games exercise
singleton, ordo and (in Ordo X) two-part turns, an illegal click refused with a reason, navigation
and saving, and are checked against the rules core (the ordo binary's `d` and `query result`).
Then: the evaluation graph (filled during play and by "Analyse game", a click on it jumps), a reload
that keeps the game, a game on the clock lost on time, and the page's known defects (one check
each, see check_* below). No console error may appear. Screenshots of each stage go to --out.

Usage: browser_game.py --web build/ordo-web --engine build/ordo --out DIR [--stages games,checks,...]
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "scripts"))
from engine_client import run_session  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

FILES = "abcdefghij"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MAX_HUMAN_TURNS = 150
TURN_TIMEOUT = 30.0


class Failure(Exception):
    pass


def sq_name(sq):
    return FILES[sq % 10] + str(sq // 10 + 1)


def find_chromedriver():
    for path in ("/usr/bin/chromedriver", shutil.which("chromedriver") or ""):
        if path and os.path.exists(path):
            return path
    raise Failure("chromedriver not found (install chromium-driver)")


def start_server(web, *engines, extra=()):
    """ordo-web with the given engine command lines (numbered from 1) and `extra` arguments; the
    process and its address."""
    command = [web, "--port", "0"]
    for engine in engines:
        command += ["--engine", engine]
    command += list(extra)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://[0-9.]+:[0-9]+/", line)
    if not m:
        proc.kill()
        raise Failure("ordo-web did not print its address: %r" % line)
    return proc, m.group(0)


def end_server(server):
    """Ends an ordo-web process: asked to stop, killed if it has not within 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def close_all(driver, server, profile):
    """Ends a test's browser (if it started), its ordo-web and the browser's profile folder."""
    if driver:
        driver.quit()
    end_server(server)
    shutil.rmtree(profile, ignore_errors=True)


def open_browser(profile, console_log=False):
    """Headless Chromium at 1280x800; with console_log, the page's console is kept for get_log."""
    options = webdriver.ChromeOptions()
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--window-size=1280,800")
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(find_chromedriver()), options=options)


def wait_for(driver, predicate, what, timeout=TURN_TIMEOUT):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.03)
    raise Failure("timed out waiting for " + what + "; page message: " + repr(page_message(driver)))


def retype(box, text):
    """Replaces a text field's value as a person does: click into it, select all, type. The field
    keeps the focus from the click on, so a state message that arrives meanwhile (the page rewrites
    an unfocused limit or position field from every state) cannot put the old value back under the
    typing; WebElement.clear() blurs the field, which left that window open (a late state wrote
    '1000' back and the typing made it '1000700')."""
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)


def choose(driver, element_id, value):
    """Picks value in a set-up menu (variant, players, clock) by way of another value, so the page
    always sees a change and holds the menus for New game. Picking the value a menu already shows
    fires no change: a later state (the restore of the saved game after a page load arrives a few
    states after the first) then rewrote the menu, and New game started the old variant."""
    select = Select(driver.find_element(By.ID, element_id))
    other = next(o.get_attribute("value") for o in select.options if o.get_attribute("value") != value)
    select.select_by_value(other)
    select.select_by_value(value)


def state(driver):
    return driver.execute_script("return window.ordoPage.state();")


def summary(driver):
    return driver.execute_script("return window.ordoPage.summary();")


def page_message(driver):
    return driver.execute_script("return window.ordoPage.message();")


def click(driver, sq):
    # The board is redrawn on every message from the server, which replaces the square elements:
    # a square found just before a redraw is looked up again.
    for attempt in range(5):
        try:
            driver.find_element(By.ID, "sq-" + sq_name(sq)).click()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            time.sleep(0.05)


def square_center(driver, sq):
    """The centre of a square in viewport coordinates."""
    r = driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", "sq-" + sq_name(sq))
    return int(r[0]), int(r[1])


def drag(driver, a, b):
    """Presses on square a, moves the pointer over the board in steps and releases on square b."""
    (x1, y1), (x2, y2) = square_center(driver, a), square_center(driver, b)
    ab = ActionBuilder(driver)
    ab.pointer_action.move_to_location(x1, y1)
    ab.pointer_action.pointer_down()
    for k in (1, 2, 3):
        ab.pointer_action.move_to_location(x1 + (x2 - x1) * k // 3, y1 + (y2 - y1) * k // 3)
    ab.pointer_action.pointer_up()
    ab.perform()


def board_top(driver):
    """Where the board is in the viewport, and the window's scroll."""
    return driver.execute_script(
        "const r = document.getElementById('board').getBoundingClientRect();"
        "return [Math.round(r.top), Math.round(r.left), window.scrollY];")


def human_to_move(st):
    """On a summary: White (the person) is to move and no engine is thinking."""
    return st and not st["over"] and st["side"] == "white" and not st["thinking"] and st["players"][0] == "human"


def white_progress(board):
    """Sum of White's ranks minus Black's piece count: a crude 'go forward and capture' measure."""
    ranks = sum(sq // 10 for sq, c in enumerate(board) if c == "W")
    return ranks * 10 - 25 * board.count("B")


def choose_turn(st, rng, seen_kinds):
    """Picks (first part node, second part or None) among the legal tree the page holds."""
    nodes = st["legal"]
    # A win at once, when there is one (read from the boards the server sent).
    for n in nodes:
        if not n["next"] and ("W" in n["after"][70:80] or "B" not in n["after"]):
            return n, None
    wanted = None
    if "ordo" not in seen_kinds:
        wanted = "ordo"
    elif st["variant"] == "ordox" and "two-part" not in seen_kinds:
        wanted = "two-part"
    if wanted == "ordo":
        ordos = [n for n in nodes if n["part"]["kind"] == "o" and not n["next"]]
        if ordos:
            return rng.choice(ordos), None
    if wanted == "two-part":
        sideways = [n for n in nodes if n["next"]]
        if sideways:
            n = rng.choice(sideways)
            return n, rng.choice(n["next"])
    single = [n for n in nodes if not n["next"]]
    pool = single or nodes
    if rng.random() < 0.25:
        n = rng.choice(pool)
    else:
        n = max(pool, key=lambda n: (white_progress(n["after"]), rng.random()))
    return n, (rng.choice(n["next"]) if n["next"] else None)


def click_part(driver, part, by_drag=False):
    """The clicks for one part: singleton from, to; ordo end a, end b, landing of a; then the kept
    group when the capture leaves a tie. By drag: singleton a onto t; ordo a onto b, then a onto
    its landing."""
    if by_drag:
        if part["kind"] == "s":
            drag(driver, part["a"], part["t"])
        else:
            drag(driver, part["a"], part["b"])
            drag(driver, part["a"], part["t"])
    elif part["kind"] == "s":
        click(driver, part["a"])
        click(driver, part["t"])
    else:
        click(driver, part["a"])
        click(driver, part["b"])
        click(driver, part["t"])
    if part["k"] >= 0:
        click(driver, part["k"])


def check_refusal(driver, st):
    """Click a piece, then a square it cannot reach: the page must refuse with a reason."""
    parts = [n["part"] for n in st["legal"]]
    for p in parts:
        if p["kind"] != "s":
            continue
        reachable = {q["t"] for q in parts if q["kind"] == "s" and q["a"] == p["a"]}
        for target in range(80):
            if target not in reachable and st["board"][target] != "W" and target != p["a"]:
                before = st["cursor"]
                click(driver, p["a"])
                click(driver, target)
                msg = wait_for(driver, lambda: page_message(driver), "a refusal message", 5)
                if summary(driver)["cursor"] != before:
                    raise Failure("an illegal click changed the game")
                ActionChains(driver).send_keys(Keys.ESCAPE).perform()  # Escape clears the selection
                return "%s-%s refused: %s" % (sq_name(p["a"]), sq_name(target), msg)
    raise Failure("found no illegal destination to try")


def tie_choice(driver, out, shots):
    """Sets up an Ordo X position by FEN where capturing d5 leaves two single black pieces, plays the
    capture by clicks and keeps the group on e5 by clicking it."""
    tie_fen = "10/10/10/2BBB5/3W6/10/10/10 w 0 1"
    box = driver.find_element(By.ID, "fen")
    if not box.is_displayed():
        driver.find_element(By.CSS_SELECTOR, "#position-box summary").click()
    retype(box, tie_fen)
    driver.find_element(By.ID, "fen-set").click()
    wait_for(driver, lambda: state(driver)["fen"] == tie_fen, "the set-up position")
    click(driver, 33)  # d4
    click(driver, 43)  # d5: the page asks which group stays
    wait_for(driver, lambda: "groups of equal size" in page_message(driver), "the tie question")
    shots.append(screenshot(driver, out, "ordox", "tie-choice"))
    click(driver, 44)  # e5 stays
    wait_for(driver, lambda: summary(driver)["cursor"] >= 1, "the capture")
    st = state(driver)
    # (the engine may already have answered, so only the kept group's side is checked on the board)
    if st["moves"][0] != "d4d5=e5" or st["board"][42] != ".":
        raise Failure("tie choice: moves %r, board %r" % (st["moves"], st["board"]))
    return "tie choice"


def screenshot(driver, out, variant, label):
    path = os.path.join(out, "web-%s-%s.png" % (variant, label))
    driver.save_screenshot(path)
    return path


def core_verdict(engine, variant, start_fen, moves):
    """The final FEN and result according to the rules core (the ordo binary)."""
    script = ["setoption name UCI_Variant value %s" % variant,
              "position fen %s moves %s" % (start_fen, " ".join(moves)), "d", "query result", "quit"]
    out = "".join(line + "\n" for line in run_session([engine], script, timeout=60))
    if "error" in out:
        raise Failure("the core refused the page's game: " + out)
    fen = re.search(r"^FEN: (.*)$", out, re.M).group(1).strip()
    status = re.search(r"^Status: (.*)$", out, re.M).group(1).strip()
    result = re.search(r"^response (\S+)$", out, re.M).group(1)
    return fen, status, {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2", "none": "*"}[result]


def set_limit_depth_1(driver):
    Select(driver.find_element(By.ID, "limit-kind")).select_by_value("depth")
    box = driver.find_element(By.ID, "limit-value")
    retype(box, "1\t")
    wait_for(driver, lambda: summary(driver)["limit"] == {"kind": "depth", "value": 1}, "the depth-1 limit")


def set_viewport(driver, width, height, mobile=False):
    """An exact viewport (the window's own size includes browser chrome)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    time.sleep(0.3)


SCORE_RE = re.compile(r"^(?:[+\u2212]\d+\.\d\d|0\.00|#\u2212?\d+|\u2013)$")


def check_score_shown(driver):
    """The score is White's (a bare signed number or #n, as lichess), without search jargon, and its
    sign agrees with the engine's score turned to White's side."""
    st = driver.execute_script("return window.ordoPage.info ? window.ordoPage.info() : null;")
    text = driver.find_element(By.ID, "info-score").text.strip()
    if not SCORE_RE.match(text) or "bound" in text or " for " in text:
        raise Failure("score shown as %r: not White's point of view in lichess form" % text)
    if st and st.get("cp") not in (None, 0):
        white = st["cp"] if st["side"] == "white" else -st["cp"]
        if (white > 0) != text.startswith("+"):
            raise Failure("score %r does not read from White's side (engine cp %d for %s)" % (text, st["cp"], st["side"]))


def check_one_name(driver):
    """One name for the engine everywhere, and no protocol lines (info string ...) shown."""
    body = driver.find_element(By.TAG_NAME, "body").text
    if re.search(r"(?<!Engine \d: )\bengine \d\b", body):
        raise Failure("the page still names an engine 'engine N': %r" % body[:300])
    if "startpos" in body or "info string" in body:
        raise Failure("a protocol line reached the page: %r" % page_message(driver))


def play_game(driver, url, variant, engine, out, seed, by_drag=False, phone=False, after_game=None):
    set_viewport(driver, 390, 844, mobile=True) if phone else set_viewport(driver, 1280, 800)
    label = ("drag" if by_drag else "click") + ("-phone" if phone else "")
    driver.get(url)
    wait_for(driver, lambda: summary(driver), "the first state")
    wait_for(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#black-player option")) > 1, "the engine list")
    set_limit_depth_1(driver)
    new_game(driver, variant, "human", "1")
    check_one_name(driver)

    rng = random.Random(seed)
    seen = set()
    shots = []
    refusal = None
    human_turns = 0
    if phone:  # New game is under the game card: back to the board, as a person scrolls
        driver.execute_script("window.scrollTo(0, 0);")
    anchor = board_top(driver) if phone else None
    while True:
        wait_for(driver, lambda: (lambda s: s["over"] or human_to_move(s))(summary(driver)), "White's turn or the end")
        st = state(driver)
        if phone and board_top(driver) != anchor:
            raise Failure("on the phone the board moved in the viewport after move %d: %r -> %r (top, left, scrollY)"
                          % (st["cursor"], anchor, board_top(driver)))
        if st["last"] and len(st["last"]["parts"]) > 1:
            # The engine's two-part turn is shown in order: parts numbered 1 and 2 on the board.
            labels = driver.execute_script("return [...document.querySelectorAll('#board .arrow-label text')].map(t => t.textContent);")
            if labels[:2] != ["1", "2"]:
                raise Failure("the two-part turn %s is not numbered on the board: %r" % (st["last"]["tok"], labels))
            seen.add("numbered parts")
        if st["cursor"] > 0:
            check_score_shown(driver)
            if not phone:
                check_one_name(driver)
        if st["status"]["over"]:
            break
        if human_turns >= MAX_HUMAN_TURNS:
            raise Failure("no result after %d human turns" % human_turns)
        if refusal is None and human_turns == 2 and not phone:
            refusal = check_refusal(driver, st)
        node, second = choose_turn(st, rng, seen)
        if human_turns == 2 and not phone:
            # Mid-game, with the piece about to move selected: its destinations are marked.
            click(driver, node["part"]["a"])
            shots.append(screenshot(driver, out, variant, "1280x800"))
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        if human_turns == 6 and phone:
            shots.append(screenshot(driver, out, variant, "phone"))
        before = st["cursor"]
        click_part(driver, node["part"], by_drag)
        if second is not None:
            wait_for(driver, lambda: driver.execute_script("return window.ordoPage.phase();") == node["part"]["tok"],
                     "the page to offer the forward part")
            if not phone and "part-bar" not in seen:
                check_part_bar(driver, out, shots)
                seen.add("part-bar")
            click_part(driver, second, by_drag)
            seen.add("two-part")
        if node["part"]["kind"] == "o" or (second and second["kind"] == "o"):
            seen.add("ordo")
        if node["part"]["k"] >= 0 or (second and second["k"] >= 0):
            seen.add("tie choice")
        token = node["part"]["tok"] + ("," + second["tok"] if second else "")
        wait_for(driver, lambda: summary(driver)["cursor"] > before, "the move " + token)
        if by_drag and driver.execute_script("return window.ordoPage.lastInput();") != "drag":
            raise Failure("the move %s was not made by a drag" % token)
        st2 = state(driver)
        if st2["moves"][before] != token:
            raise Failure("clicked %s but the game recorded %s" % (token, st2["moves"][before]))
        human_turns += 1

    final = state(driver)
    shots.append(screenshot(driver, out, variant, label + "-final"))
    if phone and board_top(driver) != anchor:
        raise Failure("on the phone the board moved in the viewport at the end: %r -> %r" % (anchor, board_top(driver)))
    fen, status, result = core_verdict(engine, variant, final["start_fen"], final["moves"])
    if fen != final["fen"]:
        raise Failure("final FEN: page %s, core %s" % (final["fen"], fen))
    if result != final["status"]["result"]:
        raise Failure("result: page %s, core %s (%s)" % (final["status"]["result"], result, status))
    # The page's reason is the ending's record name, the end of the core's sentence for it
    # ("white wins (reached the target row)", "black wins (white has no pieces)").
    reason = final["status"]["reason"]
    if not reason or not re.search(r"\(.*\b%s\)$" % re.escape(reason), status):
        raise Failure("reason: page %r, core %r" % (reason, status))
    if "ordo" not in seen:
        raise Failure("no ordo move was clicked")
    if variant == "ordox" and "two-part" not in seen:
        raise Failure("no two-part turn was clicked")
    shown = driver.find_element(By.ID, "turn").text
    if "Game over" not in shown:
        raise Failure("the page does not show the end: %r" % shown)

    plies = len(final["moves"])
    if phone:
        return {"variant": variant + (" by drags" if by_drag else " by clicks") + " at 390x844", "plies": plies, "result": result, "status": status,
                "kinds": sorted(seen), "refusal": "-", "screenshots": shots}
    # Navigation through the move list, then back to the end.
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="2"]').click()
    wait_for(driver, lambda: summary(driver)["cursor"] == 2, "the jump to move 2")
    driver.find_element(By.ID, "nav-end").click()
    wait_for(driver, lambda: summary(driver)["cursor"] == plies, "the jump to the end")

    # Save: the record carries the moves and the result.
    if not driver.find_element(By.ID, "position-box").get_attribute("open"):
        driver.find_element(By.CSS_SELECTOR, "#position-box summary").click()
    driver.find_element(By.ID, "save").click()
    record = wait_for(driver, lambda: driver.execute_script("return window.ordoPage.record();"), "the saved record")
    if '[Result "%s"]' % result not in record or final["moves"][-1] not in record:
        raise Failure("the saved record lacks the result or the last move:\n" + record)

    notes = after_game(driver) if after_game else []
    if variant == "ordox":
        seen.add(tie_choice(driver, out, shots))

    return {"variant": variant, "plies": plies, "result": result, "status": status, "kinds": sorted(seen),
            "refusal": refusal, "screenshots": shots, "notes": notes}


# ---------- checks of single features and former defects (each raises Failure) ----------

def new_game(driver, variant="ordox", white="human", black="1", clock="off"):
    choose(driver, "variant", variant)
    choose(driver, "white-player", white)
    choose(driver, "black-player", black)
    if driver.find_elements(By.ID, "clock"):
        choose(driver, "clock", clock)
    driver.find_element(By.ID, "new-game").click()
    want = [white if white == "human" else int(white), black if black == "human" else int(black)]
    try:
        wait_for(driver, lambda: (lambda s: s["variant"] == variant and s["cursor"] == 0 and s["players"] == want)(summary(driver)),
                 "the new game")
    except Failure as e:
        raise Failure("%s; the page's state: %r" % (e, summary(driver)))


def set_fen(driver, fen):
    box = driver.find_element(By.ID, "fen")
    if not box.is_displayed():
        driver.find_element(By.CSS_SELECTOR, "#position-box summary").click()
    retype(box, fen)
    driver.find_element(By.ID, "fen-set").click()
    wait_for(driver, lambda: state(driver)["start_fen"] == fen, "the position " + fen)


def open_page(driver, url, width=1280, height=800):
    set_viewport(driver, width, height, mobile=width < 600)
    driver.get(url)
    wait_for(driver, lambda: summary(driver), "the first state")
    wait_for(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#black-player option")) > 1, "the engine list")


def check_part_bar(driver, out, shots):
    """At 1280x800 the Ordo X part bar appears in view, without a sideways scrollbar and without
    growing the page (the panels under the board may scroll, the bar adds nothing)."""
    bar = driver.execute_script(
        "const e = document.scrollingElement, r = document.getElementById('part-bar').getBoundingClientRect();"
        "return [e.scrollHeight, window.innerHeight, e.scrollWidth, window.innerWidth, r.bottom, window.ordoPage.scrollBefore || 0];")
    shots.append(screenshot(driver, out, "ordox", "part-bar-1280x800"))
    if bar[2] > bar[3] or bar[4] > bar[1] or (bar[5] and bar[0] != bar[5]):
        raise Failure("the part bar at 1280x800: page %dx%d (%d before the bar), viewport %dx%d, bar bottom %d" % (
            bar[2], bar[0], bar[5], bar[3], bar[1], bar[4]))


def check_part_bar_stage(driver, out):
    """An Ordo X sideways part at 1280x800: the part bar shows without a scrollbar or a shift."""
    new_game(driver, "ordox", "human", "human")
    st = state(driver)
    node = next(n for n in st["legal"] if n["next"])
    top = board_top(driver)
    driver.execute_script("window.ordoPage.scrollBefore = document.scrollingElement.scrollHeight;")
    click_part(driver, node["part"])
    wait_for(driver, lambda: driver.execute_script("return window.ordoPage.phase();") == node["part"]["tok"], "the part bar")
    check_part_bar(driver, out, [])
    if board_top(driver) != top:
        raise Failure("the board moved when the part bar showed: %r -> %r" % (top, board_top(driver)))
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()


def check_capture_ring(driver, out):
    """A vertical Ordo X ordo moving forward along its file lands on its own square: a dot, never the
    red capture ring (ordos never capture)."""
    new_game(driver, "ordox", "human", "human")
    set_fen(driver, "2B7/10/10/10/3W6/3W6/10/10 w 0 1")
    click(driver, 23)  # d3
    click(driver, 33)  # d4: the ordo d3-d4 is selected; d3 may land on d4
    wait_for(driver, lambda: "Ordo d3" in page_message(driver), "the ordo selection")
    rings = driver.execute_script("return [...document.querySelectorAll('#board .dest-capture')].length;")
    dots = driver.execute_script("return [...document.querySelectorAll('#board .dest')].length;")
    screenshot(driver, out, "ordox", "ordo-own-square")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    if rings or not dots:
        raise Failure("ordo d3-d4: %d capture rings and %d dots (expected none and some)" % (rings, dots))


def check_split_wording(driver, out):
    """A classic side that is split and cannot reconnect: the page says so (not 'no legal turn')."""
    new_game(driver, "ordo", "human", "human")
    set_fen(driver, "10/10/10/10/10/10/WB6BW/10 w 0 1")
    text = driver.find_element(By.ID, "turn").text
    screenshot(driver, out, "ordo", "split-loss")
    if "White's group was split and cannot reconnect" not in text:
        raise Failure("split loss reads %r" % text)


def check_menus(driver, out):
    """Every set-up menu waits for New game alike; New game stays readable when hovered."""
    new_game(driver, "ordo", "human", "1")
    before = summary(driver)
    Select(driver.find_element(By.ID, "white-player")).select_by_value("1")
    Select(driver.find_element(By.ID, "black-player")).select_by_value("human")
    time.sleep(0.5)
    now = summary(driver)
    if now["players"] != before["players"] or now["cursor"] != before["cursor"] or now["thinking"]:
        raise Failure("choosing an engine took effect at once: %r -> %r" % (before, now))
    if not driver.find_element(By.ID, "setup-note").is_displayed():
        raise Failure("no note that the menus apply with New game")
    button = driver.find_element(By.ID, "new-game")
    ActionChains(driver).move_to_element(button).perform()
    time.sleep(0.2)
    colours = driver.execute_script(
        "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor];", button)
    screenshot(driver, out, "ordo", "menus-pending-hover")

    def lum(css):
        r, g, b = [int(x) for x in re.findall(r"\d+", css)[:3]]
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    if abs(lum(colours[0]) - lum(colours[1])) < 0.4:
        raise Failure("New game when hovered: text %s on %s" % tuple(colours))
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()  # off the button
    Select(driver.find_element(By.ID, "white-player")).select_by_value("human")
    Select(driver.find_element(By.ID, "black-player")).select_by_value("1")


def check_small_things(driver, out):
    """'ms per move' fits its menu; no doubled punctuation in the lines the page writes."""
    Select(driver.find_element(By.ID, "limit-kind")).select_by_value("movetime")
    fit = driver.execute_script(
        "const s = document.getElementById('limit-kind'); const c = document.createElement('canvas').getContext('2d');"
        "c.font = getComputedStyle(s).font; return [c.measureText(s.options[s.selectedIndex].text).width, s.clientWidth];")
    if fit[0] + 24 > fit[1]:
        raise Failure("'ms per move' is cut off: text %.0f px in a menu of %d px" % tuple(fit))
    # The engine (Black) thinks in a split position it must reconnect: the line above the board
    # says both, in sentences.
    new_game(driver, "ordo", "human", "1")
    box = driver.find_element(By.ID, "limit-value")
    retype(box, "700\t")
    wait_for(driver, lambda: summary(driver)["limit"] == {"kind": "movetime", "value": 700}, "the 700 ms limit")
    set_fen(driver, "10/10/B1B7/10/10/10/WW8/10 b 0 1")
    driver.find_element(By.ID, "play").click()
    seen = []
    end = time.time() + 10
    while time.time() < end and summary(driver)["cursor"] < 1:
        seen.append(driver.find_element(By.ID, "turn").text + " | " + driver.find_element(By.ID, "thinking").text)
        time.sleep(0.02)
    screenshot(driver, out, "ordo", "split-thinking")
    set_limit_depth_1(driver)
    if not any("split" in t and "thinking" in t for t in seen):
        raise Failure("never saw the engine thinking in the split position: %r" % seen[-1:])
    for text in seen:
        if re.search(r"[.\u2026!?:][.\u2026]|\.\s*\.", text):
            raise Failure("doubled punctuation: %r" % text)


def check_many_games_file(driver, out, engine_tokens):
    """A file of several games offers them all; the one picked is loaded."""
    tmp = tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False)
    games = [("a3a4", "Alpha", "Beta"), ("b3b4 a6a5", "Gamma", "Delta"), ("c3c4", "Eps", "Zeta")]
    for moves, w, b in games:
        tmp.write('[Event "x"]\n[White "%s"]\n[Black "%s"]\n[Result "*"]\n[Variant "ordo"]\n\n1. %s *\n\n' % (w, b, moves))
    tmp.close()
    try:
        if not driver.find_element(By.ID, "load").is_enabled():
            raise Failure("load disabled")
        box = driver.find_element(By.ID, "position-box")
        if not box.get_attribute("open"):
            driver.find_element(By.CSS_SELECTOR, "#position-box summary").click()
        driver.find_element(By.ID, "load").send_keys(tmp.name)
        wait_for(driver, lambda: driver.find_element(By.ID, "game-pick-box").is_displayed(), "the list of games", 5)
        options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#game-pick option")]
        if len(options) != 3 or "Gamma" not in options[1]:
            raise Failure("games offered: %r" % options)
        screenshot(driver, out, "ordo", "pick-a-game")
        Select(driver.find_element(By.ID, "game-pick")).select_by_index(1)
        driver.find_element(By.ID, "game-pick-load").click()
        wait_for(driver, lambda: state(driver)["moves"] == ["b3b4", "a6a5"], "the second game", 5)
    finally:
        os.unlink(tmp.name)


def check_graph_and_analysis(driver, out):
    """The graph has points from the engine's searches during play; Analyse game scores every
    position and marks mistakes; a click on the graph jumps there."""
    st = state(driver)
    n = len(st["moves"])
    before = len(driver.execute_script("return window.ordoPage.evals();"))
    if before < 2:
        raise Failure("the graph got %d points during play" % before)
    Select(driver.find_element(By.ID, "analyse-time")).select_by_value("100")
    driver.find_element(By.ID, "analyse").click()
    wait_for(driver, lambda: driver.execute_script("return window.ordoPage.analysing();") is None and
             len(driver.execute_script("return window.ordoPage.evals();")) >= n + 1, "the analysis", 30 + n * 1.0)
    points = driver.execute_script("return document.querySelectorAll('#graph .graph-point').length;")
    if points != n + 1:
        raise Failure("graph: %d points for %d positions" % (points, n + 1))
    marked = driver.execute_script("return document.querySelectorAll('#moves .q1, #moves .q2, #moves .q2i').length;")
    shots = screenshot(driver, out, st["variant"], "graph-analysed")
    target = max(1, n // 3)
    rect = driver.execute_script("const r = document.getElementById('graph').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    x = rect[0] + rect[2] * target / n
    ab = ActionBuilder(driver)
    ab.pointer_action.move_to_location(int(x), int(rect[1] + rect[3] / 2))
    ab.pointer_action.click()
    ab.perform()
    wait_for(driver, lambda: abs(summary(driver)["cursor"] - target) <= 1, "the jump from the graph", 5)
    screenshot(driver, out, st["variant"], "graph-jumped")
    return "%d positions analysed, %d moves marked, graph click -> move %d" % (n + 1, marked, summary(driver)["cursor"])


def check_reload(driver, out):
    """A reload keeps the game: moves, position in the line, players."""
    before = state(driver)
    driver.refresh()
    wait_for(driver, lambda: (lambda s: s and s["moves"] == before["moves"] and s["cursor"] == before["cursor"])(state(driver)),
             "the game after the reload", 10)
    after = state(driver)
    if after["players"] != before["players"] or after["start_fen"] != before["start_fen"]:
        raise Failure("the reload lost the set-up: %r -> %r" % (before["players"], after["players"]))
    screenshot(driver, out, before["variant"], "after-reload")
    return "%d moves, cursor %d kept" % (len(after["moves"]), after["cursor"])


def check_reload_paused(driver, out):
    """Engine against engine, stopped, then reloaded: the game comes back paused and no engine
    moves until Play (a reload used to send the players last, which let the engines play on)."""
    Select(driver.find_element(By.ID, "limit-kind")).select_by_value("movetime")
    box = driver.find_element(By.ID, "limit-value")
    retype(box, "300\t")
    wait_for(driver, lambda: summary(driver)["limit"] == {"kind": "movetime", "value": 300}, "the 300 ms limit")
    new_game(driver, "ordo", "1", "1")
    wait_for(driver, lambda: summary(driver)["cursor"] >= 4, "four engine moves", 20)
    end = time.time() + 10
    while not summary(driver)["paused"] and time.time() < end:  # Stop is enabled while an engine thinks
        wait_for(driver, lambda: summary(driver)["thinking"], "an engine thinking", 5)
        try:
            driver.find_element(By.ID, "stop").click()
        except WebDriverException:
            pass
        time.sleep(0.1)
    wait_for(driver, lambda: (lambda s: s["paused"] and not s["thinking"])(summary(driver)), "the stopped game", 10)
    time.sleep(0.3)  # the stopped search's move is shown, not played
    before = state(driver)
    driver.refresh()
    wait_for(driver, lambda: (lambda s: s and s["moves"] == before["moves"] and s["cursor"] == before["cursor"])(state(driver)),
             "the game after the reload", 10)
    time.sleep(3.0)  # at depth 1 the engines would have played many moves by now
    after = summary(driver)
    if after["cursor"] != before["cursor"] or not after["paused"] or after["thinking"]:
        raise Failure("after the reload the engines played on: cursor %d -> %d, paused %s, thinking %s" % (
            before["cursor"], after["cursor"], after["paused"], after["thinking"]))
    screenshot(driver, out, "ordo", "reload-paused")
    driver.find_element(By.ID, "play").click()
    wait_for(driver, lambda: summary(driver)["cursor"] > before["cursor"], "an engine move after Play", 10)
    driver.find_element(By.ID, "stop").click()
    return "paused at move %d after the reload, Play resumed" % before["cursor"]


def check_clock(driver, out):
    """A game on the clock against the engine: both clocks shown, the engine moves on its clock,
    and the person who does not move loses on time."""
    driver.execute_script(
        "const o = document.createElement('option'); o.value = '0.1+1'; o.textContent = '6 s + 1'; document.getElementById('clock').appendChild(o);")
    new_game(driver, "ordo", "human", "1", clock="0.1+1")
    if not driver.find_element(By.ID, "clock-white").is_displayed() or not driver.find_element(By.ID, "clock-black").is_displayed():
        raise Failure("no clocks shown")
    click(driver, 20)  # a3
    click(driver, 30)  # a4
    wait_for(driver, lambda: summary(driver)["cursor"] >= 2, "the engine's move on the clock", 10)
    st = state(driver)
    if not (0 < st["clock"]["black"] <= 7000):
        raise Failure("the engine's clock: %r" % st["clock"])
    screenshot(driver, out, "ordo", "clock-running")
    wait_for(driver, lambda: summary(driver)["over"], "the loss on time", 15)
    st = state(driver)
    text = driver.find_element(By.ID, "turn").text
    screenshot(driver, out, "ordo", "clock-flagged")
    if st["status"]["reason"] != "time forfeit" or st["status"]["winner"] != "black" or "ran out of time" not in text:
        raise Failure("end on time: %r, %r" % (st["status"], text))
    return "White lost on time: %s; clocks %r" % (text, {k: st["clock"][k] for k in ("white", "black")})


def run_checks(driver, url, out):
    """The checks that do not need a whole game; each is reported, all are run."""
    failed = []
    open_page(driver, url)
    for name, fn in (("part bar", check_part_bar_stage), ("capture ring", check_capture_ring), ("split wording", check_split_wording),
                     ("menus", check_menus), ("small things", check_small_things)):
        try:
            fn(driver, out)
            print("ok   %s" % name)
        except (Failure, WebDriverException) as e:
            print("FAIL %s: %s" % (name, e))
            failed.append(name)
    try:
        check_many_games_file(driver, out, None)
        print("ok   many games in a file")
    except (Failure, WebDriverException) as e:
        print("FAIL many games in a file: %s" % e)
        failed.append("many games")
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--variants", default="ordox,ordo")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--stages", default="games,drags,checks,clock",
                    help="games (by clicks, with graph, analysis and reload), drags (phone size), phone-clicks, "
                         "checks, clock, reload (an engine game stopped and reloaded stays paused)")
    args = ap.parse_args()
    stages = set(args.stages.split(","))
    os.makedirs(args.out, exist_ok=True)
    server, url = start_server(args.web, args.engine)
    profile = tempfile.mkdtemp(prefix="ordo-web-chromium-")
    driver = None
    try:
        driver = open_browser(profile)
        failed = []
        if "checks" in stages:
            failed += run_checks(driver, url, args.out)
        modes = [m for m in ("games", "drags", "phone-clicks") if m in stages]
        for mode in modes:
            for i, variant in enumerate(args.variants.split(",")):
                t0 = time.time()
                # After the first game by clicks: the graph, the analysis and a reload, on that game.
                extra = None
                if mode == "games" and i == 0:
                    extra = lambda d: ["graph: " + check_graph_and_analysis(d, args.out), "reload: " + check_reload(d, args.out)]
                report = play_game(driver, url, variant, args.engine, args.out, args.seed + i,
                                   by_drag=(mode == "drags"), phone=(mode != "games"), after_game=extra)
                print("%s: %d plies, %s (%s) in %.1f s; kinds %s: %s" % (
                    report["variant"], report["plies"], report["result"], report["status"], time.time() - t0,
                    "dragged" if mode == "drags" else "clicked", ", ".join(report["kinds"])))
                print("  refusal: " + report["refusal"])
                for shot in report["screenshots"]:
                    print("  screenshot: " + os.path.abspath(shot))
                for note in report.get("notes", []):
                    print("  " + note)
        if "reload" in stages:
            open_page(driver, url)
            print("reload: " + check_reload_paused(driver, args.out))
        if "clock" in stages:
            open_page(driver, url)
            set_limit_depth_1(driver)
            print("clock: " + check_clock(driver, args.out))
        if failed:
            raise Failure("checks failed: " + ", ".join(failed))
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if severe:
            raise Failure("browser console errors: %r" % severe)
    except (Failure, WebDriverException) as e:
        import traceback
        traceback.print_exc(limit=4)
        print("FAIL: %s" % str(e).split("\n")[0])
        return 1
    finally:
        close_all(driver, server, profile)
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
