"""A minimal WebSocket client over a raw socket (RFC 6455: the opening handshake, masked client
frames, text/close/ping frames in both directions), enough to speak to ordo-web from tests without
a third-party library. Not for production: no extensions, no fragmentation on send."""
import base64
import hashlib
import os
import socket
import struct

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Closed(Exception):
    """The server closed the connection (or refused the handshake)."""


def http_request(port, target="/", host=None, origin=None, timeout=5.0, address="127.0.0.1"):
    """One HTTP/1.1 GET with Connection: close; returns (status, body)."""
    host = host if host is not None else "%s:%d" % (address, port)
    lines = ["GET %s HTTP/1.1" % target, "Host: %s" % host, "Connection: close"]
    if origin:
        lines.append("Origin: %s" % origin)
    with socket.create_connection((address, port), timeout=timeout) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


class WebSocket:
    def __init__(self, port, host=None, origin=None, timeout=5.0, address="127.0.0.1"):
        self.sock = socket.create_connection((address, port), timeout=timeout)
        self.buf = b""
        key = base64.b64encode(os.urandom(16)).decode()
        host = host if host is not None else "%s:%d" % (address, port)
        lines = ["GET /ws HTTP/1.1", "Host: %s" % host, "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: %s" % key, "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append("Origin: %s" % origin)
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("connection closed during the handshake")
            self.buf += chunk
        head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status_line + b" ":
            raise Closed("handshake refused: %s" % status_line.decode(errors="replace"))
        accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest())
        if b"sec-websocket-accept: " + accept.lower() not in head.lower():
            raise Closed("bad Sec-WebSocket-Accept")

    def send(self, text, opcode=1):
        payload = text.encode() if isinstance(text, str) else text
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if n < 4096 else _mask_fast(payload, mask)
        try:
            self.sock.sendall(header + mask + masked)
        except OSError as e:
            raise Closed(str(e))

    def _read_exact(self, n):
        while len(self.buf) < n:
            try:
                chunk = self.sock.recv(max(65536, n - len(self.buf)))
            except ConnectionResetError as e:
                raise Closed(str(e))
            if not chunk:
                raise Closed("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def read(self):
        """The next text message (str); raises Closed on a close frame or end of stream, and
        socket.timeout when nothing arrives in time."""
        message = b""
        while True:
            b0, b1 = self._read_exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read_exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read_exact(8))[0]
            payload = self._read_exact(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed("close frame %s %s" % (code, payload[2:].decode(errors="replace")))
            if opcode == 9:
                self.send(payload, opcode=10)
                continue
            if opcode == 10:
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()

    def settimeout(self, seconds):
        self.sock.settimeout(seconds)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def _mask_fast(payload, mask):
    n = len(payload)
    key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
    return (int.from_bytes(payload, "big") ^ key).to_bytes(n, "big")
