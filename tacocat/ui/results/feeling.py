"""How an outcome should feel on this screen: a win, a loss or someone else's win.

Against the computer the screen belongs to one player: their win is green with
confetti and a fanfare, their loss is sombre, with a falling "lost" phrase and
no confetti. In hot-seat (and a demo, or a replay) nobody at the screen loses
alone: the winner's own colour shows whose win it is. A tie is neither.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from tacocat.ui.widgets.tones import BannerTone

Outcome = Literal["won", "lost", "shown"]


def player_of(visible_seats: Collection[int]) -> int | None:
    """The one seat whose player this screen belongs to (vs the computer), else None."""
    seats = list(visible_seats)
    return seats[0] if len(seats) == 1 else None


def outcome(player: int | None, winner: int) -> Outcome:
    """``won``/``lost`` for the screen's player; ``shown`` when the screen is shared."""
    if player is None:
        return "shown"
    return "won" if winner == player else "lost"


def banner_tone(player: int | None, winner: int) -> BannerTone:
    """The banner's tone: ``good`` (green), ``bad`` (sombre) or ``seat0``/``seat1``."""
    result = outcome(player, winner)
    if result == "shown":
        return "seat0" if winner == 0 else "seat1"
    return "good" if result == "won" else "bad"


def celebrates(player: int | None, winner: int) -> bool:
    """Confetti only for a win the screen's player (or everyone at it) can cheer."""
    return outcome(player, winner) != "lost"
