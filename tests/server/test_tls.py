"""TLS (wss): a throw-away self-signed certificate for 127.0.0.1 made by ``openssl``; a whole
game over wss with a client trusting it; a plain ws client, or one that does not trust the
certificate, fails cleanly and the server goes on."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import shutil
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage, WebSocketException

from tacocat.net import messages as m
from tacocat.online.client import Connection, SeatPlayer
from tacocat.server.app import Listen, running
from tacocat.server.storage.sqlite import SqliteStorage
from tests.server.conftest import bot_chooser

ROOT = Path(__file__).resolve().parents[2]


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (P-256, two days) and its key, by openssl."""
    if shutil.which("openssl") is None:
        if os.environ.get("CI"):
            pytest.fail("openssl is needed to make the test certificate")
        pytest.skip("openssl is not installed (it makes the test certificate)")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    return cert, key


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    return make_certificate(tmp_path)


def trusting(cert: Path) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(cert))


async def play_over(url: str, context: ssl.SSLContext) -> tuple[list[SeatPlayer], list[str]]:
    """A whole game between two bots over ``url``; the players, and its secrets: the two seat
    tokens, then the invite (as shown and as typed without the dash)."""
    host = await Connection.open(url, ssl=context)
    created = await host.request(m.Create(name="Ana"))
    friend = await Connection.open(url, ssl=context)
    joined = await friend.request(m.Join(invite=created.invite, name="Ben"))
    players = [
        SeatPlayer(host, created.game, 0, bot_chooser("random"), random.Random(5)),
        SeatPlayer(friend, joined.game, 1, bot_chooser("random"), random.Random(6)),
    ]
    await asyncio.gather(*(p.play(60) for p in players))
    await host.close()
    await friend.close()
    return players, [created.token, joined.token, created.invite, created.invite.replace("-", "")]


def test_a_whole_game_over_wss_and_plain_or_untrusting_clients_fail_cleanly(
    tmp_path, certificate, caplog
):
    caplog.set_level(logging.WARNING)
    cert, key = certificate

    async def body() -> None:
        listen = Listen("127.0.0.1", 0, cert, key)
        async with running(SqliteStorage(tmp_path / "games.sqlite3", "normal"), listen) as (
            _,
            server,
        ):
            port = server.sockets[0].getsockname()[1]
            with pytest.raises((InvalidMessage, OSError, WebSocketException)):
                async with asyncio.timeout(10):
                    await connect(f"ws://127.0.0.1:{port}/", open_timeout=5)
            with pytest.raises(ssl.SSLCertVerificationError):
                await connect(f"wss://127.0.0.1:{port}/", open_timeout=5)  # the system's roots only
            players, _ = await play_over(f"wss://127.0.0.1:{port}/", trusting(cert))
            assert players[0].ended == players[1].ended and players[0].ended.result.reason == "won"
            assert players[0].ended.record is not None

    asyncio.run(asyncio.wait_for(body(), 120))
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def _listening(server: asyncio.subprocess.Process, log: list[str]) -> int:
    """The port the server says it listens on (its log's "listening on" line)."""
    assert server.stderr is not None
    while True:
        line = (await asyncio.wait_for(server.stderr.readline(), 20)).decode()
        assert line, "the server stopped: " + "".join(log)
        log.append(line)
        if "tacocat.server: listening on" in line:
            assert line.rstrip().endswith("(wss)"), line
            return int(line.split("listening on ", 1)[1].split()[0].rsplit(":", 1)[1])


def test_the_command_line_serves_wss_and_even_its_debug_log_holds_no_token(tmp_path, certificate):
    """``tacocat-server --tls-cert --tls-key --log-level DEBUG``: a game, a resume, a clean
    stop on SIGTERM; the log names neither seat's token (nor does the WebSocket library's)."""
    cert, key = certificate

    async def body() -> str:
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tacocat.server",
            "--port",
            "0",
            "--db",
            str(tmp_path / "g.sqlite3"),
            "--tls-cert",
            str(cert),
            "--tls-key",
            str(key),
            "--log-level",
            "DEBUG",
            cwd=ROOT,
            stderr=asyncio.subprocess.PIPE,
        )
        log: list[str] = []
        try:
            url = f"wss://127.0.0.1:{await _listening(server, log)}/"
            players, secrets = await play_over(url, trusting(cert))
            again = await Connection.open(url, ssl=trusting(cert))
            state = await again.request(m.Resume(game=players[0].game, token=secrets[0]))
            assert isinstance(state, m.State) and state.status == "over"
            await again.close()
            server.send_signal(signal.SIGTERM)
            _, rest = await asyncio.wait_for(server.communicate(), 20)
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()
        assert server.returncode == 0
        text = "".join(log) + rest.decode()
        assert "stopping" in text and players[0].game in text  # it did log, at DEBUG
        pieces = {secret[i : i + 8] for secret in secrets for i in range(len(secret) - 7)}
        shown = sorted(piece for piece in pieces if piece in text)
        return text if not shown else f"pieces of a secret: {shown}\n{text}"

    text = asyncio.run(asyncio.wait_for(body(), 120))
    assert not text.startswith("pieces of a secret"), text[:3000]
