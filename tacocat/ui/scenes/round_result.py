"""After each round: who won the showdown with which cards, Tacocat's move, the score."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from tacocat.ui.results.feeling import outcome
from tacocat.ui.results.score import round_label
from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.style import palette
from tacocat.ui.widgets.text_box import draw_lines, draw_text

if TYPE_CHECKING:
    from tacocat.ui.results.summaries import RoundSummary, TableLike
    from tacocat.ui.stage.services import App

#: Seconds the result stays up in a demo (at speed 1) before the next round.
DEMO_SECONDS = 2.2
#: Room for a player's name under their card.
NAME_WIDTH = 160


class RoundResultScene(DrawnOverlay):
    """``RoundResultScene(app, table, info)``: ``info`` is the round just finished."""

    name = "round_result"
    guard = 0.3
    panel_size = (640, 480)

    def __init__(self, app: App, table: TableLike, info: RoundSummary) -> None:
        text = table.text
        # Rows from the fonts' line heights, so a larger text size makes room (the panel
        # grows down) instead of the lines covering the cards and the button.
        title_bottom = (
            26 + text.font(22, True).get_linesize() + 4 + text.font(32, True).get_linesize()
        )
        self.card_y = max(192, title_bottom + 8 + 60)
        self.lines_y = self.card_y + 74 + max(24, text.font(16, True).get_linesize())
        below = (text.font(18).get_linesize() + 2) * 3 + text.font(24, True).get_linesize() + 14
        self.panel_size = (640, max(480, self.lines_y + below + 24 + 52 + 16))
        super().__init__(app, table.text)
        self.table = table
        self.info = info
        self.names = tuple(table.names)
        self.wins = info.wins
        self.round = info.round
        self.replay = info.replay
        self.frames = 0
        self.closed = False
        rect = pygame.Rect(0, 0, 260, 52)
        rect.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - 24)
        #: The one player this screen belongs to (vs the computer), else None (shared).
        self.player = table.player
        # A tie deals the same round again: the button says so, not "Next round".
        label = tr("tacocat.trust.result.deal_again" if info.tie else "tacocat.table.result.next")
        self.next_button = Button("next", rect, label, style="primary", font_size=21)
        self.buttons = [self.next_button]
        self.demo = not table.seating.people
        self.cards: list[CardSprite] = []
        showdown = info.showdown
        if showdown:
            for seat in (0, 1):
                sprite = CardSprite(
                    showdown[seat],
                    seat,
                    "result",
                    (
                        self.panel_rect.centerx + (-90 if seat == 0 else 90),
                        self.panel_rect.y + self.card_y,
                    ),
                    0.8,
                    face_up=True,
                )
                sprite.glow = 1.0 if info.winner == seat else 0.0
                self.cards.append(sprite)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.frames += 1
        if self.frames == 1:
            self.app.narrator.speak(self.spoken(), interrupt=True)
        if self.frames == 2:
            self.table.screenshot(f"round-{self.round}")
        if self.demo and not self.closed:
            speed = self.app.animation_speed
            wait = 0.0 if math.isinf(speed) else max(0.3, DEMO_SECONDS / max(speed, 0.01))
            if self.elapsed >= wait and self.frames >= 3:
                self.next_round()

    def is_animating(self) -> bool:
        return super().is_animating() or self.demo or self.frames < 3

    def on_button(self, button: Button) -> None:
        self.next_round()

    def on_cancel(self) -> None:
        """Esc opens the game menu, as on the table (Enter or the button deals on)."""
        self.app.open("menu")

    def next_round(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.close()
        self.table.round_result_closed()

    def title(self) -> str:
        """The panel's headline: your win or loss, a tie, or someone's win."""
        return self._title()[0]

    def _title(self) -> tuple[str, tuple[int, int, int]]:
        """The heading and its colour: the player's win or loss, a tie, someone's win."""
        p = palette()
        winner = self.info.winner
        if self.info.tie:
            return tr("tacocat.table.result.tie"), p.ink
        if winner is None:
            return "", p.ink
        result = outcome(self.player, winner)
        if result == "won":
            return tr("tacocat.trust.result.you_win"), p.avocado_dark
        if result == "lost":
            return tr("tacocat.trust.result.you_lose", name=self.names[winner]), p.ink_soft
        return tr("tacocat.table.result.winner", name=self.names[winner]), p.seat(winner, dark=True)

    def move_text(self) -> str:
        """What Tacocat did (or that the round is dealt again)."""
        info, names, winner = self.info, self.names, self.info.winner
        if info.tie:
            return tr("tacocat.table.result.replay")
        if winner is None:
            return ""
        end, size = info.token_to, self.table.board_size
        if end is not None and (end < 0 or end >= size):
            text = tr("tacocat.table.result.home", name=names[winner])
        else:
            text = tr("tacocat.table.result.moves", name=names[winner])
        skipped = info.skipped
        if skipped:
            text += " " + tr("tacocat.table.result.hops", count=len(skipped))
        return text

    def score_text(self) -> str:
        return tr(
            "tacocat.table.result.score",
            name0=self.names[0],
            a=self.wins[0],
            name1=self.names[1],
            b=self.wins[1],
        )

    def spoken(self) -> str:
        """The whole panel as sentences, for narration (the showdown cards are public)."""
        parts = [round_label(self.round, self.replay), self.title()]
        if self.cards:
            parts.append(
                tr(
                    "tacocat.access.showdown",
                    name0=self.names[0],
                    a=self.cards[0].value,
                    name1=self.names[1],
                    b=self.cards[1].value,
                )
            )
        parts += [self.move_text(), self.score_text()]
        sentences = [part.strip() for part in parts if part and part.strip()]
        text = " ".join(s if s[-1] in ".!?:;。" else s + "." for s in sentences)
        return " ".join(text.split())  # the score's spacing is for the eye

    def draw_content(self, surface: pygame.Surface) -> None:
        p = palette()
        info, names = self.info, self.names
        rect = self.panel_rect
        y = self.heading(surface, round_label(self.round, self.replay), rect.y + 26, 22, p.ink_soft)
        title, colour = self._title()
        y = self.heading(surface, title, y + 4, 32, colour)
        for seat, sprite in enumerate(self.cards):  # seat 0's card, then seat 1's
            self.table.renderer.draw(surface, sprite, True, highlight=sprite.glow > 0.5)
            card = self.table.renderer.rect_of(sprite)
            box = pygame.Rect(0, 0, NAME_WIDTH, max(24, self.text.font(16, True).get_linesize()))
            box.midtop = (card.centerx, card.bottom + 8)
            draw_text(surface, self.text, names[seat], 16, p.ink, box, bold=True, anchor="midtop")
        if self.cards:
            # Equal cards: nobody's lower card won, so the rule is not named.
            between = (
                "tacocat.trust.result.equal" if info.tie else "tacocat.table.result.lower_wins"
            )
            self._between_cards(surface, tr(between), rect.y + self.card_y)
        y = rect.y + self.lines_y
        # The score sits above the button whatever the body's length: a three-line body
        # (a long language, a hop) shrinks instead of pushing the score under the button.
        score_top = self.next_button.rect.top - 6 - self.text.font(24, True).get_linesize()
        move = self.move_text()
        if move:
            y = self.line(surface, move, y, 18, bottom=score_top - 6)
        self.line(
            surface,
            self.score_text(),
            min(max(y + 8, rect.y + self.lines_y + 62), score_top),
            24,
            p.ink,
            bold=True,
            bottom=self.next_button.rect.top - 4,
        )

    def _between_cards(self, surface: pygame.Surface, text: str, centre_y: int) -> None:
        """``text`` wrapped to the gap between the two shown cards (long in some languages)."""
        rects = sorted(
            (self.table.renderer.rect_of(sprite) for sprite in self.cards), key=lambda r: r.x
        )
        if len(rects) > 1:
            box = pygame.Rect(
                rects[0].right + 4, 0, rects[-1].left - rects[0].right - 8, rects[0].height
            )
        else:
            box = pygame.Rect(0, 0, 160, rects[0].height)
            box.centerx = rects[0].centerx
        box.centery = centre_y
        draw_lines(
            surface,
            self.text,
            text,
            16,
            palette().ink_soft,
            box,
            bold=True,
            align="centre",
            middle=True,
        )
