"""Deploying the server (docs/server.md): the systemd unit verified by systemd itself and
hardened, the Containerfile checked as far as a machine without a container engine can (the
files it copies, its pins, its command lines), the health check, and an online backup of the
SQLite file taken while a game is played that a new server opens and serves."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.net import messages as m
from tacocat.online.client import Connection, SeatPlayer
from tacocat.server import cli
from tacocat.server.storage.sqlite import SqliteStorage
from tests.server.conftest import bot_chooser, local_server, play_through, start_game
from tests.server.hostile import wait_until

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging" / "server"
UNIT = PACKAGING / "tacocat-server.service"
CONTAINERFILE = PACKAGING / "Containerfile"
INSTALLED = "/opt/tacocat-server/bin/tacocat-server"


def _needs(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is needed in CI (.ci/run installs it)")
        pytest.skip(f"{tool} is not installed")
    return path


def _unit_here(tmp_path: Path) -> Path:
    """The unit with its ExecStart pointing at an executable that exists here (verify checks
    that it does); everything else as shipped."""
    stand_in = tmp_path / "tacocat-server"
    stand_in.write_text("#!/bin/sh\n")
    stand_in.chmod(0o755)
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text().replace(INSTALLED, str(stand_in)))
    return unit


def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path):
    tool = _needs("systemd-analyze")
    result = subprocess.run(
        [tool, "verify", str(_unit_here(tmp_path))], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_the_systemd_unit_is_hardened(tmp_path):
    text = UNIT.read_text()
    for directive in (
        "DynamicUser=yes",
        "StateDirectory=tacocat-server",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "CapabilityBoundingSet=\n",
    ):
        assert re.search("^" + re.escape(directive), text, re.M), directive
    tool = _needs("systemd-analyze")
    result = subprocess.run(
        [tool, "security", "--offline=true", str(_unit_here(tmp_path))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    level = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout + result.stderr)
    assert level is not None and float(level.group(1)) <= 2.0, result.stdout[-2000:]


def _command_lines() -> list[list[str]]:
    """Every tacocat-server command line the unit (its comments too) and the Containerfile
    give, from the program on."""
    lines = [
        line.lstrip("# ").split("=", 1)[1]
        for line in UNIT.read_text().splitlines()
        if line.lstrip("# ").startswith("ExecStart=")
    ]
    unit = [
        shlex.split(line.replace("%S", "/var/lib").replace("%d", "/run/credentials/x"))
        for line in lines
    ]
    entry = re.search(r"^ENTRYPOINT (\[.*\])$", CONTAINERFILE.read_text(), re.M)
    assert entry is not None
    container = json.loads(entry.group(1))
    return [*unit, container]


def test_the_unit_and_the_container_run_command_lines_the_server_accepts():
    commands = _command_lines()
    assert [c[0] for c in commands] == [INSTALLED] * 3 + ["python"] and commands[-1][1:3] == [
        "-m",
        "tacocat.server",
    ]
    for args in commands:
        parsed = cli.parser().parse_args(args[3 if args[0] == "python" else 1 :])
        assert parsed.db.endswith("/tacocat-server/server.sqlite3") and parsed.port == 8765


def test_the_containerfile_copies_files_that_exist_and_runs_as_no_root():
    text = CONTAINERFILE.read_text()
    assert re.search(r"^FROM \S*python:3\.11-slim", text, re.M)
    for line in re.findall(r"^COPY (.+)$", text, re.M):
        for source in line.split()[:-1]:
            assert (ROOT / source).exists(), source
    assert re.search(r"^USER (?!root|0\b)\w+", text, re.M) and re.search(
        r"^EXPOSE 8765$", text, re.M
    )
    assert "HEALTHCHECK" in text and "--check" in text
    volume = re.search(r'^VOLUME \["(.+)"\]$', text, re.M)
    assert volume is not None and f"{volume.group(1)}/server.sqlite3" in text
    installs = re.findall(r"pip install ([^&;\n]+)", text)
    assert installs and all("--require-hashes" in i and "-r " in i for i in installs)


def _blocks(text: str) -> dict[str, str]:
    """A hashed lock's requirements: name -> its pin line and hash lines."""
    found: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        pin = re.match(r"^([A-Za-z0-9_.-]+)==", line)
        if pin:
            name = pin.group(1).lower()
            found[name] = [line]
        elif name and line.startswith("    --hash"):
            found[name].append(line)
        else:
            name = None
    return {key: "\n".join(lines) for key, lines in found.items()}


@pytest.mark.parametrize(
    "cut, lock",
    [
        ("requirements-server.txt", "requirements.txt"),
        ("requirements-postgres.txt", "requirements-dev.txt"),
    ],
)
def test_the_containers_pins_are_the_locks(cut, lock):
    ours, theirs = _blocks((PACKAGING / cut).read_text()), _blocks((ROOT / lock).read_text())
    assert ours and all(theirs.get(name) == block for name, block in ours.items())


