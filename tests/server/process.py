"""The server as a child process (``python -m tacocat.server``), to kill -9 and start again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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
            [sys.executable, "-m", "tacocat.server", "--db", str(self.db), "--port", str(self.port),
             "--log-level", "WARNING", *self.extra], cwd=ROOT, env=env, stdout=out, stderr=out)
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
