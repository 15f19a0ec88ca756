"""The kind of input the player used last: ``"mouse"``, ``"keys"`` or ``"controller"``.

The focus ring shows only while the keys or a controller were used last (a mouse
player sees hover instead), and prompts name the controller's buttons while it is
the last input. Events made from controller input carry ``controller=True``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

MOUSE, KEYS, CONTROLLER, NONE = "mouse", "keys", "controller", "none"

_MOUSE_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.MOUSEMOTION})


def kind_of(event: pygame.event.Event) -> str | None:
    """The input kind ``event`` shows, or None for an event that says nothing about it."""
    if getattr(event, "controller", False):
        return CONTROLLER
    if event.type == pygame.KEYDOWN:
        return KEYS
    if event.type in _MOUSE_EVENTS:
        if event.type == pygame.MOUSEMOTION and not any(event.rel):
            return None  # the window moved under a still pointer
        return MOUSE
    return None


class InputState:
    """Remembers the last input kind and tells listeners ``(kind)`` when it changes."""

    def __init__(self) -> None:
        self.last = NONE
        #: True for the one event that switched the kind (its key only shows the ring).
        self.just_switched = False
        self._listeners: list[Callable[[str], None]] = []

    @property
    def pointing(self) -> bool:
        """True while the mouse is the last input (no focus ring then)."""
        return self.last in (MOUSE, NONE)

    @property
    def controller(self) -> bool:
        return self.last == CONTROLLER

    def on_change(self, listener: Callable[[str], None]) -> Callable[[str], None]:
        self._listeners.append(listener)
        return listener

    def note(self, event: pygame.event.Event) -> None:
        kind = kind_of(event)
        self.just_switched = False
        if kind is None or kind == self.last:
            return
        self.just_switched = self.pointing and kind != MOUSE
        self.last = kind
        for listener in self._listeners:
            listener(kind)
