"""The pictures of How to play, drawn with the table's own card renderer and board view.

Each page of How to play shows one moment of a real game: the same card faces,
card backs, shadows and highlights as the table (:class:`CardRenderer`), the same
board with its numbers, arrows, tiles and Tacocat (:class:`BoardView`). Nothing
here is new art, and nothing in a picture is text that would need translating
(card values and the board's hand sizes are numerals, as on the table).

:func:`draw_picture` is the one entry point; every page key of
:data:`tacocat.ui.scenes.rules.PAGES` has a drawing function in :data:`_DRAWERS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tacocat.rules import DEFAULT_RULESET
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer, CardSprite
from tacocat.ui.widgets.style import TextCache, palette, rounded_panel

#: The picture's size in logical pixels (a fixed drawing: it does not grow with the text).
PICTURE_SIZE = (520, 470)
#: The board drawn across the picture: wide enough that its numbers stay ≥ 16 px.
BOARD_W = 500
#: Where the centre space is (the default board's Tacocat start).
CENTRE = DEFAULT_RULESET.board.start

Point = tuple[float, float]


class Painter:
    """One picture being drawn: cards, hands, the board, arrows and seat marks."""

    def __init__(
        self, assets: Any, renderer: CardRenderer, text: TextCache, surface: pygame.Surface
    ) -> None:
        self.assets = assets
        self.renderer = renderer
        self.text = text
        self.surface = surface
        self.width, self.height = surface.get_size()

    # --- cards ------------------------------------------------------------------------

    def card(
        self,
        value: int | None,
        centre: Point,
        scale: float = 0.8,
        *,
        dim: bool = False,
        glow: bool = False,
        lift: float = 0.0,
    ) -> pygame.Rect:
        """One card, face up (``value``) or its back (``None``), as the table draws it."""
        sprite = CardSprite(value, None, "howto", centre, scale=scale, face_up=value is not None)
        sprite.lift = lift
        return self.renderer.draw(self.surface, sprite, value is not None, dim=dim, highlight=glow)

    def hand(
        self,
        values: Sequence[int | None],
        centre: Point,
        scale: float = 0.7,
        step: float = 0.62,
        *,
        lifted: Sequence[int] = (),
        dim: Sequence[int] = (),
        glow: Sequence[int] = (),
    ) -> list[pygame.Rect]:
        """A fanned row of cards centred on ``centre`` (``step`` = overlap, in card widths);
        ``lifted`` / ``dim`` / ``glow`` are indexes into ``values``."""
        card_w = self.renderer.size_for(scale)[0]
        gap = card_w * step
        x0 = centre[0] - gap * (len(values) - 1) / 2
        return [
            self.card(
                value,
                (x0 + i * gap, centre[1]),
                scale,
                dim=i in dim,
                glow=i in glow,
                lift=40 * scale if i in lifted else 0.0,
            )
            for i, value in enumerate(values)
        ]

    def pile(self, value: int | None, centre: Point, count: int, scale: float = 0.6) -> None:
        """A stack of ``count`` cards (the draw pile, the discards)."""
        for i in range(count):
            self.card(value, (centre[0] - i * 2, centre[1] - i * 3), scale)

    # --- board ------------------------------------------------------------------------

    def board(
        self,
        top: float,
        covered: Sequence[int] = (),
        token: float | None = CENTRE,
        facing_left: bool = False,
        current: int | None = None,
    ) -> BoardView:
        """The default board across the picture, ``top`` px from its top, Tacocat on ``token``
        (a board position; ``None``: not on the board)."""
        height = round(BOARD_W * 230 / 1100)
        rect = pygame.Rect((self.width - BOARD_W) // 2, round(top), BOARD_W, height)
        view = BoardView(self.assets, self.text, DEFAULT_RULESET.board, rect)
        view.draw(self.surface, frozenset(covered), current)
        if token is not None:
            view.draw_token(self.surface, token, 0.0, facing_left)
        return view

    # --- marks ------------------------------------------------------------------------

    def arrow(
        self, start: Point, end: Point, colour: tuple[int, int, int] | None = None, width: int = 6
    ) -> None:
        """A bold arrow from ``start`` to ``end`` (the way a card or Tacocat goes)."""
        colour = colour or palette().cheese
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        head = 7 + width * 2
        base = (end[0] - head * math.cos(angle), end[1] - head * math.sin(angle))
        pygame.draw.line(self.surface, palette().table_deep, start, base, width + 4)
        pygame.draw.line(self.surface, colour, start, base, width)
        tip = [
            end,
            (base[0] + head * 0.6 * math.sin(angle), base[1] - head * 0.6 * math.cos(angle)),
            (base[0] - head * 0.6 * math.sin(angle), base[1] + head * 0.6 * math.cos(angle)),
        ]
        pygame.draw.polygon(self.surface, colour, tip)
        pygame.draw.polygon(self.surface, palette().table_deep, tip, 2)

    def seat(self, seat: int, centre: Point, size: int = 48) -> None:
        """The seat's own mark: its arrow with the Sun (first) or the Moon (second)."""
        image = self.assets.image(f"board/arrow_{seat + 1}", (size, size))
        self.surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def symbol(self, text: str, centre: Point, size: int = 40) -> None:
        """A mathematical sign between cards (≥, =, <): no language in it."""
        image = self.text.render(text, size, palette().box_floor, bold=True)
        self.surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def loop(self, centre: Point, radius: int = 26) -> None:
        """A round arrow: "again" (a tied duel, a replayed round)."""
        p = palette()
        rect = pygame.Rect(0, 0, radius * 2, radius * 2)
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(self.surface, p.cheese, rect, 0.6, 2 * math.pi - 0.2, 6)
        end = (centre[0] + radius * math.cos(0.6), centre[1] - radius * math.sin(0.6))
        pygame.draw.polygon(
            self.surface,
            p.cheese,
            [(end[0] - 10, end[1] - 6), (end[0] + 10, end[1] - 8), (end[0] + 2, end[1] + 10)],
        )

    def wins(self, seat: int, count: int, centre: Point) -> None:
        """A row of round-win dots in the seat's colour, as the scoreboard shows them."""
        p = palette()
        fill = p.seat_1 if seat == 0 else p.seat_2
        for i in range(4):
            spot = (round(centre[0] + (i - 1.5) * 30), round(centre[1]))
            pygame.draw.circle(self.surface, p.table_deep, spot, 12)
            pygame.draw.circle(
                self.surface, fill if i < count else p.table_light, spot, 11, 0 if i < count else 2
            )


