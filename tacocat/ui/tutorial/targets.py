"""What the coach can point at, as rectangles on the 1280×720 table.

Every place comes from the table's own layout (:mod:`tacocat.ui.widgets.layout`,
the board widget's spaces, the card renderer's sizes, the controls' buttons),
so a coach mark moves with the table if its layout changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tacocat.geometry import BOARD_ARROW, CARD_SIZE
from tacocat.ui.widgets import layout as L

if TYPE_CHECKING:
    from tacocat.ui.table.scene import TableScene

#: The names a script's ``point_at`` may use.
TARGETS = ("hand", "piles", "arrow", "tiles", "score", "buttons", "board", "duel", "play")


#: Room between the ring around the play mat and the prompt (the ring's own width and pulse).
PROMPT_CLEARANCE = 16


def move_rects(table: TableScene, values: tuple[int, ...]) -> list[pygame.Rect]:
    """The cards of the taught move in the player's hand (the coach's arrow points there:
    "swap your 12" points at the 12, not at the hand's first card)."""
    wanted = list(values)
    rects = []
    for sprite in table.my_hand():
        if sprite.zone == "hand" and sprite.value in wanted:
            wanted.remove(sprite.value)
            rects.append(table.card_rect(sprite))
    return _union(rects)


def _card_box(centre: tuple[float, float], scale: float) -> pygame.Rect:
    rect = pygame.Rect(0, 0, round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def _union(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    return [rects[0].unionall(rects[1:])] if rects else []


def target_rects(table: TableScene, name: str) -> list[pygame.Rect]:
    """Where ``name`` is on screen now, one rectangle per part (empty: nothing shows)."""
    board = table.painter.board
    view = table.view
    token = int(round(view.track.position))
    on_board = 0 <= token < len(board.board.spaces)
    if name == "hand":
        return _union([table.card_rect(s) for s in table.my_hand() if s.zone == "hand"])
    if name == "piles":
        return [L.pile_rect("draw"), L.pile_rect("discards")]
    if name == "arrow" and on_board:
        space = board.space_rect(token)
        size = round(BOARD_ARROW * board.scale) + 8
        return [pygame.Rect(space.centerx - size, space.bottom, 2 * size, size + 6)]
    if name == "tiles":
        covered = [board.space_rect(i) for i in sorted(view.track.covered)]
        return covered or [L.pile_rect("tiles")]
    if name == "score":
        return [L.plate_rect("bottom"), L.plate_rect("top")]
    if name == "buttons":
        return _union(
            [
                b.rect
                for k, b in table.buttons.items()
                if b.visible and k in ("primary", "secondary")
            ]
        )
    if name == "board":
        return [board.space_rect(token) if on_board else pygame.Rect(board.rect)]
    if name == "duel":
        return [_card_box(pos, L.TABLE_SCALE) for pos in L.DUEL_POS]  # one slot per seat
    if name == "play":
        # The mat, stopped short of the prompt line under it: the ring never cuts the prompt.
        mat = pygame.Rect(L.PLAY_MAT)
        prompt_top = (
            table.painter.prompt_rect.top if table.painter.prompt_rect.height else L.PROMPT_Y - 18
        )
        mat.height = min(mat.height, prompt_top - PROMPT_CLEARANCE - mat.top)
        return [mat]
    return []
