"""A player who never touches the mouse: a whole game from the title, by intents.

:class:`Journey` drives a real :class:`~tacocat.ui.shell.app.App` (dummy video driver)
with one of two devices, and posts nothing else - no mouse event anywhere:

* :class:`Keyboard` posts KEYDOWN events (Enter confirms on the table);
* :class:`Pad` posts ``CONTROLLERBUTTONDOWN``/``UP`` events of a controller that
  does not exist (a made-up instance id): the app's mapping layer turns them into
  the intents the keys have.

The driver may *read* the app (which scene is on top, what the focus is on,
which moves are legal) to decide what to press, as a player reads the screen.
Settings to change on the way are steps (``settings_steps``): each is a function
of the journey, run with the Settings screen open, e.g. :func:`choose_language`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tacocat.rules import Attack, DuelCard, Phase, Replace, Respond

#: The controller buttons for each intent the journey uses.
PAD_BUTTONS = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    "select": pygame.CONTROLLER_BUTTON_A,
    "back": pygame.CONTROLLER_BUTTON_B,
    "menu": pygame.CONTROLLER_BUTTON_START,
    "hint": pygame.CONTROLLER_BUTTON_X,
    "page_next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "next": pygame.CONTROLLER_BUTTON_BACK,
}
KEYS = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "select": pygame.K_SPACE,
    "back": pygame.K_ESCAPE,
    "menu": pygame.K_ESCAPE,
    "confirm": pygame.K_RETURN,
    "hint": pygame.K_h,
    "page_next": pygame.K_PAGEDOWN,
    "next": pygame.K_TAB,
}
FAKE_PAD = 77  # an instance id no real controller has


class Keyboard:
    name = "keyboard"
    can_confirm = True

    def post(self, intent: str) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=KEYS[intent], mod=0, unicode="", scancode=0)
        )


class Pad:
    name = "controller"
    can_confirm = False  # A selects; the table's Play button confirms

    def post(self, intent: str) -> None:
        button = PAD_BUTTONS[intent]
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, instance_id=FAKE_PAD, button=button))


class Journey:
    """Presses through the app with ``device`` (see the module docstring)."""

    def __init__(self, app: Any, device: Keyboard | Pad) -> None:
        self.app = app
        self.device = device
        self.presses = 0
        self.rounds_seen = 0

    # --- basics ---------------------------------------------------------------------------

    def frames(self, count: int = 2) -> None:
        for _ in range(count):
            self.app.step(1 / 60)

    def press(self, intent: str, frames: int = 2) -> None:
        self.presses += 1
        self.device.post(intent)
        self.frames(frames)

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    def on(self, name: str) -> bool:
        return self.top is not None and self.top.name == name

    def wait_for(self, condition: Callable[[], bool], limit: int = 600) -> None:
        for _ in range(limit):
            if condition():
                return
            self.frames(1)
        raise AssertionError(f"waited in vain; on {self.top and self.top.name}")

    def focused_name(self) -> Any:
        slot = self.app.focus.focused()
        return None if slot is None else slot.target.path

    def focus_on(self, path: tuple[Any, ...], moves: Sequence[str] = ("down", "right")) -> None:
        """Move the focus of a pygame_gui screen onto ``path`` (e.g. ``("quit_button",)``)
        with arrow presses only: along the row first, then to the next row."""
        for _ in range(40):
            if self.focused_name() == path:
                return
            here = self.focused_name()
            in_row = any(
                path in paths and here in paths
                for paths in ([s.target.path for s in row] for row in self.app.focus.grid(self.top))
            )
            self.press(moves[1] if in_row else moves[0])
        raise AssertionError(f"focus never reached {path}; it is on {self.focused_name()}")

    def activate(self) -> None:
        self.press("select")

    # --- the screens ------------------------------------------------------------------------

    def online_and_back(self) -> None:
        """Play online from the title, Host a game and Your online games, and back, by keys."""
        assert self.on("title") and self.focused_name() == ("buttons.new_game",)
        self.focus_on(("buttons.online",), moves=("right", "right"))  # one row: New game's
        self.activate()
        assert self.on("online_menu") and self.focused_name() == ("host_button",)
        self.activate()
        assert self.on("online_host") and self.focused_name() == ("host_button",)
        self.focus_on(("name_entry",), moves=("up", "left"))
        self.press("back")  # Esc / B: back to Play online
        assert self.on("online_menu")
        self.focus_on(("games_button",), moves=("down", "down"))
        self.activate()
        assert self.on("online_games") and self.focused_name() == ("back_button",)
        self.activate()
        assert self.on("online_menu")
        self.focus_on(("back_button",), moves=("down", "down"))
        self.activate()
        self.wait_for(lambda: self.on("title"))
        self.frames(3)

    def new_game_vs_medium(self) -> None:
        assert self.on("title"), self.top.name
        assert self.focused_name() == ("buttons.new_game",)  # the most likely action
        self.activate()
        assert self.on("new_game")
        assert self.focused_name() == ("start_button",)
        self.focus_on(("vs_ai_button",), moves=("up", "left"))
        self.activate()
        self.focus_on(("level_buttons", "easy"), moves=("down", "left"))
        self.press("right")  # a choice row: the arrow picks what it reaches
        assert self.top.level == "medium" and self.focused_name() == ("level_buttons", "medium")
        self.focus_on(("start_button",), moves=("down", "right"))
        self.activate()
        self.wait_for(lambda: self.on("table"))
        assert self.top.session.config.mode == "vs_ai"
        assert self.top.session.config.level == "medium"

    def play_until(self, done: Callable[[], bool], limit: int = 4000) -> None:
        """Take the human's turns, move on from round results, until ``done()``."""
        for _ in range(limit):
            if done():
                return
            top = self.top
            if top.name == "round_result" and top.armed:
                self.rounds_seen += 1
                self.activate()  # Next round (focused from the start)
            elif top.name == "table" and top.acting_seat() is not None and not top.animator.busy:
                self.take_turn(top)
            else:
                self.frames(1)
        raise AssertionError(f"the game did not get there; on {self.top.name}")

    def take_turn(self, table: Any) -> None:
        seat = table.acting_seat()
        state = table.session.state
        legal = state.legal_actions(seat)
        phase = state.phase
        if phase is Phase.REPLACE:
            assert Replace(seat, ()) in legal
            self.to_button(table, "secondary")  # Keep all
            self.activate()
        elif phase is Phase.ATTACK:
            attack = next(a for a in legal if isinstance(a, Attack) and len(a.cards) == 1)
            self.to_card(table, attack.cards[0])
            self.activate()  # select it
            self.confirm(table)
        else:
            kind = DuelCard if phase is Phase.DUEL else Respond
            move = next(a for a in legal if isinstance(a, kind))
            self.to_card(table, move.card)
            self.activate()  # Space or A picks it (Enter alone never plays a focused card)
            self.confirm(table)  # then Enter, or the Play button

    def confirm(self, table: Any) -> None:
        if self.device.can_confirm:
            self.press("confirm")
        else:
            self.to_button(table, "primary")
            self.activate()

    def to_card(self, table: Any, value: int) -> None:
        from tacocat.ui.widgets.cards import CardSprite

        for _ in range(24):
            item = table.controls.focused() if table.controls.keyboard_focus else None
            if isinstance(item, CardSprite) and item.value == value and not item.selected:
                return
            if item is not None and not isinstance(item, CardSprite):
                self.press("up")  # from the buttons back to the hand
            else:
                self.press("right")
        raise AssertionError(f"no card {value} reached")

    def to_button(self, table: Any, key: str) -> None:
        from tacocat.ui.widgets.button import Button

        for _ in range(12):
            item = table.controls.focused() if table.controls.keyboard_focus else None
            if isinstance(item, Button) and item.key == key:
                return
            self.press("right" if isinstance(item, Button) else "down")
        raise AssertionError(f"no button {key} reached")

    def pause_and_change_settings(self, steps: Sequence[Callable[[Journey], None]]) -> None:
        self.press("menu")
        assert self.on("menu") and self.focused_name() == ("resume_button",)
        self.focus_on(("settings_button",))
        self.activate()
        assert self.on("settings")
        for step in steps:
            step(self)
        self.press("back")  # Esc / B closes Settings
        assert self.on("menu") and self.focused_name() == ("settings_button",)  # kept
        self.focus_on(("resume_button",), moves=("up", "up"))
        self.activate()
        assert self.on("table")

    def history_and_replay(self) -> None:
        self.wait_for(lambda: self.on("game_over") and self.top.armed)
        self.press("right")  # Rematch -> Back to title
        self.activate()
        self.wait_for(lambda: self.on("title"))
        self.focus_on(("buttons.history",))
        self.activate()
        assert self.on("history") and self.top.entries
        self.activate()  # replay the game the list selects
        self.wait_for(lambda: self.on("replay"))
        start = self.top.index
        self.press("right")
        self.press("right")
        assert self.top.index > start
        moved = self.top.index
        self.press("page_next")  # RB / Page Down: the next round
        assert self.top.index > moved
        self.press("next")  # View / Tab: the focus onto the replay's buttons
        assert self.top.controls.focused() is not None
        self.press("back")  # Close: back to the History
        self.wait_for(lambda: self.on("history"))
        self.press("back")
        self.wait_for(lambda: self.on("title"))
        self.focus_on(("buttons.quit",))
        self.activate()
        self.wait_for(lambda: self.on("choice"))  # Quit asks first; Stay is focused
        assert self.focused_name() == ("buttons", 0)
        self.press("right")
        self.activate()  # Quit
        self.frames(1)


def choose_language(code: str) -> Callable[[Journey], None]:
    """A settings step: pick language ``code`` on the Settings screen."""

    def step(journey: Journey) -> None:
        journey.focus_on(("language_buttons", "en"), moves=("down", "right"))
        journey.focus_on(("language_buttons", code), moves=("right", "right"))
        journey.activate()
        assert journey.app.settings.language == code
        assert journey.on("settings")
        # The screen was rebuilt in the new language; the focus stayed on the language.
        assert journey.focused_name() == ("language_buttons", code)

    return step


def choose_text_size(percent: int) -> Callable[[Journey], None]:
    """A settings step: step the Text size row to ``percent`` (a row of choices: ←/→ pick)."""

    def step(journey: Journey) -> None:
        journey.focus_on(
            ("text_size_buttons", journey.app.settings.text_size), moves=("down", "right")
        )
        for _ in range(4):
            if journey.app.settings.text_size == percent:
                break
            journey.press("right" if journey.app.settings.text_size < percent else "left")
        assert journey.app.settings.text_size == percent
        assert journey.on("settings")
        assert journey.focused_name() == ("text_size_buttons", percent)

    return step