# --- the pages ----------------------------------------------------------------------------


def _goal(d: Painter) -> None:
    view = d.board(60)
    centre = view.token_anchor(CENTRE)
    for seat, goal in ((0, -1), (1, 7)):
        x = view.space_rect(goal).centerx
        d.arrow(
            (centre[0] + (-50 if seat == 0 else 50), 235),
            (x, 235),
            palette().seat_1 if seat == 0 else palette().seat_2,
        )
        d.hand([None] * 4, (x + (70 if seat == 0 else -70), 345), 0.55, 0.35)
        d.seat(seat, (x, 300))


def _deck(d: Painter) -> None:
    for value in range(1, 13):
        row, col = divmod(value - 1, 6)
        x, y = 62 + col * 87, 60 + row * 118
        for copy in range(5 if value == 7 else 3):
            d.card(value, (x + copy * 4, y + copy * 5), 0.52)
    view = d.board(290, token=None, current=CENTRE)
    del view
    d.hand([None] * 7, (d.width / 2, 420), 0.42, 0.5)


def _replace(d: Painter) -> None:
    d.pile(None, (90, 110), 5, 0.7)
    d.pile(3, (d.width - 90, 110), 3, 0.7)
    d.hand([2, 11, 5, 12, 4], (d.width / 2, 370), 0.85, 0.7, lifted=(1, 3), glow=(1, 3))
    d.arrow((d.width / 2 + 40, 270), (d.width - 120, 175))
    d.arrow((130, 175), (d.width / 2 - 60, 270))
    d.seat(0, (d.width / 2, 110), 56)


def _duel(d: Painter) -> None:
    left, right = d.width / 2 - 110, d.width / 2 + 110
    d.card(None, (left, 105), 0.6)
    d.card(None, (right, 105), 0.6)
    d.arrow((left, 170), (left, 215))
    d.arrow((right, 170), (right, 215))
    d.card(9, (left, 320), 1.0, glow=True)
    d.card(5, (right, 320), 1.0, dim=True)
    d.symbol(">", (d.width / 2, 320), 56)
    d.seat(0, (left, 430))
    d.seat(1, (right, 430))


