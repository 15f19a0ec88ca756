"""A throw-away PostgreSQL for the server's tests: Debian's binaries, a cluster in a temporary
folder owned by the ``postgres`` user (``initdb`` refuses root, and CI runs as root), on
127.0.0.1 and a free port, a fresh database for every test, stopped and removed at the end.

Without the binaries the tests that need it fail under CI (``.ci/run`` installs Debian's
``postgresql``) and are skipped elsewhere.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

#: Seconds any one pg_ctl or initdb call may take.
TIMEOUT = 60


def binaries() -> Path | None:
    """The newest installed ``/usr/lib/postgresql/<version>/bin`` with initdb, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: (
            int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0
        ),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def require_binaries() -> Path:
    where = binaries()
    if where is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is missing: .ci/run installs Debian's postgresql")
        pytest.skip("needs PostgreSQL's server binaries (apt-get install postgresql)")
    return where


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL server of our own; :meth:`database` makes a fresh empty database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="tacocat-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._user: pwd.struct_passwd | None = (
            pwd.getpwnam("postgres") if os.getuid() == 0 else None
        )
        self._names = itertools.count(1)
        self.started = False

    def _as_owner(self, *command: str) -> list[str]:
        if self._user is None:
            return list(command)
        return ["runuser", "-u", "postgres", "--", *command]

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            self._as_owner(*command), capture_output=True, text=True, timeout=TIMEOUT, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{command[0]} failed ({done.returncode}): {done.stdout}{done.stderr}"
            )

    def start(self) -> None:
        if self._user is not None:
            os.chown(self.root, self._user.pw_uid, self._user.pw_gid)
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale",
            "C",
        )
        options = (
            f"-k {self.root} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c full_page_writes=off -c max_connections=200"
        )
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            str(TIMEOUT),
            "start",
        )
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new, empty database's URL."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast, then by signal if it will not) and remove its folder."""
        try:
            if self.started:
                self._stop_server()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def _stop_server(self) -> None:
        try:
            self._run(
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "immediate",
                "-w",
                "-t",
                "30",
                "stop",
            )
        except (RuntimeError, subprocess.TimeoutExpired):
            pid_file = self.data / "postmaster.pid"
            with contextlib.suppress(OSError, ValueError):
                os.kill(int(pid_file.read_text().split()[0]), signal.SIGKILL)


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """A started cluster, stopped and removed when the block ends."""
    server = Cluster(require_binaries())
    try:
        server.start()
        yield server
    finally:
        server.stop()
