"""What the request handlers need of the server: a protocol, so they never import the
service that drives them (the import graph stays a tree: tests/test_import_cycles.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import msgspec

from tacocat.rules import Ruleset
from tacocat.server.config import Settings
from tacocat.server.limits import AddressLimits
from tacocat.server.rooms import Room
from tacocat.server.rooms_store import Rooms
from tacocat.server.storage.base import Storage


class Server(Protocol):
    """The server process as the request handlers use it."""

    storage: Storage
    settings: Settings
    clock: Callable[[], float]
    rooms: Rooms
    address_limits: AddressLimits
    rules: Callable[[list[str]], Ruleset]

    def broadcast(self, room: Room, make: Callable[[int], msgspec.Struct | None]) -> None: ...

    async def announce(self, game_id: str, seq: int) -> None: ...

    def presence_changed(self, room: Room, seat: int) -> None: ...
