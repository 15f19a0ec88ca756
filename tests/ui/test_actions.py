"""One input model: keys and controller buttons become actions, per scope, with the
player's keys applied (tacocat.ui.input)."""

from __future__ import annotations

import json

import pygame
import pytest

from tacocat.persistence.settings import (
    DEFAULT_REPLAY_KEYS,
    DEFAULT_TABLE_KEYS,
    HISTORY_ACTIONS,
    REPLAY_ACTIONS,
    TABLE_ACTIONS,
    KeyConflictError,
    check_replay_keys,
    load_settings,
)
from tacocat.ui.input.actionmap import ActionMap
from tacocat.ui.input.actions import Action, Pad, Scope
from tacocat.ui.input.bindings import BINDINGS, pad_of
from tacocat.ui.input.gamepad import Gamepads
from tacocat.ui.input.prompts import key_label, pad_label
from tacocat.ui.text import i18n
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.layout import scroller_of
from tests.ui.text_fit import overflows, too_small


def down(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def pad(button: int) -> pygame.event.Event:
    [event] = Gamepads().translate(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=button)
    )
    return event


# --- the map --------------------------------------------------------------------------------


def test_one_key_means_one_action_per_scope():
    keys = ActionMap()
    assert keys.action(down(pygame.K_SPACE), Scope.TABLE) is Action.SELECT
    assert keys.action(down(pygame.K_SPACE), Scope.REPLAY) is Action.PLAY_PAUSE
    assert keys.action(down(pygame.K_SPACE), Scope.MENUS) is Action.SELECT
    assert keys.action(down(pygame.K_TAB), Scope.TABLE) is Action.NEXT
    assert keys.action(down(pygame.K_TAB, pygame.KMOD_LSHIFT), Scope.TABLE) is Action.PREVIOUS
    assert keys.action(down(pygame.K_z, pygame.KMOD_LCTRL), Scope.TABLE) is Action.UNDO
    assert keys.action(down(pygame.K_z), Scope.TABLE) is None
    assert keys.action(down(pygame.K_KP_ENTER), Scope.TABLE) is Action.CONFIRM
    assert keys.action(down(pygame.K_UP), Scope.REPLAY) is Action.ROUND_PREVIOUS
    assert keys.action(down(pygame.K_EQUALS), Scope.REPLAY) is Action.FASTER
    assert keys.action(down(pygame.K_3), Scope.REPLAY) is Action.ROUND_3
    assert keys.action(down(pygame.K_e), Scope.HISTORY, Scope.MENUS) is Action.EXPORT
    assert keys.action(down(pygame.K_DOWN), Scope.HISTORY, Scope.MENUS) is Action.DOWN
    assert keys.action(down(pygame.K_F11), Scope.EVERYWHERE) is Action.FULL_SCREEN
    assert (
        keys.action(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0), Scope.TABLE)
        is None
    )


def test_chosen_keys_replace_the_first_key_and_keep_the_others():
    keys = ActionMap(
        {Scope.TABLE: [("confirm", "k"), ("hint", "j")], Scope.REPLAY: [("play_pause", "p")]}
    )
    assert keys.action(down(pygame.K_j), Scope.TABLE) is Action.HINT
    assert keys.action(down(pygame.K_h), Scope.TABLE) is None
    assert keys.action(down(pygame.K_k), Scope.TABLE) is Action.CONFIRM
    assert keys.action(down(pygame.K_KP_ENTER), Scope.TABLE) is Action.CONFIRM  # kept
    assert keys.key_for(Action.CONFIRM) == pygame.K_k
    assert keys.action(down(pygame.K_p), Scope.REPLAY) is Action.PLAY_PAUSE
    assert keys.action(down(pygame.K_SPACE), Scope.REPLAY) is None
    assert keys.action(down(pygame.K_SPACE), Scope.TABLE) is Action.SELECT  # another scope
    assert keys.owner(pygame.K_EQUALS, Scope.REPLAY) is Action.FASTER


def test_a_controller_button_means_its_action_whatever_the_keys():
    keys = ActionMap({Scope.TABLE: [("select", "k")]})
    a = pad(pygame.CONTROLLER_BUTTON_A)
    assert (a.key, a.controller) == (pygame.K_SPACE, True)  # for pygame_gui's own widgets
    assert keys.action(a, Scope.TABLE) is Action.SELECT
    assert keys.action(a, Scope.REPLAY) is Action.PLAY_PAUSE
    assert keys.action(pad(pygame.CONTROLLER_BUTTON_START), Scope.TABLE) is Action.MENU
    assert keys.action(pad(pygame.CONTROLLER_BUTTON_START), Scope.MENUS) is Action.BACK
    assert keys.action(pad(pygame.CONTROLLER_BUTTON_B), Scope.TABLE) is Action.BACK
    assert (
        keys.action(pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER), Scope.REPLAY)
        is Action.ROUND_PREVIOUS
    )
    assert (
        keys.action(pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT), Scope.REPLAY) is Action.STEP_FORWARD
    )
    assert keys.action(pad(pygame.CONTROLLER_BUTTON_X), Scope.MENUS) is None  # X: the table's


