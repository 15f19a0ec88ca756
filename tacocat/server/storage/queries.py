"""The storage's statements, written once for SQLite and PostgreSQL.

Each function runs on a DB-API connection inside the transaction the worker opened
(tacocat/server/storage/worker.py). Placeholders are written ``?`` and turned into
``%s`` for psycopg by :class:`Dialect`. A broken uniqueness (a taken ``seq``, a taken
seat) comes back as :class:`~tacocat.server.storage.base.Conflict`, whatever the driver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tacocat.server.storage.base import Conflict, GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.schema import LATEST, MIGRATIONS, VERSION_TABLE, SchemaTooNew
from tacocat.server.storage.worker import never_lost


@dataclass(frozen=True)
class Dialect:
    """What differs between the two databases: placeholders and the driver's errors."""

    placeholder: str
    integrity_error: type[Exception]
    #: Run before migrating, in the same transaction (PostgreSQL: an advisory lock).
    migration_lock: str | None = None
    #: Whether a connection is lost for good (its server restarted): then connect again.
    lost: Callable[[Any], bool] = never_lost

    def run(self, connection: Any, sql: str, params: Sequence[Any] = ()) -> Any:
        if self.placeholder != "?":
            sql = sql.replace("?", self.placeholder)
        try:
            return connection.execute(sql, tuple(params))
        except self.integrity_error as error:
            raise Conflict(str(error)) from None


def migrate(dialect: Dialect, connection: Any) -> int:
    """Run the migrations this database lacks; returns the version it is now at."""
    if dialect.migration_lock is not None:
        dialect.run(connection, dialect.migration_lock)
    dialect.run(connection, VERSION_TABLE)
    row = dialect.run(connection, "SELECT MAX(version) FROM schema_version").fetchone()
    current = row[0] or 0
    if current > LATEST:
        raise SchemaTooNew(f"the database is at schema {current}; this server knows {LATEST}")
    for version, statements in MIGRATIONS:
        if version <= current:
            continue
        for statement in statements:
            dialect.run(connection, statement)
        dialect.run(connection, "INSERT INTO schema_version (version) VALUES (?)", (version,))
    return LATEST


def create(dialect: Dialect, connection: Any, game: GameRow, invite: str, expires: float) -> None:
    dialect.run(
        connection,
        "INSERT INTO games (id, ruleset, seed, status, seq, invite, invite_expires,"
        " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.id,
            game.ruleset,
            game.seed,
            game.status,
            game.seq,
            invite,
            expires,
            game.created,
            game.updated,
        ),
    )
    for seat in game.seats:
        _insert_seat(dialect, connection, game.id, seat)
    for index, order in enumerate(game.deals):
        dialect.run(
            connection,
            "INSERT INTO deals (game, idx, card_order) VALUES (?, ?, ?)",
            (game.id, index, order),
        )


def _insert_seat(dialect: Dialect, connection: Any, game_id: str, seat: SeatRow) -> None:
    dialect.run(
        connection,
        "INSERT INTO seats (game, seat, name, token_hash) VALUES (?, ?, ?, ?)",
        (game_id, seat.seat, seat.name, seat.token_hash),
    )


def claim_invite(
    dialect: Dialect, connection: Any, invite: str, seat: SeatRow, now: float
) -> GameRow | None:
    row = dialect.run(
        connection,
        "SELECT id FROM games WHERE invite = ? AND status = 'waiting' AND invite_expires > ?",
        (invite, now),
    ).fetchone()
    if row is None:
        return None
    game_id = row[0]
    taken = dialect.run(
        connection,
        "UPDATE games SET invite = NULL, status = 'playing', updated = ? "
        "WHERE id = ? AND status = 'waiting'",
        (now, game_id),
    )
    if taken.rowcount != 1:
        return None  # another process took it a moment ago
    _insert_seat(dialect, connection, game_id, seat)
    return load(dialect, connection, game_id)


def load(dialect: Dialect, connection: Any, game_id: str, after: int = 0) -> GameRow | None:
    row = dialect.run(
        connection,
        "SELECT id, ruleset, seed, status, seq, created, updated, winner, "
        "reason FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    seats = tuple(
        SeatRow(*r)
        for r in dialect.run(
            connection,
            "SELECT seat, name, token_hash FROM seats WHERE game = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
    )
    deals = tuple(
        r[0]
        for r in dialect.run(
            connection, "SELECT card_order FROM deals WHERE game = ? ORDER BY idx", (game_id,)
        ).fetchall()
    )
    actions = tuple(
        r[0]
        for r in dialect.run(
            connection,
            "SELECT action FROM actions WHERE game = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        ).fetchall()
    )
    result = ResultRow(row[7], row[8]) if row[8] is not None else None
    return GameRow(
        row[0],
        row[1],
        int(row[2]),
        row[3],
        row[4],
        row[5],
        row[6],
        seats,
        result,
        deals,
        actions,
        after,
    )


def append(dialect: Dialect, connection: Any, step: Step, now: float) -> None:
    dialect.run(
        connection,
        "INSERT INTO actions (game, seq, action, at) VALUES (?, ?, ?, ?)",
        (step.game, step.seq, step.action, now),
    )
    for index, order in step.deals:
        dialect.run(
            connection,
            "INSERT INTO deals (game, idx, card_order) VALUES (?, ?, ?)",
            (step.game, index, order),
        )
    if step.result is None:
        moved = dialect.run(
            connection,
            "UPDATE games SET seq = ?, updated = ? WHERE id = ? AND seq = ? AND status = 'playing'",
            (step.seq, now, step.game, step.seq - 1),
        )
    else:
        moved = dialect.run(
            connection,
            "UPDATE games SET seq = ?, updated = ?, status = 'over', "
            "winner = ?, reason = ? WHERE id = ? AND seq = ? AND status = 'playing'",
            (step.seq, now, step.result.winner, step.result.reason, step.game, step.seq - 1),
        )
    if moved.rowcount != 1:
        raise Conflict(f"{step.game} is not at step {step.seq - 1} or not playing")


def finish(
    dialect: Dialect,
    connection: Any,
    game_id: str,
    result: ResultRow,
    now: float,
    only_if_seq: int | None,
) -> bool:
    sql = (
        "UPDATE games SET status = 'over', winner = ?, reason = ?, updated = ?, invite = NULL "
        "WHERE id = ? AND status <> 'over'"
    )
    params: list[Any] = [result.winner, result.reason, now, game_id]
    if only_if_seq is not None:
        sql += " AND seq = ?"
        params.append(only_if_seq)
    return bool(dialect.run(connection, sql, params).rowcount == 1)


def idle_games(
    dialect: Dialect, connection: Any, before: float, limit: int
) -> list[tuple[str, int]]:
    rows = dialect.run(
        connection,
        "SELECT id, seq FROM games WHERE status <> 'over' AND updated < ? ORDER BY updated LIMIT ?",
        (before, limit),
    ).fetchall()
    return [(row[0], row[1]) for row in rows]


def open_invites(dialect: Dialect, connection: Any, now: float) -> int:
    row = dialect.run(
        connection,
        "SELECT COUNT(*) FROM games WHERE status = 'waiting' AND invite_expires > ?",
        (now,),
    ).fetchone()
    return int(row[0])
