"""The app's input services, in one place: a part of :class:`tacocat.ui.shell.app.App`.

:class:`Inputs` owns the last-input tracker, the game controllers, the focus
manager of the pygame_gui screens and the action map (the chosen keys), and routes each
event through them before pygame_gui and the scenes see it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.ui.focus import FocusManager
from tacocat.ui.input.actionmap import ActionMap, Chosen
from tacocat.ui.input.bindings import CHOSEN_IN
from tacocat.ui.input.gamepad import Gamepads
from tacocat.ui.input.state import InputState
from tacocat.ui.stage.scene import UIScene

if TYPE_CHECKING:
    from tacocat.persistence.settings import Settings
    from tacocat.ui.speech.narrator import Narrator
    from tacocat.ui.stage.scene_stack import SceneManager


#: Events that count as the player's input (the app keeps full speed a moment after one).
INPUT_EVENTS = frozenset(
    {
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.FINGERMOTION,
        pygame.WINDOWRESIZED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWFOCUSGAINED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERAXISMOTION,
    }
)
#: What the focus manager's presses post (see :mod:`tacocat.ui.focus.targets`).
_PRESS_EVENTS = [
    pygame_gui.UI_BUTTON_PRESSED,
    pygame_gui.UI_CHECK_BOX_CHECKED,
    pygame_gui.UI_CHECK_BOX_UNCHECKED,
    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
]


class Inputs:
    """Keys, controllers and focus (a part of :class:`~tacocat.ui.shell.app.App`)."""

    settings: Settings
    scenes: SceneManager
    ui: pygame_gui.UIManager
    narrator: Narrator

    if TYPE_CHECKING:  # the App's

        def _dispatch(self, event: pygame.event.Event) -> None: ...

    def start_inputs(self) -> None:
        """Called once the UI manager and the scene stack exist."""
        #: The last kind of input (mouse, keys, controller): the ring and prompts follow it.
        self.input = InputState()
        #: Game controllers, turned into the key events the screens know (SDL's
        #: controller support starts once the first frame is shown: it takes ~30 ms).
        self.gamepads = Gamepads()
        #: Keyboard / controller focus on the pygame_gui screens.
        self.focus = FocusManager(self._top_screen, self.ui, self.input, lambda: self.keys)
        # Narration reads the focused control (the narrator is looked up each time: the
        # Narration setting and tests replace it).
        self.focus.on_focus_changed(lambda label, state: self.narrator.say_focus(label, state))
        self._keymap: tuple[Chosen, ActionMap] | None = None

    def _top_screen(self) -> UIScene | None:
        """The top scene when it is a pygame_gui screen (the focus works on those only)."""
        top = self.scenes.top
        return top if isinstance(top, UIScene) else None

    @property
    def keys(self) -> ActionMap:
        """Every screen's keys and buttons, with the keys the settings choose (rebuilt
        when they change)."""
        chosen = {scope: getattr(self.settings, field) for scope, field in CHOSEN_IN.items()}
        if self._keymap is None or self._keymap[0] != chosen:
            self._keymap = (chosen, ActionMap(chosen))
        return self._keymap[1]

    def input_events(
        self, events: list[pygame.event.Event], dt: float
    ) -> Iterable[pygame.event.Event]:
        """This frame's events with controller input turned into key events (and a held
        direction's repeats added)."""
        for event in [*events, *self.gamepads.update(dt)]:
            yield from self.gamepads.translate(event)

    def focus_takes(self, event: pygame.event.Event) -> bool:
        """Note the input kind; True when the focus manager used ``event``. A press it
        made (posted, as pygame_gui posts a click's) is handled at once, in this frame,
        as the screens handled their keys before."""
        self.input.note(event)
        if not self.focus.handle_event(event):
            return False
        for posted in pygame.event.get(eventtype=_PRESS_EVENTS):
            self._dispatch(posted)
        return True
