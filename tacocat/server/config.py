"""The server's settings: one frozen value, the command line's defaults (docs/server.md)."""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Settings:
    """Every limit and period of the server (docs/protocol.md, "Errors and limits")."""

    #: Seconds a client has to say ``hello``.
    hello_timeout: float = 10.0
    #: WebSocket keep-alive: ping every N s, drop after N s without the pong.
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    #: A seat whose last connection dropped is shown as gone only after this (s).
    presence_grace: float = 15.0
    #: A game nobody acted in for this long ends as expired (s; 30 days).
    expire_after: float = 30 * 24 * 3600.0
    #: An invite works this long (s; 7 days).
    invite_ttl: float = 7 * 24 * 3600.0
    #: How often the expiry sweep runs (s).
    sweep_every: float = 60.0
    #: Messages per second per connection, and the burst allowed above it.
    message_rate: float = 20.0
    message_burst: float = 40.0
    #: Creates and joins per minute per address (each).
    room_rate_per_minute: float = 10.0
    connections_per_address: int = 8
    max_connections: int = 10_000
    games_per_connection: int = 64
    max_open_invites: int = 10_000
    #: Refusals in a row (bad frames, rate limits) before the connection is closed.
    strikes: int = 10
    #: Server messages waiting for a slow client before it is dropped.
    send_queue: int = 256
    #: Rooms kept in memory with nobody attached, before the oldest are let go.
    idle_rooms: int = 2_000
    #: Peers trusted to say who their client is (``X-Forwarded-For``): a TLS terminator
    #: in front of the server. Anyone else's header is ignored.
    trusted_proxies: frozenset[str] = frozenset()


#: What a limits file may set: every number of :class:`Settings`.
TUNABLE = {f.name for f in dataclasses.fields(Settings) if f.type in ("float", "int")}


class BadLimits(ValueError):
    """A limits file that cannot be read or names something unknown."""


def read_limits(path: Path) -> dict[str, Any]:
    """The ``[limits]`` table of a TOML file (``tacocat-server --limits FILE``): Settings
    field names and their numbers, checked (docs/server.md, "Limits")."""
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("limits", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BadLimits(f"{path}: {error}") from None
    unknown = sorted(set(table) - TUNABLE)
    if unknown:
        raise BadLimits(f"{path}: unknown limits {unknown}; known: {sorted(TUNABLE)}")
    for name, value in table.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise BadLimits(f"{path}: {name} must be a positive number")
    return dict(table)
