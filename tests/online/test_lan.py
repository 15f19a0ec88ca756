"""Games on this network (tacocat/online/lan/): the server in the host's process plays whole
games and keeps them across restarts; its mDNS record is heard by a browser - over real
multicast on loopback, in this process and in another one - updated, and withdrawn."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from tacocat.net import messages as m
from tacocat.online.client import Connection, Seat, play_seat
from tacocat.online.lan import LanBrowser, LanGame, LanHost, LanHostError, LanUnavailable
from tacocat.online.lan.host import ID_NAME
from tests.server.conftest import bot_chooser, play_through, start_game

#: mDNS on loopback only: nothing leaves this machine, and two test workers see each other's
#: hosts (told apart by their server ids).
LOOPBACK = ["127.0.0.1"]
#: Seconds a record may take to be probed, announced and heard (about two here).
HEARD = 15.0
T = TypeVar("T")


def eventually(probe: Callable[[], T], timeout: float = HEARD) -> T:
    """``probe()``'s first truthy value, polled until ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[LanHost]:
    lan_host = LanHost(tmp_path / "lan-host", port=0, interfaces=LOOPBACK, synchronous="normal")
    lan_host.start()
    yield lan_host
    lan_host.stop()


@pytest.fixture
def browser() -> Iterator[LanBrowser]:
    lan_browser = LanBrowser(interfaces=LOOPBACK)
    assert lan_browser.available, lan_browser.error
    yield lan_browser
    lan_browser.close()


def listed(browser: LanBrowser, server_id: str) -> LanGame | None:
    return next((game for game in browser.games() if game.server_id == server_id), None)


def test_a_host_serves_a_whole_game_to_two_connections(host: LanHost):
    assert host.local_url == f"ws://127.0.0.1:{host.port}/"
    players = asyncio.run(asyncio.wait_for(play_through(host.local_url, seed=5), 150))
    ends = [player.ended for player in players]
    assert ends[0] is not None and ends[0] == ends[1] and ends[0].result.reason == "won"


def test_a_restarted_host_keeps_its_games_and_its_id(tmp_path: Path):
    folder = tmp_path / "lan-host"
    first = LanHost(folder, port=0, synchronous="normal")
    first.start()
    server_id = first.server_id

    async def begin() -> list[Seat]:
        host, friend, created, joined = await start_game(first.local_url)
        await host.close()
        await friend.close()
        return [
            Seat(first.local_url, created.game, 0, created.token),
            Seat(first.local_url, joined.game, 1, joined.token),
        ]

    seats = asyncio.run(asyncio.wait_for(begin(), 30))
    first.stop()
    first.stop()  # a second stop is harmless
    assert (folder / "games.db").exists() and (folder / ID_NAME).exists()

    again = LanHost(folder, port=0, synchronous="normal")
    again.start()
    try:
        assert again.server_id == server_id
        moved = [Seat(again.local_url, s.game, s.seat, s.token) for s in seats]

        async def finish() -> list[m.Ended]:
            return list(
                await asyncio.gather(
                    *(play_seat(seat, bot_chooser("random"), timeout=150) for seat in moved)
                )
            )

        ends = asyncio.run(finish())
        assert ends[0] == ends[1] and ends[0].result.reason == "won"
    finally:
        again.stop()