def test_the_containers_pins_hold_every_package_the_server_imports():
    probe = (
        "import sys, importlib.metadata as md; before = set(sys.modules); import tacocat.server.cli, "
        "tacocat.server.app, tacocat.server.storage.sqlite; owners = md.packages_distributions(); "
        "print(sorted({d.lower() for m in set(sys.modules) - before for d in owners.get(m.split('.')[0], [])}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    imported = set(eval(result.stdout)) - {"tacocat", "typing_extensions", "typing-extensions"}  # noqa: S307
    pinned = set(_blocks((PACKAGING / "requirements-server.txt").read_text()))
    assert imported and imported <= pinned, (
        imported - pinned
    )  # msgspec tries typing_extensions only if there


def test_the_health_check_says_hello(tmp_path):
    async def body() -> tuple[bool, bool]:
        async with local_server(tmp_path / "games.sqlite3") as server:
            up = await cli.check(server.url)
        return up, await cli.check(server.url, timeout=2)  # stopped now

    assert asyncio.run(body()) == (True, False)
    assert cli.main(["--check", "ws://127.0.0.1:9/"]) == 1


def test_an_online_backup_taken_during_play_is_a_database_a_new_server_serves(tmp_path):
    """docs/server.md, "Backups": Python's sqlite3 backup API (and the sqlite3 shell's .backup
    when installed) while games are played; the copy opens with every finished game whole."""
    db = tmp_path / "games.sqlite3"

    async def body() -> tuple[str, int]:
        async with local_server(db) as server:
            game = asyncio.create_task(play_through(server.url, seed=11))
            while not game.done():  # back up again and again while the game is played
                await asyncio.to_thread(_backup, db, tmp_path / "during.sqlite3")
                await asyncio.sleep(0.01)
            players = await game
            await asyncio.to_thread(_backup, db, tmp_path / "after.sqlite3")
            if shutil.which("sqlite3"):
                subprocess.run(
                    ["sqlite3", str(db), f".backup {tmp_path / 'shell.sqlite3'}"],
                    check=True,
                    timeout=60,
                )
        return players[0].game, players[0].ended.seq

    game_id, seq = asyncio.run(asyncio.wait_for(body(), 120))
    copies = ["during", "after"] + (["shell"] if shutil.which("sqlite3") else [])
    for name in copies:
        row = asyncio.run(_load(tmp_path / f"{name}.sqlite3", game_id))
        assert row is not None and (
            name == "during" or (row.status == "over" and len(row.actions) == seq)
        )
        with sqlite3.connect(tmp_path / f"{name}.sqlite3") as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        copy.close()


def _backup(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
    live.close()
    copy.close()


async def _load(path: Path, game_id: str):  # type: ignore[no-untyped-def]
    storage = SqliteStorage(path, "normal")
    await storage.open()
    try:
        return await storage.load(game_id)
    finally:
        await storage.close()


def test_every_command_line_option_is_in_docs_server_md():
    text = (ROOT / "docs" / "server.md").read_text()
    options = [
        o
        for action in cli.parser()._actions
        for o in action.option_strings
        if o.startswith("--") and o != "--help"
    ]
    assert [o for o in options if f"`{o}" not in text] == []


def test_an_older_server_refuses_a_newer_database_with_exit_status_2(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    asyncio.run(_load(db, "g_" + "A" * 16))  # made, at the latest schema
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE schema_version SET version = version + 1")
    connection.close()
    assert cli.main(["--db", str(db), "--port", "0"]) == 2
    assert "docs/server.md" in capsys.readouterr().err


def test_a_game_cut_by_a_restart_is_resumed_by_both_seats_and_finished(tmp_path):
    """docs/server.md, "Upgrading": the server stops mid-game; a new one on the same file serves
    the seats that resume, and the game ends with every move made before the restart kept."""
    db = tmp_path / "games.sqlite3"

    async def body() -> None:
        async with local_server(db) as server:
            host, friend, created, joined = await start_game(server.url)
            seats = [(host, created.game, created.token), (friend, joined.game, joined.token)]
            before = _players(seats)
            playing = asyncio.gather(*(p.play(60) for p in before))
            await wait_until(lambda: min(p.seq for p in before) >= 10, timeout=30)
        with pytest.raises(ConnectionError):  # the server went away under them
            await asyncio.wait_for(playing, 10)
        kept = await _load(db, created.game)
        assert kept.status == "playing" and len(kept.actions) >= 10
        async with local_server(db) as server:
            again = [(await Connection.open(server.url), game, token) for _, game, token in seats]
            for connection, game, token in again:
                await connection.request(m.Resume(game=game, token=token))
            after = _players(again)
            ends = await asyncio.gather(*(p.play(60) for p in after))
            for connection, _, _ in again:
                await connection.close()
        assert ends[0] == ends[1] and ends[0].result.reason == "won"
        final = await _load(db, created.game)
        assert final.status == "over" and final.actions[: len(kept.actions)] == kept.actions

    asyncio.run(asyncio.wait_for(body(), 150))


def _players(seats: list[tuple[Connection, str, str]]) -> list[SeatPlayer]:
    return [
        SeatPlayer(connection, game, seat, bot_chooser("random"), random.Random(seat))
        for seat, (connection, game, _) in enumerate(seats)
    ]
