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
    elements = [e for e in app.ui.get_sprite_group().sprites()
                if e.ui_container is not None and _inside(e, root) and _shown(e)]
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
    controls = [e for e in elements if isinstance(e, FOCUSABLE_ELEMENTS)
                and not _scroll_part(e)]
    for element in controls:
        scroller = scroller_of(element)
        area = (window if scroller is None
                else scroller.get_container().rect.clip(window).union(
                    scroller.get_container().rect))
        if not area.contains(element.rect):
            screen.problems.append(f"{name}: {_label(element)} at {element.rect} is outside "
                                   f"{'the window' if scroller is None else 'its scroll area'}")
    for index, first in enumerate(controls):
        for second in controls[index + 1:]:
            if first.rect.colliderect(second.rect):
                screen.problems.append(f"{name}: {_label(first)} {first.rect} overlaps "
                                       f"{_label(second)} {second.rect}")
    return screen


def _scroll_part(element: Any) -> bool:
    """A part of another control (a slider's or a scroll bar's buttons)."""
    return isinstance(getattr(element, "parent_element", None), FOCUSABLE_ELEMENTS
                      + (pygame_gui.elements.UIVerticalScrollBar,))


def _label(element: Any) -> str:
    return repr(_text(element)) if hasattr(element, "text") else type(element).__name__


def _title(app: Any) -> None:
    app.go_to_title()


def _settings(app: Any) -> None:
    app.go_to_title()
    app.open_settings()


def _keys(app: Any) -> None:
    from tacocat.ui.scenes.keys import KeysScene

    _settings(app)
    app.scenes.push(KeysScene(app))


def _about(app: Any) -> None:
    app.go_to_title()
    app.open_about()


def _rules(app: Any) -> None:
    app.go_to_title()
    app.open_rules()


def _stats(app: Any) -> None:
    app.go_to_title()
    app.open_stats()


def _message(app: Any) -> None:
    app.go_to_title()
    app.show_message(i18n.tr("tacocat.message.continue_title"), i18n.tr("tacocat.message.no_save"))


def _choice(app: Any) -> None:
    app.go_to_title()
    app.scenes.top.ask_to_quit()


def _new_game(app: Any) -> None:
    from tacocat.ui.scenes.new_game import NewGameScene

    app.scenes.switch(NewGameScene(app))


def _new_game_friend(app: Any) -> None:
    _new_game(app)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                         ui_element=app.scenes.top.hotseat_button))


def _menu(app: Any) -> None:
    from tacocat.ui.scenes.menu import MenuScene

    app.go_to_title()
    app.scenes.push(MenuScene(app))


def _pass_device(app: Any) -> None:
    from tacocat.ui.scenes.pass_device import PassDeviceScene

    app.go_to_title()
    app.scenes.push(PassDeviceScene(app, "Anamaria", lambda: None, other="Benedikt"))


def _online_menu(app: Any) -> None:
    app.open_online()


def _online_host(app: Any) -> None:
    from tacocat.ui.scenes.online_host import OnlineHostScene

    app.scenes.switch(OnlineHostScene(app))


def _online_join(app: Any) -> None:
    from tacocat.ui.scenes.online_join import OnlineJoinScene

    join = OnlineJoinScene(app, code="7KX4MQ2ZHD")
    join.status = i18n.tr("tacocat.online.fail.no_such_invite")
    app.scenes.switch(join)


def _online_games(app: Any) -> None:
    from tacocat.ui.scenes.online_games import OnlineGamesScene

    app.scenes.switch(OnlineGamesScene(app))


#: Every pygame_gui screen, by name: how to open it from anywhere.
SCREENS: dict[str, Callable[[Any], None]] = {
    "title": _title, "settings": _settings, "keys": _keys, "about": _about, "rules": _rules,
    "statistics": _stats, "message": _message, "choice": _choice, "new game": _new_game,
    "new game (friend)": _new_game_friend, "menu": _menu, "pass device": _pass_device,
    "play online": _online_menu, "host a game": _online_host, "join a game": _online_join,
    "your online games": _online_games,
}
