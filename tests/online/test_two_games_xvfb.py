"""Two real game processes, each in a real window (Xvfb) and driven by key events alone,
play a whole game through a real server on loopback - the server killed and started again
mid-round, then one game killed and started again - and through the game a host runs on
this network (tests/online/player_driver.py)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.online.server_thread import free_port

DRIVER = Path(__file__).with_name("player_driver.py")
REPO = Path(__file__).resolve().parents[2]
#: The host is killed as it is about to make this decision (its table written first).
HOST_DIES_AT = 12
#: The server is killed once the host has made this many decisions.
SERVER_DIES_AT = 5


def window_env() -> dict[str, str]:
    if shutil.which("xvfb-run") is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run is missing: .ci/run installs it (apt-get install xvfb xauth)")
        pytest.skip("xvfb-run is not installed (sudo apt-get install xvfb xauth)")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    return env


def player(role: str, where: str, tmp: Path, *extra: str) -> subprocess.Popen[str]:
    args = [
        "xvfb-run",
        "-a",
        "-s",
        "-screen 0 1280x720x24",
        sys.executable,
        str(DRIVER),
        role,
        where,
        str(tmp / role),
        str(tmp),
        *extra,
    ]
    return subprocess.Popen(
        args,
        env=window_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def finish(players: list[subprocess.Popen[str]], tmp: Path) -> None:
    outputs = []
    try:
        for process in players:
            outputs.append(process.communicate(timeout=300))
    finally:
        for process in players:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
    for process, (stdout, stderr) in zip(players, outputs, strict=True):
        assert process.returncode == 0, stderr[-3000:]
        assert "x11" in stdout, f"not a real X window: {stdout!r}"
    results = {role: json.loads((tmp / f"{role}.json").read_text()) for role in ("host", "join")}
    host, friend = results["host"], results["join"]
    assert (host["seat"], friend["seat"]) == (0, 1)
    assert host["record"] == friend["record"], "both tables finished the same game"
    assert host["winner"] == friend["winner"] is not None and host["reason"] == "won"
    assert host["history"] and friend["history"], "each kept it in its History"
    assert host["kept"] == friend["kept"] == 0, "and dropped it from its online games"
    for role in ("host", "join"):
        for shot in ("table", "over"):
            assert (tmp / f"{role}-{shot}.png").stat().st_size > 10_000


def moves(tmp: Path, role: str) -> int:
    path = tmp / f"{role}-moves"
    return int(path.read_text() or 0) if path.exists() else 0


def wait(condition, what: str, seconds: float = 200.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, f"waited in vain for {what}"
        time.sleep(0.1)


def start_server(port: int, db: Path) -> subprocess.Popen[str]:
    env, url = window_env(), f"ws://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tacocat.server",
            "--port",
            str(port),
            "--db",
            str(db),
            "--sqlite-sync",
            "normal",
            "--presence-grace",
            "1",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait(
        lambda: (
            subprocess.run(
                [sys.executable, "-m", "tacocat.server", "--check", url],
                env=env,
                capture_output=True,
                timeout=10,
            ).returncode
            == 0
        ),
        "the server",
        30,
    )
    return server


@pytest.mark.slow
def test_two_windows_play_a_game_through_a_server_and_both_come_back(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "server.db"
    url = f"ws://127.0.0.1:{port}/"
    server = start_server(port, db)
    try:
        host = player("host", "server", tmp_path, "--url", url, "--die-at", str(HOST_DIES_AT))
        friend = player("join", "server", tmp_path, "--url", url)
        wait(lambda: moves(tmp_path, "host") >= SERVER_DIES_AT, "the first moves")
        server.send_signal(signal.SIGKILL)  # the server dies mid-round...
        server.wait(10)
        time.sleep(1.0)
        server = start_server(port, db)  # ...and comes back with every stored move
        wait(lambda: host.poll() is not None, "the host's kill")
        os.killpg(host.pid, signal.SIGKILL)  # its X server (xvfb-run) goes with it
        assert (tmp_path / "host-table.json").exists(), host.stderr.read()[-3000:]
        # The host's game is started again: the table comes back exactly as it was.
        host = player("host", "server", tmp_path, "--url", url, "--resume")
        wait(
            lambda: (tmp_path / "host-resumed.json").exists() or host.poll() is not None,
            "the host's table again",
        )
        before = json.loads((tmp_path / "host-table.json").read_text())
        after = json.loads((tmp_path / "host-resumed.json").read_text())
        assert after == before
        finish([host, friend], tmp_path)
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.slow
def test_two_windows_play_a_game_hosted_on_this_network(tmp_path: Path) -> None:
    finish([player("host", "network", tmp_path), player("join", "network", tmp_path)], tmp_path)
