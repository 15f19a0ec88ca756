"""Run the server: storage opened, the WebSocket listener up, the expiry sweep going, and a
clean stop on SIGINT or SIGTERM (the storage closed after the last commit)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.server import Server, serve

from tacocat.net.messages import MAX_CLIENT_MESSAGE
from tacocat.server.bus import Bus
from tacocat.server.config import Settings
from tacocat.server.service import GameServer
from tacocat.server.storage.base import Storage

log = logging.getLogger("tacocat.server")


@dataclass(frozen=True)
class Listen:
    host: str = "127.0.0.1"
    port: int = 8765
    tls_cert: Path | None = None
    tls_key: Path | None = None

    def ssl_context(self) -> ssl.SSLContext | None:
        if self.tls_cert is None:
            return None
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(self.tls_cert, self.tls_key)
        return context


#: The collector's thresholds for a server (CPython's default is 700, 10, 10). With a
#: thousand games in memory a full collection scans a few million objects and froze every
#: game for 100-350 ms (bench/server_load.py, N=1000: p99 290-500 ms); the games' states are
#: immutable and almost never cyclic (those collections found nothing), so collect rarely.
GC_THRESHOLDS = (50_000, 50, 1000)


def tune_gc() -> None:
    """Freeze what start-up made (modules, classes: never garbage) and collect rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


@contextlib.asynccontextmanager
async def running(
    storage: Storage, listen: Listen, settings: Settings | None = None, bus: Bus | None = None
) -> AsyncIterator[tuple[GameServer, Server]]:
    """The server, listening, until the block ends (tests and the command line)."""
    await storage.open()
    game_server = GameServer(storage, settings, bus=bus)
    sweeper = asyncio.create_task(game_server.sweeper())
    try:
        if bus is not None:
            await bus.listen(game_server.on_remote_change, game_server.on_remote_presence)
        async with serve(
            game_server.serve,
            listen.host,
            listen.port,
            ssl=listen.ssl_context(),
            max_size=MAX_CLIENT_MESSAGE,
            max_queue=16,
            ping_interval=game_server.settings.ping_interval,
            ping_timeout=game_server.settings.ping_timeout,
            server_header=None,
        ) as server:
            yield game_server, server
    finally:
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await storage.close()


async def run_until_stopped(
    storage: Storage, listen: Listen, settings: Settings | None = None, bus: Bus | None = None
) -> None:
    tune_gc()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C raises instead
            loop.add_signal_handler(signum, stop.set)
    async with running(storage, listen, settings, bus) as (_, server):
        where = ", ".join(f"{s.getsockname()[0]}:{s.getsockname()[1]}" for s in server.sockets)
        log.info("listening on %s (%s)", where, "wss" if listen.tls_cert else "ws")
        await stop.wait()
        log.info("stopping")
