"""The autosave: the game in progress, written after every action.

File ``autosave.json`` (compact JSON, it is rewritten often)::

    {"format": "tacocat-save", "version": 1,
     "saved_at": "2026-11-29T15:04:05+01:00",
     "app": {"mode": "vs_ai", "level": "medium", "human_seat": 0,
             "names": ["Ana", "Computer"]},
     "record": {...GameRecord.to_dict()...}}

The record holds the ruleset (the variants included: the one place a save
stores the rules), every deal's card order and every action, so
loading *replays the whole game through the rules engine*: a save that was
cut short, damaged or edited by hand into an impossible game (a 39th card, an
eighth tile, an action the rules forbid) is refused with a message instead of
being trusted. A refused file is moved aside as
``autosave.json.bad-YYYYmmdd-HHMMSS`` so nothing is lost.

The app config (``"app"``) is checked as strictly, on writing as on loading:

* ``mode``: ``"vs_ai"``, ``"hotseat"`` or ``"demo"``;
* ``level``: an AI level; required for ``vs_ai`` and ``demo``, ``null`` or a
  level for ``hotseat``;
* ``human_seat``: 0 or 1 for ``vs_ai``; ``null`` or a seat otherwise;
* ``names``: two player names (see :func:`~tacocat.persistence.fields.check_name`);
* no other keys - except that saves written before the ruleset was stored
  only in the record may hold ``tie_to_arrow`` (true or false): such a file
  is still read, and that value must agree with the record's ruleset.

The record must use the standard deck and board: the app offers no other, so
a save with another one was edited. Widen :func:`ruleset_problem` when board
presets arrive.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tacocat.persistence.documents import BadDocument, read_document, set_aside, write_document
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.fields import (
    AI_LEVELS,
    check_bool,
    check_choice,
    check_count,
    check_name_pair,
)
from tacocat.persistence.finished import FinishedMarks
from tacocat.persistence.problems import Problem
from tacocat.persistence.regular import is_regular_file, read_regular_file
from tacocat.persistence.text import printable
from tacocat.seating import GameKind, Seating

if TYPE_CHECKING:
    # The rules engine is imported where a save is written or read, not at start-up:
    # the title only asks has_autosave() (see docs/performance.md).
    from tacocat.rules.record import GameRecord
    from tacocat.rules.ruleset import Ruleset
    from tacocat.rules.state import GameState

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.json"
SAVE_FORMAT = "tacocat-save"
SAVE_VERSION = 1
#: A real game's save is a few tens of KB; the record's own limits (20 000
#: actions, 2 000 deals) fit well within this.
SAVE_MAX_BYTES = 4 * 1024 * 1024
#: The kinds of game an autosave holds: an online game is kept by its server (the way
#: back to it is ``online_seats``), never here.
SAVED_KINDS = tuple(kind for kind in GameKind if kind is not GameKind.ONLINE)
_CONFIG_KEYS = frozenset({"mode", "level", "human_seat", "names"})
#: Keys older saves have in their app config and that are still read (not written).
_LEGACY_KEYS = frozenset({"tie_to_arrow"})
#: Keys a save may hold or not: ``undos``, the moves taken back against the computer.
_OPTIONAL_KEYS = frozenset({"undos"})
#: Error details quoted in a player's message are cut to this length.
_MAX_DETAIL = 200


@dataclass(frozen=True)
class LoadResult:
    """What :meth:`SaveStore.load_autosave` found.

    Exactly one of two shapes:

    * a game to continue: ``app_config``, ``record``, ``state`` (the replayed,
      checked state) and ``saved_at`` are set, ``problem`` is ``None``;
    * nothing to continue: ``state`` is ``None``. ``problem`` is ``None`` when
      there simply was no autosave; otherwise a message for the player - a
      file that could not be used (``backup`` is where it went), or the save
      of a game that had already ended (deleted, no backup).
    """

    app_config: dict[str, Any] | None = None
    record: GameRecord | None = None
    state: GameState | None = None
    saved_at: datetime | None = None
    problem: Problem | None = None
    backup: Path | None = None

    @property
    def ok(self) -> bool:
        """True when there is a game to continue."""
        return self.state is not None


def check_app_config(config: Any, legacy: bool = False) -> dict[str, Any]:
    """Check the app's game configuration; return a normalised copy.

    :param legacy: also accept the keys of older saves (when loading); they are
        kept in the copy, for :func:`_parse` to check against the record.
    :raises ValueError: with a short reason naming the bad key.
    """
    if not isinstance(config, dict):
        raise ValueError("the game settings are not an object")
    unknown = (
        set(config) - _CONFIG_KEYS - _OPTIONAL_KEYS - (_LEGACY_KEYS if legacy else frozenset())
    )
    missing = _CONFIG_KEYS - set(config)
    if unknown or missing:
        detail = f"unknown {sorted(map(str, unknown))}" if unknown else f"missing {sorted(missing)}"
        raise ValueError(f"the game settings have the wrong keys ({detail})")
    mode, level, seat = config["mode"], config["level"], config["human_seat"]
    _field("mode", check_choice, mode, SAVED_KINDS)
    seating = Seating.of(mode)
    if level is not None or seating.plays_computer:
        _field("level", check_choice, level, AI_LEVELS)
    if not (seat is None and not seating.against_computer) and not (
        type(seat) is int and seat in (0, 1)
    ):
        raise ValueError(
            "human_seat must be 0 or 1"
            + (" in a game against the computer" if seating.against_computer else " or null")
        )
    names = _field("names", check_name_pair, config["names"])
    checked = {"mode": mode, "level": level, "human_seat": seat, "names": list(names)}
    if "undos" in config:
        checked["undos"] = _field("undos", check_count, config["undos"])
    if "tie_to_arrow" in config:
        checked["tie_to_arrow"] = _field("tie_to_arrow", check_bool, config["tie_to_arrow"])
    return checked


def _field(name: str, check: Any, value: Any, *args: Any) -> Any:
    """Run ``check(value, *args)`` and prefix its ValueError with the key's name."""
    try:
        return check(value, *args)
    except ValueError as error:
        raise ValueError(f"{name} {error}") from None


