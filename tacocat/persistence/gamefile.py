"""A game file: one finished game's record plus what the History screen shows of it.

The file *is* a game record (``"format": "tacocat-record"``, see
docs/game-record.md) with one more key, ``"game"``, that describes the game
for people::

    {"format": "tacocat-record", "version": 1, "ruleset": {...}, "seed": 7,
     "deals": [...], "actions": [...],
     "game": {"finished_at": "2026-12-01T04:05:06+00:00", "mode": "vs_ai",
              "level": "hard", "human_seat": 0, "names": ["Ana", "Computer"],
              "wins": [4, 2], "winner": 0, "rounds": 7, "tied_rounds": 1,
              "variants": [], "actions": 183}}

So any program that reads records reads these files, and this one opens the
bare records ``--simulate --record-dir`` writes (they have no ``"game"``; one is
worked out by replaying). Other keys (a game review, later) are kept as they
are. The History keeps one such file per game; an export is a copy of it.

Reading is defensive: :func:`read_game_file` checks the envelope and the
record's shape, :func:`replay_checked` replays it through the rules engine.
Either raises :class:`GameFileError`, whose ``code`` the UI words.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tacocat.levels import AILevel
from tacocat.persistence.documents import BadDocument, has_lone_surrogate, read_document
from tacocat.persistence.fields import AI_LEVELS, check_choice, check_count, check_name_pair
from tacocat.rules.actions import action_from_dict
from tacocat.rules.errors import RecordError
from tacocat.rules.record import FORMAT as RECORD_FORMAT
from tacocat.rules.record import VERSION as RECORD_VERSION
from tacocat.rules.record import GameRecord
from tacocat.rules.state import GameState
from tacocat.rules.variants import variants_on
from tacocat.seating import GameKind, Seating

log = logging.getLogger(__name__)

#: A real game's record is a few tens of KB; the record's own limits fit in this.
GAME_MAX_BYTES = 4 * 1024 * 1024
#: The record's own keys; the rest of the file is kept as "extra".
_RECORD_KEYS = frozenset({"format", "version", "ruleset", "seed", "deals", "actions"})

#: :attr:`GameFileError.code` values.
MISSING = "missing"  # the file is not there
DAMAGED = "damaged"  # not a readable game file (not JSON, cut short, another kind)
IMPOSSIBLE = "impossible"  # a record whose moves break the rules
UNFINISHED = "unfinished"  # the moves stop before the game ends
MISMATCH = "mismatch"  # the description says another result than the moves give
#: Description keys that must agree with the replayed game (``winner`` and the rest).
_RESULT_KEYS = ("wins", "winner", "rounds", "tied_rounds", "variants", "actions")


class GameFileError(Exception):
    """A game file that cannot be opened.

    :ivar code: :data:`MISSING`, :data:`DAMAGED`, :data:`IMPOSSIBLE` (or a
        code of :class:`~tacocat.persistence.documents.BadDocument`, such as
        ``"not_regular"``), for the UI to word in the player's language.
    :ivar detail: what exactly is wrong, in English (logs, the command line).
    """

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class GameInfo:
    """What the History lists about a finished game (the ``"game"`` key)."""

    finished_at: str
    mode: GameKind
    level: AILevel | None
    human_seat: int | None
    names: tuple[str, str]
    wins: tuple[int, int]
    winner: int | None
    rounds: int
    tied_rounds: int
    variants: tuple[str, ...]
    actions: int
    #: Moves the player took back against the computer (0: none; the key is then left out).
    undos: int = 0

    @property
    def seating(self) -> Seating:
        """Who played each seat."""
        return Seating.of(self.mode, self.human_seat or 0)

    @classmethod
    def of(
        cls,
        state: GameState,
        app_config: Mapping[str, Any],
        finished_at: datetime | None = None,
        winner: int | None = None,
    ) -> GameInfo:
        """The info of the game that ended in ``state``, played as ``app_config``
        (the autosave's ``mode``/``level``/``human_seat``/``names``); ``winner``: who won
        a game that ended before its last move (an online game resigned or expired)."""
        mode = GameKind(app_config["mode"])
        seating = Seating.of(mode, app_config.get("human_seat") or 0)
        when = (finished_at or datetime.now().astimezone()).isoformat(timespec="seconds")
        return cls(
            finished_at=when,
            mode=mode,
            level=app_config.get("level") if seating.plays_computer else None,
            human_seat=seating.person,
            names=(str(app_config["names"][0]), str(app_config["names"][1])),
            wins=(state.wins[0], state.wins[1]),
            winner=state.winner if state.winner is not None else winner,
            rounds=state.round_number,
            tied_rounds=state.tied_rounds,
            variants=variants_on(state.ruleset),
            actions=len(state.actions),
            undos=int(app_config.get("undos") or 0),
        )

    def to_dict(self) -> dict[str, Any]:
        data = {
            "finished_at": self.finished_at,
            "mode": str(self.mode),
            "level": self.level,
            "human_seat": self.human_seat,
            "names": list(self.names),
            "wins": list(self.wins),
            "winner": self.winner,
            "rounds": self.rounds,
            "tied_rounds": self.tied_rounds,
            "variants": list(self.variants),
            "actions": self.actions,
        }
        if self.undos:
            data["undos"] = self.undos
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameInfo:
        """Check a ``"game"`` object; raises ValueError naming the bad key."""
        if not isinstance(data, dict):
            raise ValueError("the game description is not an object")
        try:
            datetime.fromisoformat(data["finished_at"])
            mode = GameKind(check_choice(data["mode"], tuple(GameKind)))
            level = data["level"]
            if level is not None:
                check_choice(level, AI_LEVELS)
            seat = data["human_seat"]
            # type() and not ==: 1.0 == 1 and True == 1, and either then indexes a tuple.
            if not (seat is None or (type(seat) is int and seat in (0, 1))):
                raise ValueError("human_seat must be 0, 1 or null")
            if (Seating.of(mode, seat or 0).person is not None) != (seat is not None):
                raise ValueError(
                    "human_seat must be the seat of the one person who played "
                    "here (against the computer, or online) and null otherwise"
                )
            wins = data["wins"]
            if not isinstance(wins, list) or len(wins) != 2:
                raise ValueError("wins must be two counts")
            winner = data["winner"]
            if not (winner is None or (type(winner) is int and winner in (0, 1))):
                raise ValueError("winner must be 0, 1 or null")
            variants = data["variants"]
            if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
                raise ValueError("variants must be a list of names")
            return cls(
                data["finished_at"],
                mode,
                level,
                seat,
                check_name_pair(data["names"]),
                (check_count(wins[0]), check_count(wins[1])),
                winner,
                check_count(data["rounds"]),
                check_count(data["tied_rounds"]),
                tuple(variants),
                check_count(data["actions"]),
                check_count(data.get("undos", 0)),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"the game description lacks {error}") from None


@dataclass(frozen=True)
class GameFile:
    """A game file's content: the record, its info (None in a bare record), other keys."""

    record: GameRecord
    info: GameInfo | None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.extra)
        data.update(self.record.to_dict())
        if self.info is not None:
            data["game"] = self.info.to_dict()
        return data


