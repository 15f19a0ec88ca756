"""The player's statistics: :class:`Stats`, kept in ``stats.json``.

What is counted (demo games - the computer against itself - are not):

* against the computer, per level (easy / medium / hard): games won and lost,
  and decided rounds won and lost, all from the human's side;
* in hot-seat games, per player name: the same four numbers from that name's side;
* in online games, per opponent's name: the same four numbers from this player's side
  (resigned and expired games count for their winner; one that expired with no
  winner is not counted);
* the current and the best run of consecutive wins against the computer (any level);
* tied rounds (replayed showdowns) in all counted games.

Games played is derived from these, not stored, so it cannot disagree with them.

File format (indented JSON)::

    {"format": "tacocat-stats", "version": 1,
     "vs_ai": {"easy": {"wins": 3, "losses": 1, "rounds_won": 14, "rounds_lost": 6}, ...},
     "hotseat": {"Ana": {"wins": 2, "losses": 0, ...}, ...},
     "online": {"Ben": {"wins": 1, "losses": 1, ...}, ...},
     "current_streak": 2, "best_streak": 3, "tied_rounds": 5,
     "recorded": "3f9c0a1b2c3d4e5f"}

``hotseat`` and ``online`` are kept in order of last play and hold at most
:data:`MAX_HOTSEAT_NAMES` names each (the ones played longest ago leave first), so
the file stays far below the size the loader accepts: whatever the game
writes, it reads back. ``recorded`` is the fingerprint of the last game
counted (see :mod:`.ending`), so that a game kept but not yet counted when
the game was killed is counted - once - at the next start.

:func:`load_stats` is as forgiving as :func:`~tacocat.persistence.settings.load_settings`:
a file unusable as a whole gives empty statistics; otherwise each bad entry
(one level, one hot-seat name, the streak pair, the tied rounds) is reset on
its own and the rest kept. Either way the bad file is backed up and the player
is told. The streaks are checked against each other and against the wins they
count (best streak <= vs-AI wins, current <= best), since a hand-edited file
can break that.
"""

from __future__ import annotations

import logging
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tacocat.levels import AILevel
from tacocat.persistence.documents import load_checked_document, write_document
from tacocat.persistence.fields import (
    AI_LEVELS,
    MAX_COUNT,
    check_bool,
    check_choice,
    check_count,
    check_name,
)
from tacocat.persistence.problems import Problem
from tacocat.seating import GameKind

log = logging.getLogger(__name__)

STATS_FILE = "stats.json"
STATS_FORMAT = "tacocat-stats"
STATS_VERSION = 1
#: Room for thousands of hot-seat names; a stats file beyond this is not ours.
STATS_MAX_BYTES = 1024 * 1024

#: Hot-seat names kept: the ones played longest ago leave first. Each takes at
#: most ~250 bytes in the file, so the file stays well under STATS_MAX_BYTES and
#: whatever the game writes it reads back.
MAX_HOTSEAT_NAMES = 2000
#: The labels of bad entries (English, for logs) and their codes for the UI.
_ENTRY_CODES = {
    **{f"games against the computer ({level})": f"stats_vs_ai_{level}" for level in AI_LEVELS},
    "games against the computer": "stats_vs_ai",
    "hot-seat games": "stats_hotseat",
    "online games": "stats_online",
    "current streak": "stats_current_streak",
    "best streak": "stats_best_streak",
    "tied rounds": "stats_tied_rounds",
    "win streaks (they did not match the wins)": "stats_streaks",
    "last recorded game": "stats_recorded",
}
#: What a History game id looks like (``recorded``), as in :mod:`.history`.
_GAME_ID = re.compile(r"[0-9A-Za-z-]{1,48}")

_TALLY_KEYS = ("wins", "losses", "rounds_won", "rounds_lost")


@dataclass(frozen=True)
class Tally:
    """Games and decided rounds won and lost, from one side's point of view."""

    wins: int = 0
    losses: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0

    @property
    def games(self) -> int:
        """Games finished: wins plus losses."""
        return self.wins + self.losses

    def add(self, won: bool, rounds_won: int, rounds_lost: int) -> Tally:
        """This tally plus one game; counters stop at ``MAX_COUNT`` rather than overflow the file check."""
        return Tally(
            wins=min(self.wins + int(won), MAX_COUNT),
            losses=min(self.losses + int(not won), MAX_COUNT),
            rounds_won=min(self.rounds_won + rounds_won, MAX_COUNT),
            rounds_lost=min(self.rounds_lost + rounds_lost, MAX_COUNT),
        )

    def to_json(self) -> dict[str, int]:
        """The four counters as a JSON object."""
        return {key: getattr(self, key) for key in _TALLY_KEYS}


def _tally_from_json(value: Any) -> Tally:
    """A :class:`Tally` from a JSON object; missing counters are 0. Raises ValueError."""
    if not isinstance(value, dict):
        raise ValueError("must be an object")
    return Tally(**{key: check_count(value[key]) for key in _TALLY_KEYS if key in value})