def ruleset_problem(ruleset: Ruleset, tie_to_arrow: bool | None = None) -> str | None:
    """Why ``ruleset`` cannot be the ruleset of a game this app started, or None.

    :param tie_to_arrow: an older save's separate copy of the tie variant, if any.
    """
    from tacocat.rules.ruleset import DEFAULT_BOARD, DEFAULT_DECK

    if ruleset.deck != DEFAULT_DECK:
        return f"the deck is not the standard {len(DEFAULT_DECK)}-card deck"
    if ruleset.board != DEFAULT_BOARD:
        return "the board is not the standard board"
    if tie_to_arrow is not None and ruleset.tie_goes_to_arrow != tie_to_arrow:
        return "the tie rule in the game settings does not match the game record"
    return None


class SaveStore:
    """The autosave of one data folder.

    Every method that touches the disk either succeeds or raises
    :class:`PersistenceError`, except :meth:`load_autosave`, which reports
    problems in its result and never raises.
    """

    def __init__(self, directory: Path, mark_folders: list[Path] | None = None) -> None:
        self.directory = Path(directory)
        self.path = self.directory / AUTOSAVE_FILE
        #: Marks of a finished game whose save could not be deleted
        #: (``mark_folders``: where they may go; see :mod:`.finished`).
        self.finished = FinishedMarks(self.path, mark_folders)

    def has_autosave(self) -> bool:
        """True if an autosave file exists that is not marked finished (cheap: the
        file is read only when a "finished" mark exists)."""
        return is_regular_file(self.path) and not self._marked_finished()

    def _marked_finished(self) -> bool:
        """True if the save on disk belongs to a game that has ended (see :mod:`.finished`)."""
        if not self.finished.any():
            return False
        raw = self._raw()
        return raw is not None and self.finished.is_marked(raw)

    def _raw(self) -> bytes | None:
        """The save file's bytes, or None if it cannot be read."""
        try:
            return read_regular_file(self.path, SAVE_MAX_BYTES + 1)
        except OSError:
            return None

    def write_autosave(self, app_config: dict[str, Any], record: GameRecord) -> None:
        """Save the game in progress, atomically (call it after every action).

        :param app_config: the game configuration (see the module docstring).
        :param record: the game so far, e.g. ``GameRecord.from_state(state)``.
        :raises ValueError: ``app_config`` is invalid or disagrees with the
            record's ruleset - a bug in the caller; nothing is written, so a
            save that could not be loaded back is never made.
        :raises PersistenceError: the file could not be written (the previous
            autosave is intact).
        """
        config = check_app_config(app_config)
        problem = ruleset_problem(record.ruleset)
        if problem:
            raise ValueError(problem)
        payload = {
            "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
            "app": config,
            "record": record.to_dict(),
        }
        write_document(
            self.path, fmt=SAVE_FORMAT, version=SAVE_VERSION, payload=payload, compact=True
        )

    def clear_autosave(self) -> None:
        """Delete the autosave (a finished or abandoned game); no error if there is none.

        If the file cannot be deleted (a read-only, immutable or locked folder),
        it is marked finished instead (see :mod:`.finished`), so that
        :meth:`has_autosave` and :meth:`load_autosave` no longer offer it.

        :raises PersistenceError: the file exists and could neither be deleted
            nor marked finished on disk (this store still remembers the mark).
        """
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            failure = PersistenceError(
                f"Could not delete the saved game {printable(self.path)}: "
                f"{error.strerror or error}.",
                path=self.path,
                cause=error,
            )
            raw = self._raw()
            where = self.finished.mark(raw) if raw is not None else None
            if where is None:
                raise failure from error
            log.warning("%s It is marked finished in %s.", failure, printable(where))
            return
        self.finished.forget()

    def load_autosave(self) -> LoadResult:
        """Read, check and replay the autosave. Never raises.

        :returns: a :class:`LoadResult`: the game to continue, or why there is
            none. A file that cannot be used is moved aside (the result's
            ``backup``) and the ``problem`` says what was wrong and where it
            went. A save of a game that had already finished is deleted, not
            backed up: there is nothing to lose.
        """
        if self._marked_finished():
            with contextlib.suppress(PersistenceError):
                self.clear_autosave()  # the folder may be writable again
            return LoadResult()
        try:
            data = read_document(
                self.path, fmt=SAVE_FORMAT, version=SAVE_VERSION, max_bytes=SAVE_MAX_BYTES
            )
        except BadDocument as bad:
            return self._refuse(
                Problem(
                    f"Your saved game {bad.reason}, so it cannot be continued.",
                    "save_whole",
                    reason=bad.problem,
                )
            )
        if data is None:
            return LoadResult()
        return self._replayed(data)

    def _replayed(self, data: dict[str, Any]) -> LoadResult:
        """The game in a save that was read whole: continued, refused (its record is not a
        valid game) or deleted (it had already finished)."""
        from tacocat.rules.errors import RecordError

        try:
            config, record, state, saved_at = _parse(data)
        except (ValueError, RecordError) as error:
            return self._refuse(
                Problem(
                    f"Your saved game does not hold a valid game ({_detail(error)}), "
                    "so it cannot be continued.",
                    "save_invalid",
                )
            )
        except Exception as error:
            # A rules-engine bug on odd input must not stop the game from starting.
            log.exception("unexpected error while loading %s", self.path)
            return self._refuse(
                Problem(
                    f"Your saved game could not be read back (internal error: {_detail(error)}), "
                    "so it cannot be continued.",
                    "save_internal",
                )
            )
        if state.is_over:
            with contextlib.suppress(PersistenceError):
                self.clear_autosave()
            return LoadResult(
                problem=Problem(
                    "The saved game had already ended, so there is nothing to continue.",
                    "save_ended",
                )
            )
        return LoadResult(app_config=config, record=record, state=state, saved_at=saved_at)

    def _refuse(self, problem: Problem) -> LoadResult:
        """Back the bad file up and build the result that explains it."""
        message, backup = set_aside(self.path, problem)
        return LoadResult(problem=message, backup=backup)


