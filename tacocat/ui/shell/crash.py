"""The screen shown after an unexpected error: plain pygame drawing (pygame_gui may be
what broke), until a key or a click."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from tacocat.persistence.text import printable
from tacocat.ui.text.fonts import breakable_paths
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.safe_palette import SAFE_PALETTE
from tacocat.ui.widgets.style import TextCache
from tacocat.ui.widgets.text_box import draw_lines, draw_text

#: How long the message waits for the player (seconds).
WAIT_SECONDS = 120


def show_crash_screen(assets: Any, crash_log: Path | None, wait: bool = True) -> None:
    """Tell the player the game stopped, where the details are; wait unless ``wait`` is False."""
    screen = pygame.display.get_surface()
    if screen is None:
        return
    text = TextCache(lambda size, bold: assets.font(size, bold=bold))
    where = breakable_paths(printable(crash_log or "-"))
    body = "\n".join(
        [
            tr("tacocat.crash.body"),
            tr("tacocat.crash.saved"),
            tr("tacocat.crash.where", path=where),
            "",
            tr("tacocat.crash.close"),
        ]
    )
    # The safe colours, not palette.json: an unreadable assets/ may be why the game stopped.
    colours = SAFE_PALETTE
    screen.fill(colours["table"])
    panel = pygame.Rect(0, 0, 900, 340)
    panel.center = screen.get_rect().center
    pygame.draw.rect(screen, colours["box_floor"], panel, border_radius=22)
    pygame.draw.rect(screen, colours["ink"], panel, width=3, border_radius=22)
    title = pygame.Rect(
        panel.x + 30, panel.top + 30, panel.width - 60, text.font(34, True).get_linesize()
    )
    draw_text(screen, text, tr("tacocat.crash.title"), 34, colours["salsa"], title, bold=True)
    room = pygame.Rect(
        title.x, title.bottom + 20, title.width, panel.bottom - 24 - title.bottom - 20
    )
    draw_lines(screen, text, body, 20, colours["ink"], room, gap=4, align="centre")
    pygame.display.flip()
    if not wait:
        return  # unattended run (--frames): do not wait for a player
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        event = pygame.event.wait(500)
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
