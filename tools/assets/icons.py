"""The app icon, drawn at each size, and its Windows (ICO) and macOS (ICNS) containers."""

from __future__ import annotations

import io
import math
import struct
from collections.abc import Sequence

import pygame

from tacocat.geometry import TOKEN_SIZE

from .draw import Surface, blit_centred, canvas, down
from .motifs import cat_head
from .palette import CHEESE, INK, TABLE, TABLE_LIGHT, rgba
from .token import tacocat_art

ICON_SIZES = (16, 32, 48, 256)


def icon(size: int) -> Surface:
    """The app icon: the token (or, when tiny, just the cat head) on a teal rounded square."""
    s = 4 if size <= 48 else 2
    big = size * s
    art = canvas(big, big, base=TABLE)
    rect = art.get_rect().inflate(-big * 0.04, -big * 0.04)
    pygame.draw.rect(art, rgba(INK), rect, border_radius=round(big * 0.2))
    pygame.draw.rect(
        art, rgba(TABLE), rect.inflate(-big * 0.04, -big * 0.04), border_radius=round(big * 0.18)
    )
    pygame.draw.circle(art, rgba(TABLE_LIGHT), rect.center, big * 0.36)
    pygame.draw.rect(art, rgba(CHEESE), rect.inflate(-big * 0.1, -big * 0.1), max(1, round(big * 0.012)),
                     border_radius=round(big * 0.15))  # fmt: skip
    if size <= 48:
        head = cat_head(big * 0.35, big * 0.045, whiskers=size >= 32)
        blit_centred(art, head, (big / 2, big * 0.47))
    else:
        tw = round(big * 0.84)
        # The token drawn at least as big as it is shown (4x up to 512 px, 8x for 1024 px),
        # so the large sizes are not an upscaled smaller drawing.
        token = tacocat_art(max(4, math.ceil(tw / s / TOKEN_SIZE[0])))
        token = pygame.transform.smoothscale(token, (tw, round(tw * TOKEN_SIZE[1] / TOKEN_SIZE[0])))
        blit_centred(art, token, (big / 2, big * 0.52))
    return down(art, (size, size))


def png_bytes(surf: Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: Sequence[Surface]) -> bytes:
    """An ICO container holding PNG-compressed images (accepted by Windows Vista+ and PyInstaller)."""
    blobs = [png_bytes(img) for img in images]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for img, blob in zip(images, blobs, strict=True):
        w, h = img.get_size()
        entries += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return header + entries + b"".join(blobs)


#: macOS icon entries: (OSType, pixel size); all PNG-compressed (macOS 10.7+). ic10 is the
#: 1024 px one (512 pt at 2x) that Finder and the Dock use on Retina screens.
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),
)


def icns_bytes(entries: Sequence[tuple[str, Surface]]) -> bytes:
    """An ICNS container (macOS app icon) holding PNG-compressed images."""
    body = b""
    for ostype, img in entries:
        blob = png_bytes(img)
        body += ostype.encode("ascii") + struct.pack(">I", 8 + len(blob)) + blob
    return b"icns" + struct.pack(">I", 8 + len(body)) + body
