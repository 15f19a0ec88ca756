"""Presence across server processes (PostgreSQL): which process has which seat attached.

Each process (a *node*) writes a ``presence`` row when a seat's first connection attaches
there and deletes it when the last one leaves, and refreshes its ``nodes`` row (a
heartbeat). A process loading a room reads the other nodes' rows, so it knows at once who
is connected elsewhere; a NOTIFY tells the processes following the game to read them
again. A node whose heartbeat is older than the timeout is taken for dead: whoever notices
first deletes its rows, and its players are shown gone after the grace period. The SQL is
written once with ``?`` placeholders, like tacocat/server/storage/queries.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tacocat.server.storage.queries import Dialect

#: A process not heard from for this long (s) is taken for dead (its seats shown gone);
#: each beats its heartbeat every third of it.
NODE_TIMEOUT = 30.0


def set_seat(
    dialect: Dialect, connection: Any, node: str, game_id: str, seat: int, attached: bool
) -> None:
    """``node`` now has (or no longer has) ``seat`` of the game attached."""
    if attached:
        dialect.run(
            connection,
            "INSERT INTO presence (node, game, seat) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (node, game_id, seat),
        )
    else:
        dialect.run(
            connection,
            "DELETE FROM presence WHERE node = ? AND game = ? AND seat = ?",
            (node, game_id, seat),
        )


def others(dialect: Dialect, connection: Any, node: str, game_id: str) -> list[tuple[str, int]]:
    """The (node, seat) pairs other nodes have attached in this game."""
    rows = dialect.run(
        connection, "SELECT node, seat FROM presence WHERE game = ? AND node <> ?", (game_id, node)
    ).fetchall()
    return [(row[0], int(row[1])) for row in rows]


def beat(
    dialect: Dialect, connection: Any, node: str, now: float, mine: Iterable[tuple[str, int]]
) -> bool:
    """Refresh ``node``'s heartbeat; True when it had been taken for dead (its rows were
    gone), in which case its seats ``mine`` are written again."""
    if (
        dialect.run(connection, "UPDATE nodes SET seen = ? WHERE node = ?", (now, node)).rowcount
        == 1
    ):
        return False
    dialect.run(connection, "INSERT INTO nodes (node, seen) VALUES (?, ?)", (node, now))
    for game_id, seat in mine:
        set_seat(dialect, connection, node, game_id, seat, True)
    return True


def reap(dialect: Dialect, connection: Any, before: float) -> list[tuple[str, str]]:
    """Forget the nodes not heard from since ``before`` and their seats; the (node, game)
    pairs whose presence changed, for the notifications."""
    dead = [
        row[0]
        for row in dialect.run(
            connection, "SELECT node FROM nodes WHERE seen < ?", (before,)
        ).fetchall()
    ]
    return [(node, game_id) for node in dead for game_id in forget(dialect, connection, node)]


def forget(dialect: Dialect, connection: Any, node: str) -> list[str]:
    """Remove a node and its seats (a clean stop, or found dead); the games it had."""
    games = [
        row[0]
        for row in dialect.run(
            connection, "SELECT DISTINCT game FROM presence WHERE node = ?", (node,)
        ).fetchall()
    ]
    dialect.run(connection, "DELETE FROM presence WHERE node = ?", (node,))
    dialect.run(connection, "DELETE FROM nodes WHERE node = ?", (node,))
    return games
