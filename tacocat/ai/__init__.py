"""Computer players. Pure Python, no pygame; they see only an observation.

``make_bot(kind)`` builds a player by name (see :data:`BOT_KINDS`):

* ``"random"`` - uniformly random legal actions (a baseline);
* ``"easy"`` - sensible-looking moves with a beginner's habits (:mod:`.easy`);
* ``"medium"`` - a decent club player: heuristics plus a light lookahead (:mod:`.medium`);
* ``"hard"`` - samples the hidden cards and searches each sample
  (:mod:`.hard`, :mod:`.replacement`, :mod:`.duel`, :mod:`.solver`);
* ``"heuristic"`` - four rules of thumb of a sound player: the yardstick
  and the hard level's opponent model (:mod:`.heuristic`).

:func:`tacocat.ai.analysis.analyse` values every action of a position;
:func:`tacocat.ai.hints.suggest` gives the hint button its advice;
:mod:`tacocat.ai.worker` runs bots and hints in a process of their own, off
the game's frame loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tacocat.ai.base import Bot, RandomBot
from tacocat.ai.easy import EasyBot
from tacocat.ai.hard import HardBot
from tacocat.ai.heuristic import HeuristicBot
from tacocat.ai.medium import MediumBot
from tacocat.levels import PLAYER_KINDS

#: The kinds :func:`make_bot` builds: :data:`tacocat.levels.PLAYER_KINDS`.
BOT_KINDS = PLAYER_KINDS

_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "heuristic": HeuristicBot,
}


def make_bot(kind: str, **options: Any) -> Bot:
    """A new bot of ``kind`` (one of :data:`BOT_KINDS`).

    ``options`` go to the bot's constructor, e.g.
    ``make_bot("hard", time_budget=0.5)``.
    """
    factory = _FACTORIES.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    return factory(**options)


__all__ = [
    "BOT_KINDS",
    "Bot",
    "EasyBot",
    "HardBot",
    "HeuristicBot",
    "MediumBot",
    "RandomBot",
    "make_bot",
]
