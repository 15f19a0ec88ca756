"""Seat names without digits: the two houses on the board are a sun and a moon.

A default name is a translation key (``tacocat.names.sun`` for the first seat,
whose goal is on the board's left; ``tacocat.names.moon`` for the second), so a
score such as "Sun 2 – 1 Moon" never mixes a name's digit with the figures.
Settings hold "Player 1" / "Player 2" by default (in English): those (and an
empty name) mean "the seat's default name" (:func:`tacocat.ui.text.i18n.localised_names`
shows them so in a game's config too).
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.ui.text.i18n import LEGACY_DEFAULT_NAMES, tr

#: Names that stand for the seat's default name: empty, and what settings store by default.
LEGACY_DEFAULTS = frozenset({"", *LEGACY_DEFAULT_NAMES})


def default_name(seat: int) -> str:
    """The seat's house: the Sun (first seat) or the Moon (second)."""
    return tr("tacocat.names.sun" if seat == 0 else "tacocat.names.moon")


def default_names() -> tuple[str, str]:
    return default_name(0), default_name(1)


def is_default(name: str) -> bool:
    """True for a name that only says "the seat's default" (empty, legacy or Sun/Moon)."""
    name = name.strip()
    return name in LEGACY_DEFAULTS or name in default_names()


def seat_name(stored: str, seat: int) -> str:
    """``stored`` unless it is a default of any seat; then this seat's default name."""
    return default_name(seat) if is_default(stored) else stored.strip()


def stored_names(names: Sequence[str]) -> tuple[str, str]:
    """The settings' two names, with defaults replaced by the seats' house names."""
    first = names[0] if names else ""
    second = names[1] if len(names) > 1 else ""
    return seat_name(first, 0), seat_name(second, 1)
