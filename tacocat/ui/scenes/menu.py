"""The in-game Esc menu: Resume, How to play, Statistics, Settings, Quit to title."""

from __future__ import annotations

import pygame
import pygame_gui

from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr

PANEL_SIZE = (420, 508)
BUTTON_SIZE = (320, 54)


class MenuScene(Overlay):
    """Pauses the table (only the top scene updates) until Resume or Esc."""

    name = "menu"
    focus_order = (("resume_button",), ("rules_button",), ("stats_button",),
                   ("settings_button",), ("quit_button",))
    focus_start = ("resume_button",)

    def build(self) -> None:
        panel_w, panel_h = PANEL_SIZE
        panel, at = self.scaled_frame(PANEL_SIZE)
        pygame_gui.elements.UILabel(
            at.rect(0, 18, panel_w, 60), tr("tacocat.menu.heading"),
            manager=self.ui, container=panel, object_id=theme_id(class_id="@heading"),
        )
        x = (panel_w - BUTTON_SIZE[0]) // 2

        def button(index: int, key: str, class_id: str | None) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                at.rect(x, 96 + index * (BUTTON_SIZE[1] + 14), *BUTTON_SIZE),
                tr(f"tacocat.menu.{key}"), manager=self.ui, container=panel,
                object_id=theme_id(f"#menu_{key}", class_id),
            )

        self.resume_button = button(0, "resume", None)
        self.rules_button = button(1, "rules", "@secondary")
        self.stats_button = button(2, "stats", "@secondary")
        self.settings_button = button(3, "settings", "@secondary")
        self.quit_button = button(4, "quit_to_title", "@danger")
        pygame_gui.elements.UILabel(
            at.rect(0, panel_h - 50, panel_w, 28), tr("tacocat.menu.saved_hint"),
            manager=self.ui, container=panel, object_id=theme_id(class_id="@muted"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.resume_button:
            self.close()
        elif element is self.rules_button:
            self.app.open_rules()
        elif element is self.stats_button:
            self.app.open_stats()
        elif element is self.settings_button:
            self.app.open_settings()
        elif element is self.quit_button:
            self.app.go_to_title()
