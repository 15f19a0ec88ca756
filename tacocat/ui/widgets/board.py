"""The board as the opened box: two goal houses, seven numbered spaces, arrows, tiles, Tacocat.

The board is composed in the art's native coordinates (the 1100×230 box) and
scaled once to its place on screen. The static part (box, spaces, numbers,
arrows, the tiles that have landed) is cached and redrawn only when the set
of covered spaces changes; Tacocat and a falling tile are drawn on top each
frame from the positions the animator gives.

Positions on the board: ``-1`` is the first player's goal (left), ``0..6``
the spaces, ``7`` the second player's goal (see ``Board.goal_of``).
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tacocat.geometry import BOARD_ARROW as ARROW
from tacocat.geometry import BOARD_SIZE as NATIVE_SIZE
from tacocat.geometry import BOARD_SPACE as SPACE
from tacocat.geometry import BOARD_SPACE_TOP as SPACE_TOP
from tacocat.geometry import BOARD_TOKEN as TOKEN_NATIVE
from tacocat.geometry import GOAL_MARGIN, GOAL_SIZE
from tacocat.ui.widgets.style import TextCache, palette


class ImageSource(Protocol):
    """Where the board's pictures come from (:class:`tacocat.ui.devices.assets.Assets`)."""

    def image(
        self,
        name: str,
        size: tuple[int, int] | None = None,
        *,
        placeholder_size: tuple[int, int] = (64, 64),
    ) -> pygame.Surface: ...


