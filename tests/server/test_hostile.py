"""Hostile clients through real sockets on loopback (docs/protocol.md, "Errors and limits"):
every limit answered with its code or its close code, and a bot game beside them that
never notices."""

from __future__ import annotations

import asyncio
import json
import logging
import random

import pytest

from tacocat.online.client import SeatPlayer
from tacocat.server.config import Settings
from tacocat.server.limits import address_key, client_host
from tests.server.conftest import bot_chooser, local_server, play_through, start_game
from tests.server.hostile import Stuck, raw, recv, send, until_closed, wait_until

GAME = "g_" + "A" * 16
TOKEN = "A" * 43
FOREIGN_ACT = {
    "type": "act",
    "game": GAME,
    "seq": 0,
    "action": {"type": "duel", "seat": 0, "card": 1},
}


def run(coroutine):
    return asyncio.run(coroutine)


@pytest.fixture(autouse=True)
def no_incident(caplog):
    """No hostile client makes the server fail: nothing logged at ERROR (an incident)."""
    caplog.set_level(logging.WARNING, logger="tacocat.server")
    yield
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def _beside(url: str, seed: int = 7) -> asyncio.Task:
    return asyncio.create_task(play_through(url, seed=seed, timeout=60))


async def _finished(bystander: asyncio.Task) -> None:
    players = await asyncio.wait_for(bystander, 60)
    ends = [p.ended for p in players]
    assert ends[0] == ends[1] and ends[0].result.reason == "won"


@pytest.mark.parametrize("compression", ["deflate", None])
def test_a_frame_over_8_KiB_closes_the_connection_with_1009(tmp_path, compression):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            ws = await raw(server.url, compression=compression)
            at_limit = json.dumps({"type": "create", "name": "x"})
            at_limit = at_limit[:-2] + "x" * (8192 - len(at_limit)) + '"}'
            assert len(at_limit) == 8192
            await send(ws, at_limit)  # read, and refused: a name is at most 64 characters
            assert (await recv(ws))["code"] == "bad_message"
            await send(ws, at_limit[:-2] + 'x"}')  # 8193 bytes (deflated to a few dozen)
            received, code = await until_closed(ws)
            assert received == [] and code == 1009
            await wait_until(lambda: not server.game_server.clients)

    run(body())


MALFORMED = [
    ("not json", "JSON"),
    ("[1, 2]", "Expected `object`"),
    ('{"type": "teleport"}', "teleport"),
    ('{"name": "Ana"}', "type"),
    ('{"type": "create", "name": "Ana", "colour": "red"}', "unknown field `colour`"),
    ('{"type": "create"}', "missing required field `name`"),
    (json.dumps({**FOREIGN_ACT, "seq": "0"}), "Expected `int`, got `str` - at `$.seq`"),
    (json.dumps({**FOREIGN_ACT, "seq": -1}), "`$.seq`"),
    (
        json.dumps({**FOREIGN_ACT, "action": {"type": "duel", "seat": 2, "card": 1}}),
        "`$.action.seat`",
    ),
    (json.dumps({"type": "resume", "game": "g_short", "token": TOKEN}), "`$.game`"),
    (
        json.dumps({"type": "join", "invite": "7KX4M-Q2ZHD", "name": "Ben", "id": "x" * 33}),
        "`$.id`",
    ),
    (b'{"type": "detach", "game": "g_AAAAAAAAAAAAAAAA"}', "text frame"),
    ('{"action": ' + "[" * 4000 + "]" * 4000 + ', "type": "act"}', "nested too deeply"),
]


