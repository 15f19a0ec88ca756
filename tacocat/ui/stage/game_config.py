"""What kind of game to start: the New game screen's (or the command line's) answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the rules are imported when a game starts, not at start-up
    from tacocat.rules import Ruleset

from tacocat.levels import AI_LEVELS, DEFAULT_LEVEL
from tacocat.ui.text.i18n import localised_names

Mode = Literal["vs_ai", "hotseat", "demo"]
MODES: tuple[str, ...] = ("vs_ai", "hotseat", "demo")
#: The levels the New game screen offers (:mod:`tacocat.levels`).
LEVELS: tuple[str, ...] = AI_LEVELS


@dataclass(frozen=True)
class GameConfig:
    """A game to start.

    :ivar mode: ``"vs_ai"`` (one human, one computer), ``"hotseat"`` (two
        humans sharing the device) or ``"demo"`` (the computer plays both).
    :ivar level: the computer's level (``vs_ai`` and ``demo``).
    :ivar human_seat: 0 = the human is the first player, 1 = the second (``vs_ai``).
    :ivar names: the two seats' names, first player first.
    :ivar ruleset: the rules, with the variants chosen (see :mod:`tacocat.rules.variants`);
        None for the standard rules.
    :ivar seed: shuffle seed for a reproducible game, or None for a random one.
    """

    mode: Mode
    level: str = DEFAULT_LEVEL
    human_seat: int = 0
    names: tuple[str, str] = ("Sun", "Moon")
    ruleset: Ruleset | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {self.mode!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {self.level!r}")
        if self.human_seat not in (0, 1):
            raise ValueError(f"human_seat must be 0 or 1, got {self.human_seat!r}")
        if len(self.names) != 2:
            raise ValueError("names must hold exactly two names")
        names = localised_names((str(self.names[0]), str(self.names[1])))
        object.__setattr__(self, "names", names)
