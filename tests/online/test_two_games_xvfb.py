"""Two real game processes, each in a real window (Xvfb) and driven by key events alone,
play a whole game through a real server on loopback, and through the game a host runs
on this network (tests/online/player_driver.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.online.server_thread import free_port

DRIVER = Path(__file__).with_name("player_driver.py")
REPO = Path(__file__).resolve().parents[2]


def window_env() -> dict[str, str]:
    if shutil.which("xvfb-run") is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run is missing: .ci/run installs it (apt-get install xvfb xauth)")
        pytest.skip("xvfb-run is not installed (sudo apt-get install xvfb xauth)")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    return env


def player(role: str, where: str, tmp: Path, url: str = "") -> subprocess.Popen[str]:
    args = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable, str(DRIVER),
            role, where, str(tmp / role), str(tmp), *([url] if url else [])]
    return subprocess.Popen(args, env=window_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(players: list[subprocess.Popen[str]], tmp: Path) -> dict[str, dict]:
    outputs = []
    try:
        for process in players:
            outputs.append(process.communicate(timeout=300))
    finally:
        for process in players:
            process.kill()
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
    return results


@pytest.mark.slow
def test_two_windows_play_a_game_through_a_server(tmp_path: Path) -> None:
    env = window_env()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tacocat.server", "--port", str(port), "--db",
         str(tmp_path / "server.db"), "--sqlite-sync", "normal", "--presence-grace", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = f"ws://127.0.0.1:{port}/"
        for _ in range(100):
            if subprocess.run([sys.executable, "-m", "tacocat.server", "--check", url],
                              env=env, capture_output=True, timeout=10).returncode == 0:
                break
            time.sleep(0.1)
        finish([player("host", "server", tmp_path, url), player("join", "server", tmp_path, url)],
               tmp_path)
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.slow
def test_two_windows_play_a_game_hosted_on_this_network(tmp_path: Path) -> None:
    finish([player("host", "network", tmp_path), player("join", "network", tmp_path)], tmp_path)