def test_malformed_messages_are_refused_as_bad_message_and_the_connection_goes_on(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            ws = await raw(server.url)
            for i, (frame, says) in enumerate(MALFORMED):
                await send(ws, frame)
                reply = await recv(ws)
                assert reply["type"] == "error" and reply["code"] == "bad_message", (frame, reply)
                assert says in reply["message"], (frame, reply)
                if i == 5:  # twelve refusals, but not ten in a row: a good request resets the count
                    await send(ws, {**FOREIGN_ACT, "id": 5})
                    assert await recv(ws) == {"type": "error", "code": "no_such_game", "id": 5}
            await ws.close()

    run(body())


def test_ten_malformed_frames_in_a_row_close_the_connection_with_1008(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            bystander = await _beside(server.url)
            ws = await raw(server.url)
            for _ in range(9):
                await send(ws, "{")
            await send(ws, FOREIGN_ACT)  # a good one resets the count
            for _ in range(10):
                await send(ws, "{")
            received, code = await until_closed(ws)
            assert [r["code"] for r in received] == ["bad_message"] * 9 + ["no_such_game"] + [
                "bad_message"
            ] * 10
            assert code == 1008 and ws.close_reason == "too many refused messages in a row"
            await _finished(bystander)

    run(body())


def test_a_flood_is_rate_limited_then_closed_with_1008_and_the_game_beside_goes_on(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            bystander = await _beside(server.url)
            ws = await raw(server.url)
            for i in range(200):
                await send(ws, {**FOREIGN_ACT, "id": i})
            received, code = await until_closed(ws)
            codes = [r["code"] for r in received]
            served = codes.count("no_such_game")
            assert (
                40 <= served < 190 and codes[:40] == ["no_such_game"] * 40
            )  # the burst, and refills
            assert codes[-10:] == ["rate_limited"] * 10 and set(codes) == {
                "no_such_game",
                "rate_limited",
            }
            assert all(
                0 < r["retry_after"] <= 0.05 for r in received if r["code"] == "rate_limited"
            )
            assert code == 1008
            await _finished(bystander)

    run(body())


def test_connections_per_address_are_bounded_and_another_address_is_not_affected(tmp_path):
    async def body():
        async with local_server(
            tmp_path / "games.sqlite3", Settings(connections_per_address=3)
        ) as server:
            held = [await raw(server.url) for _ in range(3)]
            fourth = await raw(server.url, hello=False)
            received, code = await until_closed(fourth)
            assert (
                received == []
                and code == 1008
                and fourth.close_reason == "too many connections from this address"
            )
            other = await raw(server.url, local_addr=("127.0.0.2", 0))  # another address: welcome
            await held.pop().close()
            await wait_until(lambda: server.game_server.per_address.get("127.0.0.1") == 2)
            held.append(await raw(server.url))  # room again
            for ws in [*held, other]:
                await ws.close()
            await wait_until(lambda: server.game_server.per_address == {})

    run(body())


def test_a_full_server_closes_a_new_connection_with_1013(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3", Settings(max_connections=2)) as server:
            held = [await raw(server.url), await raw(server.url, local_addr=("127.0.0.2", 0))]
            third = await raw(server.url, hello=False, local_addr=("127.0.0.3", 0))
            received, code = await until_closed(third)
            assert received == [] and code == 1013 and third.close_reason == "the server is full"
            for ws in held:
                await ws.close()

    run(body())


def test_games_per_connection_are_bounded(tmp_path):
    async def body():
        settings = Settings(games_per_connection=2)
        async with local_server(tmp_path / "games.sqlite3", settings) as server:
            other = await raw(server.url)
            await send(other, {"type": "create", "name": "Cy", "id": 0})
            spare = await recv(other)
            ws = await raw(server.url)
            for i in (1, 2):
                await send(ws, {"type": "create", "name": "Ana", "id": i})
                assert (await recv(ws))["type"] == "created"
                assert (await recv(ws))["type"] == "state"
            await send(ws, {"type": "create", "name": "Ana", "id": 3})
            assert await recv(ws) == {"type": "error", "code": "too_many_games", "id": 3}
            await send(ws, {"type": "join", "invite": spare["invite"], "name": "Ben", "id": 4})
            assert await recv(ws) == {"type": "error", "code": "too_many_games", "id": 4}
            await send(
                ws, {"type": "resume", "game": spare["game"], "token": spare["token"], "id": 5}
            )
            assert await recv(ws) == {"type": "error", "code": "too_many_games", "id": 5}
            await ws.close()
            await other.close()

    run(body())


def test_open_invites_are_bounded_server_wide(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3", Settings(max_open_invites=2)) as server:
            ws = await raw(server.url)
            invites = []
            for i in (1, 2):
                await send(ws, {"type": "create", "name": "Ana", "id": i})
                invites.append((await recv(ws))["invite"])
                await recv(ws)  # its state
            await send(ws, {"type": "create", "name": "Ana", "id": 3})
            assert await recv(ws) == {
                "type": "error",
                "code": "too_many_games",
                "id": 3,
                "message": "the server is full",
            }
            friend = await raw(server.url)
            await send(friend, {"type": "join", "invite": invites[0], "name": "Ben", "id": 4})
            assert (await recv(friend))["type"] == "joined"  # one invite used: room for another
            await send(ws, {"type": "create", "name": "Ana", "id": 5})
            assert (await recv(ws))["type"] in ("created", "state", "presence")
            await ws.close()
            await friend.close()

    run(body())


def test_creates_and_joins_are_rate_limited_per_address(tmp_path):
    async def body():
        async with local_server(
            tmp_path / "games.sqlite3", Settings(room_rate_per_minute=3)
        ) as server:
            a, b = await raw(server.url), await raw(server.url)  # two connections, one address
            for i, ws in enumerate((a, b, a)):
                await send(ws, {"type": "join", "invite": "0000000000", "name": "Eve", "id": i})
                assert (await recv(ws))["code"] == "no_such_invite"
            await send(b, {"type": "join", "invite": "0000000000", "name": "Eve", "id": 9})
            limited = await recv(b)
            assert limited["code"] == "rate_limited" and 15 <= limited["retry_after"] <= 20
            for i in range(3):
                await send(b, {"type": "create", "name": "Eve", "id": i})
                assert (await recv(b))["type"] == "created"
                await recv(b)
            await send(a, {"type": "create", "name": "Eve", "id": 9})
            assert (await recv(a))["code"] == "rate_limited"
            elsewhere = await raw(server.url, local_addr=("127.0.0.2", 0))
            await send(elsewhere, {"type": "create", "name": "Cy", "id": 1})
            assert (await recv(elsewhere))["type"] == "created"
            for ws in (a, b, elsewhere):
                await ws.close()

    run(body())


def test_a_client_that_never_reads_is_dropped_while_its_game_goes_on(tmp_path, caplog):
    async def body():
        settings = Settings(send_queue=8, message_rate=10_000, message_burst=10_000)
        async with local_server(tmp_path / "games.sqlite3", settings) as server:
            host, friend, created, joined = await start_game(server.url)
            port = int(server.url.rsplit(":", 1)[1].strip("/"))
            stuck = await Stuck.open("127.0.0.1", port)
            resume = {"type": "resume", "game": created.game, "token": created.token}
            await stuck.send(resume)  # it follows the bots' game as seat 0, too
            players = [
                SeatPlayer(host, created.game, 0, bot_chooser("random"), random.Random(1)),
                SeatPlayer(friend, joined.game, 1, bot_chooser("random"), random.Random(2)),
            ]
            games = asyncio.gather(*(p.play(60) for p in players))
            async with asyncio.timeout(20):
                while len(server.game_server.clients) == 3 and await stuck.send(resume):
                    await asyncio.sleep(0.001)
            await wait_until(lambda: len(server.game_server.clients) == 2)
            await asyncio.wait_for(games, 60)
            assert players[0].ended == players[1].ended and players[0].ended.result.reason == "won"
            stuck.close()
            await host.close()
            await friend.close()

    run(body())
    assert any("does not read" in r.getMessage() for r in caplog.records)


def test_no_hello_in_time_closes_with_4001(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3", Settings(hello_timeout=0.3)) as server:
            ws = await raw(server.url, hello=False)
            started = asyncio.get_running_loop().time()
            received, code = await until_closed(ws)
            assert received == [] and code == 4001 and ws.close_reason == "no hello"
            assert 0.25 < asyncio.get_running_loop().time() - started < 3

    run(body())


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "protocol": 0, "client": "tacocat 0.1.0"},
        {"type": "hello", "protocol": 2, "client": "tacocat 9.0.0", "features": ["chat"], "id": 1},
    ],
)
def test_another_protocol_gets_update_required_and_close_4000(tmp_path, hello):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            ws = await raw(server.url, hello=False)
            await send(ws, hello)
            received, code = await until_closed(ws)
            assert received == [
                {
                    "type": "error",
                    "code": "update_required",
                    "message": "this server speaks protocol 1 to 1",
                    "min_protocol": 1,
                    "max_protocol": 1,
                }
            ]
            assert code == 4000

    run(body())


@pytest.mark.parametrize("first", [{"type": "create", "name": "Ana", "id": 1}, "{"])
def test_a_first_message_that_is_not_a_hello_is_bad_and_closes_with_1008(tmp_path, first):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            ws = await raw(server.url, hello=False)
            await send(ws, first)
            received, code = await until_closed(ws)
            assert [r["code"] for r in received] == ["bad_message"] and code == 1008

    run(body())


@pytest.mark.parametrize(
    "host, key",
    [
        ("203.0.113.9", "203.0.113.9"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.9", "203.0.113.9"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_limits_count_an_ipv6_client_by_its_64(host, key):
    assert address_key(host) == key


def test_only_a_trusted_proxy_names_the_client():
    proxies = frozenset({"127.0.0.1"})
    assert client_host("127.0.0.1", "198.51.100.1, 203.0.113.9", proxies) == "203.0.113.9"
    assert client_host("127.0.0.1", None, proxies) == "127.0.0.1"
    assert client_host("192.0.2.7", "203.0.113.9", proxies) == "192.0.2.7"


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(tmp_path):
    async def body():
        settings = Settings(connections_per_address=1, trusted_proxies=frozenset({"127.0.0.1"}))
        async with local_server(tmp_path / "games.sqlite3", settings) as server:
            one = await raw(server.url, additional_headers={"X-Forwarded-For": "203.0.113.1"})
            two = await raw(server.url, additional_headers={"X-Forwarded-For": "203.0.113.2"})
            again = await raw(
                server.url, hello=False, additional_headers={"X-Forwarded-For": "203.0.113.1"}
            )
            assert (await until_closed(again))[1] == 1008
            assert server.game_server.per_address == {"203.0.113.1": 1, "203.0.113.2": 1}
            await one.close()
            await two.close()

    run(body())
