"""The online games this player holds a seat in: enough to come back to each, any time.

A seat's ``token`` *is* the seat (docs/protocol.md, "Create"): whoever holds it plays
it. It is kept here, beside the saves, so that closing the game, a crash or a lost
network never loses an online game: the next start resumes every seat listed
(``online.json`` in the data folder, one JSON document like the settings). The server
holds the games themselves; this file holds only the way back to them.

    store = OnlineSeats(folder)
    seats, problem = store.load()       # problem: a damaged file, set aside and worded
    store.put(OnlineSeat(url, game, seat, token, ("Ana", "Ben")))
    store.drop(game)                    # the game ended and went to the History
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tacocat.persistence.documents import (
    BadDocument,
    load_checked_document,
    read_document,
    write_document,
)
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.fields import check_name
from tacocat.persistence.problems import Problem

log = logging.getLogger(__name__)

ONLINE_FILE = "online.json"
ONLINE_FORMAT = "tacocat-online"
ONLINE_VERSION = 1
#: A few hundred seats at most (the server's limit is 64 games per connection).
ONLINE_MAX_BYTES = 256 * 1024
#: Who is not known yet: the friend who has not joined.
NOBODY = ""


@dataclass(frozen=True, slots=True)
class OnlineSeat:
    """One seat this player holds.

    :ivar url: the server's address (``ws://`` or ``wss://``).
    :ivar game: the game's public id.
    :ivar seat: which seat (0: the host's).
    :ivar token: the seat's secret (never shown, never logged).
    :ivar names: the two seats' names, first seat first; :data:`NOBODY` for a friend who
        has not joined yet.
    :ivar invite: the code to give the friend, while they have not joined.
    :ivar lan_host: the ``server_id`` of the computer on this network that hosts the game
        (``tacocat.online.lan``), None for a game on a server: a host that comes back
        on another address is found again by it.
    :ivar hosting: this computer is that host (its game runs the server).
    """

    url: str
    game: str
    seat: int
    token: str
    names: tuple[str, str]
    invite: str | None = None
    lan_host: str | None = None
    hosting: bool = False

    def __repr__(self) -> str:  # the token stays out of logs and tracebacks
        return f"OnlineSeat({self.url!r}, {self.game!r}, seat={self.seat})"

    @property
    def opponent(self) -> str:
        """The other seat's name (:data:`NOBODY` until they join)."""
        return self.names[1 - self.seat]

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_json(cls, data: Any) -> OnlineSeat:
        """Raises ValueError (or KeyError, TypeError) on anything but a well-formed seat."""
        if not isinstance(data, dict) or set(data) != {f.name for f in dataclasses.fields(cls)}:
            raise ValueError("not an online seat")
        names = data["names"]
        if not isinstance(names, list) or len(names) != 2:
            raise ValueError("names must be a list of two")
        names = tuple(n if n == NOBODY else check_name(n) for n in names)
        for key in ("url", "game", "token"):
            if not isinstance(data[key], str) or not data[key]:
                raise ValueError(f"{key} must be text")
        if not str(data["url"]).startswith(("ws://", "wss://")) or data["seat"] not in (0, 1):
            raise ValueError("not a server address, or not a seat")
        for key in ("invite", "lan_host"):
            if data[key] is not None and not isinstance(data[key], str):
                raise ValueError(f"{key} must be text")
        if not isinstance(data["hosting"], bool):
            raise ValueError("hosting must be true or false")
        return cls(**{**data, "names": names})


def seats_from_json(payload: dict[str, Any]) -> tuple[list[OnlineSeat], list[str]]:
    """The good seats of a document, and a label for each bad one."""
    seats, bad = [], []
    raw = payload.get("seats")
    if not isinstance(raw, list):
        return [], ["seats"]
    for index, entry in enumerate(raw):
        try:
            seats.append(OnlineSeat.from_json(entry))
        except (ValueError, KeyError, TypeError):
            bad.append(f"seats[{index}]")
    return seats, bad


class OnlineSeats:
    """The ``online.json`` of a data folder."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / ONLINE_FILE

    def load(self) -> tuple[list[OnlineSeat], Problem | None]:
        """Every seat kept; a damaged file is set aside (the good seats kept) and worded."""
        return load_checked_document(
            self.path,
            fmt=ONLINE_FORMAT,
            version=ONLINE_VERSION,
            max_bytes=ONLINE_MAX_BYTES,
            parse=seats_from_json,
            default=[],
            whole_problem=lambda bad: Problem(
                f"Your list of online games {bad.reason}, so the game cannot take you back "
                "to them.",
                "online_whole",
                reason=bad.problem,
            ),
            partial_problem=lambda bad: Problem(
                f"Some of your online games could not be read ({', '.join(bad)}); "
                "the rest were kept.",
                "online_partial",
                fields=", ".join(bad),
            ),
            write=self._write,
        )

    def peek(self) -> list[OnlineSeat]:
        """The good seats, read without touching the file (a damaged one is left for
        :meth:`load` to set aside and word, once)."""
        try:
            data = read_document(
                self.path, fmt=ONLINE_FORMAT, version=ONLINE_VERSION, max_bytes=ONLINE_MAX_BYTES
            )
        except BadDocument:
            return []
        return seats_from_json(data)[0] if data is not None else []

    def seats(self) -> list[OnlineSeat]:
        """The seats kept (a damaged file counts as none; :meth:`load` words why)."""
        return self.load()[0]

    def put(self, seat: OnlineSeat) -> None:
        """Keep ``seat`` (replacing the one of the same game). Raises PersistenceError."""
        kept = [s for s in self.seats() if s.game != seat.game]
        self._write([*kept, seat])

    def drop(self, game: str) -> None:
        """Forget the seat of ``game`` (it ended, or was cancelled). Never raises."""
        kept = self.seats()
        if any(s.game == game for s in kept):
            try:
                self._write([s for s in kept if s.game != game])
            except PersistenceError as error:
                log.warning("could not forget online game %s: %s", game, error)

    def _write(self, seats: list[OnlineSeat]) -> None:
        write_document(
            self.path,
            fmt=ONLINE_FORMAT,
            version=ONLINE_VERSION,
            payload={"seats": [s.to_json() for s in seats]},
        )
