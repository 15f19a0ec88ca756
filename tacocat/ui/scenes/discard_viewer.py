"""Every public card of this round, by value: the counting a careful player does.

For each value: how many the deck holds, how many have been played or
discarded face up this round, how many are in your hand, and how many are
*unseen* (in the opponent's hand or the draw pile). It shows only what the
table has animated so far, never cards that are still on their way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.style import TextCache, palette
from tacocat.ui.widgets.text_box import draw_text

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: The first column's centre from the panel's left; the row labels ("Played",
#: "Unseen") have the room left of it, clear of the first card.
COLUMNS_LEFT = 186  # room for the longest label ("Hindi pa nakikita", fil)
ROW_LABEL_WIDTH = COLUMNS_LEFT - 22 - 16
#: Room for a count under a card.
COUNT_WIDTH = 44


class DiscardViewerScene(DrawnOverlay):
    """``DiscardViewerScene(app, public_cards, my_hand, deck, renderer, text)``."""

    name = "discard_viewer"
    panel_size = (1000, 470)
    appear = 0.12

    def __init__(
        self,
        app: App,
        public: Sequence[int],
        mine: Sequence[int],
        deck: Sequence[int],
        renderer: Any,
        text: TextCache | None = None,
    ) -> None:
        # Taller for larger text or a tall script: the two count rows and the notes grow.
        self.panel_size = (
            1000,
            470 + 3 * (max(26, text.font(18, True).get_linesize() + 4) - 26)
            if text is not None
            else 470,
        )
        super().__init__(app, text)
        self.renderer = renderer
        self.public = Counter(public)
        self.mine = Counter(mine)
        self.deck = Counter(deck)
        self.values = sorted(self.deck)
        rect = pygame.Rect(0, 0, 200, 46)
        rect.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - 20)
        self.close_button = Button(
            "close", rect, tr("tacocat.table.discards.close"), style="secondary", font_size=19
        )
        self.buttons = [self.close_button]
        # Columns right of the row labels ("Played", "Unseen").
        left = self.panel_rect.x + COLUMNS_LEFT
        step = (self.panel_rect.right - 50 - left) / max(1, len(self.values) - 1)
        self.cards = [
            CardSprite(
                v, None, "viewer", (left + i * step, self.panel_rect.y + 130), 0.55, face_up=True
            )
            for i, v in enumerate(self.values)
        ]
        #: Where the legend ends (it must clear Close: a long one wraps, larger text grows).
        self.notes_bottom = 0
        moved = self.grow_to_fit(self._content_bottom, [self.close_button])
        for card in self.cards:
            card.pos = (card.pos[0], card.pos[1] + moved)

    def _content_bottom(self, surface: pygame.Surface) -> int:
        self.draw_content(surface)
        return self.notes_bottom

    def is_settled(self, value: int) -> bool:
        """Every copy of ``value`` is accounted for (played, or in your hand)."""
        return self.unseen(value) == 0

    def unseen(self, value: int) -> int:
        return max(0, self.deck[value] - self.public[value] - self.mine[value])

    def on_button(self, button: Button) -> None:
        self.close()

    def on_cancel(self) -> None:
        self.close()

    def on_key(self, event: pygame.event.Event) -> None:
        if (
            self.app.keys.action(event, Scope.TABLE) is Action.DISCARDS
        ):  # the key (or Y) that opened it
            self.close()
            return
        super().on_key(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        if not self.panel_rect.collidepoint(pos):
            self.close()

    def draw_content(self, surface: pygame.Surface) -> None:
        text, rect = self.text, self.panel_rect
        # The two count rows: 26 px apart, more for tall lines (Lao, larger text).
        row_h = max(26, text.font(18, True).get_linesize() + 4)
        self.heading(surface, tr("tacocat.table.discards.heading"), rect.y + 22, 28)
        for value, sprite in zip(self.values, self.cards, strict=True):  # a card per value
            self._draw_column(surface, value, sprite, row_h)
        for offset, key in enumerate(
            ("tacocat.table.discards.seen", "tacocat.table.discards.unseen")
        ):
            box = pygame.Rect(rect.x + 22, rect.y + 292 + offset * row_h, ROW_LABEL_WIDTH, row_h)
            draw_text(
                surface, text, tr(key), 16, palette().ink_soft, box, bold=True, anchor="midleft"
            )
        self._draw_notes(surface, row_h)

    def _draw_column(
        self, surface: pygame.Surface, value: int, sprite: CardSprite, row_h: int
    ) -> None:
        """One value's card, a pip per copy and the two counts under it."""
        p, rect = palette(), self.panel_rect
        seen = self.public[value]
        # Greyed: no copy is left unseen (nothing more of it can come). A value still
        # wholly unseen is the one to watch, so it keeps its colour.
        self.renderer.draw(surface, sprite, True, dim=self.is_settled(value))
        x = round(sprite.pos[0])
        y = rect.y + 182
        # One pip per copy in the deck: played (ink), yours (avocado), unseen (hollow).
        pips = ["seen"] * seen + ["mine"] * self.mine[value] + ["unseen"] * self.unseen(value)
        for i, kind in enumerate(pips):
            centre = (x, y + 8 + i * 18)
            if kind == "seen":
                pygame.draw.circle(surface, p.ink_soft, centre, 7)
            elif kind == "mine":
                pygame.draw.circle(surface, p.avocado, centre, 7)
                pygame.draw.circle(surface, p.avocado_dark, centre, 7, width=2)
            else:
                pygame.draw.circle(surface, p.ink_soft, centre, 7, width=2)
        count_y = rect.y + 292
        for offset, (number, colour) in enumerate(
            ((seen, p.ink), (self.unseen(value), p.salsa_dark))
        ):
            box = pygame.Rect(0, count_y + offset * row_h, COUNT_WIDTH, row_h)
            box.centerx = x
            draw_text(surface, self.text, str(number), 18, colour, box, bold=True, anchor="midtop")

    def _draw_notes(self, surface: pygame.Surface, row_h: int) -> None:
        """The totals under the counts, then the legend (its bottom is :attr:`notes_bottom`)."""
        p, rect = palette(), self.panel_rect
        total_public = sum(self.public.values())
        total_unseen = sum(self.unseen(v) for v in self.values)
        summary = tr(
            "tacocat.table.discards.summary",
            seen=total_public,
            mine=sum(self.mine.values()),
            unseen=total_unseen,
        )
        below = self.line(
            surface, summary, max(rect.y + 352, rect.y + 296 + 2 * row_h), 16, p.ink_soft
        )
        legend = tr("tacocat.table.discards.legend")
        # Above Close: shrunk rather than hidden under it once the panel can grow no more.
        end = self.app.size[1] * 2 if self.measuring else self.close_button.rect.top - 6
        self.notes_bottom = self.line(
            surface, legend, max(below, rect.y + 376), 16, p.ink_soft, bottom=end
        )
