"""A real Tacocat server on loopback, on a thread of its own: the game's network side
(:class:`tacocat.online.link.Link`) runs its own loop on another thread, as in the game."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from pathlib import Path

from tacocat.server.app import Listen, running
from tacocat.server.config import Settings
from tacocat.server.storage.sqlite import SqliteStorage


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerThread:
    """``start()`` listens on ``port`` with its games in ``db``; ``stop()`` ends it (the
    games stay in ``db``: a new ServerThread on the same file and port is the server
    restarted)."""

    def __init__(self, db: Path, port: int | None = None, settings: Settings | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.settings = settings or Settings(presence_grace=0.2)
        self.url = f"ws://127.0.0.1:{self.port}/"
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.failed: BaseException | None = None

    def start(self) -> ServerThread:
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self._thread.start()
        if not self._ready.wait(10) or self.failed is not None:
            raise RuntimeError(f"the test server did not start: {self.failed!r}")
        return self

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        try:
            async with running(
                SqliteStorage(self.db, "normal"), Listen("127.0.0.1", self.port), self.settings
            ):
                self._ready.set()
                await self._stop.wait()
        except BaseException as error:  # noqa: BLE001 - reported to start()
            self.failed = error
            self._ready.set()

    def stop(self) -> None:
        if self._thread is None or self._stop is None or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):  # its loop already ended
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        self._thread = None
