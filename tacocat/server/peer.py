"""What the rooms and the request handlers need of a connection: a protocol, so they never
import the service that holds the real one (tests/test_import_cycles.py)."""

from __future__ import annotations

from typing import Protocol

import msgspec


class Client(Protocol):
    """One connection: where it comes from, the games it follows (id -> seat), its queue."""

    address: str
    games: dict[str, int]

    def send(self, message: msgspec.Struct) -> None: ...
