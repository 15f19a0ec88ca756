"""The load bench's servers (bench/server_load.py): ``python -m tacocat.server`` processes
on free loopback ports, each pinned to a CPU, a throw-away PostgreSQL cluster for them, and
what /proc says they use."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The bench's server has no per-address or rate limits: all its players share 127.0.0.1.
LIMITS = """[limits]
connections_per_address = 1000000
max_connections = 1000000
message_rate = 1000000
message_burst = 1000000
room_rate_per_minute = 1000000
max_open_invites = 1000000
games_per_connection = 1000000
idle_rooms = 100000
"""
CLK_TCK = os.sysconf("SC_CLK_TCK")


def proc_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_servers(
    db: str, count: int, work: Path, extra: list[str], cpus: tuple[int, ...] = (0,)
) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``count`` servers on free ports, server i pinned to ``cpus[i % len(cpus)]``."""
    limits = work / "limits.toml"
    limits.write_text(LIMITS, encoding="utf-8")
    servers = []
    for index in range(count):
        port = free_port()
        log = open(work / f"server{index}.log", "wb")  # noqa: SIM115 - the child's
        process = subprocess.Popen(
            [
                "taskset",
                "-c",
                str(cpus[index % len(cpus)]),
                sys.executable,
                "-m",
                "tacocat.server",
                "--db",
                db,
                "--port",
                str(port),
                "--limits",
                str(limits),
                "--log-level",
                "WARNING",
                *extra,
            ],
            cwd=ROOT,
            stdout=log,
            stderr=log,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        servers.append((process, f"ws://127.0.0.1:{port}/"))
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server {index} did not start: see {work}") from None
                time.sleep(0.05)
    return servers


def stop_servers(servers: list[tuple[subprocess.Popen[bytes], str]]) -> None:
    for process, _ in servers:
        process.terminate()
    for process, _ in servers:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def throwaway_postgres():  # type: ignore[no-untyped-def]
    """A PostgreSQL cluster of its own (the tests' fixture: tests/server/postgres.py), its
    processes pinned to CPU 0 beside the servers'. fsync is off there, as in the tests."""
    from tests.server.postgres import Cluster, binaries

    where = binaries()
    if where is None:
        raise SystemExit(
            "--postgres needs PostgreSQL's server binaries (apt-get install postgresql)"
        )
    cluster = Cluster(where)
    cluster.start()
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    children = subprocess.run(
        ["pgrep", "-P", str(postmaster)], capture_output=True, text=True, check=False
    ).stdout.split()
    for pid in [postmaster, *map(int, children)]:
        os.sched_setaffinity(pid, {0})
    return cluster
