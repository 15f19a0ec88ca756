"""The tables, as numbered migrations run in order by both storages.

The SQL is written once for SQLite and PostgreSQL alike (TEXT, INTEGER, BIGINT,
DOUBLE PRECISION, primary keys, one partial-free unique index). A storage runs every
migration above the number it finds in ``schema_version``, each in its own transaction,
so a server of a newer version upgrades an older database on start (docs/server.md,
"Upgrading"); an older server refuses a newer database rather than misread it.
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            ruleset TEXT NOT NULL,
            seed BIGINT NOT NULL,
            status TEXT NOT NULL,
            seq INTEGER NOT NULL,
            invite TEXT UNIQUE,
            invite_expires DOUBLE PRECISION,
            created DOUBLE PRECISION NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            winner INTEGER,
            reason TEXT
        )""",
            "CREATE INDEX games_status_updated ON games (status, updated)",
            """CREATE TABLE seats (
            game TEXT NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            PRIMARY KEY (game, seat)
        )""",
            """CREATE TABLE deals (
            game TEXT NOT NULL REFERENCES games (id),
            idx INTEGER NOT NULL,
            card_order TEXT NOT NULL,
            PRIMARY KEY (game, idx)
        )""",
            """CREATE TABLE actions (
            game TEXT NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, seq)
        )""",
        ),
    ),
    # Which server process has which seat attached (several processes on one PostgreSQL:
    # tacocat/server/storage/presence.py); ``nodes`` holds each process's heartbeat. SQLite
    # (one process) keeps the tables empty.
    (
        2,
        (
            """CREATE TABLE nodes (
            node TEXT PRIMARY KEY,
            seen DOUBLE PRECISION NOT NULL
        )""",
            """CREATE TABLE presence (
            node TEXT NOT NULL,
            game TEXT NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            PRIMARY KEY (node, game, seat)
        )""",
            "CREATE INDEX presence_game ON presence (game)",
        ),
    ),
)

LATEST = MIGRATIONS[-1][0]
VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


class SchemaTooNew(RuntimeError):
    """The database was written by a newer server than this one."""
