"""The server as a child process (``python -m tacocat.server``), to kill -9 and start again."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free port below Linux's ephemeral range (32768-60999): a server restarted on it
    after a kill must find it still free, and port-0 binds elsewhere never pick it."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port between 20000 and 32000")


class ServerProcess:
    """One server on 127.0.0.1:``port`` keeping its games in ``db``; bounded waits only."""

    def __init__(self, db: str, port: int | None = None, *extra: str) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(str(db) + f".{self.port}.log") if "://" not in str(db) else None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 30.0) -> None:
        assert self.process is None
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115 - closed by the child's exit
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tacocat.server",
                "--db",
                str(self.db),
                "--port",
                str(self.port),
                "--log-level",
                "WARNING",
                *self.extra,
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=out,
        )
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.02)
        raise TimeoutError(f"the server did not listen on {self.port} in {timeout} s")

    def kill(self) -> None:
        """kill -9: no shutdown, no flush, no goodbye."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> int:
        """A clean stop (SIGTERM); its exit status."""
        if self.process is None:
            return 0
        self.process.terminate()
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait(timeout=30)
        self.process = None
        return code
