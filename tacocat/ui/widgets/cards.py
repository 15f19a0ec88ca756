"""Cards on the table: the sprite (where one card is and how it shows) and the renderer.

A :class:`CardSprite` is one physical card the player can follow with their
eyes: it keeps its identity while it flies from the draw pile to a hand, to the
table and to the discard pile. ``value`` is None while the screen does not
know the card (the opponent's hand); ``face_up`` says which side shows;
``flip`` is the horizontal scale used by a flip (1 = flat, 0 = edge on).

:class:`CardRenderer` draws sprites from cached surfaces: each size (the scale
is quantised) is scaled once. Every card face goes through
:meth:`CardRenderer.blit_face`, the single place where a face reaches the
screen - tests replace it to prove which faces were shown.
"""

from __future__ import annotations

import itertools
from typing import Any, Literal

import pygame

from tacocat.geometry import CARD_SHADOW_PAD, CARD_SIZE
from tacocat.ui.widgets.style import SurfaceLRU, palette
from tacocat.ui.widgets.text_box import cover

CARD_W, CARD_H = CARD_SIZE
#: ``card_shadow.png`` is the card plus this many pixels on every side.
SHADOW_PAD = CARD_SHADOW_PAD

_uid = itertools.count(1)

#: Where a card lies: in a hand, on the table (the duel, an attack and its responses, the
#: showdown), on the discard pile, or gathered back into the deck.
Zone = Literal[
    "hand",
    "duel",
    "attack",
    "response",
    "showdown",
    "discard",
    "returning",
    # (cards drawn on other screens: How to play, the round result, Cards seen)
    "howto",
    "result",
    "viewer",
]


class CardSprite:
    """One card on screen. Positions are the card's centre, in logical pixels."""

    __slots__ = (
        "uid",
        "value",
        "owner",
        "zone",
        "pos",
        "scale",
        "flip",
        "face_up",
        "z",
        "lift",
        "selected",
        "mark",
        "glow",
        "committed",
    )

    def __init__(
        self,
        value: int | None,
        owner: int | None,
        zone: Zone,
        pos: tuple[float, float],
        scale: float = 1.0,
        face_up: bool = False,
    ) -> None:
        self.uid = next(_uid)
        self.value = value
        self.owner = owner
        self.zone = zone
        self.pos = pos
        self.scale = scale
        self.flip = 1.0
        self.face_up = face_up
        self.z = 0
        self.lift = 0.0  # drawn this many pixels higher (hover, selection)
        self.selected = False
        self.mark: str | None = None  # "defended", "sacrificed", "target", "winner"
        self.glow = 0.0  # 0..1 highlight strength (duel winner, round winner)
        self.committed = False  # chosen in secret (drawn only to its owner)

    def __repr__(self) -> str:
        return (
            f"<Card #{self.uid} {self.value} owner={self.owner} {self.zone} "
            f"{'up' if self.face_up else 'down'} at {self.pos[0]:.0f},{self.pos[1]:.0f}>"
        )


def _quantise_scale(scale: float) -> float:
    """Scales snap to 0.05 steps: a card flying from the pile to a hand reuses a dozen sizes."""
    return max(0.1, round(scale * 20) / 20)


#: Pixel memory for scaled cards, shadows and highlights, and for cards composed
#: with their shadow. A whole game touches ~12 MB and ~17 MB of them (every flip
#: width at every scale); what one moment draws is far less (docs/performance.md).
SCALED_CACHE_BYTES = 6 * 2**20
COMPOSED_CACHE_BYTES = 10 * 2**20


