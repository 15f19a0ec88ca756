"""The screen shown after an unexpected error: plain pygame drawing (pygame_gui may be
what broke), until a key or a click."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from tacocat.persistence.text import printable
from tacocat.ui.i18n import tr

#: How long the message waits for the player (seconds).
WAIT_SECONDS = 120


def show_crash_screen(assets: Any, crash_log: Path | None, wait: bool = True) -> None:
    """Tell the player the game stopped, where the details are; wait unless ``wait`` is False."""
    screen = pygame.display.get_surface()
    if screen is None:
        return
    title_font, body_font = assets.font(34, bold=True), assets.font(20)
    lines = [tr("tacocat.crash.body"), tr("tacocat.crash.saved"),
             tr("tacocat.crash.where", path=printable(crash_log or "-")), "", tr("tacocat.crash.close")]
    screen.fill((23, 50, 58))
    panel = pygame.Rect(0, 0, 900, 300)
    panel.center = screen.get_rect().center
    pygame.draw.rect(screen, (244, 231, 197), panel, border_radius=22)
    pygame.draw.rect(screen, (43, 33, 24), panel, width=3, border_radius=22)
    y = panel.top + 36
    title = title_font.render(tr("tacocat.crash.title"), True, (217, 72, 59))
    screen.blit(title, title.get_rect(midtop=(panel.centerx, y)))
    y += title.get_height() + 24
    for line in lines:
        text = body_font.render(line, True, (43, 33, 24))
        if text.get_width() > panel.width - 60:
            text = pygame.transform.smoothscale_by(text, (panel.width - 60) / text.get_width())
        screen.blit(text, text.get_rect(midtop=(panel.centerx, y)))
        y += body_font.get_linesize() + 4
    pygame.display.flip()
    if not wait:
        return  # unattended run (--frames): do not wait for a player
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        event = pygame.event.wait(500)
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
