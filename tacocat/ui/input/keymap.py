"""The table's keys, as chosen in Settings: key events become table *intents*.

The intents are the names of :data:`tacocat.persistence.settings.TABLE_ACTIONS`
(``left right select confirm hint discards undo read_hand``; Ctrl+Z is undo too) plus the fixed ones every screen
shares (``up down next previous menu``). A key event made from controller input
names its intent itself (``event.intent``, see :mod:`.gamepad`), so a rebound key
and a controller button reach the table through one path: :meth:`KeyMap.intent`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import pygame

from tacocat.persistence.settings import DEFAULT_TABLE_KEYS, RESERVED_KEYS, TABLE_ACTIONS

log = logging.getLogger(__name__)

#: Keys that keep their meaning whatever is chosen (extra to the chosen ones).
FIXED_KEYS: dict[int, str] = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_ESCAPE: "menu",
    pygame.K_KP_ENTER: "confirm",
}


def key_code(name: str) -> int | None:
    """pygame's key code for a stored key name, or None for a name it does not know."""
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return None


def key_name(code: int) -> str:
    """The stored name of key ``code`` (pygame's, lower case: ``"space"``, ``"h"``)."""
    return pygame.key.name(code).lower()


def is_reserved(code: int) -> bool:
    return key_name(code) in RESERVED_KEYS


class KeyMap:
    """Key codes <-> intents for one set of chosen keys (``Settings.table_keys``)."""

    def __init__(self, chosen: Iterable[tuple[str, str]] = DEFAULT_TABLE_KEYS) -> None:
        defaults = dict(DEFAULT_TABLE_KEYS)
        self.codes: dict[str, int] = {}
        for action, name in chosen:
            code = key_code(name)
            if code is None:  # a name this pygame does not know: the default key
                log.warning("table key %r for %s is unknown; using %r", name, action,
                            defaults[action])
                code = key_code(defaults[action])
            assert code is not None
            self.codes[action] = code
        for action in TABLE_ACTIONS:
            self.codes.setdefault(action, key_code(defaults[action]) or 0)
        self._intents = {code: action for action, code in self.codes.items()}

    def intent(self, event: pygame.event.Event) -> str | None:
        """The table intent of a KEYDOWN event, or None."""
        marked = getattr(event, "intent", None)
        if marked:
            return str(marked)
        if event.key == pygame.K_TAB:
            return "previous" if event.mod & pygame.KMOD_SHIFT else "next"
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return "undo"  # the editors' take-back, whatever key undo has
        return self._intents.get(event.key) or FIXED_KEYS.get(event.key)

    def key_for(self, action: str) -> int:
        """The key code of a table action (e.g. to show it in a prompt)."""
        return self.codes[action]