def _read_data(path: Path) -> dict[str, Any]:
    """The game file's JSON object, its envelope checked (format, version, size).

    :raises GameFileError: the file is missing or is not a readable game file.
    """
    try:
        data = read_document(
            Path(path), fmt=RECORD_FORMAT, version=RECORD_VERSION, max_bytes=GAME_MAX_BYTES
        )
    except BadDocument as bad:
        raise GameFileError(getattr(bad, "code", DAMAGED), f"the file {bad.reason}") from None
    if data is None:
        raise GameFileError(MISSING, "the file does not exist")
    return data


def read_game_file(path: Path) -> GameFile:
    """Read and check a game file (its shape; :func:`replay_checked` checks the game).

    :raises GameFileError: the file is missing or is not a usable game file.
    """
    data = _read_data(path)
    if has_lone_surrogate(data):
        # Valid JSON, but such text can never be written to a file again (Export).
        raise GameFileError(DAMAGED, "the file holds text that is not valid Unicode")
    try:
        record = GameRecord.from_dict(data)
    except RecordError as error:
        raise GameFileError(DAMAGED, f"the record is damaged: {error}") from None
    info = None
    if "game" in data:
        try:
            info = GameInfo.from_dict(data["game"])
        except ValueError as error:
            raise GameFileError(DAMAGED, f"the game description is damaged: {error}") from None
    extra = {k: v for k, v in data.items() if k not in _RECORD_KEYS and k != "game"}
    return GameFile(record, info, extra)


def read_game_info(path: Path) -> GameInfo | None:
    """Only the description of the game file at ``path`` (no record checked): what the
    History needs to list a file its index does not name. None: no usable description.

    :raises GameFileError: the file is missing or is not a readable game file.
    """
    data = _read_data(path)
    try:
        return GameInfo.from_dict(data.get("game")) if "game" in data else None
    except ValueError as error:
        raise GameFileError(DAMAGED, f"the game description is damaged: {error}") from None


def replay_checked(record: GameRecord) -> GameState:
    """The record's final state; :class:`GameFileError` (``IMPOSSIBLE``) if it breaks the rules."""
    try:
        return record.replay()
    except RecordError as error:
        raise GameFileError(IMPOSSIBLE, f"the game breaks the rules: {error}") from None
    except Exception as error:  # an engine bug on odd input must not crash the caller
        log.exception("unexpected error while replaying a game record")
        raise GameFileError(IMPOSSIBLE, f"the game could not be replayed ({error})") from None