def _attack(d: Painter) -> None:
    d.hand([None] * 3, (d.width / 2, 70), 0.55, 0.5)
    d.seat(1, (d.width / 2 + 110, 70))
    d.card(8, (d.width / 2, 215), 0.9, glow=True)
    d.arrow((d.width / 2 - 90, 360), (d.width / 2 - 52, 285))
    d.hand([3, 10], (d.width / 2 - 20, 380), 0.8, 0.7)
    d.seat(0, (d.width / 2 + 110, 390))


def _answer(d: Painter) -> None:
    # Attack card on the left, the answer on the right: 8 < 10 defends, 6 > 2 is a sacrifice.
    for row, (attack, answer, defended) in enumerate(((8, 10, True), (6, 2, False))):
        y = 125 + row * 220
        d.card(attack, (d.width / 2 - 120, y), 0.85)
        d.symbol("<" if defended else ">", (d.width / 2, y), 48)
        d.card(answer, (d.width / 2 + 120, y), 0.85, glow=defended, dim=not defended)
    d.seat(1, (d.width / 2 - 120, 235), 44)
    d.seat(0, (d.width / 2 + 120, 235), 44)


def _jumbo(d: Painter) -> None:
    d.hand([8, 8], (d.width / 4, 105), 0.8, 0.55, glow=(0, 1))
    d.hand([4, 5, 6], (d.width * 0.66, 105), 0.8, 0.55, glow=range(3))
    d.hand([4, 5, 6], (d.width / 2, 275), 0.62, 1.15)
    d.hand([5, 9, 2], (d.width / 2, 400), 0.62, 1.15, glow=(0, 1), dim=(2,))
    d.arrow((d.width / 2 - 150, 338), (d.width / 2 + 150, 338))


def _showdown(d: Painter) -> None:
    left, right = d.width / 2 - 100, d.width / 2 + 100
    d.card(2, (left, 150), 1.0, glow=True)
    d.card(11, (right, 150), 1.0, dim=True)
    d.symbol("<", (d.width / 2, 150), 56)
    d.seat(0, (left, 255))
    d.seat(1, (right, 255))
    d.card(6, (d.width / 2 - 120, 375), 0.6)
    d.symbol("=", (d.width / 2 - 60, 375), 44)
    d.card(6, (d.width / 2, 375), 0.6)
    d.loop((d.width / 2 + 110, 375))


def _move(d: Painter) -> None:
    # The first player won: Tacocat steps toward their goal, a tile covers the centre, and the
    # new space deals 6; its arrow points at the second player, who is behind now.
    view = d.board(70, covered=(CENTRE,), token=CENTRE - 1, facing_left=True, current=CENTRE - 1)
    y = view.rect.bottom + 24
    d.arrow((view.space_rect(CENTRE).centerx, y), (view.space_rect(CENTRE - 1).centerx, y))
    hand_size = DEFAULT_RULESET.board.spaces[CENTRE - 1].hand_size
    d.hand([None] * hand_size, (d.width / 2 - 40, 340), 0.55, 0.45)
    d.seat(1, (d.width / 2 + 150, 340))


def _win(d: Painter) -> None:
    covered = tuple(range(0, 6))
    d.board(70, covered=covered, token=-1, facing_left=True)
    d.wins(0, 4, (d.width / 2 - 130, 320))
    d.wins(1, 2, (d.width / 2 + 130, 320))
    d.seat(0, (d.width / 2 - 130, 380))
    d.seat(1, (d.width / 2 + 130, 380))


def _access(d: Painter) -> None:
    d.hand([1, 6, 9], (d.width / 2, 170), 1.1, 1.1)
    d.seat(0, (d.width / 2 - 70, 370), 64)
    d.seat(1, (d.width / 2 + 70, 370), 64)


_DRAWERS: dict[str, Callable[[Painter], None]] = {
    "goal": _goal,
    "deck": _deck,
    "replace": _replace,
    "duel": _duel,
    "attack": _attack,
    "answer": _answer,
    "jumbo": _jumbo,
    "showdown": _showdown,
    "move": _move,
    "win": _win,
    "access": _access,
}

#: The pages that have a picture (every page of How to play).
PICTURED = tuple(_DRAWERS)


def draw_picture(
    page: str,
    assets: Any,
    renderer: CardRenderer,
    text: TextCache,
    size: tuple[int, int] = PICTURE_SIZE,
) -> pygame.Surface:
    """``page``'s picture: the table's felt with the moment the page explains on it."""
    p = palette()
    surface = rounded_panel(size, p.table, p.table_light, radius=18, border_width=3)
    _DRAWERS[page](Painter(assets, renderer, text, surface))
    return surface
