#!/usr/bin/env python3
"""Hostile clients against build/ordo-web: one page must never stall the server or grow it without
bound. With a stand-in engine that stops reading its input while it searches (deaf_engine.py):

  flood     a page sends `play` 20,000 times as fast as it can: it is rate-limited and closed, while
            another page's `check` and `GET /` are answered in time;
  engine    the same with the rate limit raised and the engine queue at 1 KiB: the engine's input
            queue overflows, the page is told so and closed, the server goes on;
  output    a page asks for 1,100 large `state` replies and reads none: it is dropped, the
            server's memory stays small;
  fds       with 64 file descriptors and 100 idle connections the server neither spins nor stops
            answering;
and each time SIGTERM ends the server within a second, leaving no engine process behind. Engines
must not inherit the server's sockets.

Usage: hostile_client.py --web build/ordo-web [--only NAME]...
"""
import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import Closed, WebSocket, http_request  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ANSWER_BOUND = 2.0     # seconds for another page's request
GROWTH_BOUND_KB = 32 * 1024  # the queue cap is 8 MiB a page
SMALL_FEN = "10/10/10/8BB/10/10/WW8/10 w 0 1"


class Failure(Exception):
    pass


class Server:
    def __init__(self, web, extra=(), nofile=None):
        self.token = "deaf-" + uuid.uuid4().hex[:12]  # marks this run's engine processes
        engine = '%s %s %s' % (sys.executable, os.path.join(HERE, "deaf_engine.py"), self.token)
        limits = None
        if nofile:
            def limits():
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.proc = subprocess.Popen([web, "--port", "0", "--engine", engine] + list(extra), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, preexec_fn=limits)
        line = self.proc.stdout.readline()
        m = re.search(r"http://\S+:(\d+)/", line)
        if not m:
            self.proc.kill()
            raise Failure("ordo-web did not start: %r %r" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))

    def rss_kb(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def wchan(self):
        try:
            with open("/proc/%d/wchan" % self.proc.pid) as f:
                w = f.read().strip()
                return w if w not in ("", "0") else "running"
        except OSError:
            return "?"

    def cpu_seconds(self):
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def engine_sockets(self):
        """Sockets the engines hold: none (the server's sockets must not leak into them)."""
        held = []
        for pid in self.engines():
            try:
                for fd in os.listdir("/proc/%d/fd" % pid):
                    if os.readlink("/proc/%d/fd/%s" % (pid, fd)).startswith("socket:"):
                        held.append("%d:%s" % (pid, fd))
            except OSError:
                pass
        return held

    def engines(self):
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit() or int(pid) == self.proc.pid:  # its command line names the engine
                continue
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    if self.token.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
        return found

    def terminate(self):
        """SIGTERM; the server must be gone within a second and leave no engine behind."""
        if self.proc.poll() is not None:
            raise Failure("ordo-web exited early with %s" % self.proc.returncode)
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise Failure("SIGTERM did not end ordo-web within 1 s")
        took = time.monotonic() - start
        time.sleep(0.2)
        left = self.engines()
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if left:
            raise Failure("engine processes left after SIGTERM: %s" % left)
        print("  SIGTERM ended ordo-web in %.0f ms, no engine left" % (took * 1000))

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for pid in self.engines():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def read_type(ws, kind, timeout):
    ws.settimeout(timeout)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = ws.read()
        if m.startswith('{"type":"%s"' % kind):
            return m
    raise Failure("no %s message within %.1f s" % (kind, timeout))


def another_page_answers(server, what):
    """A second page's `check` and a `GET /` are answered within the bound."""
    start = time.monotonic()
    what += " (server in %s)" % server.wchan()
    try:
        ws = WebSocket(server.port, timeout=ANSWER_BOUND)
        ws.send("check a3a4")
        read_type(ws, "refusal", ANSWER_BOUND)
        ws.close()
    except (OSError, Closed) as e:
        raise Failure("%s: another page's check was not answered in %.0f s (%s)" % (what, ANSWER_BOUND, e))
    try:
        status, _ = http_request(server.port, "/", timeout=ANSWER_BOUND)
    except OSError as e:
        raise Failure("%s: GET / was not answered in %.0f s (%s)" % (what, ANSWER_BOUND, e))
    if status != 200:
        raise Failure("%s: GET / answered %d" % (what, status))
    print("  %s: another page's check and GET / answered in %.0f ms" % (what, (time.monotonic() - start) * 1000))


def engine_thinking(server, fen=None):
    """A page whose engine (White) is searching: the deaf engine has stopped reading."""
    ws = WebSocket(server.port)
    ws.send("hello")
    read_type(ws, "state", 5)
    if fen:
        ws.send("fen " + fen)
        read_type(ws, "state", 5)
    ws.send("players 1 human")
    ws.send("play")  # a set-up position waits for it (choosing the players does not un-pause)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        m = read_type(ws, "state", 5)
        if '"thinking":{' in m:
            return ws
    raise Failure("the engine did not start thinking")


def flood(ws, text, count, paced=False):
    """Sends `text` count times from this thread while another drains the replies; returns the
    messages read, whether the server closed the connection, and how many were sent. Paced, it
    keeps within 500 messages of the replies (two a message), so that the page reads what it asked
    for and only the engine falls behind."""
    got = []
    closed = threading.Event()

    def drain():
        ws.settimeout(30)
        try:
            while True:
                got.append(ws.read())
        except (Closed, OSError):
            closed.set()

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    sent = 0
    try:
        for _ in range(count):
            ws.send(text)
            sent += 1
            if paced and sent % 100 == 0:
                deadline = time.monotonic() + 10
                while len(got) < 2 * sent - 1000 and not closed.is_set() and time.monotonic() < deadline:
                    time.sleep(0.002)
    except Closed:
        pass
    return got, closed, reader, sent


def check_flood(web):
    server = Server(web)
    try:
        ws = engine_thinking(server, SMALL_FEN)
        if server.engine_sockets():
            raise Failure("the engine inherited the server's sockets: %s" % server.engine_sockets())
        result = {}

        def run():
            result["v"] = flood(ws, "play", 20000, paced=True)

        t = threading.Thread(target=run, daemon=True)
        t.start()
        time.sleep(1.0)
        another_page_answers(server, "during the flood")
        t.join(timeout=20)
        if t.is_alive():
            another_page_answers(server, "the flooding page neither served nor closed within 20 s")
            raise Failure("the flooding page was neither served nor closed within 20 s")
        got, closed, reader, sent = result["v"]
        reader.join(timeout=5)
        if not closed.is_set():
            raise Failure("the flooding page was not closed")
        refusals = [m for m in got if "too many messages" in m]
        if not refusals:
            raise Failure("the flooding page was closed without being told why")
        print("  flood: %d sent, %d messages refused, then closed: %s" % (sent, len(refusals) - 1, refusals[-1][:120]))
        another_page_answers(server, "after the flood")
        server.terminate()
    finally:
        server.kill()


def check_engine_queue(web):
    # Each `play` sends the engine a 5-byte `stop`: 64 KiB of pipe and 1 KiB of queue overflow after
    # some 13,300 of them. A small position keeps the replies small enough to read.
    server = Server(web, ["--message-rate", "100000", "--engine-queue", "1"])
    try:
        ws = engine_thinking(server, SMALL_FEN)
        got, closed, reader, sent = flood(ws, "play", 20000, paced=True)
        reader.join(timeout=20)
        another_page_answers(server, "after the engine's queue overflowed")
        if not closed.is_set():
            raise Failure("the page whose engine does not read was not closed")
        told = [m for m in got if "does not read its input" in m]
        if not told:
            raise Failure("the page was closed without being told why: %s" % (got[-1:] or "nothing"))
        print("  engine: %d sent, page closed: %s" % (sent, told[-1][:120]))
        server.terminate()
    finally:
        server.kill()


def check_output(web):
    server = Server(web, ["--message-rate", "100000"])
    try:
        base = server.rss_kb()
        ws = WebSocket(server.port)
        ws.send("new ordox")  # about 126 KB per state reply
        for _ in range(1100):
            try:
                ws.send("hello")
            except Closed:
                break
        time.sleep(2.0)
        rss = server.rss_kb()
        print("  output: VmRSS %d KB before, %d KB after 1,100 unread hello" % (base, rss))
        another_page_answers(server, "after the unread replies")
        if rss - base > GROWTH_BOUND_KB:
            raise Failure("VmRSS grew by %d KB (bound %d KB)" % (rss - base, GROWTH_BOUND_KB))
        ws.settimeout(5)
        try:
            while True:
                ws.read()
        except Closed:
            pass
        except OSError as e:
            raise Failure("the page that did not read was not dropped (%s)" % e)
        server.terminate()
    finally:
        server.kill()


def check_fds(web):
    server = Server(web, nofile=64)
    idle = []
    try:
        import socket
        for _ in range(100):
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
        time.sleep(0.5)
        cpu0, t0 = server.cpu_seconds(), time.monotonic()
        time.sleep(3.0)
        cpu = server.cpu_seconds() - cpu0
        wall = time.monotonic() - t0
        print("  fds: %.2f s of CPU in %.1f s with 100 idle connections and 64 descriptors" % (cpu, wall))
        if cpu > 0.5:
            raise Failure("the server spins: %.2f s of CPU in %.1f s" % (cpu, wall))
        another_page_answers(server, "out of descriptors")
        server.terminate()
    finally:
        for s in idle:
            s.close()
        server.kill()


CHECKS = {"flood": check_flood, "engine": check_engine_queue, "output": check_output, "fds": check_fds}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--web", required=True)
    ap.add_argument("--only", action="append", choices=sorted(CHECKS))
    a = ap.parse_args()
    failed = 0
    for name in a.only or list(CHECKS):
        print("== %s" % name)
        try:
            CHECKS[name](a.web)
        except Failure as e:
            failed += 1
            print("FAIL %s: %s" % (name, e))
    print("%d of %d checks failed" % (failed, len(a.only or CHECKS)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
