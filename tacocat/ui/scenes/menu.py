"""The in-game Esc menu: Resume, How to play, Statistics, Settings, Quit to title; over an
online game also Resign (asked first), and Quit to title leaves the game waiting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr

PANEL_SIZE = (420, 508)
BUTTON_SIZE = (320, 54)
BUTTON_STEP = BUTTON_SIZE[1] + 14


def online_table(scenes: Sequence[Any]) -> Any:
    """The online table among ``scenes`` (one that can resign, seated online), else None."""
    for scene in reversed(scenes):
        seating = getattr(scene, "seating", None)
        if callable(getattr(scene, "resign", None)) and getattr(seating, "online", False):
            return scene
    return None


class MenuScene(Overlay):
    """Pauses the table (only the top scene updates) until Resume or Esc."""

    name = "menu"
    focus_order = (
        ("resume_button",),
        ("rules_button",),
        ("stats_button",),
        ("settings_button",),
        ("resign_button",),
        ("quit_button",),
    )
    focus_start = ("resume_button",)

    def build(self) -> None:
        self.table = online_table(self.app.scenes.stack)
        extra = BUTTON_STEP if self.table is not None else 0
        panel_w, panel_h = PANEL_SIZE[0], PANEL_SIZE[1] + extra
        panel, at = self.scaled_frame((panel_w, panel_h))
        pygame_gui.elements.UILabel(
            at.rect(0, 18, panel_w, 60),
            tr("tacocat.menu.heading"),
            manager=self.ui,
            container=panel,
            object_id=theme_id(class_id="@heading"),
        )
        x = (panel_w - BUTTON_SIZE[0]) // 2

        def button(index: int, key: str, class_id: str | None) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                at.rect(x, 96 + index * BUTTON_STEP, *BUTTON_SIZE),
                tr(f"tacocat.menu.{key}"),
                manager=self.ui,
                container=panel,
                object_id=theme_id(f"#menu_{key}", class_id),
            )

        self.resume_button = button(0, "resume", None)
        self.rules_button = button(1, "rules", "@secondary")
        self.stats_button = button(2, "stats", "@secondary")
        self.settings_button = button(3, "settings", "@secondary")
        self.resign_button = button(4, "resign", "@danger") if self.table is not None else None
        self.quit_button = button(4 + bool(extra), "quit_to_title", "@danger")
        hint = "tacocat.menu.online_hint" if self.table is not None else "tacocat.menu.saved_hint"
        pygame_gui.elements.UILabel(
            at.rect(0, panel_h - 50, panel_w, 28),
            tr(hint),
            manager=self.ui,
            container=panel,
            object_id=theme_id(class_id="@muted"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) is Action.BACK:
            self.close()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.resume_button:
            self.close()
        elif element is self.rules_button:
            self.app.open("rules")
        elif element is self.stats_button:
            self.app.open("stats")
        elif element is self.settings_button:
            self.app.open("settings")
        elif element is self.resign_button and element is not None:
            self.ask_to_resign()
        elif element is self.quit_button:
            self.app.open("title")

    def ask_to_resign(self) -> None:
        """Resign gives the game away: asked first (Keep playing is the first, safe choice)."""
        from tacocat.ui.scenes.choice import ChoiceScene

        table = self.table
        names = tuple(getattr(getattr(table, "config", None), "names", ("", "")))
        seat = table.seating.home if table is not None else 0
        other = names[1 - seat] if len(names) == 2 else ""

        def resign() -> None:
            self.close()
            table.resign()

        self.app.scenes.push(
            ChoiceScene(
                self.app,
                tr("tacocat.menu.resign_title"),
                tr("tacocat.menu.resign_body", name=other),
                [
                    (tr("tacocat.menu.resign_keep"), lambda: None),
                    (tr("tacocat.menu.resign"), resign),
                ],
            )
        )