class CardRenderer:
    """Draws card sprites from the card images, every size cached (within a memory budget)."""

    def __init__(
        self,
        assets: Any,
        limit: int = 900,
        budget: int = SCALED_CACHE_BYTES,
        composed_budget: int = COMPOSED_CACHE_BYTES,
    ) -> None:
        self.assets = assets
        self._cache = SurfaceLRU[pygame.Surface](budget, max_items=limit)
        self._limit = limit
        self._originals: dict[str, pygame.Surface] = {}
        self._composed = SurfaceLRU[tuple[pygame.Surface, tuple[int, int]]](
            composed_budget, max_items=limit
        )

    # --- surfaces -------------------------------------------------------------------

    def _original(self, name: str) -> pygame.Surface:
        surface = self._originals.get(name)
        if surface is None:
            surface = self.assets.image(name, placeholder_size=(CARD_W, CARD_H))
            self._originals[name] = surface
        return surface

    def _scaled(self, name: str, size: tuple[int, int], variant: str = "") -> pygame.Surface:
        key = (name, size, variant)
        surface = self._cache.get(key)
        if surface is not None:
            return surface
        if variant == "dim":
            base = self._scaled(name, size)
            # Darken only where the card is opaque, so the rounded corners stay clean.
            mask = pygame.mask.from_surface(base, 8).to_surface(
                setcolor=(*palette().table_deep, 110), unsetcolor=(*palette().black, 0)
            )
            surface = base.copy()
            surface.blit(mask, (0, 0))
        else:
            original = self._original(name)
            if original.get_size() == size:
                surface = original
            else:
                surface = pygame.transform.smoothscale(original, size)
        return self._cache.put(key, surface)

    @staticmethod
    def face_name(value: int) -> str:
        return f"cards/card_{value:02d}"

    def face(self, value: int, size: tuple[int, int], dim: bool = False) -> pygame.Surface:
        return self._scaled(self.face_name(value), size, "dim" if dim else "")

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._scaled("cards/card_back", size)

    @staticmethod
    def size_for(scale: float, flip: float = 1.0) -> tuple[int, int]:
        scale = _quantise_scale(scale)
        height = max(2, int(round(CARD_H * scale)))
        width = int(round(CARD_W * scale))
        if flip < 0.999:
            width = max(2, int(round(width * max(0.0, flip) / 6)) * 6)
        return width, height

    def prewarm(self, scales: tuple[float, ...]) -> None:
        """Scale the faces and backs used on the table now, not during the first animation."""
        for scale in scales:
            size = self.size_for(scale)
            self.composed("cards/card_back", size)
            for value in range(1, 13):
                self.composed(self.face_name(value), size)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        ratio = size[1] / CARD_H
        pad = int(round(SHADOW_PAD * ratio))
        return self._scaled("cards/card_shadow", (size[0] + 2 * pad, size[1] + 2 * pad))

    def overlay(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """``card_highlight`` / ``card_focus`` at a card size."""
        return self._scaled(f"cards/{name}", size)

    # --- drawing --------------------------------------------------------------------

    def rect_of(self, sprite: CardSprite) -> pygame.Rect:
        width, height = self.size_for(sprite.scale)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (round(sprite.pos[0]), round(sprite.pos[1] - sprite.lift))
        return rect

    def composed(
        self, name: str, size: tuple[int, int], dim: bool = False
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A card with its soft shadow baked in (one blit per card), and where the card
        itself starts inside that surface."""
        key = ("<composed>", name, size, dim)
        entry = self._composed.get(key)
        if entry is not None:
            return entry
        card = self._scaled(name, size, "dim" if dim else "")
        shadow = self.shadow(size)
        ratio = size[1] / CARD_H
        offset = max(2, int(round(4 * ratio)))
        pad = (shadow.get_width() - size[0]) // 2
        sx, sy = -pad + offset // 2, -pad + offset
        left, top = min(0, sx), min(0, sy)
        width = max(size[0], sx + shadow.get_width()) - left
        height = max(size[1], sy + shadow.get_height()) - top
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        surface.blit(shadow, (sx - left, sy - top))
        surface.blit(card, (-left, -top))
        entry = (surface, (-left, -top))
        return self._composed.put(key, entry, surface)

    def draw(
        self,
        surface: pygame.Surface,
        sprite: CardSprite,
        show_face: bool,
        *,
        dim: bool = False,
        highlight: bool = False,
        focus: bool = False,
        shadow: bool = True,
    ) -> pygame.Rect:
        """Draw ``sprite``; ``show_face`` decides which side (the caller enforces secrecy)."""
        size = self.size_for(sprite.scale, sprite.flip)
        x = round(sprite.pos[0])
        y = round(sprite.pos[1] - sprite.lift)
        rect = pygame.Rect(x - size[0] // 2, y - size[1] // 2, size[0], size[1])
        if highlight and size[0] > 4:
            glow = self.overlay("card_highlight", (size[0] + 16, size[1] + 16))
            surface.blit(glow, (rect.x - 8, rect.y - 8))
        face = show_face and sprite.value is not None
        name = self.face_name(sprite.value) if face else "cards/card_back"  # type: ignore[arg-type]
        if shadow and size[0] > 4:
            image, (ox, oy) = self.composed(name, size, dim and face)
            dest = pygame.Rect(rect.x - ox, rect.y - oy, *image.get_size())
        else:
            image, dest = self._scaled(name, size, "dim" if dim and face else ""), rect
        if face:
            self.blit_face(surface, sprite, image, dest)
        else:
            surface.blit(image, dest)
        if focus:
            ring = self.overlay("card_focus", (size[0] + 10, size[1] + 10))
            surface.blit(ring, (rect.x - 5, rect.y - 5))
        cover(surface, rect, f"card {sprite.value if face else 'face down'}")
        return rect

    def blit_face(
        self, surface: pygame.Surface, sprite: CardSprite, image: pygame.Surface, rect: pygame.Rect
    ) -> None:
        """Put a card face on the screen (the one place faces are drawn)."""
        surface.blit(image, rect)
