#!/usr/bin/env python3
"""Many boards with engines thinking must not starve ordo-web (loopback only, bounded in time
and traffic). It starts ordo-web with the real engine and --max-sessions SESSIONS, opens that many
boards whose engine (Black) thinks for a minute, then sends CLIENTS more clients at once, half
`GET /` and half new boards beyond the limit. Each must get an answer within BOUND seconds: a 200
(a board over the limit: a 503 with Retry-After) or, when the server sheds load, a 503; never an
EOF, a reset or a timeout. Then every board is closed and the server's memory must come back.

Prints: clients ok / 503 / failed, the slowest GET /, VmRSS before, during and after.
Usage: load_test.py --web build/ordo-web --engine build/ordo [--sessions 64] [--clients 200]
"""
import argparse
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import Closed, WebSocket  # noqa: E402

BOUND = 5.0             # seconds for any client's answer
RSS_RETURN_KB = 24 * 1024  # what may stay after the load, beyond the RSS before it


class Failure(Exception):
    pass


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def engines_of(pid):
    """(pid, nice, cpu ticks) of each child process of pid."""
    out = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % p) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:  # fields[1] is the parent's pid, [16] the nice value
            out.append((int(p), int(fields[16]), int(fields[11]) + int(fields[12])))
    return out


def request(port, upgrade):
    """One request with its own connection: ('ok'|'503'|'failed', seconds, detail)."""
    start = time.monotonic()
    lines = ["GET %s HTTP/1.1" % ("/ws" if upgrade else "/"), "Host: 127.0.0.1:%d" % port]
    if upgrade:
        lines += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                  "Sec-WebSocket-Version: 13"]
    else:
        lines.append("Connection: close")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=BOUND) as s:
            s.settimeout(BOUND)
            s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            data = b""
            while b"\r\n\r\n" not in data or (not upgrade and not data.endswith(b"</html>\n")):
                if time.monotonic() - start > BOUND:
                    raise socket.timeout("no whole answer")
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
                if upgrade and b"\r\n\r\n" in data:
                    break
    except OSError as e:
        return "failed", time.monotonic() - start, "%s: %s" % (type(e).__name__, e)
    took = time.monotonic() - start
    head = data.split(b"\r\n\r\n", 1)[0].decode(errors="replace")
    status = head.split(" ", 2)[1] if head.startswith("HTTP/") else "EOF"
    if status == "503":
        if "retry-after:" not in head.lower():
            return "failed", took, "503 without Retry-After"
        return "503", took, ""
    if status in ("200", "101") and took <= BOUND:
        return "ok", took, ""
    return "failed", took, "status %s after %.1f s" % (status, took)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--web", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--sessions", type=int, default=64)
    ap.add_argument("--clients", type=int, default=200)
    a = ap.parse_args()
    proc = subprocess.Popen([a.web, "--port", "0", "--engine", a.engine, "--max-sessions", str(a.sessions)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    boards = []
    stop = threading.Event()
    # The boards read only once the clients are answered: meanwhile what they are sent waits in the
    # server (its memory grows). Made before the first failure can leave for `finally`.
    reading = threading.Event()
    try:
        m = re.search(r"http://\S+:(\d+)/", proc.stdout.readline())
        if not m:
            raise Failure("ordo-web did not start")
        port = int(m.group(1))
        time.sleep(0.3)
        before = rss_kb(proc.pid)
        t0 = time.monotonic()
        for i in range(a.sessions):
            try:
                ws = WebSocket(port, timeout=BOUND)
                # Half the boards: the engine (Black) thinks for a minute; the other half: the
                # engine plays itself ten moves a second, a state message each.
                if i % 2:
                    ws.send("limit movetime 100")
                    ws.send("players 1 1")
                else:
                    ws.send("limit movetime 60000")
                    ws.send("move a3a4")
            except (OSError, Closed) as e:
                raise Failure("board %d of %d could not open: %s" % (i + 1, a.sessions, e))
            boards.append(ws)

        def drain():
            reading.wait()
            while not stop.is_set():
                ready, _, _ = select.select([b.sock for b in boards], [], [], 0.2)
                for s in ready:
                    try:
                        if not s.recv(1 << 20):
                            pass
                    except OSError:
                        pass
        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        time.sleep(2.0)  # every engine thinking
        engines = engines_of(proc.pid)
        print("%d boards open with engines thinking in %.1f s: %d engines, nice %s" % (
            len(boards), time.monotonic() - t0, len(engines), sorted(set(n for _, n, _ in engines))))
        if len(engines) < a.sessions:
            raise Failure("only %d engines for %d boards" % (len(engines), a.sessions))
        if any(n < 10 for _, n, _ in engines):
            raise Failure("engines at the server's priority: %s" % sorted(set(n for _, n, _ in engines)))
        results = []
        lock = threading.Lock()

        def client(i):
            r = request(port, upgrade=(i % 2 == 1))
            with lock:
                results.append((i % 2 == 1,) + r)
        threads = [threading.Thread(target=client, args=(i,)) for i in range(a.clients)]
        t1 = time.monotonic()
        for t in threads:
            t.start()
        peak = rss_kb(proc.pid)
        for t in threads:
            t.join(timeout=BOUND * 3)
            peak = max(peak, rss_kb(proc.pid))
        wall = time.monotonic() - t1
        for _ in range(16):  # the unread messages pile up in the server for a while
            time.sleep(0.5)
            peak = max(peak, rss_kb(proc.pid))
        slow_get = request(port, upgrade=False)
        reading.set()
        time.sleep(1.0)
        peak = max(peak, rss_kb(proc.pid))
        if slow_get[0] != "ok":
            raise Failure("GET / with the boards' messages piled up: %s %s" % (slow_get[0], slow_get[2]))
        counts = {"ok": 0, "503": 0, "failed": 0}
        for _, verdict, _, _ in results:
            counts[verdict] += 1
        gets = [took for up, verdict, took, _ in results if not up and verdict == "ok"]
        failed = [(("board" if up else "GET /"), detail) for up, verdict, _, detail in results if verdict == "failed"]
        stop.set()
        reading.set()
        reader.join()
        for b in boards:
            b.close()
        deadline = time.monotonic() + 10
        after = rss_kb(proc.pid)
        while time.monotonic() < deadline and after - before > RSS_RETURN_KB:
            time.sleep(0.5)
            after = rss_kb(proc.pid)
        print("clients: %d ok, %d 503, %d failed of %d in %.1f s" % (counts["ok"], counts["503"], counts["failed"],
                                                                    a.clients, wall))
        if gets:
            print("GET /: %d answered, slowest %.0f ms" % (len(gets), max(gets) * 1000))
        print("VmRSS: %d KB before, %d KB during, %d KB after" % (before, peak, after))
        if failed:
            raise Failure("%d clients got no answer: %s" % (len(failed), failed[:5]))
        if len(results) != a.clients:
            raise Failure("%d clients still waiting" % (a.clients - len(results)))
        if after - before > RSS_RETURN_KB:
            raise Failure("VmRSS %d KB after the load, %d KB before" % (after, before))
        print("PASS")
        return 0
    except Failure as e:
        print("FAIL: %s" % e)
        return 1
    finally:
        stop.set()
        reading.set()
        for b in boards:
            b.close()
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
