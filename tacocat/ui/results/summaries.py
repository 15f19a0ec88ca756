"""What crosses the table -> overlay seam: typed summaries and the :class:`TableLike` protocol.

The table tells the round-result and game-over screens what happened through
frozen dataclasses (as the rules tell the table through their events), and the
screens ask the table only what :class:`TableLike` lists. The module sits beside
the layered packages (it imports neither the table nor the scenes), so both may
use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tacocat.seating import GameKind, Seating

if TYPE_CHECKING:
    import pygame

    from tacocat.ui.results.score import RoundRecord
    from tacocat.ui.widgets.cards import CardRenderer
    from tacocat.ui.widgets.style import TextCache


@dataclass(frozen=True)
class RoundSummary:
    """A finished round, as its result screen shows it (assembled as its events play).

    :ivar round, replay: the round's number and which replay of it (0: the first deal).
    :ivar wins: rounds won by each seat after it.
    :ivar showdown: the two last cards (by seat), None before the showdown.
    :ivar winner: the round's winner (None: tied, or not known yet).
    :ivar tie: equal cards: the round is dealt again.
    :ivar by_tie_rule: the variant that gives a tie to the arrow's seat decided it.
    :ivar token_from, token_to: Tacocat's spaces before and after.
    :ivar skipped: spaces Tacocat hopped over.
    """

    round: int
    replay: int = 0
    wins: tuple[int, ...] = (0, 0)
    showdown: tuple[int, ...] | None = None
    winner: int | None = None
    tie: bool = False
    by_tie_rule: bool = False
    token_from: int | None = None
    token_to: int | None = None
    skipped: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameSummary:
    """A finished game, as the game-over screen shows it.

    :ivar winner: the seat that won; ``wins`` the rounds each seat won.
    :ivar rounds, tied: rounds played, and how many of them were tied.
    :ivar seating: who played each seat (one person against the computer: their win or loss).
    :ivar recap: every showdown, round by round.
    """

    winner: int
    wins: tuple[int, ...]
    names: tuple[str, ...]
    rounds: int
    tied: int = 0
    seating: Seating = Seating.of(GameKind.VS_AI)
    recap: tuple[RoundRecord, ...] = ()


class TableLike(Protocol):
    """The table as the overlays over it see it
    (implemented by :class:`tacocat.ui.table.scene.TableScene`)."""

    @property
    def text(self) -> TextCache: ...

    @property
    def renderer(self) -> CardRenderer: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def board_size(self) -> int: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def player(self) -> int | None:
        """The one player the screens belong to (vs the computer), else None (shared)."""

    @property
    def kept_id(self) -> str | None:
        """The finished game's id in the History (None: not kept)."""

    def screenshot(self, label: str) -> None: ...

    def tick_cosmetics(self, dt: float) -> None: ...

    def has_confetti(self) -> bool: ...

    def draw_confetti(self, surface: pygame.Surface) -> None: ...

    def round_result_closed(self) -> None: ...

    def rematch_label(self) -> str: ...

    def rematch(self) -> None: ...

    def replay_kept(self) -> bool: ...