def _parse(data: dict[str, Any]) -> tuple[dict[str, Any], GameRecord, GameState, datetime]:
    """Check a decoded save; replay its record. Raises ValueError or RecordError."""
    from tacocat.rules.errors import RecordError
    from tacocat.rules.record import GameRecord

    unknown = set(data) - {"format", "version", "saved_at", "app", "record"}
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    saved_at = _parse_time(data.get("saved_at"))
    config = check_app_config(data.get("app"), legacy=True)
    record = GameRecord.from_dict(data.get("record"))
    problem = ruleset_problem(record.ruleset, config.pop("tie_to_arrow", None))
    if problem:
        raise ValueError(problem)
    state = record.replay()
    # replay() already refuses a state that breaks the invariants; checked again
    # here so that the loader's promise does not rest on another module's.
    problems = state.invariant_problems()
    if problems:
        raise RecordError("; ".join(problems))
    return config, record, state, saved_at


def _parse_time(value: Any) -> datetime:
    """The ``saved_at`` time; ValueError unless it is an ISO 8601 date and time."""
    try:
        if isinstance(value, str) and len(value) <= 64:
            return datetime.fromisoformat(value)
    except ValueError:
        pass
    raise ValueError("saved_at is not a date and time")


def _detail(error: BaseException) -> str:
    """An exception's message, shortened for a player-facing sentence."""
    text = str(error) or type(error).__name__
    return text if len(text) <= _MAX_DETAIL else text[: _MAX_DETAIL - 1] + "…"
