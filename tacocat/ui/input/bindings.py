"""Every key and controller button of the game, in one table: :data:`BINDINGS`.

Per :class:`~.actions.Scope`, each :class:`~.actions.Action` has its keys and its
controller buttons. Keys are pygame's key names (``"space"``, ``"page up"``,
``"[+]"`` the keypad's plus), with ``shift+`` or ``ctrl+`` in front when the key
means the action only with that modifier. Where the player chooses the keys
(the table's, the replay's and the History's, Settings → Keys) the **first** key of an
action is the chosen one: its default comes from
:data:`~tacocat.persistence.settings.DEFAULT_TABLE_KEYS` /
:data:`~tacocat.persistence.settings.DEFAULT_REPLAY_KEYS` /
:data:`~tacocat.persistence.settings.DEFAULT_HISTORY_KEYS` (the settings check the
stored choice without pygame), the other keys stay (keypad Enter, the arrows).

Everything else derives from this table: the key map (:mod:`.actionmap`), what a
controller's button stands for (:mod:`.gamepad`) and the names shown in prompts
(:mod:`.prompts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.persistence.settings import (
    DEFAULT_HISTORY_KEYS,
    DEFAULT_REPLAY_KEYS,
    DEFAULT_TABLE_KEYS,
)
from tacocat.ui.input.actions import Action, Pad, Scope


@dataclass(frozen=True)
class Binding:
    """One action's keys and controller buttons in one scope (several of each allowed)."""

    action: Action
    keys: tuple[str, ...] = ()
    pads: tuple[Pad, ...] = ()


def _chosen(defaults: tuple[tuple[str, str], ...], action: Action, *extra: str) -> tuple[str, ...]:
    """An action's keys where the player chooses them: the default choice first."""
    return (dict(defaults)[action.value], *extra)


_T, _R, _H = DEFAULT_TABLE_KEYS, DEFAULT_REPLAY_KEYS, DEFAULT_HISTORY_KEYS

#: Moving around and pressing, the same on every screen that has no keys of its own.
_MOVES = (
    Binding(Action.UP, ("up",), (Pad.UP,)),
    Binding(Action.DOWN, ("down",), (Pad.DOWN,)),
    Binding(Action.NEXT, ("tab",), (Pad.VIEW,)),
    Binding(Action.PREVIOUS, ("shift+tab",)),
)

BINDINGS: dict[Scope, tuple[Binding, ...]] = {
    Scope.EVERYWHERE: (Binding(Action.FULL_SCREEN, ("f11",)),),
    Scope.MENUS: (
        *_MOVES,
        Binding(Action.LEFT, ("left",), (Pad.LEFT,)),
        Binding(Action.RIGHT, ("right",), (Pad.RIGHT,)),
        Binding(Action.SELECT, ("space",), (Pad.A,)),
        Binding(Action.CONFIRM, ("return", "enter")),
        Binding(Action.BACK, ("escape",), (Pad.B, Pad.START)),
        Binding(Action.PAGE_NEXT, ("page down",), (Pad.RB,)),
        Binding(Action.PAGE_PREVIOUS, ("page up",), (Pad.LB,)),
        Binding(Action.FIRST, ("home",)),
        Binding(Action.LAST, ("end",)),
    ),
    Scope.TABLE: (
        Binding(Action.LEFT, _chosen(_T, Action.LEFT), (Pad.LEFT,)),
        Binding(Action.RIGHT, _chosen(_T, Action.RIGHT), (Pad.RIGHT,)),
        Binding(Action.SELECT, _chosen(_T, Action.SELECT), (Pad.A,)),
        Binding(Action.CONFIRM, _chosen(_T, Action.CONFIRM, "enter")),
        Binding(Action.HINT, _chosen(_T, Action.HINT), (Pad.X,)),
        Binding(Action.DISCARDS, _chosen(_T, Action.DISCARDS), (Pad.Y,)),
        Binding(Action.UNDO, _chosen(_T, Action.UNDO, "ctrl+z")),  # the editors' take-back
        Binding(Action.READ_HAND, _chosen(_T, Action.READ_HAND)),
        *_MOVES,
        Binding(Action.MENU, ("escape",), (Pad.START,)),
        Binding(Action.BACK, (), (Pad.B,)),
    ),
    Scope.REPLAY: (
        Binding(Action.PLAY_PAUSE, _chosen(_R, Action.PLAY_PAUSE), (Pad.A,)),
        Binding(Action.STEP_BACK, _chosen(_R, Action.STEP_BACK), (Pad.LEFT,)),
        Binding(Action.STEP_FORWARD, _chosen(_R, Action.STEP_FORWARD), (Pad.RIGHT,)),
        Binding(Action.ROUND_PREVIOUS, _chosen(_R, Action.ROUND_PREVIOUS, "up"), (Pad.LB, Pad.UP)),
        Binding(Action.ROUND_NEXT, _chosen(_R, Action.ROUND_NEXT, "down"), (Pad.RB, Pad.DOWN)),
        Binding(Action.FIRST_MOVE, _chosen(_R, Action.FIRST_MOVE)),
        Binding(Action.LAST_MOVE, _chosen(_R, Action.LAST_MOVE)),
        Binding(Action.FASTER, _chosen(_R, Action.FASTER, "=", "[+]")),
        Binding(Action.SLOWER, _chosen(_R, Action.SLOWER, "[-]")),
        *(Binding(Action(f"round_{n}"), (str(n),)) for n in range(1, 10)),
        Binding(Action.NEXT, ("tab",), (Pad.VIEW,)),
        Binding(Action.PREVIOUS, ("shift+tab",)),
        Binding(Action.CONFIRM, ("return", "enter")),
        Binding(Action.BACK, ("escape",), (Pad.B, Pad.START)),
    ),
    Scope.HISTORY: (
        Binding(Action.EXPORT, _chosen(_H, Action.EXPORT)),
        Binding(Action.OPEN_FILE, _chosen(_H, Action.OPEN_FILE)),
    ),
}

#: The scopes whose first keys the player chooses, with the settings field storing them.
CHOSEN_IN: dict[Scope, str] = {
    Scope.TABLE: "table_keys",
    Scope.REPLAY: "replay_keys",
    Scope.HISTORY: "history_keys",
}
#: The scopes a controller's button is looked up in for the key it stands for (for the
#: screens and widgets that read no actions: pygame_gui's own), in this order.
_STANDS_FOR_ORDER = (Scope.MENUS, Scope.TABLE, Scope.REPLAY)


def binding(action: Action, scope: Scope) -> Binding | None:
    """``action``'s binding in ``scope``, or None when it has none there."""
    return next((b for b in BINDINGS[scope] if b.action is action), None)


def pad_of(action: Action, scope: Scope) -> Pad | None:
    """The controller button for ``action`` in ``scope`` (its first), or None: no button."""
    found = binding(action, scope)
    return found.pads[0] if found is not None and found.pads else None


def key_standing_for(pad: Pad) -> str:
    """The key name a controller button stands for where a screen reads keys, not actions:
    the default key of the first action it has in the menus, the table or the replay."""
    for scope in _STANDS_FOR_ORDER:
        for entry in BINDINGS[scope]:
            if pad in entry.pads and entry.keys:
                return entry.keys[0]
    raise LookupError(f"controller button {pad} stands for no key")
