"""The table's buttons on the one button model: a click sounds once and acts once; a
disabled button says why instead; a release on a button pressed elsewhere is no click."""

from __future__ import annotations

import pygame
from table_helpers import click, step, wait_for_turn

from tacocat.rules import Phase


def _record_sounds(app) -> list[str]:
    played: list[str] = []
    app.audio.play = lambda name, *args, **kwargs: played.append(name)
    return played


def test_keep_clicks_and_replaces_nothing(start_table):
    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    assert table.session.state.phase is Phase.REPLACE
    played = _record_sounds(app)
    click(app, table.buttons["secondary"].rect.center)  # Keep
    assert played[0] == "click"  # the button's, before the cards move (which tap too)
    assert table.session.state.phase is not Phase.REPLACE


def test_a_disabled_button_says_why_without_a_click(start_table):
    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    primary = table.buttons["primary"]
    assert primary.visible and not primary.enabled  # nothing selected to replace
    played = _record_sounds(app)
    click(app, primary.rect.center)
    assert "click" not in played and "error" in played
    assert table.controls.message == primary.disabled_reason
    assert table.session.state.phase is Phase.REPLACE


def test_a_release_on_a_button_pressed_elsewhere_is_no_click(start_table):
    app, table = start_table("vs_ai", seed=8)
    wait_for_turn(app, table)
    played = _record_sounds(app)
    keep = table.buttons["secondary"].rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 200), button=1, touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=keep, button=1, touch=False))
    step(app, 2)
    assert "click" not in played
    assert table.session.state.phase is Phase.REPLACE
