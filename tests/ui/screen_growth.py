"""Measures for the pygame_gui screens at a larger text size (tests/ui/test_screens_grow.py).

Each screen is opened through the app's public entry points; :func:`measure` reads what
pygame_gui actually renders: every label's and button's font (its pixel size and whether
its text fits its box the way pygame_gui lays it out), and every focusable control's rect
(overlaps, and whether it is inside the window or inside a scrolling panel's content).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import translate

from tacocat.ui.focus.targets import FOCUSABLE_ELEMENTS
from tacocat.ui.stage.scene import UIScene
from tacocat.ui.stage.screens import SCREENS as REGISTERED
from tacocat.ui.stage.screens import ScreenName
from tacocat.ui.text import i18n
from tacocat.ui.text.fit import _inside, inner_size
from tacocat.ui.text.layout import scroller_of


@dataclass
class Screen:
    """What one screen renders: ``fonts`` (a label's or button's key → pixel size),
    ``problems`` (clipped text, overlaps, controls out of reach)."""

    name: str
    fonts: dict[tuple[Any, ...], int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _text(element: Any) -> str:
    return translate(element.text, **getattr(element, "text_kwargs", {}))


def _shown(element: Any) -> bool:
    return bool(element.visible) and element.alive()


def measure(app: Any, name: str) -> Screen:
    """The top screen's labels, buttons and focusable controls, as rendered now."""
    screen = Screen(name)
    for _ in range(600):  # (the title's buttons fly in)
        if not app.scenes.is_animating():
            break
        app.step(1 / 30)
    root = app.scenes.top.root
    elements = [
        e
        for e in app.ui.get_sprite_group().sprites()
        if e.ui_container is not None and _inside(e, root) and _shown(e)
    ]
    seen: dict[tuple[Any, ...], int] = {}
    for element in elements:
        if not isinstance(element, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton):
            continue
        text = _text(element)
        if not text.strip() or getattr(element, "font", None) is None:
            continue
        # (pygame_gui's object_ids also name the containers, which a scrolling panel adds to)
        key = (type(element).__name__, (element.object_ids or [None])[-1], text)
        seen[key] = seen.get(key, 0) + 1
        screen.fonts[(*key, seen[key])] = element.font.get_point_size()
        width, height = element.font.get_rect(text).size
        room_w, room_h = inner_size(element)
        if width > room_w or height > room_h:
            screen.problems.append(f"{name}: {text!r} is {width}×{height} in {room_w}×{room_h}")
    window = pygame.Rect((0, 0), app.size)
    controls = [e for e in elements if isinstance(e, FOCUSABLE_ELEMENTS) and not _scroll_part(e)]
    for element in controls:
        scroller = scroller_of(element)
        area = (
            window
            if scroller is None
            else scroller.get_container().rect.clip(window).union(scroller.get_container().rect)
        )
        if not area.contains(element.rect):
            screen.problems.append(
                f"{name}: {_label(element)} at {element.rect} is outside "
                f"{'the window' if scroller is None else 'its scroll area'}"
            )
    for index, first in enumerate(controls):
        for second in controls[index + 1 :]:
            if first.rect.colliderect(second.rect):
                screen.problems.append(
                    f"{name}: {_label(first)} {first.rect} overlaps {_label(second)} {second.rect}"
                )
    return screen


def _scroll_part(element: Any) -> bool:
    """A part of another control (a slider's or a scroll bar's buttons)."""
    return isinstance(
        getattr(element, "parent_element", None),
        FOCUSABLE_ELEMENTS + (pygame_gui.elements.UIVerticalScrollBar,),
    )


def _label(element: Any) -> str:
    return repr(_text(element)) if hasattr(element, "text") else type(element).__name__


def _registered(name: ScreenName) -> Callable[[Any], None]:
    """Open the registered screen ``name`` from the title (an overlay over it)."""

    def open_it(app: Any) -> None:
        app.open("title")
        app.open(name)

    return open_it


def _message(app: Any) -> None:
    app.open("title")
    app.show_message(i18n.tr("tacocat.message.continue_title"), i18n.tr("tacocat.message.no_save"))


def _choice(app: Any) -> None:
    app.open("title")
    app.scenes.top.ask_to_quit()


def _new_game_friend(app: Any) -> None:
    app.open("new_game")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scenes.top.hotseat_button)
    )


def _pass_device(app: Any) -> None:
    app.open("title")
    app.pass_device("Anamaria", lambda: None, other="Benedikt")


def _join_refused(app: Any) -> None:
    join = app.open("online_join", code="7KX4MQ2ZHD")
    join.status = i18n.tr("tacocat.online.fail.no_such_invite")


#: Every pygame_gui screen, by name: how to open it from anywhere. Each registered one
#: (tacocat/ui/stage/screens.py) that pygame_gui draws, then the screens built with what
#: they show and second states of registered ones.
SCREENS: dict[str, Callable[[Any], None]] = {
    **{
        name: _registered(name)
        for name, screen in REGISTERED.items()
        if issubclass(screen.scene_class(), UIScene)
    },
    "message": _message,
    "choice": _choice,
    "new game (friend)": _new_game_friend,
    "pass device": _pass_device,
    "join a game (refused)": _join_refused,
}
