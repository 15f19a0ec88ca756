"""One button event model (the review's §4.6): one meaning of a click, one place its sound.

A click is the left button pressed on a visible button and released on the same one;
:class:`ButtonGroup` carries it out (the click sound, then the action; a disabled
button is refused instead). The table, the drawn overlays and the replay viewer use
it, and the pygame_gui screens' click is played by the app through the same
:meth:`Scene.click`, so no module plays the click by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tacocat.ui.widgets.button import Button, ButtonGroup

ROOT = Path(__file__).resolve().parents[2]


def _mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button)


def _click(
    group: ButtonGroup,
    buttons: list[Button],
    down: tuple[int, int],
    up: tuple[int, int] | None = None,
    button: int = 1,
) -> Button | None:
    group.handle_event(buttons, _mouse(pygame.MOUSEBUTTONDOWN, down, button))
    return group.handle_event(buttons, _mouse(pygame.MOUSEBUTTONUP, up or down, button))


@pytest.fixture
def rig():
    log: list[str] = []
    ok = Button("ok", pygame.Rect(0, 0, 100, 40), on_click=lambda: log.append("ok"))
    other = Button("other", pygame.Rect(200, 0, 100, 40), on_click=lambda: log.append("other"))
    group = ButtonGroup(
        lambda: log.append("click"), refused=lambda button: log.append(f"refused {button.key}")
    )
    return log, [ok, other], group


def test_a_click_is_a_press_and_a_release_on_the_same_button(rig):
    log, buttons, group = rig
    assert _click(group, buttons, (50, 20)) is buttons[0]
    assert log == ["click", "ok"]  # the sound first, then the action, once


@pytest.mark.parametrize(
    "down, up",
    [
        ((50, 20), (250, 20)),  # dragged to another button
        ((250, 20), (50, 20)),
        ((50, 20), (500, 500)),  # dragged off
        ((500, 500), (50, 20)),
    ],
)  # pressed elsewhere
def test_a_press_and_a_release_on_different_places_is_no_click(rig, down, up):
    log, buttons, group = rig
    assert _click(group, buttons, down, up) is None
    assert log == []
    assert not any(button.pressed for button in buttons)


def test_only_the_left_button_clicks_and_a_hidden_button_takes_none(rig):
    log, buttons, group = rig
    assert _click(group, buttons, (50, 20), button=3) is None
    buttons[0].visible = False
    assert _click(group, buttons, (50, 20)) is None
    assert log == []


def test_a_disabled_button_is_refused_silently(rig):
    log, buttons, group = rig
    buttons[0].enabled = False
    assert _click(group, buttons, (50, 20)) is buttons[0]
    assert log == ["refused ok"]  # no click, no action: the owner says why


def test_a_silent_button_acts_without_the_click(rig):
    log, buttons, group = rig
    buttons[0].sound = False
    group.press(buttons[0])  # Enter on the focused button: the same path as a click
    assert log == ["ok"]


def test_hover_follows_the_pointer(rig):
    _, buttons, group = rig
    group.handle_event(buttons, pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 20)))
    assert [b.hovered for b in buttons] == [True, False]


#: Where the click effect may still be named, and why (the button click itself is
#: played only by Scene.click).
ALLOWED = {
    "tacocat/ui/stage/scene.py": "Scene.click: the one place a pressed button's click is played",
    "tacocat/ui/scenes/settings.py": "the sound volume slider's preview (not a button)",
    "tacocat/ui/table/deal.py": "a replacement chosen in secret: the animation taps the table",
}


def test_no_module_plays_the_click_by_hand():
    pattern = re.compile(r"""(?:play|sound)\(\s*["']click["']\s*\)""")
    found = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "tacocat").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    )
    assert found == sorted(ALLOWED), found


def test_a_title_button_clicks_once_through_the_app(make_app, run_frames, click):
    """A pygame_gui screen clicks through the app (the screen plays nothing itself)."""
    app = make_app()
    run_frames(app, 90)  # the title's buttons have flown in
    played: list[str] = []
    app.audio.play = lambda name, *args, **kwargs: played.append(name)
    click(app, app.scenes.top.buttons["rules"])
    assert played.count("click") == 1
