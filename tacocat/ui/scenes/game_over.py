"""The end of the game: the winner, the final score, Rematch or Back to title.

In ``--demo`` mode the app exits (code 0) once this screen has shown briefly.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.scenes.recap import draw_recap
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.style import palette

if TYPE_CHECKING:
    from tacocat.ui.results.summaries import GameSummary, TableLike
    from tacocat.ui.stage.services import App

#: Seconds the screen shows in a demo before the app exits.
DEMO_SECONDS = 1.5


class GameOverScene(DrawnOverlay):
    """``GameOverScene(app, table, info)``: ``info`` is the finished game."""

    name = "game_over"
    panel_size = (680, 560)
    appear = 0.3
    guard = 0.4

    def __init__(self, app: App, table: TableLike, info: GameSummary) -> None:
        super().__init__(app, table.text)
        self.table = table
        self.info = info
        self.frames = 0
        self.finished = False
        rect = self.panel_rect
        rematch = pygame.Rect(0, 0, 250, 54)
        rematch.bottomright = (rect.centerx - 10, rect.bottom - 28)
        title = pygame.Rect(0, 0, 250, 54)
        title.bottomleft = (rect.centerx + 10, rect.bottom - 28)
        self.rematch_button = Button(
            "rematch", rematch, table.rematch_label(), style="primary", font_size=21
        )
        self.title_button = Button(
            "title", title, tr("tacocat.table.over.title"), style="secondary", font_size=20
        )
        self.buttons = [self.rematch_button, self.title_button]
        #: Watch the game again (and review it there), once it is kept in the History.
        self.replay_button: Button | None = None
        if table.kept_id is not None:
            replay = pygame.Rect(0, 0, 200, 36)
            replay.topright = (rect.right - 18, rect.y + 18)
            self.replay_button = Button(
                "replay", replay, tr("tacocat.trust.over.replay"), style="quiet", font_size=16
            )
            self.buttons.append(self.replay_button)
        self.demo = not info.seating.people
        #: Where the round-by-round recap ends (tests check it clears the buttons).
        self.recap_bottom = 0
        self.grow_to_fit(self._content_bottom, [self.rematch_button, self.title_button])

    def _content_bottom(self, surface: pygame.Surface) -> int:
        self.draw_content(surface)
        return self.recap_bottom

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.tick_cosmetics(dt)
        self.frames += 1
        if self.frames == 2:
            self.table.screenshot("game-over")
        if self.demo and not self.finished:
            speed = self.app.animation_speed
            wait = 0.0 if math.isinf(speed) else max(0.4, DEMO_SECONDS / max(1.0, speed**0.5))
            if self.elapsed >= wait and self.frames >= 3:
                self.finished = True
                self.app.finish_demo()

    def is_animating(self) -> bool:
        return super().is_animating() or self.demo or self.frames < 3 or self.table.has_confetti()

    def on_button(self, button: Button) -> None:
        if button is self.rematch_button:
            self.table.rematch()
        elif button is self.replay_button:
            self.table.replay_kept()
        else:
            self.app.open("title")

    def on_cancel(self) -> None:
        self.app.open("title")

    def draw_content(self, surface: pygame.Surface) -> None:
        p = palette()
        info = self.info
        rect = self.panel_rect
        names, winner, wins = info.names, info.winner, info.wins
        goal = self.app.assets.image(f"board/goal_{winner + 1}", (90, 104))
        surface.blit(goal, goal.get_rect(midtop=(rect.centerx, rect.y + 22)))
        colour = p.seat(winner, dark=True)
        if info.seating.person is not None:  # one person here (the computer, or online)
            won = winner == info.seating.person
            # A defeat says so, in a sombre colour (and the table threw no confetti).
            title = (
                tr("tacocat.table.over.you_win")
                if won
                else tr("tacocat.trust.over.you_lost", name=names[winner])
            )
            colour = p.avocado_dark if won else p.ink_soft
        else:
            title = tr("tacocat.table.over.winner", name=names[winner])
        y = self.heading(surface, title, rect.y + 132, 36, colour)
        y = self.line(
            surface, tr("tacocat.table.over.home", name=names[winner]), y + 6, 18, p.ink_soft
        )
        score = tr(
            "tacocat.table.result.score", name0=names[0], a=wins[0], name1=names[1], b=wins[1]
        )
        y = self.line(surface, score, y + 14, 26, p.ink, bold=True)
        rounds = tr("tacocat.table.over.rounds", count=info.rounds, tied=info.tied)
        y = self.line(surface, rounds, y + 6, 17, p.ink_soft)
        records = info.recap
        if records:
            recap = tr("tacocat.table.over.recap", name0=names[0], name1=names[1])
            y = self.line(surface, recap, y + 10, 16, p.ink_soft, bold=True)
            self.recap_bottom = draw_recap(
                surface, self.text, records, rect.centerx, y + 4, rect.width - 80
            )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.table.has_confetti():
            self.table.draw_confetti(surface)
