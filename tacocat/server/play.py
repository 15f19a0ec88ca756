"""The requests of docs/protocol.md: create, join, resume, act, resign, and expiry.

Every change to a game happens under its room's lock and in this order: the rules decide,
the storage commits, the room changes, the seats are told. A refusal changes nothing.
"""

from __future__ import annotations

import json
import logging
import unicodedata
from typing import TYPE_CHECKING

from tacocat.net import messages as m
from tacocat.net.codec import plain
from tacocat.rules import IllegalAction, new_game
from tacocat.rules.actions import action_from_dict, action_to_dict
from tacocat.server import credentials as cred
from tacocat.server.rooms import Room, new_deals, room_from_row
from tacocat.server.rooms_store import presence
from tacocat.server.storage.base import Conflict, GameRow, ResultRow, SeatRow, Step

if TYPE_CHECKING:
    from tacocat.server.peer import Client
    from tacocat.server.roles import Server as GameServer

log = logging.getLogger("tacocat.server")
NAME_LENGTH = 24


def clean_name(name: str) -> str | None:
    """A player's name trimmed, or None when empty, too long or not printable."""
    name = " ".join(name.split())
    if not name or len(name) > NAME_LENGTH:
        return None
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return None
    return name


def _limited(server: GameServer, client: Client, kind: str, request: m.RequestId | None) -> bool:
    wait = server.address_limits.take(client.address, kind)
    if wait:
        client.send(m.Error(code="rate_limited", retry_after=round(wait, 1), id=request))
    return bool(wait)


def _full(server: GameServer, client: Client, request: m.RequestId | None) -> bool:
    if len(client.games) >= server.settings.games_per_connection:
        client.send(m.Error(code="too_many_games", id=request))
        return True
    return False


def _admitted(
    server: GameServer, client: Client, kind: str, name: str, request: m.RequestId | None
) -> str | None:
    """The player's cleaned name when a create or join may go ahead; else None, the
    refusal sent (rate limit, too many games, a bad name: in that order)."""
    if _limited(server, client, kind, request) or _full(server, client, request):
        return None
    cleaned = clean_name(name)
    if cleaned is None:
        client.send(m.Error(code="bad_name", id=request))
    return cleaned


def notify_presence(server: GameServer, room: Room, seat: int) -> None:
    """Tell the other seat that ``seat`` came or went."""
    server.broadcast(room, lambda to: presence(room, seat) if to != seat else None)


async def create(server: GameServer, client: Client, message: m.Create) -> None:
    name = _admitted(server, client, "create", message.name, message.id)
    if name is None:
        return
    try:
        ruleset = server.rules(message.variants)
    except ValueError as error:
        client.send(m.Error(code="bad_variants", message=str(error), id=message.id))
        return
    now = server.clock()
    if await server.storage.open_invites(now) >= server.settings.max_open_invites:
        client.send(m.Error(code="too_many_games", message="the server is full", id=message.id))
        return
    token, seed = cred.new_token(), cred.new_seed()
    first = new_game(seed, ruleset)[0].deals[0]
    row = GameRow(
        cred.new_game_id(),
        json.dumps(ruleset.to_dict()),
        seed,
        "waiting",
        0,
        now,
        now,
        (SeatRow(0, name, cred.token_hash(token)),),
        deals=(json.dumps(list(first)),),
    )
    for _ in range(5):  # an invite already in use (1 chance in 10^11): draw another
        invite = cred.new_invite()
        try:
            await server.storage.create(row, invite, now + server.settings.invite_ttl)
            break
        except Conflict:
            continue
    room = room_from_row(row)
    server.rooms.put(room)
    client.send(
        m.Created(game=row.id, seat=0, token=token, invite=cred.show_invite(invite), id=message.id)
    )
    server.rooms.attach(client, room, 0, server.presence_changed)
    client.send(room.state_message(0))


async def join(server: GameServer, client: Client, message: m.Join) -> None:
    name = _admitted(server, client, "join", message.name, message.id)
    if name is None:
        return
    code = cred.normalise_invite(message.invite)
    token = cred.new_token()
    row = None
    if code is not None:
        row = await server.storage.claim_invite(
            code, SeatRow(1, name, cred.token_hash(token)), server.clock()
        )
    if row is None:
        client.send(m.Error(code="no_such_invite", id=message.id))
        return
    room = await server.rooms.get(row.id)
    assert room is not None
    async with room.lock:
        room.adopt(row)
    client.send(m.Joined(game=row.id, seat=1, token=token, id=message.id))
    server.rooms.attach(client, room, 1, server.presence_changed)
    server.broadcast(room, room.state_message)
    await server.announce(room.id, room.seq)


async def resume(server: GameServer, client: Client, message: m.Resume) -> None:
    room = await server.rooms.get(message.game)
    seat = room.seat_for(message.token) if room else None
    if room is None or seat is None:
        client.send(m.Error(code="no_such_game", id=message.id))
        return
    if message.game not in client.games and _full(server, client, message.id):
        return
    server.rooms.attach(client, room, seat, server.presence_changed)
    client.send(room.state_message(seat, message.id))
    if room.status == "over":  # the end may have been decided while this seat was away
        client.send(room.ended_message())


