"""Card and board geometry: the one source for the asset generator and the widgets.

``tools/make_assets.py`` draws the art at these sizes and the UI lays it out with
them (as ``assets/palette.json`` is the one source of colours). Sizes are in the
art's native pixels; the board's are in the coordinates of the opened box
(``board_frame.png``), which the UI scales to its place on screen.

Standard library only: the generator imports it without the game.
"""

from __future__ import annotations

#: A card face (``cards/*.png``) and its rounded corners.
CARD_SIZE = (100, 140)
CARD_RADIUS = 10
#: ``card_shadow.png`` is the card plus this on every side.
CARD_SHADOW_PAD = 8

#: The opened box (``board/board_frame.png``): its outer wall and the rim inside it.
BOARD_SIZE = (1100, 230)
BOARD_EDGE = 5
BOARD_RIM = 20
#: The floor of the box, inside wall and rim: (x, y, width, height).
BOARD_FLOOR_RECT = (
    BOARD_EDGE + BOARD_RIM,
    BOARD_EDGE + BOARD_RIM,
    BOARD_SIZE[0] - 2 * (BOARD_EDGE + BOARD_RIM),
    BOARD_SIZE[1] - 2 * (BOARD_EDGE + BOARD_RIM),
)
#: A goal house (``board/goal_N.png``) and its distance from the box's end.
GOAL_SIZE = (130, 150)
GOAL_MARGIN = 30
#: A space's art (``board/space*.png``, ``board/tile.png``, drawn with its shadow).
SPACE_SIZE = (110, 110)
#: A space's square on the board, and the top of the row of spaces.
BOARD_SPACE = 104
BOARD_SPACE_TOP = 30
#: An arrow's art (``board/arrow_N.png``) and its square on the board.
ARROW_SIZE = (44, 44)
BOARD_ARROW = 40
#: Tacocat's art (``board/token*.png``) and its size standing on the board.
TOKEN_SIZE = (120, 100)
BOARD_TOKEN = (84, 70)

#: The screen everything is laid out on, and the title logo.
SCREEN_SIZE = (1280, 720)
LOGO_SIZE = (760, 200)
#: One confetti piece in ``ui/confetti.png`` (a column per colour, a row per angle).
CONFETTI_CELL = (12, 8)
CONFETTI_COLOURS = 6
