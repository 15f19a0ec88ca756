"""The server's own code with an in-memory transport instead of a socket, for tests that
need every frame the server sends (the no-leak property) or thousands of games quickly.

:class:`MemorySocket` stands where the server's ``websockets`` connection stands
(``recv``, async iteration, ``send``, ``close``, ``remote_address``); each frame the server
sends is kept, as the bytes it sent, and handed to a :class:`MemoryConnection`, which
offers what :class:`~tacocat.online.client.SeatPlayer` uses of a real connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec

from tacocat.net import messages as m
from tacocat.server.service import GameServer

_CLOSED = object()


class MemorySocket:
    def __init__(self, address: str, received: list[bytes]) -> None:
        self.remote_address = (address, 0)
        self.request = None  # no HTTP request: no X-Forwarded-For
        self.incoming: asyncio.Queue[Any] = asyncio.Queue()
        self.received = received  # every frame the server sent, in order
        self.connection: MemoryConnection | None = None
        self.closed: tuple[int, str] | None = None

    async def recv(self) -> Any:
        frame = await self.incoming.get()
        if frame is _CLOSED:
            raise asyncio.CancelledError
        return frame

    def __aiter__(self) -> AsyncIterator[Any]:
        return self._frames()

    async def _frames(self) -> AsyncIterator[Any]:
        while (frame := await self.incoming.get()) is not _CLOSED:
            yield frame

    async def send(self, frame: bytes, text: bool = False) -> None:
        self.received.append(frame)
        if self.connection is not None:
            await self.connection.pushes.put(m.parse_server(frame))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)
        self.incoming.put_nowait(_CLOSED)


class MemoryConnection:
    """The client's end: ``send`` and ``pushes``, as on a real connection."""

    def __init__(self, socket: MemorySocket) -> None:
        self.socket = socket
        socket.connection = self
        self.pushes: asyncio.Queue[m.ServerMessage] = asyncio.Queue()

    async def send(self, message: msgspec.Struct) -> None:
        await self.socket.incoming.put(m.encode(message).decode())  # a text frame

    async def reply(self, message: msgspec.Struct, kind: type) -> Any:
        """Send a request and return the first push of type ``kind`` (bounded)."""
        await self.send(message)
        while True:
            pushed = await asyncio.wait_for(self.pushes.get(), 10)
            if isinstance(pushed, m.Error):
                raise AssertionError(f"the server refused: {pushed}")
            if isinstance(pushed, kind):
                return pushed

    async def close(self) -> None:
        await self.socket.close()


async def connect(
    server: GameServer, received: list[bytes], address: str = "127.0.0.1"
) -> tuple[MemoryConnection, asyncio.Task[None]]:
    """A connection served by ``server``'s real ``serve`` (hello done)."""
    socket = MemorySocket(address, received)
    connection = MemoryConnection(socket)
    task = asyncio.create_task(server.serve(socket))  # type: ignore[arg-type]
    await connection.reply(m.Hello(protocol=m.PROTOCOL), m.Welcome)
    return connection, task
