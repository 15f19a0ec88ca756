"""The focus manager on a small screen of its own, the controller mapping without a device,
and the prompts that follow the last input."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tacocat.ui.focus import Column, Row
from tacocat.ui.input import gamepad
from tacocat.ui.input.gamepad import Gamepads
from tacocat.ui.stage.scene import UIScene
from tacocat.ui.stage.screens import SCREENS


class Panel(UIScene):
    """Two choice buttons side by side, a slider, a check box, a disabled button, OK."""

    name = "panel"
    focus_order = (
        Row("left", "right", choice=True),
        ("slider",),
        ("box",),
        ("disabled", "ok"),
        Column("extras"),
    )
    focus_start = ("ok",)

    def build(self) -> None:
        def button(x: int, y: int, text: str) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(x, y, 120, 40), text, manager=self.ui, container=self.root
            )

        self.left, self.right = button(100, 100, "Left"), button(300, 100, "Right")
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(100, 160, 300, 30),
            50,
            (0, 100),
            manager=self.ui,
            container=self.root,
            click_increment=5,
        )
        self.box = pygame_gui.elements.UICheckBox(
            pygame.Rect(100, 210, 28, 28), "Box", manager=self.ui, container=self.root
        )
        self.disabled, self.ok = button(100, 260, "Off"), button(300, 260, "OK")
        self.disabled.disable()
        self.extras: list = []
        self.events: list[pygame.event.Event] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_CHECK_BOX_CHECKED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
        ):
            self.events.append(event)


@pytest.fixture
def panel(make_app):
    app = make_app()
    scene = Panel(app)
    app.scenes.switch(scene)
    app.step(1 / 60)
    return app, scene


def key(app, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)
    app.step(1 / 60)


def focused(app):
    return app.focus.focused().target.control


def test_focus_starts_on_the_declared_action_and_tab_wraps_skipping_disabled(panel):
    app, scene = panel
    assert focused(app) is scene.ok and not app.focus.ring_shown
    key(app, pygame.K_TAB)  # the first key only shows the ring where the focus starts
    assert focused(app) is scene.ok and app.focus.ring_shown
    order = []
    for _ in range(5):
        key(app, pygame.K_TAB)
        order.append(focused(app))
    # OK is last: Tab wraps to the first control; the disabled button is never reached.
    assert order == [scene.left, scene.right, scene.slider, scene.box, scene.ok]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(app) is scene.box


def test_arrows_move_by_rows_and_along_a_row(panel):
    app, scene = panel
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # shows the ring
    key(app, pygame.K_DOWN)  # wraps from the last row to the first, nearest in x
    assert focused(app) is scene.right
    key(app, pygame.K_DOWN)
    assert focused(app) is scene.slider
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert focused(app) is scene.ok  # from the top row up to the bottom one (wrap)
    key(app, pygame.K_LEFT)  # the disabled button is skipped: nothing else in the row
    assert focused(app) is scene.ok


def test_enter_and_space_post_the_press_a_click_would(panel):
    app, scene = panel
    key(app, pygame.K_RETURN)
    pressed = [e for e in scene.events if e.type == pygame_gui.UI_BUTTON_PRESSED]
    assert [e.ui_element for e in pressed] == [scene.ok]
    key(app, pygame.K_UP)  # the check box
    key(app, pygame.K_SPACE)
    assert scene.box.is_checked
    assert any(
        e.type == pygame_gui.UI_CHECK_BOX_CHECKED and e.ui_element is scene.box
        for e in scene.events
    )


def test_left_right_step_a_slider_and_pick_in_a_choice_row(panel):
    app, scene = panel
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # shows the ring
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert focused(app) is scene.slider
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert scene.slider.get_current_value() == 55
    moved = [e.value for e in scene.events if e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED]
    assert moved == [55, 60, 55]
    key(app, pygame.K_UP)  # the choice row
    assert focused(app) in (scene.left, scene.right)
    before = len(scene.events)
    key(app, pygame.K_LEFT if focused(app) is scene.right else pygame.K_RIGHT)
    picked = [e.ui_element for e in scene.events[before:] if e.type == pygame_gui.UI_BUTTON_PRESSED]
    assert picked == [focused(app)]  # the arrow pressed the choice it reached


def test_the_ring_hides_for_the_mouse_follows_it_and_the_first_key_only_shows_it(panel):
    app, scene = panel
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert app.focus.ring_shown and focused(app) is scene.left
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=scene.slider.rect.center, rel=(4, 0), buttons=(0, 0, 0)
        )
    )
    app.step(1 / 60)
    assert not app.focus.ring_shown and focused(app) is scene.slider  # the hover moved it
    key(app, pygame.K_DOWN)
    assert app.focus.ring_shown and focused(app) is scene.slider  # shown, not moved
    key(app, pygame.K_DOWN)
    assert focused(app) is scene.box


def test_listeners_hear_the_label_and_state_of_the_focused_control(panel):
    app, scene = panel
    heard = []
    app.focus.on_focus_changed(lambda label, state: heard.append((label, state)))
    app.step(1 / 60)
    key(app, pygame.K_UP)  # shows the ring
    key(app, pygame.K_UP)
    key(app, pygame.K_SPACE)
    assert heard == [("Box", "unchecked"), ("Box", "checked")]  # (OK was told before)


def test_a_screen_without_an_order_gets_its_controls_in_reading_order(make_app):
    class Plain(UIScene):
        name = "plain"

        def build(self) -> None:
            self.b = pygame_gui.elements.UIButton(
                pygame.Rect(300, 100, 100, 40), "B", manager=self.ui, container=self.root
            )
            self.a = pygame_gui.elements.UIButton(
                pygame.Rect(100, 104, 100, 40), "A", manager=self.ui, container=self.root
            )
            self.c = pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(100, 200, 300, 30), 1, (0, 10), manager=self.ui, container=self.root
            )

    app = make_app()
    scene = Plain(app)
    app.scenes.switch(scene)
    grid = app.focus.grid(scene)
    assert [[slot.target.control for slot in row] for row in grid] == [
        [scene.a, scene.b],
        [scene.c],
    ]


# --- the controller, without a device ------------------------------------------------------------


def pad_event(kind: int, **fields) -> pygame.event.Event:
    return pygame.event.Event(kind, instance_id=5, **fields)


def test_buttons_become_the_keys_intents():
    pads = Gamepads()
    [event] = pads.translate(
        pad_event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A)
    )
    assert (event.type, event.key, event.pad, event.controller) == (
        pygame.KEYDOWN,
        pygame.K_SPACE,
        "a",
        True,
    )
    [event] = pads.translate(
        pad_event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y)
    )
    assert (event.key, event.pad) == (pygame.K_d, "y")
    keyboard = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert pads.translate(keyboard) == [keyboard]
    assert (
        pads.translate(pad_event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_A))
        == []
    )


def test_the_stick_has_a_dead_zone_and_a_held_direction_repeats():
    pads = Gamepads()
    axis = pygame.CONTROLLER_AXIS_LEFTX
    assert pads.translate(pad_event(pygame.CONTROLLERAXISMOTION, axis=axis, value=12000)) == []
    [event] = pads.translate(pad_event(pygame.CONTROLLERAXISMOTION, axis=axis, value=30000))
    assert event.key == pygame.K_RIGHT
    assert pads.translate(pad_event(pygame.CONTROLLERAXISMOTION, axis=axis, value=31000)) == []
    assert pads.update(gamepad.REPEAT_DELAY - 0.05) == []
    assert [e.key for e in pads.update(0.1)] == [pygame.K_RIGHT]  # the repeat
    assert [e.key for e in pads.update(gamepad.REPEAT_EVERY)] == [pygame.K_RIGHT]
    pads.translate(pad_event(pygame.CONTROLLERAXISMOTION, axis=axis, value=5000))  # released
    assert pads.update(1.0) == [] and not pads.holding


def test_the_dpad_repeats_until_it_is_released():
    pads = Gamepads()
    down = pygame.CONTROLLER_BUTTON_DPAD_DOWN
    assert [e.key for e in pads.translate(pad_event(pygame.CONTROLLERBUTTONDOWN, button=down))] == [
        pygame.K_DOWN
    ]
    assert [e.key for e in pads.update(gamepad.REPEAT_DELAY + 0.01)] == [pygame.K_DOWN]
    pads.translate(pad_event(pygame.CONTROLLERBUTTONUP, button=down))
    assert pads.update(1.0) == []


def test_table_prompts_name_the_controller_while_it_is_the_last_input(make_app):
    from tacocat.ui.input.actions import Action, Pad
    from tacocat.ui.input.prompts import prompt

    app = make_app()
    assert prompt(Action.HINT, app.keys, app.input) == "H"
    app.input.note(gamepad.key_event(Pad.X))
    assert prompt(Action.HINT, app.keys, app.input) == "X"
    assert prompt(Action.SELECT, app.keys, app.input) == "A"
    assert prompt(Action.READ_HAND, app.keys, app.input) == "R"  # no button: its key
    app.input.note(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    assert prompt(Action.SELECT, app.keys, app.input) == "Space"


def test_every_control_of_every_screen_is_in_its_focus_order(make_app):
    """A control added to a screen but not to its ``focus_order`` would be out of the
    keyboard's reach: each screen's declared order holds every focusable element."""
    from tacocat.ui.focus import order

    app = make_app()
    for name in (
        *(n for n, s in SCREENS.items() if issubclass(s.scene_class(), UIScene)),
        "message",
    ):
        app.open("title")
        if name == "message":
            app.show_message("Title", "Text")
        else:
            app.open(name)
        app.step(1 / 60)
        scene = app.scenes.top
        assert scene.name == name, name
        if scene.focus_order is None:  # (its controls in reading order: all of them)
            continue
        declared = {slot.target.control for slot in order.flat(app.focus.grid(scene))}
        found = {slot.target.control for slot in order.flat(order.discovered_grid([scene.root]))}
        assert found == declared, name


def test_a_long_rules_page_scrolls_with_page_down_and_up(make_app):
    app = make_app()
    app.step(1 / 60)
    app.open("rules")
    app.step(1 / 60)
    rules = app.scenes.top
    rules.show_page("access")
    app.step(1 / 60)
    bar = rules.text_box.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    key(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > 0 and rules.page == "access"
    key(app, pygame.K_PAGEUP)
    assert bar.start_percentage == 0


def test_controllers_are_opened_when_plugged_in_and_closed_when_pulled_out(monkeypatch):
    from pygame._sdl2 import controller

    class FakeJoystick:
        def get_instance_id(self) -> int:
            return 42

    class FakePad:
        name = "Fake pad"
        closed = False

        def __init__(self, index: int) -> None:
            self.index = index

        def as_joystick(self) -> FakeJoystick:
            return FakeJoystick()

        def quit(self) -> None:
            FakePad.closed = True

    monkeypatch.setattr(controller, "Controller", FakePad)
    pads = Gamepads()
    pads._available = True  # as after start(), without SDL's subsystem
    assert pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0)) == []
    assert pads.connected == 1
    pads.translate(pad_event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_UP))
    assert pads.holding
    pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42))
    assert pads.connected == 0 and FakePad.closed and not pads.holding


def test_a_slider_is_announced_by_the_label_beside_it(make_app):
    app = make_app()
    app.step(1 / 60)
    app.open("settings")
    app.step(1 / 60)
    heard = []
    app.focus.on_focus_changed(lambda label, state: heard.append((label, state)))
    key(app, pygame.K_TAB)  # shows the ring on the first control
    key(app, pygame.K_TAB)
    from tacocat.ui.text.i18n import tr

    assert heard[-1] == (tr("tacocat.settings.music_volume"), "50")
