"""Key and controller events -> :class:`~.actions.Action`, with the player's keys applied.

:class:`ActionMap` is built from :data:`~.bindings.BINDINGS` and the keys chosen in
Settings (``Settings.table_keys`` / ``Settings.replay_keys``). A screen asks what an
event means in its scopes, first scope first::

    action = app.keys.action(event, Scope.REPLAY)

A key event made from controller input names its button (``event.pad``, see
:mod:`.gamepad`): it is looked up by the button, so a controller follows the
bindings and never a rebound key.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterable, Mapping

import pygame

from tacocat.persistence.settings import RESERVED_KEYS
from tacocat.ui.input.actions import Action, Pad, Scope
from tacocat.ui.input.bindings import BINDINGS

log = logging.getLogger(__name__)

#: Modifiers a binding may ask for (``shift+tab``), most specific first.
_MODIFIERS = (("ctrl+", pygame.KMOD_CTRL), ("shift+", pygame.KMOD_SHIFT))

Chosen = Mapping[Scope, Iterable[tuple[str, str]]]


def key_code(name: str) -> int | None:
    """pygame's key code for a stored key name, or None for a name it does not know."""
    try:
        with warnings.catch_warnings():  # (SDL knows the names before pygame.init() too)
            warnings.simplefilter("ignore")
            return pygame.key.key_code(name)
    except ValueError:
        return None


def key_name(code: int) -> str:
    """The stored name of key ``code`` (pygame's, lower case: ``"space"``, ``"h"``)."""
    return pygame.key.name(code).lower()


def is_reserved(code: int) -> bool:
    """A key kept for one meaning everywhere (back, focus, full screen): never chosen."""
    return key_name(code) in RESERVED_KEYS


def _spec(spec: str) -> tuple[int, int]:
    """``"shift+tab"`` -> (key code, modifier mask); a plain name has no modifier."""
    for prefix, mask in _MODIFIERS:
        if spec.startswith(prefix) and len(spec) > len(prefix):
            code = key_code(spec[len(prefix) :])
            assert code is not None, spec
            return code, mask
    code = key_code(spec)
    assert code is not None, spec
    return code, 0


class ActionMap:
    """The keys and buttons of every scope, with ``chosen`` ({scope: (action, key name)
    pairs}) replacing the first key of those actions (see :mod:`.bindings`)."""

    def __init__(self, chosen: Chosen | None = None) -> None:
        self._keys: dict[Scope, dict[tuple[int, int], Action]] = {}
        self._pads: dict[Scope, dict[Pad, Action]] = {}
        self._first: dict[tuple[Scope, Action], int] = {}
        for scope, bindings in BINDINGS.items():
            picked = dict((chosen or {}).get(scope, ()))
            keys: dict[tuple[int, int], Action] = {}
            extras: list[tuple[tuple[int, int], Action]] = []
            for entry in bindings:
                specs = [_spec(spec) for spec in entry.keys]
                if entry.action.value in picked and specs:
                    specs[0] = (
                        self._picked(picked[entry.action.value], specs[0][0], entry.action),
                        0,
                    )
                if specs:
                    self._first[(scope, entry.action)] = specs[0][0]
                    keys.setdefault(specs[0], entry.action)  # a first key before any extra
                extras += [(spec, entry.action) for spec in specs[1:]]
                for pad in entry.pads:
                    self._pads.setdefault(scope, {}).setdefault(pad, entry.action)
            for spec, action in extras:
                keys.setdefault(spec, action)
            self._keys[scope] = keys

    @staticmethod
    def _picked(name: str, default: int, action: Action) -> int:
        code = key_code(name)
        if code is None:  # a name this pygame does not know: the default key
            log.warning("key %r for %s is unknown; using %r", name, action, key_name(default))
            return default
        return code

    def action(self, event: pygame.event.Event, *scopes: Scope) -> Action | None:
        """What KEYDOWN ``event`` asks for in ``scopes`` (the first that has it), or None."""
        if event.type != pygame.KEYDOWN:
            return None
        pad = getattr(event, "pad", None)
        if pad:
            return next(
                (self._pads[s][Pad(pad)] for s in scopes if Pad(pad) in self._pads.get(s, {})), None
            )
        mod = getattr(event, "mod", 0)
        for scope in scopes:
            keys = self._keys[scope]
            for _, mask in _MODIFIERS:
                if mod & mask and (event.key, mask) in keys:
                    return keys[(event.key, mask)]
            if (event.key, 0) in keys:
                return keys[(event.key, 0)]
        return None

    def key_for(self, action: Action, scope: Scope = Scope.TABLE) -> int:
        """The key code of ``action`` in ``scope`` (its first: the chosen one), e.g. for a
        prompt. :class:`KeyError` for an action with no key there."""
        return self._first[(scope, action)]

    def owner(self, code: int, scope: Scope) -> Action | None:
        """The action key ``code`` has in ``scope`` (chosen or kept), or None."""
        return self._keys[scope].get((code, 0))
