"""Keys you choose: the table's keys, rebound from Settings (and by keyboard alone).

One row per action of :data:`~tacocat.persistence.settings.TABLE_ACTIONS`: its
name and a button showing its key. Enter (or a click) on a key button waits for
the next key; Esc cancels. A key another action has, or one kept for the menus
(Esc, Tab, ↑, ↓, F11), is refused with a sentence saying so. "Reset keys" puts
every key back. Each change is saved with the settings at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.persistence.settings import DEFAULT_TABLE_KEYS, TABLE_ACTIONS
from tacocat.ui.focus import Column
from tacocat.ui.input.keymap import is_reserved, key_name
from tacocat.ui.input.prompts import key_label
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.fit import inner_size
from tacocat.ui.text.fonts import wrap
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: The panel's width; its height follows the rows (one per table action) and the text size.
PANEL_W = 820
ROW_H, ROW_GAP = 44, 6
#: The key buttons are wide enough for "Press a key…" in every language at 150 %.
LABEL_X, KEY_W = 40, 330
#: The status sentence (a refusal names the key and the action that has it) may need
#: two lines at the larger text sizes.
STATUS_LINES = 2


class KeysScene(Overlay):
    """The rebinding screen (see the module docstring)."""

    name = "keys"
    focus_order = (Column("key_buttons"), ("reset_button", "done_button"))

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: The action waiting for its new key, or None.
        self.capturing: str | None = None
        self.key_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._status_text = ""

    def build(self) -> None:
        panel_w = PANEL_W
        line_h = 32  # (design lengths: the layout grows them with the text)
        status_h = STATUS_LINES * line_h
        button_y = 106 + len(TABLE_ACTIONS) * (ROW_H + ROW_GAP) + 2 + status_h + 12
        panel_h = button_y + 54 + 22
        self.panel, self.at = self.scaled_frame((panel_w, panel_h))
        self._label(self.at.rect(0, 12, panel_w, 56), tr("tacocat.focus.keys.heading"), "@heading")
        self._label(self.at.rect(LABEL_X, 66, panel_w - 2 * LABEL_X, 30),
                    tr("tacocat.focus.keys.intro"), "@muted")
        y = 106
        self.key_buttons = {}
        for action in TABLE_ACTIONS:
            self._label(self.at.rect(LABEL_X, y, panel_w - 2 * LABEL_X - KEY_W - 16, ROW_H),
                        tr(f"tacocat.focus.keys.action.{action}"), "@ink_left")
            self.key_buttons[action] = pygame_gui.elements.UIButton(
                self.at.rect(panel_w - LABEL_X - KEY_W, y, KEY_W, ROW_H), "",
                manager=self.ui, container=self.panel,
                object_id=theme_id(f"#key_{action}", "@secondary"))
            y += ROW_H + ROW_GAP
        self.status_lines = [
            self._label(self.at.rect(LABEL_X, y + 2 + index * line_h, panel_w - 2 * LABEL_X,
                                    line_h), " ", "@muted")
            for index in range(STATUS_LINES)]
        self.reset_button = pygame_gui.elements.UIButton(
            self.at.rect(panel_w // 2 - 250, button_y, 240, 54), tr("tacocat.focus.keys.reset"),
            manager=self.ui, container=self.panel, object_id=theme_id("#keys_reset", "@secondary"))
        self.done_button = pygame_gui.elements.UIButton(
            self.at.rect(panel_w // 2 + 10, button_y, 240, 54), tr("tacocat.settings.done"),
            manager=self.ui, container=self.panel, object_id=theme_id("#keys_done"))
        self._show_keys()
        self._say(self._status_text)

    @property
    def status_text(self) -> str:
        """The status sentence shown under the rows (empty when none)."""
        return self._status_text

    def _label(self, rect: pygame.Rect, text: str, class_id: str) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(rect, text, manager=self.ui, container=self.panel,
                                           object_id=theme_id(class_id=class_id))

    def _show_keys(self) -> None:
        keys = self.app.keys
        for action, button in self.key_buttons.items():
            text = (tr("tacocat.focus.keys.press") if action == self.capturing
                    else key_label(keys.key_for(action)))
            button.set_text(text)

    def _say(self, text: str) -> None:
        """Show ``text`` under the rows, wrapped over the status lines (the last line
        takes what is left: the fitting shrinks it if a translation runs longer)."""
        self._status_text = text
        first = self.status_lines[0]
        width = inner_size(first)[0]
        font = first.font
        assert font is not None, "a built label has its theme's font"
        lines = wrap(text, width, lambda line: font.get_rect(line).width) if text else []
        if len(lines) > STATUS_LINES:
            lines[STATUS_LINES - 1:] = [" ".join(lines[STATUS_LINES - 1:])]
        lines += [""] * (STATUS_LINES - len(lines))
        for label, line in zip(self.status_lines, lines, strict=True):
            label.set_text(line or " ")

    # --- input ---------------------------------------------------------------------------

    def focus_paused(self) -> bool:
        return self.capturing is not None  # the next key is the new key, not a move

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if self.capturing is not None:
                self._capture(event)
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.done_button:
            self.close()
        elif element is self.reset_button:
            self.capturing = None
            self._store(DEFAULT_TABLE_KEYS)
            self._say(tr("tacocat.focus.keys.reset_done"))
        else:
            for action, button in self.key_buttons.items():
                if element is button:
                    self.capturing = None if self.capturing == action else action
                    self._say("")
                    self._show_keys()

    def _capture(self, event: pygame.event.Event) -> None:
        """The key pressed while waiting: refused, or ``self.capturing``'s new key."""
        action, self.capturing = self.capturing, None
        assert action is not None
        if event.key == pygame.K_ESCAPE or getattr(event, "controller", False):
            self._show_keys()  # cancelled (a controller button is no key)
            return
        label = key_label(event.key)
        keys = self.app.keys
        owner = next((other for other in TABLE_ACTIONS if keys.key_for(other) == event.key), None)
        if is_reserved(event.key):
            self._say(tr("tacocat.focus.keys.reserved", button=label))
        elif owner is not None and owner != action:
            self._say(tr("tacocat.focus.keys.taken", button=label,
                         action=tr(f"tacocat.focus.keys.action.{owner}")))
        else:
            chosen = dict(self.app.settings.table_keys)
            chosen[action] = key_name(event.key)
            self._store(tuple(chosen.items()))
            self._say(tr("tacocat.focus.keys.saved", action=tr(f"tacocat.focus.keys.action.{action}"),
                         button=label))
            return
        self.app.audio.play("error")
        self._show_keys()

    def _store(self, table_keys: Any) -> None:
        self.app.update_settings(table_keys=table_keys)
        self._show_keys()
