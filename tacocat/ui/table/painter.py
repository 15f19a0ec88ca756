"""Paints the table from the view model - and from nothing else.

:class:`Painter` puts the table's layers in order, each drawn by the painter whose
job it is:

* :class:`~.tabletop.TabletopPainter` - what lies on the table: the static layer
  (background, board, play mat), what moves on the board, the piles, the cards and
  the marks on the play mat;
* :class:`~.panels.PanelPainter` - what is written over it: name plates, score, log,
  the prompt line, banners and the tooltip;

and draws the confetti itself. Everything shown comes from
:class:`~tacocat.ui.table.view.TableView` (including this frame's
:class:`~tacocat.ui.table.turn.Turn`, prompt and keyboard focus, which the scene
stores there before drawing); no painter reads the game state. Layers that rarely
change are cached.
"""

from __future__ import annotations

from typing import Any

import pygame

from tacocat.geometry import CONFETTI_CELL
from tacocat.seating import Seating
from tacocat.ui.table.panels import PanelPainter
from tacocat.ui.table.tabletop import TabletopPainter
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer
from tacocat.ui.widgets.style import TextCache


class Painter:
    """Draws one table.

    :param view: the view model it draws.
    :param assets: the app's images and fonts.
    :param text: the table's text cache.
    :param renderer: draws card sprites.
    :param board: draws the board.
    :param seating: who plays each seat (one person against the computer: the bottom
        plate says "you").
    :param rounds_to_win: pips on each name plate.
    """

    def __init__(
        self,
        view: TableView,
        assets: Any,
        text: TextCache,
        renderer: CardRenderer,
        board: BoardView,
        seating: Seating,
        rounds_to_win: int,
    ) -> None:
        self.assets = assets
        self.board = board  # (the guided game points at its spaces)
        self.rounds_to_win = rounds_to_win  # (a restyled table builds its painter anew)
        self._confetti_sheet: pygame.Surface | None = None
        self.tabletop = TabletopPainter(view, assets, text, renderer, board)
        self.panels = PanelPainter(view, assets, text, seating, rounds_to_win)

    @property
    def view(self) -> TableView:
        return self.tabletop.view

    @view.setter
    def view(self, view: TableView) -> None:
        # The replay lays out a fresh view model at each jump: both painters draw it.
        self.tabletop.view = self.panels.view = view

    @property
    def prompt_rect(self) -> pygame.Rect:
        """Where the prompt line was last drawn (tests check it clears the raised cards)."""
        return self.panels.prompt_rect

    def draw(self, surface: pygame.Surface) -> None:
        """The table under the buttons: everything but the buttons and confetti. The
        panels cover the piles; the cards, prompt and banners fly over the panels."""
        self.tabletop.draw_ground(surface)
        self.panels.draw_panels(surface)
        self.tabletop.draw_play(surface)
        self.panels.draw_prompt(surface)
        self.panels.draw_banners(surface)

    def static_layer(self) -> pygame.Surface:
        """Background, board, play mat and labels (the scene renders it before the first frame)."""
        return self.tabletop.static_layer()

    def plate(self, seat: int, side: str) -> pygame.Surface:
        """The name plate of ``seat`` on ``side`` (cached until what it shows changes)."""
        return self.panels.plate(seat, side)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip of what the resting pointer is on (over the buttons too)."""
        self.panels.draw_tooltip(surface)

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti pieces (the game-over screen draws them over its panel too)."""
        sheet = self._confetti_sheet
        if sheet is None:
            original = self.assets.image("ui/confetti")
            sheet = pygame.transform.scale_by(original, 2)
            self._confetti_sheet = sheet
        cell_w, cell_h = CONFETTI_CELL[0] * 2, CONFETTI_CELL[1] * 2
        for p in self.view.particles:
            frame = int(p.angle) % 4
            area = pygame.Rect(p.colour * cell_w, frame * cell_h, cell_w, cell_h)
            surface.blit(sheet, (round(p.x), round(p.y)), area)