def test_every_binding_has_a_label_on_each_device_it_is_on():
    pygame.init()
    for scope, bindings in BINDINGS.items():
        for binding in bindings:
            label = pad_label(binding.action, scope)
            assert (label is None) == (not binding.pads), (scope, binding.action)
            assert label is None or label.strip(), (scope, binding.action)
            if binding.keys:
                assert key_label(ActionMap().key_for(binding.action, scope)).strip()
    assert pad_label(Action.READ_HAND) is None  # no button: no label, never a made-up "A"
    assert pad_of(Action.HINT, Scope.TABLE) is Pad.X


def test_every_action_is_bound_and_every_chosen_one_is_named_in_every_language():
    bound = {binding.action for bindings in BINDINGS.values() for binding in bindings}
    assert bound == set(Action)
    for code in ("en", "fil", "lv", "lo", "sq"):
        i18n.set_language(code)
        try:
            for action in (*TABLE_ACTIONS, *REPLAY_ACTIONS):
                key = f"tacocat.focus.keys.action.{action}"
                assert tr(key) != key, (code, action)
        finally:
            i18n.set_language("en")


# --- the settings -----------------------------------------------------------------------------


def test_a_key_is_refused_when_it_clashes_within_its_scope_only():
    with pytest.raises(KeyConflictError) as caught:
        check_replay_keys({"faster": "left"})
    assert caught.value.action == "step_back"
    with pytest.raises(KeyConflictError):
        check_replay_keys({"faster": "escape"})
    # The table's H is no clash in the replay.
    assert dict(check_replay_keys({"faster": "h"}))["faster"] == "h"


def test_an_old_settings_file_without_the_replays_keys_loads_with_their_defaults(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "format": "tacocat-settings",
                "version": 1,
                "muted": True,
                "table_keys": {
                    "left": "left",
                    "right": "right",
                    "select": "space",
                    "confirm": "return",
                    "hint": "j",
                    "discards": "d",
                    "undo": "u",
                    "read_hand": "r",
                },
            }
        ),
        encoding="utf-8",
    )
    settings, problem = load_settings(tmp_path)
    assert problem is None
    assert dict(settings.table_keys)["hint"] == "j"
    assert settings.replay_keys == DEFAULT_REPLAY_KEYS


def test_a_damaged_replay_keys_entry_falls_back_alone(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "format": "tacocat-settings",
                "version": 1,
                "table_keys": {"hint": "j"},
                "replay_keys": {"faster": "space"},
            }
        ),
        encoding="utf-8",
    )
    settings, problem = load_settings(tmp_path)
    assert settings.replay_keys == DEFAULT_REPLAY_KEYS
    assert dict(settings.table_keys)["hint"] == "j" and settings.table_keys != DEFAULT_TABLE_KEYS
    assert problem is not None and "replay keys" in problem


# --- the screens ------------------------------------------------------------------------------


def test_a_focus_screen_follows_the_action_map(make_app, monkeypatch):
    """The focus manager reads actions, not keys: a map with another key for Tab's
    action moves the focus with that key."""
    app = make_app()
    app.step(1 / 60)
    app.open("settings")
    app.step(1 / 60)
    chosen = ActionMap({Scope.MENUS: [("next", "n")]})
    monkeypatch.setattr(app.focus, "_keys", lambda: chosen)
    before = app.focus.focused().target.path
    for _ in range(2):  # (the first key after none only shows the ring)
        pygame.event.post(down(pygame.K_n))
        app.step(1 / 60)
    assert app.focus.focused().target.path != before


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("code", ["en", "fil", "lv", "lo", "sq"])
def test_the_keys_screen_holds_every_action(make_app, code, text_size):
    app = make_app("--lang", code)
    try:
        app.update_settings(save=False, text_size=text_size)
        app.step(1 / 60)
        app.open("keys")
        for _ in range(3):
            app.step(1 / 60)
        scene = app.scenes.top
        assert scene.name == "keys"
        assert set(scene.key_buttons) == {
            Action(a) for a in (*TABLE_ACTIONS, *REPLAY_ACTIONS, *HISTORY_ACTIONS)
        }
        screen = pygame.Rect((0, 0), app.size)
        assert not overflows(app.ui, screen)
        if text_size == 100:  # (as in test_text_fits: larger text only grows, the
            assert not too_small(app.ui, 16)  # scroll bar's arrows stay 14 px)
        assert (scroller_of(scene.done_button) is not None) == (text_size > 100)
    finally:
        i18n.set_language("en")
        from tacocat.ui.text import text_scale

        text_scale.set_percent(100)
