"""The History: the last :data:`MAX_GAMES` finished games, each kept as its record.

Layout in the data folder::

    history/index.json          what the History screen lists (one entry a game)
    history/games/<id>.json     each game's file (see :mod:`.gamefile`)
    exports/                    games the player exported (copies of game files)

The index makes the list cheap: 500 games are listed without reading or
replaying 500 files. Both kinds of file are written atomically, the game file
first: a crash in between leaves a game file the index does not name, which
the next listing adopts (it reads only that file's ``"game"`` description).
An index entry whose file is gone is dropped; a damaged index is set aside and
rebuilt from the game files. A game file that turns out to be damaged when
opened is set aside (``<id>.json.bad-<time>``) and leaves the list; the
caller gets a :class:`~tacocat.persistence.gamefile.GameFileError` to word.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tacocat.persistence.atomic import atomic_write_json, unique_names
from tacocat.persistence.documents import BadDocument, read_document, set_aside, write_document
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.gamefile import (
    DAMAGED,
    GameFile,
    GameFileError,
    GameInfo,
    open_game_file,
    read_game_file,
    read_game_info,
)
from tacocat.persistence.problems import Problem, reason
from tacocat.persistence.regular import is_regular_file
from tacocat.persistence.text import printable
from tacocat.rules.record import GameRecord
from tacocat.rules.state import GameState

log = logging.getLogger(__name__)

HISTORY_DIR = "history"
GAMES_DIR = "games"
EXPORTS_DIR = "exports"
INDEX_FILE = "index.json"
INDEX_FORMAT = "tacocat-history"
INDEX_VERSION = 1
#: Games kept; the oldest leave when a new one arrives.
MAX_GAMES = 500
#: 500 entries take ~150 KB; an index beyond this is not ours.
INDEX_MAX_BYTES = 2 * 1024 * 1024
#: Unindexed game files read per listing (~0.5 ms each): a lost index of 9,000
#: games is rebuilt over many idle moments, not in one 4-second frame.
ADOPT_PER_LISTING = 40
#: What a game id may look like (it names a file: no separators, no dots).
_ID = re.compile(r"[0-9A-Za-z-]{1,48}")

#: :attr:`HistoryStore.problem` codes.
INDEX_DAMAGED = "index_damaged"  # the index was set aside and rebuilt
ENTRIES_DROPPED = "entries_dropped"  # some entries were unusable and left out
BEYOND_LIMIT = "beyond_limit"  # more than the limit were found; the oldest were moved out
#: Where games beyond the limit found on reading go (out of the list, not deleted).
OLDER_DIR = "older"


@dataclass(frozen=True)
class HistoryEntry:
    """One listed game: its id (the file's name) and what the list shows."""

    id: str
    info: GameInfo


class HistoryStore:
    """The History of one data folder.

    :param data_folder: the player's data folder.
    :param limit: games kept (tests use a small one).
    """

    def __init__(self, data_folder: Path, limit: int = MAX_GAMES) -> None:
        self.folder = Path(data_folder) / HISTORY_DIR
        self.games_folder = self.folder / GAMES_DIR
        self.index_path = self.folder / INDEX_FILE
        self.exports_folder = Path(data_folder) / EXPORTS_DIR
        self.limit = limit
        #: What went wrong at the last listing, ``(code, count)``, or None.
        self.problem: tuple[str, int] | None = None
        #: Game files the last listing has not adopted yet (see :meth:`entries`).
        self.pending = 0
        self._unlisted: list[str] = []
        # The list as last read or written, oldest first: adding a game at the end of
        # one need not read the index again (one running game per data folder).
        self._known: list[HistoryEntry] | None = None

    # --- listing ------------------------------------------------------------------------

    def entries(self, adopt: int | None = ADOPT_PER_LISTING) -> list[HistoryEntry]:
        """The kept games, newest first. Never raises; see :attr:`problem`.

        :param adopt: at most this many game files that the index does not name
            are read and added (newest first); the rest wait for the next call -
            :attr:`pending` says how many - so that rebuilding a lost index of
            thousands of games never holds up a frame (the History screen asks
            again while the app is idle). None: all of them now.
        """
        self.problem = None
        entries, dropped = self._read_index()
        on_disk = self._game_ids()
        listed = {entry.id for entry in entries}
        kept = [entry for entry in entries if entry.id in on_disk]
        unlisted = sorted(on_disk - listed, reverse=True)  # ids sort by time: newest first
        batch = unlisted if adopt is None else unlisted[:adopt]
        self._unlisted = unlisted[len(batch) :]
        self.pending = len(self._unlisted)
        adopted = [entry for entry in map(self._adopt, batch) if entry]
        beyond = 0
        if adopted or len(kept) != len(entries) or dropped or len(kept) > self.limit:
            kept = sorted(kept + adopted, key=lambda e: (e.info.finished_at, e.id))
            if len(kept) > self.limit:
                # The limit holds on reading too (an index or a folder from elsewhere):
                # the oldest are moved out of the list, never deleted unasked.
                beyond = self._move_out(kept[: -self.limit])
                kept = kept[-self.limit :]
            if dropped and is_regular_file(self.index_path):
                # The entries left out are in this copy, exactly as they were.
                set_aside(
                    self.index_path,
                    Problem(
                        f"The game history index had {dropped} unusable entries; it is rewritten.",
                        "history_entries_dropped",
                        count=dropped,
                    ),
                )
            with contextlib.suppress(PersistenceError):
                self._write_index(kept)
        if dropped and self.problem is None:
            self.problem = (ENTRIES_DROPPED, dropped)
        if beyond and self.problem is None:
            self.problem = (BEYOND_LIMIT, beyond)
        self._known = kept
        return list(reversed(kept))

    def adopt_more(self, count: int = ADOPT_PER_LISTING) -> list[HistoryEntry]:
        """The list with the next ``count`` game files a lost index did not name
        (see :attr:`pending`), for the app's idle work: the index is not read again
        each time, and is written once all of them are in. Newest first."""
        if self._known is None or not self._unlisted:
            return self.entries()
        batch, self._unlisted = self._unlisted[:count], self._unlisted[count:]
        kept = sorted(
            self._known + [e for e in map(self._adopt, batch) if e],
            key=lambda e: (e.info.finished_at, e.id),
        )
        if len(kept) > self.limit:
            moved = self._move_out(kept[: -self.limit])
            kept = kept[-self.limit :]
            previous = self.problem[1] if self.problem and self.problem[0] == BEYOND_LIMIT else 0
            self.problem = (BEYOND_LIMIT, previous + moved)
        self.pending = len(self._unlisted)
        if not self.pending:
            with contextlib.suppress(PersistenceError):
                self._write_index(kept)
        self._known = kept
        return list(reversed(kept))

    def _move_out(self, older: list[HistoryEntry]) -> int:
        """Move these games' files to ``history/older/``; how many were moved."""
        folder = self.folder / OLDER_DIR
        moved = 0
        with contextlib.suppress(OSError):
            folder.mkdir(exist_ok=True)
            for entry in older:
                with contextlib.suppress(OSError):
                    os.replace(self._path(entry.id), folder / f"{entry.id}.json")
                    moved += 1
        log.warning(
            "history: %d games beyond the last %d moved to %s", moved, self.limit, printable(folder)
        )
        return len(older)

    def _read_index(self) -> tuple[list[HistoryEntry], int]:
        """The index's entries, oldest first, and how many were unusable."""
        try:
            data = read_document(
                self.index_path, fmt=INDEX_FORMAT, version=INDEX_VERSION, max_bytes=INDEX_MAX_BYTES
            )
        except BadDocument as bad:
            set_aside(
                self.index_path,
                Problem(
                    f"The game history index {bad.reason}; it is rebuilt.",
                    "history_index_damaged",
                    reason=bad.problem,
                ),
            )
            self.problem = (INDEX_DAMAGED, 0)
            return [], 0
        if data is None:
            return [], 0
        raw = data.get("games")
        if not isinstance(raw, list):
            set_aside(
                self.index_path,
                Problem(
                    "The game history index lists no games; it is rebuilt.",
                    "history_index_damaged",
                    reason=reason("lists no games", "no_games"),
                ),
            )
            self.problem = (INDEX_DAMAGED, 0)
            return [], 0
        entries, dropped, seen = [], 0, set()
        for item in raw:
            entry = _entry_from_json(item)
            if entry is None or entry.id in seen:
                dropped += 1
                continue
            seen.add(entry.id)
            entries.append(entry)
        return entries, dropped

    def _game_ids(self) -> set[str]:
        try:
            names = [p.name for p in self.games_folder.iterdir()]
        except OSError:
            return set()
        return {n[:-5] for n in names if n.endswith(".json") and _ID.fullmatch(n[:-5])}

    def _adopt(self, game_id: str) -> HistoryEntry | None:
        """An index entry for a game file the index does not name (None if unusable)."""
        try:
            info = read_game_info(self._path(game_id))  # the record is checked when opened
        except GameFileError as error:
            log.warning("history: game %s left out: %s", game_id, error.detail)
            return None
        return HistoryEntry(game_id, info) if info is not None else None

    def _write_index(self, entries: list[HistoryEntry]) -> None:
        games = [{"id": entry.id, **entry.info.to_dict()} for entry in entries]
        write_document(
            self.index_path,
            fmt=INDEX_FORMAT,
            version=INDEX_VERSION,
            payload={"games": games},
            compact=True,
        )

    # --- adding -------------------------------------------------------------------------

    def add(self, record: GameRecord, info: GameInfo) -> HistoryEntry:
        """Keep a finished game; the oldest leave beyond :attr:`limit`.

        :raises PersistenceError: the game could not be written (nothing is
            half-written: the list is as before).
        """
        self._make_folders()
        entries = list(self._known) if self._known is not None else list(reversed(self.entries()))
        game_id = self._new_id(info)
        game = GameFile(record, info)
        atomic_write_json(self._path(game_id), game.to_dict(), compact=True)
        entries.append(HistoryEntry(game_id, info))
        leaving = entries[: -self.limit] if len(entries) > self.limit else []
        self._write_index(entries[len(leaving) :])
        self._known = entries[len(leaving) :]
        for old in leaving:
            with contextlib.suppress(OSError):
                self._path(old.id).unlink()
        return entries[-1]

    def find(self, record: GameRecord, look_back: int = 5) -> HistoryEntry | None:
        """The kept game among the newest ``look_back`` whose record is ``record``, or None."""
        wanted = record.to_dict()
        for entry in self.entries()[:look_back]:
            try:
                if read_game_file(self._path(entry.id)).record.to_dict() == wanted:
                    return entry
            except GameFileError:
                continue
        return None

    def _make_folders(self) -> None:
        try:
            self.games_folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PersistenceError(
                f"Could not create the history folder {self.games_folder}: "
                f"{error.strerror or error}."
            ) from error

    def _new_id(self, info: GameInfo) -> str:
        stamp = re.sub(r"[^0-9]", "", info.finished_at[:19])
        stem = f"{stamp[:8]}-{stamp[8:14]}" if len(stamp) >= 14 else "game"
        for path in unique_names(self.games_folder, stem, ".json"):
            if not path.exists():
                return path.name[:-5]
        raise AssertionError("unreachable")  # pragma: no cover

    def _path(self, game_id: str) -> Path:
        if not _ID.fullmatch(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        return self.games_folder / f"{game_id}.json"

    # --- opening, exporting, attaching --------------------------------------------------

    def open(self, game_id: str) -> tuple[GameFile, GameState]:
        """A kept game, checked and replayed (its final state).

        :raises GameFileError: the game cannot be opened; a damaged file has
            been set aside and the game left the list.
        """
        path = self._path(game_id)
        try:
            return open_game_file(path)
        except GameFileError as error:
            if error.code != "missing":
                set_aside(
                    path,
                    Problem(
                        f"The kept game {game_id} cannot be opened: {error.detail}.",
                        "kept_game_refused",
                        id=game_id,
                    ),
                )
            self._drop(game_id)
            raise

    def _drop(self, game_id: str) -> None:
        entries = [e for e in reversed(self.entries()) if e.id != game_id]
        self._known = entries
        with contextlib.suppress(PersistenceError):
            self._write_index(entries)

    def export(self, game_id: str) -> Path:
        """Copy a kept game into :attr:`exports_folder` (readable JSON); return the new file.

        :raises GameFileError: the game cannot be opened (see :meth:`open`).
        :raises PersistenceError: the copy could not be written.
        """
        game, _ = self.open(game_id)
        try:
            self.exports_folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PersistenceError(
                f"Could not create {self.exports_folder}: {error.strerror or error}.",
                path=self.exports_folder,
                cause=error,
            ) from error
        info = game.info
        assert info is not None  # a kept game always has its description
        stem = "tacocat-" + "-".join([game_id, _slug(info.names[0]), "vs", _slug(info.names[1])])
        for path in unique_names(self.exports_folder, stem, ".json"):
            if not path.exists():
                atomic_write_json(path, game.to_dict())
                return path
        raise AssertionError("unreachable")  # pragma: no cover

    def list_exports(self) -> list[Path]:
        """The ``.json`` files in the exports folder, newest first."""
        try:
            files = [
                p
                for p in self.exports_folder.iterdir()
                if p.suffix.lower() == ".json" and p.is_file()
            ]
        except OSError:
            return []
        return sorted(files, key=_mtime, reverse=True)

    def attach(self, game_id: str, key: str, value: Any) -> None:
        """Keep ``value`` under ``key`` in a game's file (e.g. its review, computed once).

        :raises GameFileError: the game cannot be opened.
        :raises PersistenceError: the file could not be written.
        """
        if key in ("game", "format", "version", "ruleset", "seed", "deals", "actions"):
            raise ValueError(f"{key!r} is part of the record")
        game = read_game_file(self._path(game_id))
        extra = {**game.extra, key: value}
        atomic_write_json(
            self._path(game_id), GameFile(game.record, game.info, extra).to_dict(), compact=True
        )


def _entry_from_json(item: Any) -> HistoryEntry | None:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        return None
    if not _ID.fullmatch(item["id"]):
        return None
    try:
        info = GameInfo.from_dict({k: v for k, v in item.items() if k != "id"})
    except ValueError:
        return None
    return HistoryEntry(item["id"], info)


def _slug(name: str) -> str:
    """A name made safe for a file name on every system."""
    return re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_")[:20] or "player"


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


__all__ = [
    "HistoryStore",
    "HistoryEntry",
    "GameInfo",
    "GameFile",
    "GameFileError",
    "DAMAGED",
    "MAX_GAMES",
    "INDEX_DAMAGED",
    "ENTRIES_DROPPED",
    "BEYOND_LIMIT",
]
