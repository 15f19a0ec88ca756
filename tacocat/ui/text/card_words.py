"""Card values in words, the two ways the game shows them (no pygame).

cards_text((4, 5, 6))  # "4-5-6": a sequence, in the order it is played
card_list((5, 5, 7))   # "5, 5 and 7": cards as a set, never "5-5-7" (a sequence's look)
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.ui.text.i18n import tr


def cards_text(cards: Sequence[int]) -> str:
    """``(4, 5, 6)`` -> ``"4-5-6"``; one card -> ``"7"``."""
    return "-".join(str(c) for c in cards)


def card_list(cards: Sequence[int]) -> str:
    """Card values as a list: ``"7"``, ``"5 and 7"``, ``"5, 5 and 7"`` (the language's "and")."""
    values = [str(c) for c in cards]
    if len(values) < 2:
        return "".join(values)
    return tr("tacocat.reason.list", cards=", ".join(values[:-1]), last=values[-1])
