"""How server processes tell each other that a game changed (several processes on one
PostgreSQL: tacocat/server/storage/postgres.py implements it with LISTEN/NOTIFY)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

#: Called with (game id, its seq now; -1 when it ended) for a change another process made.
Listener = Callable[[str, int], Coroutine[Any, Any, None]]
#: Called with a game id when another process's seats in that game changed (read them again).
PresenceListener = Callable[[str], None]


class Bus(Protocol):
    async def publish(self, game_id: str, seq: int) -> None: ...

    async def listen(self, listener: Listener, presence: PresenceListener | None = None) -> None:
        """Start delivering other processes' changes to the listeners."""
        ...
