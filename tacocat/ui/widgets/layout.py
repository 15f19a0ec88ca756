"""Where everything sits on the 1280×720 table.

The *bottom* seat is the one whose screen it is (vs-AI: the human; hot-seat:
whoever took the device); the other seat sits at the top. The board never
turns: the first player's goal (the Sun) is always on the left, so wherever the
two seats are side by side - the duel and showdown cards, the round result, the
score, the game over - the first seat is on the left and the second on the right.
"""

from __future__ import annotations

import pygame

from tacocat.geometry import BOARD_SIZE, CARD_SIZE, GOAL_MARGIN, GOAL_SIZE

WIDTH, HEIGHT = 1280, 720

BOARD_RECT = pygame.Rect(0, 0, 902, 189)
BOARD_RECT.midtop = (WIDTH // 2, 92)

HAND_SCALE = {"bottom": 1.0, "top": 0.6}
HAND_Y = {"bottom": 634.0, "top": 47.0}
HAND_WIDTH = {"bottom": 720.0, "top": 460.0}
HAND_STEP = {"bottom": 92.0, "top": 44.0}

TABLE_SCALE = 0.8
PILE_SCALE = 0.7
DRAW_POS = (1102.0, 392.0)
DISCARD_POS = (1208.0, 392.0)
TILE_STACK_POS = (1182.0, 196.0)
#: Each pile: where its top card sits, and the scale it is drawn at.
PILES = {
    "draw": (DRAW_POS, PILE_SCALE),
    "discards": (DISCARD_POS, PILE_SCALE),
    "tiles": (TILE_STACK_POS, 0.6),
}
#: A click on a pile: this box round its centre (a near miss still opens the discards).
PILE_CLICK = (96, 128)
#: A pile's tooltip: this box, from ``PILE_HOVER_TOP`` above its centre (its label too).
PILE_HOVER = (84, 136)
PILE_HOVER_TOP = PILE_HOVER[1] // 2 - 10


def pile_rect(name: str, reach: str = "card") -> pygame.Rect:
    """Pile ``name``'s area ("draw", "discards", "tiles"): the one source for what
    points at a pile. ``reach``: ``"card"`` its top card as drawn (the guided game's
    coach mark rings it), ``"click"`` the area a click opens it from, ``"hover"`` the
    area its tooltip answers to (the card and the count under it)."""
    pos, scale = PILES[name]
    centre = (round(pos[0]), round(pos[1]))
    if reach == "card":
        rect = pygame.Rect(0, 0, round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale))
        rect.center = centre
    elif reach == "click":
        rect = pygame.Rect((0, 0), PILE_CLICK)
        rect.center = centre
    elif reach == "hover":
        rect = pygame.Rect((0, 0), PILE_HOVER)
        rect.midtop = (centre[0], centre[1] - PILE_HOVER_TOP)
    else:
        raise ValueError(f"unknown reach {reach!r}")
    return rect


PLAY_CENTRE_X = 640.0
PLAY_ROW_Y = {"top": 352.0, "bottom": 428.0}
PLAY_STEP = 92.0
#: Duel and showdown cards: the first seat's on the left, as its goal on the board.
DUEL_POS = ((572.0, 392.0), (708.0, 392.0))

PLAY_MAT = pygame.Rect(300, 292, 680, 206)
#: The prompt and banners sit between the play mat and the raised cards of your hand.
PROMPT_Y = 511
BANNER_Y = 511
LOG_RECT = pygame.Rect(16, 300, 262, 196)
PLATE_RECT = {"top": pygame.Rect(16, 12, 234, 72), "bottom": pygame.Rect(16, 626, 234, 82)}
#: Under the log, above your plate: where an online game says the connection is being made
#: again, or that the other player is away (nothing else is drawn there).
NOTICE_RECT = pygame.Rect(
    16,
    LOG_RECT.bottom + 8,
    PLATE_RECT["bottom"].width,
    PLATE_RECT["bottom"].top - LOG_RECT.bottom - 16,
)


def plate_rect(side: str) -> pygame.Rect:
    """A name plate's rect: wider for larger text (up to the log's width below it)."""
    from tacocat.ui.text.text_scale import grow

    rect = pygame.Rect(PLATE_RECT[side])
    rect.width = min(LOG_RECT.width, grow(rect.width, 0.25))
    return rect


BUTTON_AREA = pygame.Rect(1032, 566, 232, 142)
#: The top-right button (the table's Menu, the replay's Close); a second one goes below.
CORNER_BUTTON = pygame.Rect(1164, 14, 100, 38)
CORNER_STEP = 46
#: The big score ("Sun 2 – 1 Moon"), top right under the round label.
SCORE_RECT = pygame.Rect(850, 34, 300, 50)


def hand_slots(side: str, count: int) -> list[tuple[float, float]]:
    """Card centres for a hand of ``count`` cards, left to right."""
    if count <= 0:
        return []
    scale = HAND_SCALE[side]
    card_w = 100 * scale
    step = HAND_STEP[side]
    if count > 1:
        step = min(step, (HAND_WIDTH[side] - card_w) / (count - 1))
    first = WIDTH / 2 - step * (count - 1) / 2
    y = HAND_Y[side]
    slots = []
    for i in range(count):
        x = first + i * step
        # A gentle fan: the ends sit a little lower (higher for the top hand).
        offset = ((x - WIDTH / 2) / 360) ** 2 * 14
        slots.append((x, y + offset if side == "bottom" else y - offset * 0.5))
    return slots


def play_slot(side: str, index: int, count: int) -> tuple[float, float]:
    """Centre of attack card ``index`` of ``count`` laid by the ``side`` player."""
    first = PLAY_CENTRE_X - PLAY_STEP * (count - 1) / 2
    return (first + index * PLAY_STEP, PLAY_ROW_Y[side])


def response_slot(attacker_side: str, index: int, count: int) -> tuple[float, float]:
    """Centre of the answer to attack card ``index``: on the defender's side of it."""
    x, _ = play_slot(attacker_side, index, count)
    defender_side = "bottom" if attacker_side == "top" else "top"
    return (x + 10, PLAY_ROW_Y[defender_side])


def goal_centre(seat: int) -> tuple[float, float]:
    """Screen point over ``seat``'s goal house (seat 0's is on the left)."""
    scale = BOARD_RECT.width / BOARD_SIZE[0]
    inset = GOAL_MARGIN + GOAL_SIZE[0] / 2
    x = BOARD_RECT.x + (inset if seat == 0 else BOARD_SIZE[0] - inset) * scale
    y = BOARD_RECT.y + (BOARD_SIZE[1] / 2 - 25) * scale  # a little above the houses' middle
    return x, y
