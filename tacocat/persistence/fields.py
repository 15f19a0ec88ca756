"""Checks for single values read from JSON, shared by settings, stats and saves.

Each ``check_*`` function takes a value as :func:`json.loads` produced it (or
as Python code passes it), returns it in its canonical Python form, and raises
:class:`ValueError` with a short reason otherwise. ``bool`` is refused wherever
a number is expected: in Python ``True == 1``, in a data file it is a mistake.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

#: The computer's levels, weakest first: :data:`tacocat.levels.AI_LEVELS`, re-exported
#: for the settings, statistics and save checks.
from tacocat.levels import AI_LEVELS as AI_LEVELS

#: A choice's type (a ``Literal`` of names, or plain text).
S = TypeVar("S", bound=str)

#: Longest player name, in characters; long enough for "Grandma Margarethe".
MAX_NAME_LENGTH = 24
#: Largest counter accepted in the statistics: a billion games is not a real file.
MAX_COUNT = 10**9


def check_bool(value: Any) -> bool:
    """``true`` or ``false`` only (not 0/1, not "yes")."""
    if type(value) is not bool:
        raise ValueError("must be true or false")
    return value


def check_fraction(value: Any) -> float:
    """A finite number from 0 to 1 inclusive, returned as a float."""
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= 1:
        raise ValueError("must be a number from 0 to 1")
    return float(value)


def check_choice(value: Any, choices: Sequence[S]) -> S:
    """One of ``choices`` (exact, case-sensitive), as the choice's own type (a level name
    read from a file comes back an :data:`~tacocat.levels.AILevel`)."""
    for choice in choices:
        if isinstance(value, str) and value == choice:
            return choice
    raise ValueError("must be one of " + ", ".join(f'"{c}"' for c in choices))


def check_count(value: Any) -> int:
    """A whole number from 0 to :data:`MAX_COUNT`."""
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"must be a whole number from 0 to {MAX_COUNT}")
    return value


def check_name(value: Any) -> str:
    """A player name: 1 to :data:`MAX_NAME_LENGTH` printable characters, not all spaces.

    Control characters (a newline, a tab) and lone surrogates are refused: the
    UI draws names on one line and must be able to encode them.
    """
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= MAX_NAME_LENGTH
        or not value.strip()
        or not value.isprintable()
    ):
        raise ValueError(f"must be 1 to {MAX_NAME_LENGTH} printable characters, not only spaces")
    return value


def check_name_pair(value: Any) -> tuple[str, str]:
    """Two player names, as a list (JSON) or a tuple (Python)."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("must be a list of two names")
    return (check_name(value[0]), check_name(value[1]))
