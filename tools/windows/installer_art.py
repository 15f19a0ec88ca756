"""Draw the installer's two pictures: ``python -m tools.windows.installer_art``.

packaging/windows/wizard.bmp (164 x 314, the Welcome and Finish pages' left side) and
packaging/windows/header.bmp (150 x 57, the other pages' header), in the game's own art
(tools/assets: the token, the title lettering, the table's colours) instead of NSIS's
stock pictures. 24-bit BMP, the format NSIS's Modern UI reads. They are committed, since
makensis runs where pygame is not installed (the release workflow's Debian container);
tests/tools/test_windows_packaging.py fails when they differ from a fresh drawing.
"""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from tacocat.geometry import TOKEN_SIZE
from tools.assets.draw import (
    Surface,
    blit_centred,
    canvas,
    down,
    fit_width,
    ink_text,
    silhouette,
)
from tools.assets.icons import icon
from tools.assets.palette import CARD_FACE, CHEESE, INK, SALSA, TABLE, TABLE_LIGHT, rgba
from tools.assets.token import tacocat_art

ROOT = Path(__file__).resolve().parents[2]

WIZARD = ROOT / "packaging" / "windows" / "wizard.bmp"
HEADER = ROOT / "packaging" / "windows" / "header.bmp"
WIZARD_SIZE = (164, 314)
HEADER_SIZE = (150, 57)
#: Modern UI's header is white; the picture sits at its right.
HEADER_GROUND = "#FFFFFF"
S = 4  # drawn at 4x, then smoothscaled down


def wizard() -> Surface:
    """The token over the title lettering, on the table's teal."""
    w, h = WIZARD_SIZE
    art = canvas(w * S, h * S, base=TABLE)
    art.fill(rgba(TABLE))
    pygame.draw.circle(art, rgba(TABLE_LIGHT), (w * S // 2, 110 * S), 70 * S)
    token_w = 140 * S
    token = tacocat_art(S)
    token = pygame.transform.smoothscale(
        token, (token_w, round(token_w * TOKEN_SIZE[1] / TOKEN_SIZE[0]))
    )
    blit_centred(art, token, (w * S / 2, 110 * S))
    title = fit_width(ink_text("TACOCAT", 40 * S, CHEESE, INK, 2 * S), 144 * S)
    blit_centred(art, silhouette(title, SALSA), (w * S / 2 + 1 * S, 212 * S + 3 * S))
    blit_centred(art, title, (w * S / 2, 212 * S))
    sub = fit_width(
        ink_text("spelled backwards", 16 * S, CARD_FACE, INK, 1 * S, style="BoldItalic"), 140 * S
    )
    blit_centred(art, sub, (w * S / 2, 246 * S))
    return down(art, WIZARD_SIZE)


def header() -> Surface:
    """The app icon at the right of a white band."""
    w, h = HEADER_SIZE
    art = canvas(w, h, base=HEADER_GROUND)
    art.fill(rgba(HEADER_GROUND))
    mark = icon(48)
    art.blit(mark, (w - mark.get_width() - 6, (h - mark.get_height()) // 2))
    return art


def bmp_bytes(picture: Surface) -> bytes:
    """A 24-bit BMP (no alpha channel: NSIS draws 32-bit ones wrongly) of ``picture``."""
    flat = pygame.Surface(picture.get_size(), 0, 24)
    flat.fill(rgba(HEADER_GROUND))
    flat.blit(picture, (0, 0))
    buffer = io.BytesIO()
    pygame.image.save(flat, buffer, "picture.bmp")
    return buffer.getvalue()


def pictures() -> dict[Path, bytes]:
    pygame.font.init()
    return {WIZARD: bmp_bytes(wizard()), HEADER: bmp_bytes(header())}


if __name__ == "__main__":
    for path, data in pictures().items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