class BoardView:
    """Draws one board (``ruleset.board``) into ``rect`` on screen."""

    def __init__(self, assets: ImageSource, text: TextCache, board: Any, rect: pygame.Rect) -> None:
        self.assets = assets
        self.text = text
        self.board = board
        self.rect = pygame.Rect(rect)
        self.scale = self.rect.width / NATIVE_SIZE[0]
        self.size = board.size
        inner_left = GOAL_MARGIN + GOAL_SIZE[0] + 8
        inner_right = NATIVE_SIZE[0] - GOAL_MARGIN - GOAL_SIZE[0] - 8
        gap = (inner_right - inner_left - self.size * SPACE) / max(1, self.size - 1)
        self._space_x = [inner_left + i * (SPACE + gap) for i in range(self.size)]
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._token_cache: dict[tuple[bool, int], pygame.Surface] = {}
        self._tile_cache: dict[int, pygame.Surface] = {}

    # --- geometry (native) ------------------------------------------------------------

    def restyle(self) -> None:
        """The text size changed: the labels drawn on the cached board are drawn again."""
        self._static = None
        self._static_key = None

    def native_rect(self, position: int) -> pygame.Rect:
        """The native rectangle of a space or goal."""
        if position < 0:
            return pygame.Rect(GOAL_MARGIN, (NATIVE_SIZE[1] - GOAL_SIZE[1]) // 2, *GOAL_SIZE)
        if position >= self.size:
            return pygame.Rect(
                NATIVE_SIZE[0] - GOAL_MARGIN - GOAL_SIZE[0],
                (NATIVE_SIZE[1] - GOAL_SIZE[1]) // 2,
                *GOAL_SIZE,
            )
        return pygame.Rect(round(self._space_x[position]), SPACE_TOP, SPACE, SPACE)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.rect.x + x * self.scale, self.rect.y + y * self.scale)

    def space_rect(self, position: int) -> pygame.Rect:
        """A space's (or goal's) rectangle on screen."""
        native = self.native_rect(position)
        x, y = self.to_screen(native.x, native.y)
        return pygame.Rect(
            round(x), round(y), round(native.width * self.scale), round(native.height * self.scale)
        )

    def arrow_rects(self, index: int, on_screen: bool = True) -> list[tuple[int, pygame.Rect]]:
        """Space ``index``'s arrows as ``(seat, rect)``, left to right: on screen, or in the
        board's own layer (``on_screen=False``)."""
        rect = self._scaled_rect(self.native_rect(index))
        if on_screen:
            rect.move_ip(self.rect.topleft)
        arrow = round(ARROW * self.scale)
        arrows = sorted(self.board.spaces[index].arrows)
        gap = round(4 * self.scale)
        x = rect.centerx - (len(arrows) * arrow + (len(arrows) - 1) * gap) // 2
        out = []
        for seat in arrows:
            out.append((seat, pygame.Rect(x, rect.bottom + round(8 * self.scale), arrow, arrow)))
            x += arrow + gap
        return out

    def token_anchor(self, position: float) -> tuple[float, float]:
        """Where Tacocat stands (screen) at a board position; fractions interpolate."""
        low = int(position // 1) if position >= 0 else -1
        frac = position - low
        a = self._anchor_native(low)
        b = self._anchor_native(low + 1) if frac > 0 else a
        x = a[0] + (b[0] - a[0]) * frac
        y = a[1] + (b[1] - a[1]) * frac
        return self.to_screen(x, y)

    def _anchor_native(self, position: int) -> tuple[float, float]:
        position = max(-1, min(self.size, position))
        rect = self.native_rect(position)
        if position < 0 or position >= self.size:
            return (rect.centerx, rect.bottom - 18)
        return (rect.centerx + 4, rect.bottom + 10)

    # --- drawing ----------------------------------------------------------------------

    def _image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        return self.assets.image(name, size)

    def _scaled_rect(self, native: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(
            round(native.x * self.scale),
            round(native.y * self.scale),
            round(native.width * self.scale),
            round(native.height * self.scale),
        )

    def _piece(self, name: str, native_size: tuple[int, int]) -> pygame.Surface:
        """A board picture at screen scale (scaled once)."""
        size = (
            max(1, round(native_size[0] * self.scale)),
            max(1, round(native_size[1] * self.scale)),
        )
        return self._image(name, size)

    def static_layer(self, covered: frozenset[int], current: int | None) -> pygame.Surface:
        """The board without Tacocat: composed at screen scale from pieces scaled once,
        so a new tile costs a few blits, not a rescale of the whole box."""
        key = (covered, current)
        if self._static is not None and self._static_key == key:
            return self._static
        p = palette()
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        layer.blit(self._piece("board/board_frame", NATIVE_SIZE), (0, 0))
        for seat, position in ((0, -1), (1, self.size)):
            rect = self._scaled_rect(self.native_rect(position))
            layer.blit(self._piece(f"board/goal_{seat + 1}", GOAL_SIZE), rect)
        number_size = max(10, round(50 * self.scale))
        for index, space in enumerate(self.board.spaces):
            native = self.native_rect(index)
            rect = self._scaled_rect(native)
            art = "board/space_centre" if space.is_two_arrow else "board/space"
            if index == current:
                glow = rect.inflate(round(14 * self.scale), round(14 * self.scale))
                pygame.draw.rect(layer, p.cheese, glow, border_radius=15)
                pygame.draw.rect(layer, p.cheese_dark, glow, width=3, border_radius=15)
            layer.blit(self._piece(art, (SPACE, SPACE)), rect)
            if index in covered:
                layer.blit(self._piece("board/tile", (SPACE, SPACE)), rect)
                continue
            label = self.text.render(str(space.hand_size), number_size, p.ink, bold=True)
            # High on the space: Tacocat stands on its lower half.
            layer.blit(
                label, label.get_rect(center=(rect.centerx, rect.top + round(34 * self.scale)))
            )
            for seat, spot in self.arrow_rects(index, on_screen=False):
                image = self._piece(f"board/arrow_{seat + 1}", (ARROW, ARROW))
                layer.blit(image, spot)
        self._static = layer
        self._static_key = key
        return layer

    def tile_image(self) -> pygame.Surface:
        return self._image("board/tile", (SPACE, SPACE))

    def screen_tile(self, scale: float = 1.0) -> pygame.Surface:
        """The tile at its on-screen size (times ``scale``), cached."""
        width = max(4, int(round(SPACE * self.scale * scale)))
        tile = self._tile_cache.get(width)
        if tile is None:
            tile = pygame.transform.smoothscale(self.tile_image(), (width, width))
            self._tile_cache[width] = tile
        return tile

    def token_image(self, facing_left: bool, scale: float = 1.0) -> pygame.Surface:
        width = max(8, int(round(TOKEN_NATIVE[0] * self.scale * scale)))
        key = (facing_left, width)
        image = self._token_cache.get(key)
        if image is None:
            height = int(round(width * TOKEN_NATIVE[1] / TOKEN_NATIVE[0]))
            image = self._image("token/tacocat", (width, height))
            if facing_left:
                image = pygame.transform.flip(image, True, False)
            self._token_cache[key] = image
        return image

    def draw(self, surface: pygame.Surface, covered: frozenset[int], current: int | None) -> None:
        surface.blit(self.static_layer(covered, current), self.rect)

    def draw_token(
        self, surface: pygame.Surface, position: float, height: float, facing_left: bool
    ) -> None:
        """Tacocat at board ``position`` (fractional while sliding), ``height`` px in the air."""
        x, y = self.token_anchor(position)
        shadow_w = max(8, int(TOKEN_NATIVE[0] * self.scale * max(0.5, 1 - height / 160)) // 4 * 4)
        shadow = self._image("token/tacocat_shadow", (shadow_w, max(4, shadow_w // 4)))
        surface.blit(shadow, shadow.get_rect(center=(round(x), round(y - 4))))
        image = self.token_image(facing_left)
        surface.blit(image, image.get_rect(midbottom=(round(x), round(y - height))))
