"""Computer players. Pure Python, no pygame; they see only an observation.

``make_bot(kind)`` builds a player by name (see :data:`BOT_KINDS`):

* ``"random"`` - uniformly random legal actions (a baseline);
* ``"easy"`` - plausible moves with mistakes a child can exploit (:mod:`.easy`);
* ``"medium"`` - a casual human's rules of thumb (:mod:`.medium`);
* ``"hard"`` - samples the hidden cards and solves each sample exactly
  (:mod:`.hard`, :mod:`.sampling`, :mod:`.solver`).

:func:`tacocat.ai.hints.suggest` gives the hint button its advice;
:mod:`tacocat.ai.worker` runs bots and hints in a process of their own, off
the game's frame loop.
"""

from __future__ import annotations

from typing import Any

from tacocat.ai.base import Bot, RandomBot
from tacocat.ai.easy import EasyBot
from tacocat.ai.hard import HardBot
from tacocat.ai.medium import MediumBot

BOT_KINDS = ("random", "easy", "medium", "hard")

_FACTORIES: dict[str, Any] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(kind: str, **options: Any) -> Bot:
    """A new bot of ``kind`` (one of :data:`BOT_KINDS`).

    ``options`` go to the bot's constructor, e.g.
    ``make_bot("hard", time_budget=0.5)``.
    """
    factory = _FACTORIES.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    return factory(**options)


__all__ = ["BOT_KINDS", "Bot", "EasyBot", "HardBot", "MediumBot", "RandomBot", "make_bot"]