def _refuse(
    client: Client,
    room: Room,
    code: str,
    request: m.RequestId | None,
    error: IllegalAction | None = None,
) -> None:
    client.send(
        m.Refused(
            game=room.id,
            code=code,
            seq=room.seq,
            id=request,
            reason=error.reason if error else None,
            params={k: plain(v) for k, v in error.params.items()} if error else None,
        )
    )


async def act(server: GameServer, client: Client, message: m.Act) -> None:
    seat = client.games.get(message.game)
    room = server.rooms.cached(message.game) if seat is not None else None
    if room is None or seat is None:
        client.send(m.Error(code="no_such_game", id=message.id))
        return
    action = m.to_action(message.action)
    async with room.lock:
        if action.seat != seat:
            _refuse(client, room, "not_your_seat", message.id)
        elif room.status == "over":
            _refuse(client, room, "game_over", message.id)
        elif room.status == "waiting" or room.state is None:
            _refuse(client, room, "not_started", message.id)
        elif message.seq != room.seq:
            repeated = message.seq < room.seq and room.state.actions[message.seq] == action
            _refuse(client, room, "duplicate" if repeated else "stale", message.id)
            if not repeated:
                client.send(room.state_message(seat))
        else:
            await _apply(server, client, room, action, message.id)


async def _apply(
    server: GameServer, client: Client, room: Room, action: object, request: m.RequestId | None
) -> None:
    assert room.state is not None
    try:
        state, events = room.state.apply(action)  # type: ignore[arg-type]
    except IllegalAction as error:
        _refuse(client, room, "illegal", request, error)
        return
    result = ResultRow(state.winner, "won") if state.is_over else None
    step = Step(
        room.id,
        room.seq + 1,
        json.dumps(action_to_dict(action)),  # type: ignore[arg-type]
        new_deals(room.state, state),
        result,
    )
    now = server.clock()
    try:
        await server.storage.append(step, now)
    except Conflict:  # another server process moved this game on: catch up, then refuse
        await catch_up(server, room, -1)
        _refuse(client, room, "stale", request)
        return
    room.state, room.updated = state, now
    server.broadcast(room, lambda seat: room.update_message(seat, events))
    if result is not None:
        room.status, room.result = "over", result
        server.broadcast(room, lambda _seat: room.ended_message())
    await server.announce(room.id, room.seq)


async def resign(server: GameServer, client: Client, message: m.Resign) -> None:
    seat = client.games.get(message.game)
    room = server.rooms.cached(message.game) if seat is not None else None
    if room is None or seat is None:
        client.send(m.Error(code="no_such_game", id=message.id))
        return
    async with room.lock:
        if room.status == "over":
            _refuse(client, room, "game_over", message.id)
            return
        winner = 1 - seat if room.status == "playing" else None
        await _end(server, room, ResultRow(winner, "resigned"), None)


async def expire(server: GameServer, game_id: str, seq: int) -> None:
    """End a game left untouched for too long: the seat that owed the move loses."""
    room = await server.rooms.get(game_id)
    if room is None:
        return
    async with room.lock:
        if room.status == "over" or room.seq != seq:
            return
        owed = room.state.to_act if room.state is not None and room.status == "playing" else ()
        winner = 1 - owed[0] if len(owed) == 1 else None
        await _end(server, room, ResultRow(winner, "expired"), seq)


async def _end(server: GameServer, room: Room, result: ResultRow, only_if_seq: int | None) -> None:
    """Store the end of a game (resigned, expired) and tell both seats; under the lock."""
    if not await server.storage.finish(room.id, result, server.clock(), only_if_seq):
        await catch_up(server, room, -1)  # another process moved it on or ended it first
        return
    room.status, room.result = "over", result
    server.broadcast(room, lambda _seat: room.ended_message())
    await server.announce(room.id, room.seq)


async def catch_up(server: GameServer, room: Room, seq: int) -> None:
    """Bring a room up to its stored rows after another process changed the game (to
    ``seq``; -1 when unknown), reading only the actions it lacks, and tell this process's
    clients what they missed: each action's update, the start, the end."""
    if seq != -1 and room.status == "playing" and seq <= room.seq:
        return  # this process has it already (it caught up by itself after a conflict)
    row = await server.storage.load(room.id, after=room.seq)
    if row is None:
        return
    before = room.status
    if room.state is not None and before == "playing":
        for text in row.actions:
            state, events = room.state.apply(action_from_dict(json.loads(text)))
            room.state = state
            server.broadcast(room, lambda seat, seen=events: room.update_message(seat, seen))  # type: ignore[misc]
    room.adopt(row)
    if before == "waiting" and room.status != "waiting":
        server.broadcast(room, room.state_message)
    if before != "over" and room.status == "over":
        server.broadcast(room, lambda _seat: room.ended_message())
