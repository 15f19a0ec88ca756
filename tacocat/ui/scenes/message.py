"""A modal message: title, text and OK (errors such as a refused save file)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.fonts import breakable_paths
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

WIDTH = 620
PADDING = 28
BUTTON_SIZE = (160, 50)
#: In ``--demo`` nobody presses OK: a message closes by itself after this many
#: seconds (divided by ``--speed``, but never under DEMO_MIN_READ_S).
DEMO_READ_S = 4.0
DEMO_MIN_READ_S = 1.0


class MessageScene(Overlay):
    """Shows ``text`` under ``title``; OK, Enter or Esc closes it and calls ``on_close``."""

    name = "message"
    focus_order = (("ok_button",), ("buttons",))
    focus_start = ("ok_button", "buttons")

    def __init__(
        self, app: App, title: str, text: str, on_close: Callable[[], object] | None = None
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_close = on_close
        self.ok_button: pygame_gui.elements.UIButton | None = None
        self.shown_for = 0.0

    def build(self) -> None:
        # Design lengths grow with the text size (tacocat.ui.text.layout); the body is measured.
        self.at = at = self.layout(WIDTH)
        width, inner = at.x(WIDTH), at.x(WIDTH - 2 * PADDING)
        body_height = self._measure_text(inner)
        heading_h = at.y(48)
        button_y = at.y(PADDING) + heading_h + at.y(8) + body_height + at.y(18)
        height = button_y + at.y(BUTTON_SIZE[1]) + at.y(PADDING)
        self.panel = self.place_panel((width, height)).container
        pygame_gui.elements.UILabel(
            pygame.Rect(at.x(PADDING), at.y(PADDING - 6), inner, heading_h),
            self.title,
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@dialog_title"),
        )
        pygame_gui.elements.UITextBox(
            _escape(self.text),
            pygame.Rect(at.x(PADDING), at.y(PADDING) + heading_h + at.y(8), inner, body_height),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@plain_text"),
        )
        self.ok_button = pygame_gui.elements.UIButton(
            pygame.Rect(((width - at.x(BUTTON_SIZE[0])) // 2, button_y), at.size(*BUTTON_SIZE)),
            tr("tacocat.common.ok"),
            manager=self.ui,
            container=self.panel,
        )

    def _measure_text(self, width: int) -> int:
        """Height the text needs at ``width`` (laid out once by pygame_gui, then dropped);
        a longer text scrolls in its box, which leaves the panel room in the window."""
        probe = pygame_gui.elements.UITextBox(
            _escape(self.text),
            pygame.Rect(0, 0, width, -1),
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id="@plain_text"),
        )
        height: int = probe.rect.height
        probe.kill()
        return min(height, self.app.size[1] - self.at.y(240))

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            self.action(event) in (Action.BACK, Action.CONFIRM, Action.SELECT)
            or event.type == pygame_gui.UI_BUTTON_PRESSED
            and event.ui_element is self.ok_button
        ):
            self.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        options = self.app.options
        if getattr(options, "demo", False):
            # A demo plays unattended: read the message, then carry on.
            self.shown_for += dt
            if self.shown_for >= max(DEMO_MIN_READ_S, DEMO_READ_S / (options.speed or 1.0)):
                self.close()

    def close(self) -> None:
        if self.app.scenes.pop(self) is self and self.on_close is not None:
            self.on_close()


def _escape(text: str) -> str:
    """Plain text for UITextBox, which reads a small HTML subset. A path in the
    text may break after each separator: pygame_gui cannot cut a long unbroken
    word inside a line of Lao text."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return breakable_paths(escaped).replace("\n", "<br>")
