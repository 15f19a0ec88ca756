"""Open file…: the game files in the exports folder, to open one in the replay viewer.

pygame has no file dialog, so this lists the ``.json`` files of the data
folder's ``exports/`` (where Export writes) and says where that folder is; a
file from anywhere else opens by dropping it on the window, or with
``python main.py --replay FILE``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.scroll_list import Column, ScrollList
from tacocat.ui.widgets.style import palette

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

ROW_H = 36


def modified(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return "–"


class GameFilesScene(DrawnOverlay):
    """Lists the exported game files; ``on_open(path)`` opens the chosen one."""

    name = "game_files"
    panel_size = (940, 560)

    def __init__(self, app: App, on_open: Callable[[Path], None]) -> None:
        super().__init__(app)
        self.on_open = on_open
        self.folder = app.history.exports_folder
        self.files = app.history.list_exports()
        rect = pygame.Rect(
            self.panel_rect.x + 30, self.panel_rect.y + 150, self.panel_rect.width - 60, 8 * ROW_H
        )
        self.list = ScrollList(
            rect,
            [
                Column(tr("tacocat.history.files_heading"), 0, 640),
                Column(tr("tacocat.history.column_date"), 640, 230),
            ],
            ROW_H,
        )
        self.list.set_rows([(path.name, modified(path)) for path in self.files])
        y = self.panel_rect.bottom - 70
        self.open_button = Button(
            "open",
            pygame.Rect(self.panel_rect.centerx - 216, y, 200, 50),
            tr("tacocat.history.files_open"),
        )
        self.open_button.enabled = bool(self.files)
        self.buttons += [
            self.open_button,
            Button(
                "cancel",
                pygame.Rect(self.panel_rect.centerx + 16, y, 200, 50),
                tr("tacocat.history.files_cancel"),
                style="secondary",
            ),
        ]

    def open_selected(self) -> None:
        if self.files:
            path = self.files[self.list.selected]
            self.close()
            self.on_open(path)

    def on_button(self, button: Button) -> None:
        if button is self.open_button:
            self.open_selected()
        else:
            self.close()

    def on_cancel(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.close()
            self.on_open(Path(event.file))
            return
        if self.list.handle(event) == "activate":  # the list takes only mouse events
            self.open_selected()
            return
        super().handle_event(event)

    def on_key(self, event: pygame.event.Event) -> None:
        do = self.action(event)
        if do in (Action.CONFIRM, Action.SELECT) and self.keyboard:
            super().on_key(event)
            return
        answer = self.list.move(do)
        if answer == "activate":
            self.open_selected()
        elif answer is None:
            super().on_key(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        p = palette()
        y = self.heading(surface, tr("tacocat.history.files_heading"), self.panel_rect.y + 22)
        self.line(
            surface,
            tr("tacocat.history.files_where", folder=str(self.folder)),
            y + 8,
            size=16,
            colour=p.box_edge,
        )
        if self.files:
            self.list.draw(surface, self.text)
        else:
            self.line(surface, tr("tacocat.history.files_empty"), self.panel_rect.y + 250, size=19)
