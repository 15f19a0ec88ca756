"""The word for a key or a controller button in on-screen text ("Hint (H)", "Hint (X)").

:func:`prompt` answers for an action in a scope: the controller's button while a
controller is the last input (when the action has one), else the key the player
chose for it; the buttons come from :data:`~.bindings.BINDINGS`. Key names
that are words (Space, the arrows) are translated (``tacocat.focus.key.*``); the
others are shown as keyboards print them (Enter, Esc, H). A controller's buttons
are named as pads print them (A, B, X, Y, LB, RB, Start); the D-pad is a word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.input.bindings import pad_of
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.input.actionmap import ActionMap
    from tacocat.ui.input.state import InputState

#: Keys whose names are words, with their translation key under tacocat.focus.key.
_WORD_KEYS = {
    pygame.K_SPACE: "space",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
}
#: Keys printed differently from pygame's name for them.
_PRINTED = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_ESCAPE: "Esc"}


def key_label(code: int) -> str:
    """A key as the player reads it: "Space", "←", "H", "F5"."""
    word = _WORD_KEYS.get(code)
    if word is not None:
        return tr(f"tacocat.focus.key.{word}")
    if code in _PRINTED:
        return _PRINTED[code]
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title()


def pad_label(action: Action, scope: Scope = Scope.TABLE) -> str | None:
    """The controller button for ``action`` in ``scope`` ("A", "X", "Start", the D-pad's
    name), or None when no button has it."""
    pad = pad_of(action, scope)
    if pad is None:
        return None
    return pad.printed or tr("tacocat.focus.pad.dpad")


def prompt(action: Action, keys: ActionMap, state: InputState, scope: Scope = Scope.TABLE) -> str:
    """What to call the input for ``action`` in ``scope`` right now."""
    label = pad_label(action, scope) if state.controller else None
    return label if label is not None else key_label(keys.key_for(action, scope))
