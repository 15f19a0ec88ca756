"""The statistics rebuilt from the History when ``stats.json`` is lost or behind.

Every game the statistics count is also kept in the History (the last
:data:`~.history.MAX_GAMES` of them), and each kept game's description - the
History index's entry - holds the figures the statistics took from it (mode,
level, seat, names, winner, rounds won and tied: :func:`~.ending.stats_figures`).
So the statistics can be worked out again from the History:

* **lost** - ``stats.json`` was set aside whole (damaged, unreadable) or is
  missing while the History holds games (:func:`lost_reason`, a file check
  at start-up: no game file read, no rules engine imported): rebuilt at once,
  before the title shows them;
* **behind** - the file counts fewer games, rounds or tied rounds, or a
  shorter best run, than the History's kept games (a statistics file that
  could not be written, an entry a partial repair reset): found by
  :func:`repair_stats` with ``why="short"``, which the app runs as idle work
  after the first frame (it reads the History index).

Only the History's index is read (each entry is a game's description), plus the
newest counted game's file for its fingerprint when a repair is written; files the
index lacks are adopted by the History screen's idle work and counted at a later
start. Both merge, never add: every counter becomes the larger of the file's and the
History's (:func:`merged`), so a game is never counted twice, and what the
file counted beyond the History (games older than the last 500) stays. The
result is written back at once and counts the newest kept game
(:attr:`~.stats.Stats.recorded`), so a game end cut short just before is not
counted again by :func:`~.ending.finish_interrupted_end`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem, io_problem, pair
from tacocat.persistence.stats import STATS_FILE, Stats, Tally, save_stats

if TYPE_CHECKING:
    # Imported only when the History is read: the usual start asks lost_reason only.
    from tacocat.persistence.gamefile import GameInfo
    from tacocat.persistence.history import HistoryEntry, HistoryStore

log = logging.getLogger(__name__)

#: Why the statistics are rebuilt: set aside whole, missing, behind the History.
WHOLE, MISSING, SHORT = "whole", "missing", "short"
_HISTORY_DIR = "history"  # as history.HISTORY_DIR (not imported: it imports the rules)
_TALLY_KEYS = ("wins", "losses", "rounds_won", "rounds_lost")


def lost_reason(folder: Path, problem: Problem | None) -> str | None:
    """Whether ``stats.json`` was lost, from what :func:`~.stats.load_stats` said.

    Call it before anything writes the statistics at start-up. Cheap: one or
    two checks that files exist.

    :returns: :data:`WHOLE` (the file was set aside as a whole), :data:`MISSING`
        (there is none but the History holds games), or None.
    """
    if problem is not None and problem.code == "stats_whole":
        return WHOLE
    folder = Path(folder)
    if os.path.lexists(folder / STATS_FILE):
        return None
    history = folder / _HISTORY_DIR
    if os.path.lexists(history / "index.json"):
        return MISSING
    try:
        return MISSING if any(os.scandir(history / "games")) else None
    except OSError:
        return None  # no History: a first start


def counted_by_history(infos: Iterable[GameInfo]) -> tuple[Stats, int]:
    """The statistics that playing these games (oldest first) counted, and how many
    were counted (demos and games without a winner are not)."""
    from tacocat.persistence.ending import stats_figures

    stats, counted = Stats(), 0
    for info in infos:
        figures = stats_figures(info)
        if figures is None:
            continue
        mode, arguments = figures
        try:
            stats = stats.record_game(mode, **arguments)
        except ValueError as error:  # a description the History accepted but no game makes
            log.warning("a kept game is not counted: %s", error)
            continue
        counted += 1
    return stats, counted


def merged(kept: Stats, history: Stats) -> Stats:
    """Each counter the larger of the two: the file's figures plus what only the
    History shows, with nothing counted twice (``recorded`` is ``kept``'s)."""

    def larger(a: Tally, b: Tally) -> Tally:
        return Tally(*(max(getattr(a, key), getattr(b, key)) for key in _TALLY_KEYS))

    vs_ai = {level: larger(kept.vs_ai[level], tally) for level, tally in history.vs_ai.items()}

    def names(kept_names: Mapping[str, Tally], seen: Mapping[str, Tally]) -> dict[str, Tally]:
        # Names the History does not hold were played longest ago: they come first
        # (the mapping is in order of last play).
        out = {name: tally for name, tally in kept_names.items() if name not in seen}
        out.update(
            {name: larger(kept_names.get(name, Tally()), tally) for name, tally in seen.items()}
        )
        return out

    hotseat, online = names(kept.hotseat, history.hotseat), names(kept.online, history.online)
    current = history.current_streak
    if current == history.vs_ai_games:  # no loss in the History: the run may be older
        current = max(current, kept.current_streak)
    best = max(kept.best_streak, history.best_streak, current)
    return Stats(
        vs_ai,
        hotseat,
        current,
        best,
        max(kept.tied_rounds, history.tied_rounds),
        kept.recorded,
        online,
    )


def falls_short(kept: Stats, history: Stats) -> bool:
    """True if ``kept`` counts less than ``history`` anywhere (the streak now aside)."""
    whole = merged(kept, history)
    return (
        dict(whole.vs_ai) != dict(kept.vs_ai)
        or dict(whole.hotseat) != dict(kept.hotseat)
        or dict(whole.online) != dict(kept.online)
        or whole.tied_rounds != kept.tied_rounds
        or whole.best_streak != kept.best_streak
    )


def repair_stats(
    folder: Path,
    stats: Stats,
    why: str,
    *,
    problem: Problem | None = None,
    history: HistoryStore | None = None,
) -> tuple[Stats, Problem | None]:
    """Rebuild or complete the statistics from the History's kept games; never raises.

    :param stats: the statistics now (after a lost file: what is left, perhaps
        a game end's game just counted).
    :param why: :data:`WHOLE`, :data:`MISSING` or :data:`SHORT` (see the module
        docstring; with SHORT nothing happens unless the figures fall short).
    :param problem: :func:`~.stats.load_stats`'s message (WHOLE: its reason and
        backup are worded again).
    :returns: the statistics and the message to show instead of ``problem``
        (``problem`` itself when the History counts nothing, e.g. only demos).
    """
    from tacocat.persistence.history import HistoryStore

    store = history if history is not None else HistoryStore(folder)
    # The index only, no game file: files it lacks are adopted while the History
    # screen is open (idle work), and the next start's check counts them then.
    entries = store.entries(adopt=0)
    rebuilt, counted = counted_by_history(entry.info for entry in reversed(entries))
    if counted == 0 or (why == SHORT and not falls_short(stats, rebuilt)):
        return stats, problem
    repaired = merged(stats, rebuilt).counting(_newest_fingerprint(store, entries))
    log.warning(
        "statistics %s; rebuilt from the %d games the History keeps",
        {WHOLE: "set aside", MISSING: "missing", SHORT: "behind the History"}[why],
        counted,
    )
    message = _message(
        why, counted, problem, limit=store.limit if len(entries) >= store.limit else None
    )
    try:
        save_stats(folder, repaired)
    except PersistenceError as error:
        log.warning("the rebuilt statistics could not be written: %s", error)
        message = pair(message, Problem(str(error), "stats_not_saved", reason=io_problem(error)))
    return repaired, message


def _newest_fingerprint(store: HistoryStore, entries: Sequence[HistoryEntry]) -> str | None:
    """The fingerprint of the newest counted kept game (as playing it left
    :attr:`~.stats.Stats.recorded`); None if it cannot be read."""
    from tacocat.persistence.ending import fingerprint, stats_figures
    from tacocat.persistence.gamefile import GameFileError, read_game_file

    newest = next((entry for entry in entries if stats_figures(entry.info) is not None), None)
    if newest is None:
        return None
    try:
        return fingerprint(read_game_file(store.games_folder / f"{newest.id}.json").record)
    except GameFileError:
        return None  # unknown (only a game end cut short after this repair compares it)


def _message(why: str, count: int, problem: Problem | None, *, limit: int | None) -> Problem:
    """ "Your statistics were rebuilt from the N games your game history keeps." and,
    when the History is full (``limit``: its size), that older games are not counted."""
    params = dict(problem.params) if why == WHOLE and problem is not None else {}
    english = {
        WHOLE: f"Your statistics file could not be used ({params.get('reason')}), so your "
        f"statistics were rebuilt from the {count} games your game history keeps. "
        f"{params.get('backup')}",
        MISSING: f"Your statistics file was missing, so your statistics were rebuilt from "
        f"the {count} games your game history keeps.",
        SHORT: f"Your statistics counted fewer games than your game history keeps, so the "
        f"{count} games it keeps were counted again; nothing counted before was lost.",
    }[why]
    message = Problem(english, f"stats_rebuilt.{why}", **params, count=count)
    if limit is not None and why != SHORT:  # the file's older games are gone with it
        message = pair(
            message,
            Problem(
                f"Your game history keeps only the last {limit} games, so older games are "
                "not counted.",
                "stats_rebuilt.older",
                limit=limit,
            ),
        )
    return message


__all__ = [
    "WHOLE",
    "MISSING",
    "SHORT",
    "lost_reason",
    "counted_by_history",
    "merged",
    "falls_short",
    "repair_stats",
]
