"""Keys you choose: the table's, the replay's and the History's keys, rebound from
Settings (and by keyboard alone).

One group per screen whose keys are chosen (:data:`GROUPS`), each under its
heading, one row per action: its name and a button showing its key. At 100 %
text the groups stand side by side (:data:`COLUMNS`); at a larger size (or when
they would not fit across) one above the other, the panel scrolling when it is
taller than the window (:mod:`tacocat.ui.text.layout`). Enter (or a click) on a
key button waits for the next key; Esc cancels. A key another action of that
screen has, or one kept for the menus (Esc, Tab, ↑, ↓, F11; in the History, whose
list moves as the menus do, every menu key), is refused with a sentence saying so.
"Reset keys" puts every key back. Each change is saved with the settings at once.

Reading the raw key here is the point (the key pressed becomes the action's new
key), so :meth:`KeysScene._capture` is the one place outside the text fields that
looks at ``event.key``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.persistence.settings import (
    DEFAULT_HISTORY_KEYS,
    DEFAULT_REPLAY_KEYS,
    DEFAULT_TABLE_KEYS,
    HISTORY_ACTIONS,
    REPLAY_ACTIONS,
    TABLE_ACTIONS,
)
from tacocat.ui.focus import Column
from tacocat.ui.input.actionmap import is_reserved, key_name
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.input.bindings import CHOSEN_IN
from tacocat.ui.input.prompts import key_label
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.fit import inner_size
from tacocat.ui.text.fonts import wrap
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: The screens whose keys are chosen, in the screen's order, with their actions.
GROUPS: tuple[tuple[Scope, tuple[Action, ...]], ...] = (
    (Scope.TABLE, tuple(Action(name) for name in TABLE_ACTIONS)),
    (Scope.REPLAY, tuple(Action(name) for name in REPLAY_ACTIONS)),
    (Scope.HISTORY, tuple(Action(name) for name in HISTORY_ACTIONS)),
)
#: Side by side, the groups in each column (the History's two keys under the table's).
COLUMNS: tuple[tuple[Scope, ...], ...] = ((Scope.TABLE, Scope.HISTORY), (Scope.REPLAY,))
#: The other scopes a group's screen reads keys in: their keys are kept for them.
ALSO_READ: dict[Scope, tuple[Scope, ...]] = {Scope.HISTORY: (Scope.MENUS,)}
#: Which group an action's button is in (the chosen actions' names differ across groups).
SCOPE_OF = {action: scope for scope, actions in GROUPS for action in actions}
assert len(SCOPE_OF) == sum(len(actions) for _, actions in GROUPS), "an action in two groups"

#: The panel's widths (one column of groups, or the groups side by side) and its margins.
ONE_COLUMN_W, COLUMNS_W = 820, 1200
LABEL_X, COLUMN_GAP = 40, 40
ROW_H, ROW_GAP = 36, 2
#: A group's heading row; the rows start under the intro line.
GROUP_HEAD_H, ROWS_TOP = 36, 92
#: The key buttons hold "Press a key…" in every language at 150 % (one column) or at
#: 100 % (side by side); each is built with it, so the fitting sizes their font for it.
KEY_W, COLUMNS_KEY_W = 330, 230
#: The status sentence (a refusal names the key and the action that has it) may need
#: two lines at the larger text sizes.
STATUS_LINES, LINE_H = 2, 30


def action_label(action: Action) -> str:
    """The name of an action on this screen (the replay's round keys: "Round 3")."""
    number = action.round_number
    if number is not None:
        return tr("tacocat.table.round_n", n=number)
    return tr(f"tacocat.focus.keys.action.{action}")


def columns_of_groups(side_by_side: bool) -> list[list[tuple[Scope, tuple[Action, ...]]]]:
    """The groups in each column: :data:`COLUMNS` side by side, else all in one."""
    if not side_by_side:
        return [list(GROUPS)]
    by_scope = dict(GROUPS)
    return [[(scope, by_scope[scope]) for scope in column] for column in COLUMNS]


class KeysScene(Overlay):
    """The rebinding screen (see the module docstring)."""

    name = "keys"
    focus_order = (Column("key_buttons"), ("reset_button", "done_button"))

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: The action waiting for its new key, or None.
        self.capturing: Action | None = None
        self.key_buttons: dict[Action, pygame_gui.elements.UIButton] = {}
        self._status_text = ""

    def build(self) -> None:
        side_by_side = not self.layout(COLUMNS_W).narrow
        columns = columns_of_groups(side_by_side)
        panel_w = COLUMNS_W if side_by_side else ONE_COLUMN_W
        rows_h = max(
            sum(GROUP_HEAD_H + len(actions) * (ROW_H + ROW_GAP) for _, actions in column)
            for column in columns
        )
        status_y = ROWS_TOP + rows_h
        button_y = status_y + STATUS_LINES * LINE_H + 10
        panel_h = button_y + 50 + 12
        self.panel, self.at = self.scaled_frame((panel_w, panel_h))
        self._label(self.at.rect(0, 8, panel_w, 50), tr("tacocat.focus.keys.heading"), "@heading")
        self._label(
            self.at.rect(LABEL_X, 58, panel_w - 2 * LABEL_X, 30),
            tr("tacocat.focus.keys.intro"),
            "@muted",
        )
        column_w = (panel_w - 2 * LABEL_X - (len(columns) - 1) * COLUMN_GAP) // len(columns)
        key_w = COLUMNS_KEY_W if side_by_side else KEY_W
        self.key_buttons = {}
        for index, column in enumerate(columns):
            self._column(column, LABEL_X + index * (column_w + COLUMN_GAP), column_w, key_w)
        self.status_lines = [
            self._label(
                self.at.rect(LABEL_X, status_y + 2 + index * LINE_H, panel_w - 2 * LABEL_X, LINE_H),
                " ",
                "@muted",
            )
            for index in range(STATUS_LINES)
        ]
        self.reset_button = pygame_gui.elements.UIButton(
            self.at.rect(panel_w // 2 - 250, button_y, 240, 50),
            tr("tacocat.focus.keys.reset"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#keys_reset", "@secondary"),
        )
        self.done_button = pygame_gui.elements.UIButton(
            self.at.rect(panel_w // 2 + 10, button_y, 240, 50),
            tr("tacocat.settings.done"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#keys_done"),
        )
        self._say(self._status_text)

    def fitted(self) -> None:
        # The buttons were fitted to "Press a key…", the longest they show: now their keys.
        self._show_keys()

    def _column(
        self, groups: list[tuple[Scope, tuple[Action, ...]]], x: int, width: int, key_w: int
    ) -> None:
        """``groups`` one under the other at design ``x``: a heading, then a row an action."""
        y = ROWS_TOP
        for scope, actions in groups:
            self._label(
                self.at.rect(x, y, width, GROUP_HEAD_H - 4),
                tr(f"tacocat.focus.keys.group.{scope}"),
                "@section",
            )
            y += GROUP_HEAD_H
            for action in actions:
                self._label(
                    self.at.rect(x, y, width - key_w - 12, ROW_H), action_label(action), "@ink_left"
                )
                self.key_buttons[action] = pygame_gui.elements.UIButton(
                    self.at.rect(x + width - key_w, y, key_w, ROW_H),
                    tr("tacocat.focus.keys.press"),
                    manager=self.ui,
                    container=self.panel,
                    object_id=theme_id(f"#key_{action}", "@secondary"),
                )
                y += ROW_H + ROW_GAP

    @property
    def status_text(self) -> str:
        """The status sentence shown under the rows (empty when none)."""
        return self._status_text

    def _label(self, rect: pygame.Rect, text: str, class_id: str) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(
            rect, text, manager=self.ui, container=self.panel, object_id=theme_id(class_id=class_id)
        )

    def _show_keys(self) -> None:
        keys = self.app.keys
        for action, button in self.key_buttons.items():
            text = (
                tr("tacocat.focus.keys.press")
                if action == self.capturing
                else key_label(keys.key_for(action, SCOPE_OF[action]))
            )
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
            lines[STATUS_LINES - 1 :] = [" ".join(lines[STATUS_LINES - 1 :])]
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
            elif self.action(event) is Action.BACK:
                self.close()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.done_button:
            self.close()
        elif element is self.reset_button:
            self.capturing = None
            self.app.update_settings(
                table_keys=DEFAULT_TABLE_KEYS,
                replay_keys=DEFAULT_REPLAY_KEYS,
                history_keys=DEFAULT_HISTORY_KEYS,
            )
            self._show_keys()
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
        if self.action(event) is Action.BACK or getattr(event, "controller", False):
            self._show_keys()  # cancelled (a controller button is no key)
            return
        scope = SCOPE_OF[action]
        label = key_label(event.key)
        owner = self.app.keys.owner(event.key, scope)
        kept = any(self.app.keys.owner(event.key, other) for other in ALSO_READ.get(scope, ()))
        if is_reserved(event.key) or kept:
            self._say(tr("tacocat.focus.keys.reserved", button=label))
        elif owner is not None and owner != action:
            self._say(tr("tacocat.focus.keys.taken", button=label, action=action_label(owner)))
        else:
            field = CHOSEN_IN[scope]
            chosen = dict(getattr(self.app.settings, field))
            chosen[action.value] = key_name(event.key)
            self._store(field, tuple(chosen.items()))
            self._say(tr("tacocat.focus.keys.saved", action=action_label(action), button=label))
            return
        self.app.audio.play("error")
        self._show_keys()

    def _store(self, field: str, keys: Any) -> None:
        self.app.update_settings(**{field: keys})
        self._show_keys()
