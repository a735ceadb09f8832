#!/usr/bin/env python3
"""End-to-end test of the web board in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium). For each variant it starts build/ordo-web, plays a whole game through the page
with human moves made by clicks (White) against the engine at depth 1 (Black), exercising singleton,
ordo and (in Ordo X) two-part turns, an illegal click refused with a reason, navigation through the
move list and saving the record, then checks the final position and result against the rules core
(the ordo binary's `d` and `query result`). Screenshots of the board mid-game (1280x800 and
390x844) are saved in --out.

Usage: browser_game.py --web build/ordo-web --engine build/ordo --out build/web-screenshots
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

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

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


def start_server(web, engine):
    proc = subprocess.Popen([web, "--port", "0", "--engine", engine], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://[0-9.]+:[0-9]+/", line)
    if not m:
        proc.kill()
        raise Failure("ordo-web did not print its address: %r" % line)
    return proc, m.group(0)


def open_browser(profile):
    options = webdriver.ChromeOptions()
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--window-size=1280,800")
    return webdriver.Chrome(service=Service(find_chromedriver()), options=options)


def wait_for(driver, predicate, what, timeout=TURN_TIMEOUT):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.03)
    raise Failure("timed out waiting for " + what + "; page message: " + repr(page_message(driver)))


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


def click_part(driver, part):
    """The clicks for one part: singleton from, to; ordo end a, end b, landing of a; then the kept
    group when the capture leaves a tie."""
    if part["kind"] == "s":
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
    box.clear()
    box.send_keys(tie_fen)
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
    script = "setoption name UCI_Variant value %s\nposition fen %s moves %s\nd\nquery result\nquit\n" % (
        variant, start_fen, " ".join(moves))
    out = subprocess.run([engine], input=script, capture_output=True, text=True, timeout=60).stdout
    if "error" in out:
        raise Failure("the core refused the page's game: " + out)
    fen = re.search(r"^FEN: (.*)$", out, re.M).group(1).strip()
    status = re.search(r"^Status: (.*)$", out, re.M).group(1).strip()
    result = re.search(r"^response (\S+)$", out, re.M).group(1)
    return fen, status, {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2", "none": "*"}[result]


def set_limit_depth_1(driver):
    Select(driver.find_element(By.ID, "limit-kind")).select_by_value("depth")
    box = driver.find_element(By.ID, "limit-value")
    box.clear()
    box.send_keys("1\t")
    wait_for(driver, lambda: summary(driver)["limit"] == {"kind": "depth", "value": 1}, "the depth-1 limit")


def set_viewport(driver, width, height, mobile=False):
    """An exact viewport (the window's own size includes browser chrome)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    time.sleep(0.3)


def play_game(driver, url, variant, engine, out, seed):
    set_viewport(driver, 1280, 800)
    driver.get(url)
    wait_for(driver, lambda: summary(driver), "the first state")
    wait_for(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#black-player option")) > 1, "the engine list")
    Select(driver.find_element(By.ID, "variant")).select_by_value(variant)
    Select(driver.find_element(By.ID, "white-player")).select_by_value("human")
    Select(driver.find_element(By.ID, "black-player")).select_by_value("1")
    set_limit_depth_1(driver)
    driver.find_element(By.ID, "new-game").click()
    wait_for(driver, lambda: (lambda s: s["variant"] == variant and s["cursor"] == 0 and s["players"] == ["human", 1])(summary(driver)),
             "the new game")

    rng = random.Random(seed)
    seen = set()
    shots = []
    refusal = None
    human_turns = 0
    while True:
        wait_for(driver, lambda: (lambda s: s["over"] or human_to_move(s))(summary(driver)), "White's turn or the end")
        st = state(driver)
        if st["status"]["over"]:
            break
        if human_turns >= MAX_HUMAN_TURNS:
            raise Failure("no result after %d human turns" % human_turns)
        if refusal is None and human_turns == 2:
            refusal = check_refusal(driver, st)
        node, second = choose_turn(st, rng, seen)
        if human_turns == 2:
            # Mid-game, with the piece about to move selected: its destinations are marked.
            click(driver, node["part"]["a"])
            shots.append(screenshot(driver, out, variant, "1280x800"))
            set_viewport(driver, 390, 844, mobile=True)
            shots.append(screenshot(driver, out, variant, "phone"))
            set_viewport(driver, 1280, 800)
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        before = st["cursor"]
        click_part(driver, node["part"])
        if second is not None:
            wait_for(driver, lambda: driver.execute_script("return window.ordoPage.phase();") == node["part"]["tok"],
                     "the page to offer the forward part")
            click_part(driver, second)
            seen.add("two-part")
        if node["part"]["kind"] == "o" or (second and second["kind"] == "o"):
            seen.add("ordo")
        if node["part"]["k"] >= 0 or (second and second["k"] >= 0):
            seen.add("tie choice")
        token = node["part"]["tok"] + ("," + second["tok"] if second else "")
        wait_for(driver, lambda: summary(driver)["cursor"] > before, "the move " + token)
        st2 = state(driver)
        if st2["moves"][before] != token:
            raise Failure("clicked %s but the game recorded %s" % (token, st2["moves"][before]))
        human_turns += 1

    final = state(driver)
    shots.append(screenshot(driver, out, variant, "final"))
    fen, status, result = core_verdict(engine, variant, final["start_fen"], final["moves"])
    if fen != final["fen"]:
        raise Failure("final FEN: page %s, core %s" % (final["fen"], fen))
    if result != final["status"]["result"]:
        raise Failure("result: page %s, core %s (%s)" % (final["status"]["result"], result, status))
    expected_reason = {"reached the target row": "target row", "has no pieces": "all pieces taken",
                       "has no legal move": "no legal turn"}
    m = re.search(r"\((?:white |black )?(.*)\)", status)
    core_reason = m.group(1) if m else status
    if final["status"]["reason"] != expected_reason.get(core_reason, core_reason):
        raise Failure("reason: page %r, core %r" % (final["status"]["reason"], status))
    if "ordo" not in seen:
        raise Failure("no ordo move was clicked")
    if variant == "ordox" and "two-part" not in seen:
        raise Failure("no two-part turn was clicked")
    shown = driver.find_element(By.ID, "turn").text
    if "Game over" not in shown:
        raise Failure("the page does not show the end: %r" % shown)

    # Navigation through the move list, then back to the end.
    plies = len(final["moves"])
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

    if variant == "ordox":
        seen.add(tie_choice(driver, out, shots))

    return {"variant": variant, "plies": plies, "result": result, "status": status, "kinds": sorted(seen),
            "refusal": refusal, "screenshots": shots}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--variants", default="ordox,ordo")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    server, url = start_server(args.web, args.engine)
    profile = tempfile.mkdtemp(prefix="ordo-web-chromium-")
    driver = None
    try:
        driver = open_browser(profile)
        for i, variant in enumerate(args.variants.split(",")):
            t0 = time.time()
            report = play_game(driver, url, variant, args.engine, args.out, args.seed + i)
            print("%s: %d plies, %s (%s) in %.1f s; kinds clicked: %s" % (
                report["variant"], report["plies"], report["result"], report["status"], time.time() - t0,
                ", ".join(report["kinds"])))
            print("  refusal: " + report["refusal"])
            for shot in report["screenshots"]:
                print("  screenshot: " + os.path.abspath(shot))
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if severe:
            raise Failure("browser console errors: %r" % severe)
    except (Failure, WebDriverException) as e:
        print("FAIL: %s" % e)
        return 1
    finally:
        if driver:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(profile, ignore_errors=True)
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
