"""Keys you choose: rebinding the table's keys in Settings, by keyboard alone."""

from __future__ import annotations

import json

import pygame
import pytest

from tacocat.persistence.settings import (
    DEFAULT_TABLE_KEYS,
    KeyConflictError,
    Settings,
    check_table_keys,
    load_settings,
)
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.text.i18n import tr


def key(app, code: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(1 / 60)


def open_keys(app):
    """Title -> Settings -> Keys, with keys only."""
    app.step(1 / 60)
    app.open("settings")
    app.step(1 / 60)
    settings = app.scenes.top
    key(app, pygame.K_TAB, frames=1)  # shows the ring
    while app.focus.focused().target.path != ("keys_button",):
        key(app, pygame.K_TAB, frames=1)
    key(app, pygame.K_RETURN)
    assert app.scenes.top.name == "keys"
    return settings, app.scenes.top


def focus(app, action: str) -> None:
    for _ in range(12):
        if app.focus.focused().target.path == ("key_buttons", action):
            return
        key(app, pygame.K_DOWN, frames=1)
    raise AssertionError(action)


def test_a_key_is_chosen_stored_and_used_by_the_table(make_app, tmp_path):
    app = make_app()
    _, keys = open_keys(app)
    focus(app, "hint")
    key(app, pygame.K_RETURN)  # wait for the new key
    assert keys.capturing == "hint"
    assert keys.key_buttons["hint"].text == tr("tacocat.focus.keys.press")
    key(app, pygame.K_j)
    assert dict(app.settings.table_keys)["hint"] == "j"
    assert keys.key_buttons["hint"].text == "J"
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert stored["table_keys"]["hint"] == "j"
    assert load_settings(tmp_path)[0].table_keys == app.settings.table_keys
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0)
    assert app.keys.action(event, Scope.TABLE) is Action.HINT
    assert (
        app.keys.action(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0), Scope.TABLE)
        is None
    )


def test_a_key_in_use_or_kept_for_the_menus_is_refused_with_a_sentence(make_app):
    app = make_app()
    _, keys = open_keys(app)
    focus(app, "hint")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_d)  # Discards has it
    assert dict(app.settings.table_keys)["hint"] == "h"
    assert keys.status_text == tr(
        "tacocat.focus.keys.taken", button="D", action=tr("tacocat.focus.keys.action.discards")
    )
    shown = "".join(label.text for label in keys.status_lines)  # wrapped over its lines
    assert shown.replace(" ", "") == keys.status_text.replace(" ", "")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)  # reserved: it moves the focus
    assert dict(app.settings.table_keys)["hint"] == "h"
    assert keys.status_text == tr("tacocat.focus.keys.reserved", button="Tab")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)  # cancels, and the screen stays
    assert keys.capturing is None and app.scenes.top is keys


def test_reset_puts_every_key_back(make_app):
    app = make_app()
    app.update_settings(table_keys={"hint": "j", "select": "k"})
    _, keys = open_keys(app)
    while app.focus.focused().target.path != ("reset_button",):
        key(app, pygame.K_TAB, frames=1)
    key(app, pygame.K_SPACE)
    assert app.settings.table_keys == DEFAULT_TABLE_KEYS
    assert keys.key_buttons["select"].text == tr("tacocat.focus.key.space")
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "settings"


def test_a_bad_keys_entry_in_the_settings_file_falls_back_alone(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "format": "tacocat-settings",
                "version": 1,
                "muted": True,
                "table_keys": {"hint": "d", "discards": "d"},
            }
        ),
        encoding="utf-8",
    )
    settings, problem = load_settings(tmp_path)
    assert settings.table_keys == DEFAULT_TABLE_KEYS and settings.muted is True
    assert problem is not None and "table keys" in problem


@pytest.mark.parametrize(
    "value",
    [
        {"hint": "d"},
        {"hint": "escape"},
        {"jump": "j"},
        {"hint": ""},
        {"hint": 7},
        "h",
        [["hint"]],
    ],
)
def test_the_check_refuses_what_cannot_be_a_key_choice(value):
    with pytest.raises(ValueError):
        check_table_keys(value)


def test_the_check_names_the_action_that_has_the_key():
    with pytest.raises(KeyConflictError) as caught:
        check_table_keys({"select": "h"})
    assert caught.value.key == "h" and caught.value.action == "select"
    assert Settings(table_keys={"hint": "j"}).to_json()["table_keys"]["hint"] == "j"


def test_a_name_pygame_does_not_know_falls_back_to_the_default_key(make_app):
    app = make_app()
    app.update_settings(save=False, table_keys={"hint": "no such key"})
    assert app.keys.key_for("hint") == pygame.K_h


def test_a_key_the_historys_list_moves_with_is_kept_for_it(make_app):
    """The History reads its own keys and the menus' (its list moves as a menu does):
    Export may not take Space, which presses there, but may take X."""
    app = make_app()
    _, keys = open_keys(app)
    focus(app, "export")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    assert keys.status_text == tr("tacocat.focus.keys.reserved", button="Space")
    assert dict(app.settings.history_keys)["export"] == "e"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_x)
    assert dict(app.settings.history_keys)["export"] == "x"
    assert keys.key_buttons["export"].text == "X"
