#!/usr/bin/env python3
"""build/ordo-web's command line and addresses: GNU-style --help and --version (exit 0), bad values
refused (exit 2), an engine that cannot start or does not greet refused at start (exit 1), the printed URL (IPv6 in brackets) answering GET /, and the host allow-list on
every address: a foreign Host or Origin is refused on 0.0.0.0 and on ::ffff:127.0.0.1 as on
127.0.0.1, with a warning on standard error when the address reaches beyond this machine, and
--allow-host adding names.

Usage: cli_test.py --web build/ordo-web
"""
import argparse
import os
import re
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import Closed, WebSocket, http_request  # noqa: E402

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(web, *args):
    return subprocess.run([web, *args], capture_output=True, text=True, timeout=10)


def ipv6_available():
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


def serve(web, *args):
    """Starts ordo-web on a free port; returns the process, the printed URL, its host and port."""
    proc = subprocess.Popen([web, "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://(\S+):(\d+)/", line)
    if not m:
        proc.kill()
        raise SystemExit("ordo-web %s did not print its URL: %r %r" % (args, line, proc.stderr.read()))
    return proc, m.group(0), m.group(1), int(m.group(2))


def stop(proc):
    proc.terminate()
    proc.wait(timeout=5)
    return proc.stderr.read()


def ws_refused(port, host, origin=None, address="127.0.0.1"):
    try:
        WebSocket(port, host=host, origin=origin, address=address).close()
        return False
    except Closed:
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--web", required=True)
    web = ap.parse_args().web

    r = run(web, "--help")
    check(r.returncode == 0 and "--allow-host" in r.stdout and "usage: ordo-web" in r.stdout, "--help exits 0 with usage")
    r = run(web, "--version")
    check(r.returncode == 0 and re.fullmatch(r"ordo-web \d+\.\d+\.\d+\n", r.stdout) is not None,
          "--version exits 0 and prints 'ordo-web X.Y.Z' (%r)" % r.stdout)
    r = run(web, "-h")
    check(r.returncode == 0, "-h exits 0")
    for bad in (["--no-such-option"], ["--allow-host", "a b"], ["--message-rate", "0"], ["--engine-queue", "0"]):
        r = run(web, *bad)
        check(r.returncode == 2 and r.stderr.startswith("ordo-web: "), "%s exits 2 with an error line" % " ".join(bad))

    # Every engine is checked at start: a wrong one is one line and exit 1, before anything listens.
    for engine, why in (("/nonexistent", "cannot start"), ("/bin/true", "does not answer as an engine")):
        try:
            r = subprocess.run([web, "--port", "0", "--engine", engine], capture_output=True, text=True, timeout=5)
        except subprocess.TimeoutExpired:  # it started serving instead of refusing
            check(False, "--engine %s fails at start with one line (it started serving)" % engine)
            continue
        lines = r.stderr.strip().split("\n")
        check(r.returncode == 1 and len(lines) == 1 and engine in lines[0] and why in lines[0] and r.stdout == "",
              "--engine %s fails at start with one line (%r, exit %d)" % (engine, r.stderr.strip(), r.returncode))

    # The default address: the URL answers; foreign hosts and origins are refused.
    proc, url, host, port = serve(web)
    check(url.startswith("http://127.0.0.1:"), "the default URL is on 127.0.0.1 (%s)" % url)
    check(http_request(port)[0] == 200, "GET / on the printed URL")
    check(http_request(port, host="evil.example:%d" % port)[0] == 403, "a foreign Host gets 403")
    check(http_request(port, origin="http://evil.example")[0] == 403, "a foreign Origin gets 403 on HTTP")
    check(ws_refused(port, "127.0.0.1:%d" % port, "http://evil.example"), "a WebSocket with a foreign Origin is refused")
    check(stop(proc) == "", "no warning on loopback")

    # Another loopback address answers its own URL.
    proc, url, host, port = serve(web, "--address", "127.0.0.2")
    check(host == "127.0.0.2", "--address 127.0.0.2 prints its own URL (%s)" % url)
    check(http_request(port, address="127.0.0.2")[0] == 200, "--address 127.0.0.2 answers its own URL")
    stop(proc)

    # All addresses: the check stays on, and a warning says so.
    proc, url, host, port = serve(web, "--address", "0.0.0.0")
    check(http_request(port)[0] == 200, "--address 0.0.0.0: GET / on the printed URL (%s)" % url)
    check(http_request(port, host="evil.example:%d" % port)[0] == 403, "--address 0.0.0.0: a foreign Host gets 403")
    check(ws_refused(port, "evil.example:%d" % port, "http://evil.example:%d" % port),
          "--address 0.0.0.0: a WebSocket with a foreign Host and Origin is refused")
    err = stop(proc)
    check("warning" in err and "0.0.0.0" in err, "--address 0.0.0.0 warns on standard error (%r)" % err[:80])

    proc, url, host, port = serve(web, "--address", "0.0.0.0", "--allow-host", "board.example")
    check(http_request(port, host="board.example:%d" % port)[0] == 200, "--allow-host board.example is answered")
    try:
        WebSocket(port, host="board.example:%d" % port, origin="http://board.example:%d" % port).close()
        check(True, "--allow-host board.example: its page may open the WebSocket")
    except Closed as e:
        check(False, "--allow-host board.example: its page may open the WebSocket (%s)" % e)
    check(http_request(port, host="other.example:%d" % port)[0] == 403, "--allow-host: other names still get 403")
    stop(proc)

    if ipv6_available():
        proc, url, host, port = serve(web, "--address", "::1")
        check(host == "[::1]", "--address ::1 prints [::1] in brackets (%s)" % url)
        check(http_request(port, host="[::1]:%d" % port, address="::1")[0] == 200, "--address ::1 answers its URL")
        stop(proc)
        proc, url, host, port = serve(web, "--address", "::ffff:127.0.0.1")
        check(host == "[::ffff:127.0.0.1]", "--address ::ffff:127.0.0.1 prints its URL in brackets (%s)" % url)
        check(http_request(port, host="evil.example:%d" % port)[0] == 403,
              "--address ::ffff:127.0.0.1: a foreign Host gets 403")
        check(ws_refused(port, "evil.example:%d" % port, "http://evil.example:%d" % port),
              "--address ::ffff:127.0.0.1: a WebSocket with a foreign Host and Origin is refused")
        check(http_request(port)[0] == 200, "--address ::ffff:127.0.0.1: 127.0.0.1 is answered")
        check(stop(proc) == "", "--address ::ffff:127.0.0.1 is loopback: no warning")
    else:
        print("skip IPv6 checks: no IPv6 loopback here")

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
