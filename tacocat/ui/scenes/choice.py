"""A modal message with two or more choices instead of OK (e.g. "Tacocat is
already open": play without saving, or quit)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.message import WIDTH, MessageScene

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

CHOICE_WIDTH = 266
CHOICE_GAP = 16


class ChoiceScene(MessageScene):
    """``title`` and ``text`` with one button per ``(label, action)`` in ``choices``.

    A button closes the scene, then runs its action. Enter, Space and Esc pick
    the first choice, so list the safe one first.
    """

    name = "choice"

    def __init__(
        self, app: App, title: str, text: str, choices: Sequence[tuple[str, Callable[[], object]]]
    ) -> None:
        super().__init__(app, title, text)
        self.choices = list(choices)
        self.buttons: list[pygame_gui.elements.UIButton] = []

    def build(self) -> None:
        super().build()  # the message's layout, with an OK button where the choices go
        assert self.ok_button is not None
        row = self.ok_button.relative_rect
        self.ok_button.kill()
        self.ok_button = None
        count = len(self.choices)
        at = self.at  # (the message's layout: lengths grown with the text size)
        left = (at.x(WIDTH) - count * at.x(CHOICE_WIDTH) - (count - 1) * at.x(CHOICE_GAP)) // 2
        self.buttons = [
            pygame_gui.elements.UIButton(
                pygame.Rect(
                    left + i * (at.x(CHOICE_WIDTH) + at.x(CHOICE_GAP)),
                    row.y,
                    at.x(CHOICE_WIDTH),
                    row.height,
                ),
                label,
                manager=self.ui,
                container=self.panel,
            )
            for i, (label, _action) in enumerate(self.choices)
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) in (Action.BACK, Action.CONFIRM, Action.SELECT):
            self.choose(0)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons.index(event.ui_element))

    def choose(self, index: int) -> None:
        """Close, then run choice ``index``'s action."""
        if self.app.scenes.pop(self) is self:
            self.choices[index][1]()

    def close(self) -> None:
        """Closed without a button (e.g. a demo's auto-close): the first, safe choice."""
        self.choose(0)
