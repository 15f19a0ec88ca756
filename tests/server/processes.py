"""Real server processes for the tests (``python -m tacocat.server``), each on 127.0.0.1 and
a port of its own choosing (read back from its log), stopped or killed at the end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LISTENING = re.compile(r"listening on 127\.0\.0\.1:(\d+)")
#: Seconds a server may take to start, and to stop after SIGTERM before it is killed.
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


@dataclass
class ServerProcess:
    process: asyncio.subprocess.Process
    url: str = ""
    log: list[str] = field(default_factory=list)
    _reader: asyncio.Task[None] | None = None

    async def _read_until_listening(self) -> None:
        assert self.process.stderr is not None
        while not self.url:
            line = await self.process.stderr.readline()
            if not line:
                raise RuntimeError("the server exited:\n" + "".join(self.log))
            self.log.append(line.decode(errors="replace"))
            if match := LISTENING.search(self.log[-1]):
                self.url = f"ws://127.0.0.1:{match[1]}/"

    async def _drain(self) -> None:
        assert self.process.stderr is not None
        while line := await self.process.stderr.readline():
            self.log.append(line.decode(errors="replace"))

    def kill(self) -> None:
        """kill -9: no goodbye, no clean close."""
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    async def stop(self) -> int:
        """SIGTERM (a clean stop), SIGKILL if it takes too long; the exit status."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                self.kill()
        code = await self.process.wait()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, STOP_TIMEOUT)
        return code


async def start_server(db: str, *options: str) -> ServerProcess:
    """``python -m tacocat.server --db DB --port 0 OPTIONS``, once it listens."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tacocat.server",
        "--db",
        db,
        "--port",
        "0",
        *options,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    server = ServerProcess(process)
    try:
        await asyncio.wait_for(server._read_until_listening(), START_TIMEOUT)
    except BaseException:
        server.kill()
        await process.wait()
        raise
    server._reader = asyncio.create_task(server._drain())
    return server


@contextlib.asynccontextmanager
async def servers(db: str, count: int, *options: str) -> AsyncIterator[list[ServerProcess]]:
    """``count`` server processes on one database, started together, stopped at the end."""
    started = await asyncio.gather(
        *(start_server(db, *options) for _ in range(count)), return_exceptions=True
    )
    running = [s for s in started if isinstance(s, ServerProcess)]
    try:
        for outcome in started:
            if isinstance(outcome, BaseException):
                raise outcome
        yield running
    finally:
        for server in running:
            await server.stop()
