"""What kind of game to start: the New game screen's (or the command line's) answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules are imported when a game starts, not at start-up
    from tacocat.rules import Ruleset

from tacocat.levels import AI_LEVELS, DEFAULT_LEVEL, AILevel
from tacocat.seating import GameKind, Seating
from tacocat.ui.text.i18n import localised_names

#: The levels the New game screen offers (:mod:`tacocat.levels`).
LEVELS: tuple[AILevel, ...] = AI_LEVELS


@dataclass(frozen=True)
class GameConfig:
    """A game to start.

    :ivar mode: the :class:`~tacocat.seating.GameKind` (a kind's value, as files store
        it, is taken too).
    :ivar level: the computer's level (when the computer plays).
    :ivar human_seat: 0 = the person is the first player, 1 = the second (against the
        computer).
    :ivar names: the two seats' names, first player first.
    :ivar ruleset: the rules, with the variants chosen (see :mod:`tacocat.rules.variants`);
        None for the standard rules.
    :ivar seed: shuffle seed for a reproducible game, or None for a random one.
    """

    mode: GameKind
    level: AILevel = DEFAULT_LEVEL
    human_seat: int = 0
    names: tuple[str, str] = ("Sun", "Moon")
    ruleset: Ruleset | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.mode not in tuple(GameKind):
            raise ValueError(f"mode must be one of {tuple(GameKind)}, got {self.mode!r}")
        object.__setattr__(self, "mode", GameKind(self.mode))
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {self.level!r}")
        if self.human_seat not in (0, 1):
            raise ValueError(f"human_seat must be 0 or 1, got {self.human_seat!r}")
        if len(self.names) != 2:
            raise ValueError("names must hold exactly two names")
        names = localised_names((str(self.names[0]), str(self.names[1])))
        object.__setattr__(self, "names", names)

    @property
    def seating(self) -> Seating:
        """Who fills each seat."""
        return Seating.of(self.mode, self.human_seat)
