"""Computer players. Pure Python, no pygame; they see only an observation.

``make_bot(kind)`` builds a player by name (see :data:`BOT_KINDS`).
"""

from __future__ import annotations

from tacocat.ai.base import Bot, RandomBot

BOT_KINDS = ("random",)


def make_bot(kind: str) -> Bot:
    """A new bot of ``kind`` (one of :data:`BOT_KINDS`)."""
    if kind == "random":
        return RandomBot()
    raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bot", "RandomBot", "make_bot"]