def open_game_file(
    path: Path, default_names: tuple[str, str] = ("Player 1", "Player 2")
) -> tuple[GameFile, GameState]:
    """Read, check and replay a game file; a bare record gets an info worked out from it
    (its seats named after a simulation's ``"players"``, else ``default_names``).

    :raises GameFileError: as :func:`read_game_file` and :func:`replay_checked`.
    """
    game = read_game_file(path)
    final = replay_checked(game.record)
    # An online game may end before its last move: resigned, or expired (its winner is
    # the server's word, kept in the description).
    ended_early = game.info is not None and game.info.mode is GameKind.ONLINE
    if not final.is_over and not ended_early:
        raise GameFileError(
            UNFINISHED,
            f"the game is not finished: its {len(final.actions)} moves stop before it ends",
        )
    if game.info is not None:
        _check_description(game.info, final, ended_early)
    game = _without_a_foreign_review(game, path)
    if game.info is None:
        game = _described(game, final, path, default_names)
    return game, final


def _check_description(info: GameInfo, final: GameState, ended_early: bool) -> None:
    """:class:`GameFileError` (MISMATCH) unless the game description's result is the one
    its moves reach (an online game that ended early keeps the server's winner)."""
    expected = GameInfo.of(
        final,
        {
            "mode": info.mode,
            "level": info.level,
            "human_seat": info.human_seat,
            "names": info.names,
        },
        winner=info.winner if ended_early else None,
    )
    wrong = [key for key in _RESULT_KEYS if getattr(expected, key) != getattr(info, key)]
    if wrong:
        raise GameFileError(
            MISMATCH, "the game description does not match its moves (" + ", ".join(wrong) + ")"
        )


def _without_a_foreign_review(game: GameFile, path: Path) -> GameFile:
    """``game``, less a stored review that does not belong to its moves."""
    review_problem = _review_problem(game.extra.get("review"), game.record)
    if review_problem is None:
        return game
    # Not the game's fault: the review is dropped, and made again if asked for.
    log.warning("the stored review of %s is dropped: %s", path, review_problem)
    return GameFile(game.record, game.info, {k: v for k, v in game.extra.items() if k != "review"})


def _described(
    game: GameFile, final: GameState, path: Path, default_names: tuple[str, str]
) -> GameFile:
    """A bare record with an info worked out from it: a demo, finished when the file was
    last written, its seats named after the record's ``"players"`` (else ``default_names``)."""
    players = game.extra.get("players")
    names = _names_or(players, default_names)
    try:
        stamp = datetime.fromtimestamp(Path(path).stat().st_mtime).astimezone()
    except OSError:
        stamp = None
    info = GameInfo.of(
        final,
        {"mode": GameKind.DEMO, "level": None, "human_seat": None, "names": names},
        finished_at=stamp,
    )
    return GameFile(game.record, info, game.extra)


def _names_or(players: Any, default: tuple[str, str]) -> tuple[str, str]:
    """Seat names from a simulation record's ``"players"`` (bot kinds), else ``default``."""
    try:
        first, second = check_name_pair(players)
    except ValueError:
        return default
    return (f"1 · {first}", f"2 · {second}") if first == second else (first, second)


def _review_problem(review: Any, record: GameRecord) -> str | None:
    """Why a stored review does not belong to ``record``, or None (none stored, or it fits).

    Every moment must name a step of the record, in order, with the move that
    was played there by the review's seat: a review edited or taken from
    another game would otherwise point the replay at steps that do not exist.
    """
    if review is None:
        return None
    if not isinstance(review, dict) or not isinstance(review.get("moments"), list):
        return "it is not a review"
    seat, moments = review.get("seat"), review["moments"]
    if not (type(seat) is int and seat in (0, 1)):
        return "it rates no seat"
    if len(moments) > len(record.actions):
        return "it has more moments than the game has moves"
    previous = -1
    for moment in moments:
        if not isinstance(moment, dict):
            return "a moment is not an object"
        step, number = moment.get("step"), moment.get("round")
        if type(step) is not int or not previous < step < len(record.actions):
            return f"a moment's step is outside the game (0 to {len(record.actions) - 1})"
        if type(number) is not int or not 1 <= number <= len(record.actions):
            return "a moment's round is not a round of the game"
        try:
            played = action_from_dict(moment.get("played"))
        except RecordError:
            return "a moment's move is not a move"
        if played != record.actions[step] or played.seat != seat:
            return f"the move at step {step} is not the one the game holds"
        previous = step
    return None
