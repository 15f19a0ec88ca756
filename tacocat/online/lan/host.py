"""A game hosted on this network: the real Tacocat server, in the game's own process.

The host's game runs the server (``tacocat.server.app.running``, SQLite) on a background
thread with an event loop of its own, so the game's frame loop never waits for a network
message, and connects to it as a client like any other (:attr:`LanHost.local_url`); the
friend connects to the same server over the network. The games are in the folder the caller
gives (the game's data folder): closing the game and opening it again resumes them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import logging
import secrets
import threading
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from tacocat.online.lan.advertiser import Advertiser
from tacocat.server.app import Listen, running
from tacocat.server.config import Settings
from tacocat.server.storage.sqlite import SqliteStorage

log = logging.getLogger(__name__)
#: The port a host listens on when it is free (the server's usual port, docs/protocol.md).
DEFAULT_PORT = 8765
#: Seconds ``start()`` waits for the server to listen, and ``stop()`` for it to end.
START_TIMEOUT = 15.0
STOP_TIMEOUT = 15.0
DB_NAME = "games.db"
ID_NAME = "server-id"
LOCK_NAME = "host.lock"


class LanHostError(RuntimeError):
    """The host could not start (its message says why, for the player)."""


def read_server_id(folder: Path) -> str:
    """The host's lasting id, kept in ``folder``: made once (64 random bits) and read back on
    every start, so a friend's game can find this host again after it moved port or address
    (``LanBrowser.find``). A missing or mangled file gets a new id."""
    path = folder / ID_NAME
    with contextlib.suppress(OSError, UnicodeDecodeError):
        stored = path.read_text("ascii").strip()
        if len(stored) == 16 and all(c in "0123456789abcdef" for c in stored):
            return stored
    server_id = secrets.token_hex(8)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(server_id + "\n", "ascii")
    temporary.replace(path)
    return server_id


class LanHost:
    """The server of a game hosted on this network, on a thread of its own.

    ``start()``, ``stop()``, ``advertise()`` and ``withdraw()`` may be called from any
    thread; the server listens on every interface (``0.0.0.0``), on ``port`` when it is free,
    else on a free port the system picks.
    """

    def __init__(
        self,
        folder: Path,
        port: int = DEFAULT_PORT,
        settings: Settings | None = None,
        interfaces: Sequence[str] | None = None,
        synchronous: str = "full",
    ) -> None:
        self.folder = Path(folder)
        self.preferred_port = port
        self.settings = settings
        #: The addresses mDNS runs on and advertises (None: every IPv4 interface).
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.synchronous = synchronous
        self._guard = threading.Lock()
        self._id_guard = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._advertiser: Advertiser | None = None
        self._file_lock: FileLock | None = None
        self._port: int | None = None
        self._server_id: str | None = None

    @property
    def port(self) -> int:
        """The port the server listens on (once started)."""
        if self._port is None:
            raise LanHostError("the host is not running")
        return self._port

    @property
    def local_url(self) -> str:
        """Where the host's own game connects: loopback, whatever the network does."""
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def server_id(self) -> str:
        """This host's lasting id (the same across restarts on the same folder)."""
        with self._id_guard:  # two threads asking first must not make two ids
            if self._server_id is None:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._server_id = read_server_id(self.folder)
            return self._server_id

    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the server and return once it listens; a host already running is left
        alone. Raises :class:`LanHostError` when it cannot (the folder is not writable,
        another game hosts from it, the database cannot be opened)."""
        with self._guard:
            if self.is_running:
                return
            self._lock_folder()
            ready: concurrent.futures.Future[int] = concurrent.futures.Future()
            self._thread = threading.Thread(
                target=self._serve, args=(ready,), name="tacocat-lan-host", daemon=True
            )
            self._thread.start()
            try:
                self._port = ready.result(START_TIMEOUT)
            except Exception as error:
                self._end_thread()
                why = (
                    f"the server did not start within {START_TIMEOUT:g} s"
                    if isinstance(error, TimeoutError)
                    else str(error)
                )
                raise LanHostError(f"cannot host a game: {why}") from error

    def stop(self) -> None:
        """Withdraw the record, close every connection and the database; bounded, and
        harmless on a host that is not running."""
        with self._guard:
            self._end_thread()

    def advertise(
        self, host_name: str, invite: str = "", game: str = ""
    ) -> concurrent.futures.Future[None]:
        """Advertise (or update) this host's record on the network; returns at once. The
        future is done once the record is announced, or fails with ``LanUnavailable``
        (no multicast here) - a host the network cannot see still serves games."""
        port = self.port
        return self._submit(lambda advertiser: advertiser.publish(port, host_name, invite, game))

    def withdraw(self) -> concurrent.futures.Future[None]:
        """Take this host's record off the network (a goodbye: browsers drop it at once)."""
        return self._submit(lambda advertiser: advertiser.withdraw())

    def _submit(
        self, call: Callable[[Advertiser], Coroutine[Any, Any, None]]
    ) -> concurrent.futures.Future[None]:
        with self._guard:
            loop, advertiser = self._loop, self._advertiser
            if not self.is_running or loop is None or advertiser is None:
                raise LanHostError("the host is not running")
            return asyncio.run_coroutine_threadsafe(call(advertiser), loop)

    def _lock_folder(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.server_id  # noqa: B018 - made now, while errors can still be told
            self._file_lock = FileLock(self.folder / LOCK_NAME, thread_local=False)
            self._file_lock.acquire(timeout=0)
        except Timeout:
            self._file_lock = None
            raise LanHostError(f"another game is hosting from {self.folder}") from None
        except OSError as error:
            self._file_lock = None
            raise LanHostError(f"cannot host a game from {self.folder}: {error}") from None

    def _end_thread(self) -> None:
        thread, loop, stopping = self._thread, self._loop, self._stopping
        if thread is not None and loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed already
                loop.call_soon_threadsafe(stopping.set)
        if thread is not None:
            thread.join(STOP_TIMEOUT)
            if thread.is_alive():
                log.warning("the LAN host did not stop within %s s", STOP_TIMEOUT)
        self._thread = self._loop = self._stopping = self._advertiser = None
        self._port = None
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None

    def _serve(self, ready: concurrent.futures.Future[int]) -> None:
        try:
            asyncio.run(self._main(ready))
        except BaseException as error:  # told to start(), or logged once it has returned
            if ready.done():
                log.exception("the LAN host failed")
            else:
                ready.set_exception(error)

    async def _main(self, ready: concurrent.futures.Future[int]) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        self._advertiser = Advertiser(self.server_id, self.interfaces)
        async with contextlib.AsyncExitStack() as stack:
            port = await self._listen(stack)
            stack.push_async_callback(self._advertiser.close)
            ready.set_result(port)
            await self._stopping.wait()

    async def _listen(self, stack: contextlib.AsyncExitStack) -> int:
        """Listen on the preferred port, or on any free one when it is taken."""
        for port in dict.fromkeys((self.preferred_port, 0)):
            storage = SqliteStorage(self.folder / DB_NAME, self.synchronous)
            try:
                _, server = await stack.enter_async_context(
                    running(storage, Listen("0.0.0.0", port), self.settings)
                )
            except OSError as error:
                if error.errno != errno.EADDRINUSE or port == 0:
                    raise
                log.info("port %s is taken; the LAN host takes a free one", port)
                continue
            return int(server.sockets[0].getsockname()[1])
        raise AssertionError("unreachable")
