"""Hostile clients for the server's tests: raw frames through real sockets, no manners.

``raw`` is a WebSocket client that sends whatever it is given; ``Stuck`` speaks just enough
WebSocket to say hello and ask for things, over a socket with a tiny receive buffer that it
never reads again (a client that stops reading). Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

HELLO = {"type": "hello", "protocol": 1, "client": "hostile"}


async def raw(url: str, *, hello: bool = True, **options: Any) -> ClientConnection:
    """A connection, after ``hello`` and its ``welcome`` unless ``hello`` is False."""
    ws = await connect(url, max_size=2**22, open_timeout=5, close_timeout=2, **options)
    if hello:
        await send(ws, HELLO)
        welcome = await recv(ws)
        assert welcome["type"] == "welcome", welcome
    return ws


async def send(ws: ClientConnection, message: Any) -> None:
    """A dict as JSON text; a str or bytes as it is (bytes: a binary frame)."""
    if isinstance(message, dict | list):
        message = json.dumps(message)
    await ws.send(message)


async def recv(ws: ClientConnection, timeout: float = 5.0) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))  # type: ignore[no-any-return]


async def until_closed(
    ws: ClientConnection, timeout: float = 5.0
) -> tuple[list[dict[str, Any]], int | None]:
    """Everything the server sends until it closes the connection, and the close code."""
    received: list[dict[str, Any]] = []
    async with asyncio.timeout(timeout):
        try:
            while True:
                received.append(json.loads(await ws.recv()))
        except ConnectionClosed:
            pass
    return received, ws.close_code


def _frame(text: str) -> bytes:
    """One masked text frame, as a client must send it (RFC 6455, 5.2)."""
    payload = text.encode()
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 65536:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Stuck:
    """A client that says hello, then only writes: its 4 KiB receive buffer is never read."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    @classmethod
    async def open(cls, host: str, port: int) -> Stuck:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(loop.sock_connect(sock, (host, port)), 5)
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(
            sock,
            (
                f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode(),
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 4096), 5)
            assert chunk, "the server closed during the handshake"
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 101"), answer[:80]
        stuck = cls(sock)
        await stuck.send(HELLO)
        return stuck

    async def send(self, message: dict[str, Any]) -> bool:
        """Write one message; False once the server has cut the connection."""
        try:
            await asyncio.wait_for(
                asyncio.get_running_loop().sock_sendall(self.sock, _frame(json.dumps(message))), 5
            )
        except (OSError, TimeoutError):
            return False
        return True

    def close(self) -> None:
        self.sock.close()


async def wait_until(condition: Any, timeout: float = 5.0, every: float = 0.01) -> None:
    """Poll ``condition()`` until it is true; TimeoutError after ``timeout`` seconds."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(every)