def _played(
    names: Mapping[str, Tally], name: str, won: bool, rounds_won: int, rounds_lost: int
) -> dict[str, Tally]:
    """``names`` with one game added to ``name``'s tally, popped and put back: the mapping
    stays in order of last play (see MAX_HOTSEAT_NAMES)."""
    out = dict(names)
    out[name] = out.pop(name, Tally()).add(won, rounds_won, rounds_lost)
    return out


def _frozen(mapping: Mapping[str, Tally]) -> Mapping[str, Tally]:
    """A read-only copy, so that a :class:`Stats` really is immutable."""
    return types.MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Stats:
    """All statistics; immutable - :meth:`record_game` returns a new value.

    :ivar vs_ai: level -> the human's :class:`Tally` against that level (every
        level is present).
    :ivar hotseat: player name -> that name's hot-seat :class:`Tally`.
    :ivar current_streak: consecutive wins against the computer, up to now.
    :ivar best_streak: the longest such run ever.
    :ivar tied_rounds: tied (replayed) rounds in counted games.
    :ivar online: opponent's name -> this player's :class:`Tally` against them online.

    Not hashable (it holds mappings); compare with ``==``.
    """

    vs_ai: Mapping[str, Tally] = field(default_factory=dict)
    hotseat: Mapping[str, Tally] = field(default_factory=dict)
    current_streak: int = 0
    best_streak: int = 0
    tied_rounds: int = 0
    #: The id of the last History game these figures count (None: unknown), so
    #: that a game kept but not yet counted - the game was killed in between -
    #: is counted at the next start (see :mod:`.ending`).
    recorded: str | None = None
    online: Mapping[str, Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.vs_ai) - set(AI_LEVELS)
        if unknown:
            raise ValueError(f"Stats.vs_ai has unknown levels {sorted(unknown)}")
        object.__setattr__(
            self, "vs_ai", _frozen({lvl: self.vs_ai.get(lvl, Tally()) for lvl in AI_LEVELS})
        )
        for kind in ("hotseat", "online"):
            names = dict(getattr(self, kind))
            for name in list(names)[: max(0, len(names) - MAX_HOTSEAT_NAMES)]:
                del names[name]  # oldest first: the mapping is kept in order of play
            object.__setattr__(self, kind, _frozen(names))

    @property
    def vs_ai_games(self) -> int:
        """Games finished against the computer, all levels."""
        return sum(t.games for t in self.vs_ai.values())

    @property
    def hotseat_games(self) -> int:
        """Hot-seat games finished: each has exactly one winner."""
        return sum(t.wins for t in self.hotseat.values())

    @property
    def online_games(self) -> int:
        """Online games finished with a winner."""
        return sum(t.games for t in self.online.values())

    @property
    def games_played(self) -> int:
        """All counted games (vs the computer, hot-seat and online)."""
        return self.vs_ai_games + self.hotseat_games + self.online_games

    @property
    def vs_ai_total(self) -> Tally:
        """The human's tally against the computer, all levels added up."""
        return Tally(*(sum(getattr(t, key) for t in self.vs_ai.values()) for key in _TALLY_KEYS))

    def record_game(
        self,
        mode: str,
        level: AILevel | None = None,
        human_won: bool | None = None,
        winner_name: str | None = None,
        *,
        loser_name: str | None = None,
        opponent: str | None = None,
        rounds_won: int = 0,
        rounds_lost: int = 0,
        tied_rounds: int = 0,
    ) -> Stats:
        """Return these statistics plus one finished game.

        :param mode: a :class:`~tacocat.seating.GameKind` (a demo is not counted:
            ``self`` is returned unchanged).
        :param level: vs_ai only: the computer's level.
        :param human_won: vs_ai and online: whether the person here won.
        :param winner_name: hotseat only: the winner's name.
        :param loser_name: hotseat only: the loser's name.
        :param opponent: online only: the other person's name.
        :param rounds_won: decided rounds won by the human (vs_ai, online) or by the
            winner (hotseat).
        :param rounds_lost: decided rounds lost by them (won by the other side).
        :param tied_rounds: tied, replayed rounds in this game.
        :raises ValueError: an unknown mode or level, a missing argument for the
            mode, a negative count.
        """
        check_choice(mode, tuple(GameKind))
        if mode == GameKind.DEMO:
            return self
        for count in (rounds_won, rounds_lost, tied_rounds):
            check_count(count)
        tied = min(self.tied_rounds + tied_rounds, MAX_COUNT)
        if mode == GameKind.VS_AI:
            return self._with_vs_ai_game(level, human_won, rounds_won, rounds_lost, tied)
        if mode == GameKind.ONLINE:
            check_bool(human_won)
            online = _played(
                self.online, check_name(opponent), bool(human_won), rounds_won, rounds_lost
            )
            return replace(self, online=online, tied_rounds=tied)
        winner, loser = check_name(winner_name), check_name(loser_name)
        hotseat = _played(self.hotseat, winner, True, rounds_won, rounds_lost)
        # Looked up again: the same name may sit in both seats.
        hotseat = _played(hotseat, loser, False, rounds_lost, rounds_won)
        return replace(self, hotseat=hotseat, tied_rounds=tied)

    def _with_vs_ai_game(
        self,
        level: AILevel | None,
        human_won: bool | None,
        rounds_won: int,
        rounds_lost: int,
        tied: int,
    ) -> Stats:
        check_choice(level, AI_LEVELS)
        assert level is not None  # for the type checker; check_choice refused None
        check_bool(human_won)
        vs_ai = dict(self.vs_ai)
        vs_ai[level] = vs_ai[level].add(bool(human_won), rounds_won, rounds_lost)
        current = min(self.current_streak + 1, MAX_COUNT) if human_won else 0
        return replace(
            self,
            vs_ai=vs_ai,
            current_streak=current,
            best_streak=max(self.best_streak, current),
            tied_rounds=tied,
        )

    def counting(self, game_id: str | None) -> Stats:
        """These statistics, saying that they count the History game ``game_id`` and those before."""
        return replace(self, recorded=game_id)

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON data, without the envelope."""
        return {
            GameKind.VS_AI.value: {level: tally.to_json() for level, tally in self.vs_ai.items()},
            # In order of last play, not sorted: the oldest leave first past the cap.
            GameKind.HOTSEAT.value: {name: tally.to_json() for name, tally in self.hotseat.items()},
            GameKind.ONLINE.value: {name: tally.to_json() for name, tally in self.online.items()},
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "tied_rounds": self.tied_rounds,
            "recorded": self.recorded,
        }


def stats_from_json(data: dict[str, Any]) -> tuple[Stats, list[str]]:
    """Build :class:`Stats` from a decoded file, entry by entry.

    :returns: the statistics (bad entries reset) and labels of the bad entries
        for the player's message (no names from the file: they may be garbage).
    """
    bad: list[str] = []
    vs_ai: dict[str, Tally] = {}
    section = data.get(GameKind.VS_AI.value, {})
    if isinstance(section, dict):
        for level in AI_LEVELS:
            try:
                vs_ai[level] = _tally_from_json(section.get(level, {}))
            except ValueError:
                bad.append(f"games against the computer ({level})")
    else:
        bad.append("games against the computer")
    hotseat = _names_from_json(data.get(GameKind.HOTSEAT.value, {}), "hot-seat games", bad)
    online = _names_from_json(data.get(GameKind.ONLINE.value, {}), "online games", bad)
    counts: dict[str, int] = {}
    for key in ("current_streak", "best_streak", "tied_rounds"):
        try:
            counts[key] = check_count(data.get(key, 0))
        except ValueError:
            counts[key] = 0
            bad.append(key.replace("_", " "))
    recorded = data.get("recorded")
    if recorded is not None and not (isinstance(recorded, str) and _GAME_ID.fullmatch(recorded)):
        recorded = None
        bad.append("last recorded game")
    stats = Stats(
        vs_ai,
        hotseat,
        counts["current_streak"],
        counts["best_streak"],
        counts["tied_rounds"],
        recorded,
        online,
    )
    if not stats.current_streak <= stats.best_streak <= stats.vs_ai_total.wins:
        stats = Stats(stats.vs_ai, stats.hotseat, 0, 0, stats.tied_rounds, recorded, online)
        bad.append("win streaks (they did not match the wins)")
    return stats, bad


def _names_from_json(section: Any, label: str, bad: list[str]) -> dict[str, Tally]:
    """The per-name tallies of one section (hot-seat, online); a bad one marks ``label``."""
    names: dict[str, Tally] = {}
    if not isinstance(section, dict):
        bad.append(label)
        return names
    for name, value in section.items():
        try:
            names[check_name(name)] = _tally_from_json(value)
        except ValueError:
            if label not in bad:
                bad.append(label)
    return names


def load_stats(directory: Path) -> tuple[Stats, Problem | None]:
    """Read ``stats.json`` from the data folder; never raises for a bad file.

    :returns: ``(stats, message)``; ``message`` is ``None`` when the file was
        fine or missing, else what was wrong and where the backup is. After a
        partial repair the kept statistics are written back at once.
    """
    return load_checked_document(
        Path(directory) / STATS_FILE,
        fmt=STATS_FORMAT,
        version=STATS_VERSION,
        max_bytes=STATS_MAX_BYTES,
        parse=stats_from_json,
        default=Stats(),
        whole_problem=lambda bad: Problem(
            f"Your statistics file {bad.reason}, so your statistics start again from zero.",
            "stats_whole",
            reason=bad.problem,
        ),
        partial_problem=lambda bad: Problem(
            f"Some of your statistics were not valid ({', '.join(bad)}) and were reset; "
            "the rest were kept.",
            "stats_partial",
            fields=[Problem(label, f"field.{_ENTRY_CODES[label]}") for label in bad],
        ),
        write=lambda stats: save_stats(directory, stats),
    )


def save_stats(directory: Path, stats: Stats) -> None:
    """Write ``stats`` to ``stats.json`` in the data folder, atomically.

    :raises PersistenceError: the file could not be written (the old one is intact).
    """
    write_document(
        Path(directory) / STATS_FILE,
        fmt=STATS_FORMAT,
        version=STATS_VERSION,
        payload=stats.to_json(),
    )
