"""Game controllers (SDL GameController, so any pad SDL knows, the Steam Deck's too).

:class:`Gamepads` turns controller events into KEYDOWN events marked
``controller=True`` and ``pad=<button>`` (a :class:`~.actions.Pad`): the action map
looks the button up in :data:`~.bindings.BINDINGS` (so the table's A selects and
the replay's A plays), and the event's ``key`` is the key the button stands for
(:func:`~.bindings.key_standing_for`, e.g. Space for A, Esc for B) for what reads
keys itself (pygame_gui). Nothing else in the game knows controllers; which
button does what is in :mod:`.bindings` alone.

The stick works like the D-pad past a dead zone (with a smaller release zone so
it does not chatter); a held direction repeats after :data:`REPEAT_DELAY`.
Controllers are opened as they are plugged in (``CONTROLLERDEVICEADDED``, also
sent for pads present when :meth:`Gamepads.start` runs) and closed when pulled out. Tests feed
:meth:`Gamepads.translate` events with any instance id: no device is needed.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import pygame

from tacocat.ui.input.actionmap import key_code
from tacocat.ui.input.actions import Pad
from tacocat.ui.input.bindings import key_standing_for

log = logging.getLogger(__name__)

#: Stick travel (of 1.0) that counts as a push, and below which it is released.
DEAD_ZONE = 0.5
RELEASE_ZONE = 0.35
#: A held direction repeats after this many seconds, then every REPEAT_EVERY.
REPEAT_DELAY = 0.4
REPEAT_EVERY = 0.12
AXIS_MAX = 32767

#: SDL's controller buttons (the D-pad's are directions, which repeat while held).
BUTTONS: dict[int, Pad] = {
    pygame.CONTROLLER_BUTTON_A: Pad.A,
    pygame.CONTROLLER_BUTTON_B: Pad.B,
    pygame.CONTROLLER_BUTTON_START: Pad.START,
    pygame.CONTROLLER_BUTTON_X: Pad.X,
    pygame.CONTROLLER_BUTTON_Y: Pad.Y,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Pad.LB,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Pad.RB,
    pygame.CONTROLLER_BUTTON_BACK: Pad.VIEW,
}
DPAD: dict[int, Pad] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Pad.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Pad.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Pad.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Pad.RIGHT,
}
CONTROLLER_EVENTS = frozenset(
    {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERAXISMOTION,
    }
)


def key_event(pad: Pad) -> pygame.event.Event:
    """The KEYDOWN a controller button stands for."""
    return pygame.event.Event(
        pygame.KEYDOWN,
        key=key_code(key_standing_for(pad)) or 0,
        mod=0,
        unicode="",
        scancode=0,
        pad=pad.value,
        controller=True,
    )


class Gamepads:
    """Open controllers and the direction each one holds (see the module docstring)."""

    def __init__(self) -> None:
        self._open: dict[int, Any] = {}
        #: The direction held (D-pad or stick) and seconds until it repeats.
        self._held: Pad | None = None
        self._repeat_in = 0.0
        self._stick: dict[int, float] = {}
        self._held_by_stick = False
        self._available = False

    def start(self) -> None:
        """Start SDL's controller support (~30 ms, so the app does it once idle, after the
        first frame); SDL then reports the pads already plugged in as added."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._available = True
        except (ImportError, pygame.error) as error:
            log.info("no game controller support: %s", error)

    @property
    def holding(self) -> bool:
        """A direction is held (the loop keeps its frame rate for the repeat)."""
        return self._held is not None

    @property
    def connected(self) -> int:
        return len(self._open)

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The events ``event`` stands for: itself when it is no controller event, key
        events for a controller's input, nothing for the rest (a plugged-in pad)."""
        if event.type not in CONTROLLER_EVENTS:
            return [event]
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._add(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._remove(event.instance_id)
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            if event.button in DPAD:
                self._held_by_stick = False
                return self._press_direction(DPAD[event.button])
            if event.button in BUTTONS:
                return [key_event(BUTTONS[event.button])]
        elif event.type == pygame.CONTROLLERBUTTONUP:
            if DPAD.get(event.button) == self._held:
                self._held = None
        elif event.type == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.axis, event.value / AXIS_MAX)
        return []

    def update(self, dt: float) -> list[pygame.event.Event]:
        """Per frame: the repeats of a held direction."""
        if self._held is None:
            return []
        self._repeat_in -= dt
        if self._repeat_in > 0:
            return []
        self._repeat_in = REPEAT_EVERY
        return [key_event(self._held)]

    def _press_direction(self, direction: Pad) -> list[pygame.event.Event]:
        self._held = direction
        self._repeat_in = REPEAT_DELAY
        return [key_event(direction)]

    def _axis(self, axis: int, value: float) -> list[pygame.event.Event]:
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        self._stick[axis] = value
        x = self._stick.get(pygame.CONTROLLER_AXIS_LEFTX, 0.0)
        y = self._stick.get(pygame.CONTROLLER_AXIS_LEFTY, 0.0)
        strongest = max(abs(x), abs(y))
        if strongest < RELEASE_ZONE:
            if self._held is not None and self._held_by_stick:
                self._held = None
            return []
        if strongest < DEAD_ZONE:
            return []
        if abs(x) >= abs(y):
            direction = Pad.RIGHT if x > 0 else Pad.LEFT
        else:
            direction = Pad.DOWN if y > 0 else Pad.UP
        if direction == self._held:
            return []  # still held: update() repeats it
        self._held_by_stick = True
        return self._press_direction(direction)

    def _add(self, index: int) -> None:
        if not self._available:
            return
        from pygame._sdl2 import controller

        try:
            pad = controller.Controller(index)
        except (pygame.error, IndexError) as error:
            log.info("controller %s could not be opened: %s", index, error)
            return
        instance = pad.as_joystick().get_instance_id()
        self._open[instance] = pad
        log.info("controller connected: %s", pad.name)

    def _remove(self, instance_id: int) -> None:
        pad = self._open.pop(instance_id, None)
        self._held = None
        if pad is not None:
            log.info("controller disconnected: %s", pad.name)
            with contextlib.suppress(pygame.error):
                pad.quit()

    def close(self) -> None:
        for instance in list(self._open):
            self._remove(instance)
