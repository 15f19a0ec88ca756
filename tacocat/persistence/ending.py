"""A finished game's bookkeeping as one transaction: History, statistics, then the autosave.

At the end of a game three files change: the game joins the History, the
statistics count it, and the autosave (the unfinished game) goes. A kill,
crash or power cut between them used to lose the game (the autosave was
deleted first) or leave it kept but never counted. Now:

1. ``ending.json`` - the journal: the finished game, "not yet recorded" -
   is written first (atomically, like every file);
2. the game joins the History (:meth:`~.history.HistoryStore.add`);
3. the statistics count it, and say so: :attr:`~.stats.Stats.recorded` holds
   the game's fingerprint (:func:`fingerprint`);
4. the autosave is deleted;
5. the journal is deleted - only when 2 to 4 all worked.

A journal found at the next start (:func:`finish_interrupted_end`) means a
game end was cut short: whatever of 2 to 4 did not happen is done then, each
step checked first - the game is added to the History unless it is there,
counted unless the statistics' fingerprint says they count it, and the
autosave removed only if it is an earlier moment of that same game. So at any
moment of a kill there is either the unfinished game to continue or the
finished game, recorded once; nothing already recorded is lost.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tacocat.persistence.documents import BadDocument, read_document, set_aside, write_document
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem, io_problem
from tacocat.persistence.regular import read_regular_file
from tacocat.persistence.saves import AUTOSAVE_FILE, SAVE_MAX_BYTES
from tacocat.persistence.stats import Stats, save_stats
from tacocat.seating import GameKind

if TYPE_CHECKING:
    # The rules engine and the History are imported only when a game ended (or a
    # journal is found): every start-up asks this module, and the title does not
    # import the rules (see docs/performance.md).
    from tacocat.persistence.gamefile import GameFile, GameInfo
    from tacocat.persistence.history import HistoryStore
    from tacocat.rules.record import GameRecord

log = logging.getLogger(__name__)

ENDING_FILE = "ending.json"
ENDING_FORMAT = "tacocat-ending"
ENDING_VERSION = 1
ENDING_MAX_BYTES = 4 * 1024 * 1024
#: Newest History games compared with a journal's game (it was added last, if at all).
_LOOK_BACK = 5


@dataclass
class EndResult:
    """What recording a finished game did.

    :ivar stats: the statistics now (in memory, even if their file failed).
    :ivar game_id: the game's History id, or None if it could not be kept.
    :ivar problems: what failed, for the player (empty when all went well).
    """

    stats: Stats
    game_id: str | None = None
    problems: list[Problem] = field(default_factory=list)


def fingerprint(record: GameRecord) -> str:
    """A short, stable name for one game (its record's SHA-256, 16 hex digits)."""
    text = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stats_figures(info: GameInfo) -> tuple[str, dict[str, Any]] | None:
    """A finished game as :meth:`Stats.record_game`'s ``(mode, arguments)``; None if not counted."""
    winner = info.winner
    if info.mode == GameKind.DEMO or winner is None:
        return None
    if info.mode == GameKind.ONLINE:
        me = info.human_seat if info.human_seat is not None else 0
        return GameKind.ONLINE, dict(
            opponent=info.names[1 - me],
            human_won=winner == me,
            rounds_won=info.wins[me],
            rounds_lost=info.wins[1 - me],
            tied_rounds=info.tied_rounds,
        )
    if info.mode == GameKind.VS_AI:
        human = info.human_seat if info.human_seat is not None else 0
        return GameKind.VS_AI, dict(
            level=info.level,
            human_won=winner == human,
            rounds_won=info.wins[human],
            rounds_lost=info.wins[1 - human],
            tied_rounds=info.tied_rounds,
        )
    return GameKind.HOTSEAT, dict(
        winner_name=info.names[winner],
        loser_name=info.names[1 - winner],
        rounds_won=info.wins[winner],
        rounds_lost=info.wins[1 - winner],
        tied_rounds=info.tied_rounds,
    )


def record_game_end(
    folder: Path,
    history: HistoryStore,
    stats: Stats,
    record: GameRecord,
    info: GameInfo,
    clear_autosave: Callable[[], None] | None,
) -> EndResult:
    """Keep, count and clear one finished game, in the order the module docstring gives.

    :param clear_autosave: deletes the game's autosave (None: this game has none,
        e.g. a demo started while another game is saved); it may raise.
    :returns: an :class:`EndResult`; never raises for a disk problem.
    """
    journal = Path(folder) / ENDING_FILE
    result = EndResult(stats)
    _write_journal(journal, record, info)
    kept = _keep(history, record, info, result)
    counted = _count(folder, stats, record, info, result)
    if clear_autosave is not None:
        try:
            clear_autosave()
        except Exception as error:  # the store marks it finished where it can
            log.warning("could not clear the autosave: %s", error)
    if kept and counted:
        _remove(journal)
    return result


def _write_journal(journal: Path, record: GameRecord, info: GameInfo) -> None:
    """Step 1: note the finished game before recording it (not noted: recorded all the same)."""
    from tacocat.persistence.gamefile import GameFile

    try:
        write_document(
            journal,
            fmt=ENDING_FORMAT,
            version=ENDING_VERSION,
            payload={"game": GameFile(record, info).to_dict()},
            compact=True,
        )
    except PersistenceError as error:
        log.warning("could not note the game's end before recording it: %s", error)


def _keep(history: HistoryStore, record: GameRecord, info: GameInfo, result: EndResult) -> bool:
    """Step 2: the game joins the History (its id in ``result``); False if it could not."""
    try:
        result.game_id = history.add(record, info).id
    except PersistenceError as error:
        log.warning("game not kept in the history: %s", error)
        result.problems.append(_not_saved("game_not_kept", error))
        return False
    return True


def _count(
    folder: Path, stats: Stats, record: GameRecord, info: GameInfo, result: EndResult
) -> bool:
    """Step 3: the statistics count the game (``result.stats``, in memory even if their
    file fails) and save; False if they could not be saved. A demo is not counted."""
    figures = stats_figures(info)
    if figures is None:
        return True
    mode, arguments = figures
    result.stats = stats.record_game(mode, **arguments).counting(fingerprint(record))
    try:
        save_stats(folder, result.stats)
    except PersistenceError as error:
        log.warning("statistics not saved: %s", error)
        result.problems.append(_not_saved("stats_not_saved", error))
        return False
    return True


def finish_interrupted_end(
    folder: Path, stats: Stats, clear_autosave: Callable[[], None]
) -> tuple[Stats, list[Problem]]:
    """At start-up: finish a game end that was cut short (see the module docstring).

    Cheap when there is nothing to do (one failed open). Never raises.

    :param clear_autosave: deletes the autosave (called only if it holds an
        earlier moment of the journal's game).
    :returns: the statistics (with the game counted if it was not) and the
        problems to show.
    """
    journal = Path(folder) / ENDING_FILE
    if not os.path.lexists(journal):
        return stats, []  # the usual start: nothing was cut short (and no rules imported)
    from tacocat.persistence.history import HistoryStore

    game = _read_journal(journal)
    if game is None:
        return stats, []  # none; or unusable, set aside: the game was recorded or is the autosave
    record, info = game.record, game.info
    assert info is not None
    log.info("finishing the bookkeeping of a game whose end was cut short")
    result = EndResult(stats)
    history = HistoryStore(folder)
    done = True
    if history.find(record) is None:
        try:
            history.add(record, info)
        except PersistenceError as error:
            result.problems.append(_not_saved("game_not_kept", error))
            done = False
    figures = stats_figures(info)
    if figures is not None and stats.recorded != fingerprint(record):
        mode, arguments = figures
        result.stats = stats.record_game(mode, **arguments).counting(fingerprint(record))
        try:
            save_stats(folder, result.stats)
        except PersistenceError as error:
            result.problems.append(_not_saved("stats_not_saved", error))
            done = False
    if _autosave_is_part_of(Path(folder) / AUTOSAVE_FILE, record):
        try:
            clear_autosave()
        except Exception as error:
            log.warning("could not clear the autosave of a recorded game: %s", error)
    if done:
        _remove(journal)
    return result.stats, result.problems


def _read_journal(journal: Path) -> GameFile | None:
    """The game a journal holds; None if there is none or it is unusable (then set aside)."""
    from tacocat.persistence.gamefile import GameFile, GameInfo
    from tacocat.rules.errors import RecordError
    from tacocat.rules.record import GameRecord

    try:
        data = read_document(
            journal, fmt=ENDING_FORMAT, version=ENDING_VERSION, max_bytes=ENDING_MAX_BYTES
        )
    except BadDocument as bad:
        set_aside(
            journal,
            Problem(
                f"The note of a game's end {bad.reason}.", "ending_damaged", reason=bad.problem
            ),
        )
        return None
    if data is None:
        return None
    try:
        return GameFile(
            GameRecord.from_dict(data["game"]), GameInfo.from_dict(data["game"]["game"])
        )
    except (KeyError, TypeError, ValueError, RecordError) as error:
        log.warning("the note of a game's end is unusable (%s); set aside", error)
        set_aside(
            journal,
            Problem(
                "The note of a game's end is damaged.",
                "ending_damaged",
                reason=Problem("damaged", "reason.damaged"),
            ),
        )
        return None


def _autosave_is_part_of(path: Path, record: GameRecord) -> bool:
    """True if the autosave at ``path`` is an earlier moment of the game ``record``."""
    from tacocat.rules.errors import RecordError
    from tacocat.rules.record import GameRecord

    try:
        data = json.loads(read_regular_file(path, SAVE_MAX_BYTES))
        saved = GameRecord.from_dict(data["record"])
    except (OSError, ValueError, KeyError, TypeError, RecordError, RecursionError):
        return False
    return (
        saved.seed == record.seed
        and saved.ruleset == record.ruleset
        and record.deals[: len(saved.deals)] == saved.deals
        and record.actions[: len(saved.actions)] == saved.actions
    )


def _not_saved(code: str, error: PersistenceError) -> Problem:
    return Problem(str(error), code, reason=io_problem(error))


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


__all__ = [
    "ENDING_FILE",
    "EndResult",
    "fingerprint",
    "stats_figures",
    "record_game_end",
    "finish_interrupted_end",
]
