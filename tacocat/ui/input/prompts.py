"""The word for a key or a controller button in on-screen text ("Hint (H)", "Hint (X)").

:func:`prompt` answers for a table intent: the controller's button while a
controller is the last input, else the key the player chose for it. Key names
that are words (Space, the arrows) are translated (``tacocat.focus.key.*``); the
others are shown as keyboards print them (Enter, Esc, H). A controller's buttons
are named as pads print them (A, B, X, Y, LB, RB, Start); the D-pad is a word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.input.keymap import KeyMap
    from tacocat.ui.input.state import InputState

#: Keys whose names are words, with their translation key under tacocat.focus.key.
_WORD_KEYS = {
    pygame.K_SPACE: "space", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_UP: "up", pygame.K_DOWN: "down",
}
#: Keys printed differently from pygame's name for them.
_PRINTED = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_ESCAPE: "Esc"}
#: The controller button that stands for each intent (None: the D-pad, a word).
PAD_BUTTONS: dict[str, str | None] = {
    "select": "A", "confirm": "A", "back": "B", "menu": "Start", "hint": "X",
    "discards": "Y", "left": None, "right": None, "up": None, "down": None,
    "page_previous": "LB", "page_next": "RB", "next": "View",
}


def key_label(code: int) -> str:
    """A key as the player reads it: "Space", "←", "H", "F5"."""
    word = _WORD_KEYS.get(code)
    if word is not None:
        return tr(f"tacocat.focus.key.{word}")
    if code in _PRINTED:
        return _PRINTED[code]
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title()


def pad_label(intent: str) -> str:
    """The controller button for ``intent`` ("A", "X", "Start", the D-pad's name)."""
    button = PAD_BUTTONS.get(intent, "A")
    return button if button is not None else tr("tacocat.focus.pad.dpad")


def prompt(intent: str, keys: KeyMap, state: InputState) -> str:
    """What to call the input for table ``intent`` right now."""
    if state.controller:
        return pad_label(intent)
    return key_label(keys.key_for(intent))