def test_the_preferred_port_is_taken_when_free_and_another_when_not(tmp_path: Path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        lan_host = LanHost(tmp_path / "a", port=busy, synchronous="normal")
        lan_host.start()
        try:
            assert lan_host.port not in (busy, 0)
        finally:
            lan_host.stop()
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        free = probe.getsockname()[1]
    lan_host = LanHost(tmp_path / "b", port=free, synchronous="normal")
    lan_host.start()
    try:
        assert lan_host.port == free
    finally:
        lan_host.stop()


def test_a_host_that_cannot_start_says_why(tmp_path: Path, host: LanHost):
    second = LanHost(host.folder, port=0)
    with pytest.raises(LanHostError, match="another game is hosting"):
        second.start()
    (tmp_path / "a-file").write_text("")
    with pytest.raises(LanHostError, match="cannot host a game"):
        LanHost(tmp_path / "a-file", port=0).start()
    broken = LanHost(tmp_path / "broken", port=0, synchronous="normal")
    (tmp_path / "broken" / "games.db").mkdir(parents=True)  # the database cannot be opened
    with pytest.raises(LanHostError, match="cannot host a game: .*database"):
        broken.start()
    (tmp_path / "broken" / "games.db").rmdir()
    broken.start()  # the failed start let go of the folder
    broken.stop()
    stopped = LanHost(tmp_path / "never", port=0)
    stopped.stop()  # never started: nothing to do
    with pytest.raises(LanHostError, match="not running"):
        stopped.advertise("Ana", "X", "g")


def test_a_browser_hears_the_game_and_its_friend_joins_with_what_it_heard(
    host: LanHost, browser: LanBrowser
):
    async def create() -> tuple[Connection, m.Created]:
        connection = await Connection.open(host.local_url)
        return connection, await connection.request(m.Create(name="Ana", variants=[]))

    async def join(url: str, invite: str) -> m.Joined:
        friend = await Connection.open(url)
        try:
            return await friend.request(m.Join(invite=invite, name="Ben"))
        finally:
            await friend.close()

    async def both() -> tuple[m.Created, m.Joined, LanGame]:
        connection, created = await create()
        await asyncio.wrap_future(host.advertise("Ana", created.invite, created.game))
        heard = await asyncio.to_thread(eventually, lambda: listed(browser, host.server_id))
        assert heard is not None
        joined = await join(heard.url, heard.invite)
        await connection.close()
        return created, joined, heard

    created, joined, heard = asyncio.run(asyncio.wait_for(both(), 60))
    assert heard == LanGame(
        name="Ana",
        url=host.local_url,
        invite=created.invite,
        game=created.game,
        server_id=host.server_id,
        protocol=m.PROTOCOL,
    )
    assert joined.game == created.game and joined.seat == 1


def test_a_closed_invite_leaves_the_list_and_a_withdrawn_host_is_not_found(
    host: LanHost, browser: LanBrowser
):
    host.advertise("Zoe", "7KX4M-Q2ZHD", "g_1").result(HEARD)
    assert eventually(lambda: listed(browser, host.server_id))
    host.advertise("Zoe", "", "g_1").result(HEARD)  # the friend joined: no invite open
    assert eventually(lambda: listed(browser, host.server_id) is None)
    assert browser.find(host.server_id, timeout=1) == host.local_url  # still there to resume
    host.withdraw().result(HEARD)
    assert eventually(lambda: browser.find(host.server_id, timeout=0) is None)


def test_games_are_sorted_by_name_and_a_moved_host_is_found_again(
    tmp_path: Path, browser: LanBrowser
):
    hosts = [
        LanHost(tmp_path / name, port=0, interfaces=LOOPBACK, synchronous="normal")
        for name in ("bo", "al")
    ]
    try:
        for lan_host in hosts:
            lan_host.start()
        published = [
            lan_host.advertise(name, "X", "g")
            for lan_host, name in zip(hosts, ("Bo", "al"), strict=True)
        ]
        for future in published:  # probed and announced side by side
            future.result(HEARD)
        ids = {lan_host.server_id for lan_host in hosts}
        mine = lambda: [g.name for g in browser.games() if g.server_id in ids]  # noqa: E731
        assert eventually(lambda: len(mine()) == 2) and mine() == ["al", "Bo"]
        moved = hosts[0]
        old_port = moved.port
        moved.stop()
        assert eventually(lambda: browser.find(moved.server_id, timeout=0) is None)
        with socket.socket() as squatter:  # something else took its port meanwhile
            squatter.bind(("0.0.0.0", old_port))
            squatter.listen()
            moved.preferred_port = old_port
            moved.start()
        moved.advertise("Bo", "", "g").result(HEARD)
        assert moved.port != old_port
        assert browser.find(moved.server_id, timeout=HEARD) == moved.local_url
    finally:
        for lan_host in hosts:
            lan_host.stop()


def test_another_process_hears_the_host_over_multicast(host: LanHost):
    host.advertise("Ana", "X", "g").result(HEARD)
    script = (
        "import sys; from tacocat.online.lan import LanBrowser\n"
        "b = LanBrowser(interfaces=['127.0.0.1']); print(b.find(sys.argv[1], 15)); b.close()"
    )
    found = subprocess.run(
        [sys.executable, "-c", script, host.server_id],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert found.stdout.strip() == host.local_url, found.stderr[-2000:]


def test_without_multicast_the_list_is_empty_and_says_why(tmp_path: Path):
    # 203.0.113.7 (TEST-NET-3) is on no interface here: joining its multicast group fails
    # the way it does on a machine whose network has no multicast.
    nowhere = LanBrowser(interfaces=["203.0.113.7"])
    assert not nowhere.available and nowhere.error and "network" in nowhere.error
    started = time.monotonic()
    assert nowhere.games() == [] and nowhere.find("0123456789abcdef", timeout=5) is None
    assert time.monotonic() - started < 1
    nowhere.close()
    lan_host = LanHost(tmp_path / "h", port=0, interfaces=["203.0.113.7"], synchronous="normal")
    lan_host.start()
    try:
        with pytest.raises(LanUnavailable):
            lan_host.advertise("Ana", "X", "g").result(HEARD)
        players = asyncio.run(asyncio.wait_for(play_through(lan_host.local_url, seed=1), 150))
        assert players[0].ended is not None  # unseen on the network, it still serves
    finally:
        lan_host.stop()
