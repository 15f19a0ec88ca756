"""The Linux menu icons: the game's icon at the freedesktop hicolor theme's standard sizes.

Called by :mod:`.build`. Writes ``icons/hicolor/<N>x<N>/apps/<APP_ID>.png`` under the
output folder, the layout of ``/usr/share/icons`` and ``~/.local/share/icons``, so the
.deb and the per-user install (tools/linux/) copy the folder as it is. Each size is
drawn at that size (no scaling of a big one), like ``icon.ico`` and ``icon.icns``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
#: The sizes desktops look for (the hicolor theme's index lists these folders).
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_id() -> str:
    """``tacocat.APP_ID``, read from the source (the generator imports no game module it can avoid)."""
    text = (ROOT / "tacocat" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^APP_ID = "([^"]+)"', text, re.M)
    assert found, "tacocat/__init__.py has no APP_ID"
    return found.group(1)


def hicolor_files() -> dict[str, int]:
    """Relative path -> size in pixels, for every hicolor icon."""
    name = app_id()
    return {f"icons/hicolor/{n}x{n}/apps/{name}.png": n for n in HICOLOR_SIZES}


def write_hicolor_icons(out: Path, draw: Callable[[int], pygame.Surface]) -> list[Path]:
    """Draw the icon at every size with ``draw(size)`` and save it under ``out``."""
    written = []
    for rel, size in hicolor_files().items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw(size), str(path))
        written.append(path)
    return written
