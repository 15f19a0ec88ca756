"""The :class:`~tacocat.server.storage.base.Storage` both databases share: the queries of
tacocat/server/storage/queries.py run on a :class:`DatabaseThread` with group commit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tacocat.server.storage import queries
from tacocat.server.storage.base import GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.queries import Dialect
from tacocat.server.storage.worker import DatabaseThread


class ThreadedStorage:
    """Storage on one connection of ``connect()``, in its own thread."""

    def __init__(self, connect: Callable[[], Any], dialect: Dialect, begin: str, name: str) -> None:
        self.dialect = dialect
        self._connect = connect
        self.thread = DatabaseThread(self._connect_and_migrate, begin, name, dialect.lost)

    def _connect_and_migrate(self) -> Any:
        connection = self._connect()
        connection.execute("BEGIN")
        try:
            queries.migrate(self.dialect, connection)
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            connection.close()
            raise
        return connection

    async def open(self) -> None:
        self.thread.start()

    async def close(self) -> None:
        self.thread.stop()

    async def create(self, game: GameRow, invite: str, invite_expires: float) -> None:
        await self.thread.run(
            partial(queries.create, self.dialect, game=game, invite=invite, expires=invite_expires)
        )

    async def claim_invite(self, invite: str, seat: SeatRow, now: float) -> GameRow | None:
        return await self.thread.run(
            partial(queries.claim_invite, self.dialect, invite=invite, seat=seat, now=now)
        )

    async def load(self, game_id: str, after: int = 0) -> GameRow | None:
        return await self.thread.run(
            partial(queries.load, self.dialect, game_id=game_id, after=after)
        )

    async def append(self, step: Step, now: float) -> None:
        await self.thread.run(partial(queries.append, self.dialect, step=step, now=now))

    async def finish(
        self, game_id: str, result: ResultRow, now: float, only_if_seq: int | None = None
    ) -> bool:
        return await self.thread.run(
            partial(
                queries.finish,
                self.dialect,
                game_id=game_id,
                result=result,
                now=now,
                only_if_seq=only_if_seq,
            )
        )

    async def idle_games(self, before: float, limit: int) -> list[tuple[str, int]]:
        return await self.thread.run(
            partial(queries.idle_games, self.dialect, before=before, limit=limit)
        )

    async def open_invites(self, now: float) -> int:
        return await self.thread.run(partial(queries.open_invites, self.dialect, now=now))
