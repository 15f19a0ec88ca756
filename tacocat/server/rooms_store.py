"""The rooms of one server process: loaded once from storage, kept while someone follows
them, and who is attached to which seat, with presence and its grace period."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from tacocat.net import messages as m
from tacocat.server.config import Settings
from tacocat.server.rooms import Room, room_from_row
from tacocat.server.storage.base import Storage

if TYPE_CHECKING:
    from tacocat.server.peer import Client

#: Tells the other seat that a seat came or went.
Notify = Callable[[Room, int], None]


class Rooms:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self._rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # presence writes and reads under way

    def __len__(self) -> int:
        return len(self._rooms)

    def cached(self, game_id: str) -> Room | None:
        return self._rooms.get(game_id)

    async def following(self, game_id: str) -> Room | None:
        """The room if this process holds it: in memory, or being loaded (then awaited, so
        that a change another process made during the load is not missed)."""
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        return self._rooms.get(game_id)

    async def get(self, game_id: str) -> Room | None:
        """The room, from memory or from storage (one load however many ask at once)."""
        room = self._rooms.get(game_id)
        if room is not None:
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            row = await self.storage.load(game_id)
            room = room_from_row(row) if row is not None else None
            if room is not None:
                await self._read_remote(room)
                room.shown = [bool(attached) for attached in room.remote]  # nobody here to tell
                self.put(room)
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]

    def put(self, room: Room) -> None:
        self._rooms[room.id] = room
        if len(self._rooms) > self.settings.idle_rooms:
            self._let_go()

    def _let_go(self) -> None:
        """Forget the least recently changed rooms nobody follows (storage has them)."""
        idle = sorted(
            (r for r in self._rooms.values() if not r.everyone() and not r.lock.locked()),
            key=lambda r: r.updated,
        )
        for room in idle[: len(self._rooms) - self.settings.idle_rooms // 2]:
            del self._rooms[room.id]

    # --- attachment and presence ----------------------------------------------------------
    # A seat is present while a connection of this process or of another (PostgreSQL:
    # ``remote``, read from the ``presence`` table when the room loads and again whenever
    # another process says it changed) follows it. Coming is shown at once; going only
    # after the grace period.
    def attach(self, client: Client, room: Room, seat: int, notify: Notify) -> None:
        client.games[room.id] = seat
        first = not room.attached[seat]
        room.attached[seat].add(client)
        if first:
            self._publish(room.id, seat, True)
        self._settle(room, seat, notify)

    def detach(self, client: Client, game_id: str, seat: int, notify: Notify) -> None:
        client.games.pop(game_id, None)
        room = self._rooms.get(game_id)
        if room is None or client not in room.attached[seat]:
            return
        room.attached[seat].discard(client)
        if not room.attached[seat]:
            self._publish(room.id, seat, False)
        self._settle(room, seat, notify)

    def remote(self, game_id: str, notify: Notify) -> None:
        """Another server process's seats in this game changed: read them again."""
        self._spawn(self._refresh(game_id, notify))

    async def _refresh(self, game_id: str, notify: Notify) -> None:
        room = await self.following(game_id)
        if room is None:
            return
        await self._read_remote(room)
        for seat in (0, 1):
            self._settle(room, seat, notify)

    async def _read_remote(self, room: Room) -> None:
        """``room.remote`` from storage (PostgreSQL's ``presence`` table; SQLite has none)."""
        read = getattr(self.storage, "remote_presence", None)
        if read is None:
            return
        remote: tuple[set[str], set[str]] = (set(), set())
        for node, seat in await read(room.id):
            remote[seat].add(node)
        room.remote = remote

    def _publish(self, game_id: str, seat: int, attached: bool) -> None:
        publish = getattr(self.storage, "presence", None)
        if publish is not None:
            self._spawn(publish(game_id, seat, attached))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _settle(self, room: Room, seat: int, notify: Notify) -> None:
        present = bool(room.attached[seat] or room.remote[seat])
        handle = room.grace[seat]
        if present:
            if handle is not None:
                handle.cancel()
                room.grace[seat] = None
            if not room.shown[seat]:
                room.shown[seat] = True
                notify(room, seat)
        elif room.shown[seat] and handle is None:
            room.grace[seat] = asyncio.get_running_loop().call_later(
                self.settings.presence_grace, self._gone, room, seat, notify
            )

    def _gone(self, room: Room, seat: int, notify: Notify) -> None:
        room.grace[seat] = None
        if not (room.attached[seat] or room.remote[seat]) and room.shown[seat]:
            room.shown[seat] = False
            notify(room, seat)


def presence(room: Room, seat: int) -> m.Presence:
    return m.Presence(game=room.id, seat=seat, connected=room.shown[seat])
