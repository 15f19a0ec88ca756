"""The screen registry (tacocat/ui/stage/screens.py): every screen is in it or named
with its opener, and each registered one opens by name the way its entry says."""

from __future__ import annotations

import importlib
import pkgutil
import typing

import pytest

import tacocat.ui
from tacocat.ui.shell.navigation import Navigation
from tacocat.ui.stage.scene import Scene
from tacocat.ui.stage.screens import OPENED_WITH_ARGUMENTS, SCREENS, Opens, ScreenName


def _scene_classes() -> dict[str, type[Scene]]:
    """Every scene class of the UI that names itself (bases such as Overlay do not)."""
    for module in pkgutil.walk_packages(tacocat.ui.__path__, "tacocat.ui."):
        importlib.import_module(module.name)
    found: dict[str, type[Scene]] = {}
    pending = list(Scene.__subclasses__())  # (Scene's own name is a default)
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if "name" in vars(cls) and cls.__module__.startswith("tacocat."):
            assert cls.name not in found, f"two scenes named {cls.name!r}"
            found[cls.name] = cls
    return found


def test_every_scene_is_registered_or_named_with_its_opener():
    scenes = _scene_classes()
    assert set(SCREENS).isdisjoint(OPENED_WITH_ARGUMENTS)
    assert set(scenes) == set(SCREENS) | set(OPENED_WITH_ARGUMENTS), (
        "add the scene to SCREENS, or to OPENED_WITH_ARGUMENTS with who opens it"
    )
    for name, screen in SCREENS.items():
        assert scenes[name] is screen.scene_class()
    for opener in OPENED_WITH_ARGUMENTS.values():
        owner, _, method = opener.partition(".")
        if owner == "Navigation":
            assert callable(getattr(Navigation, method.split(" ")[0], None)), opener


def test_the_names_the_type_checker_knows_are_the_registry():
    assert set(typing.get_args(ScreenName)) == set(SCREENS)


@pytest.mark.parametrize("name", list(SCREENS))
def test_a_registered_screen_opens_by_name(make_app, name):
    app = make_app()
    app.open("title")
    app.step(1 / 60)
    scene = app.open(name)
    app.step(1 / 60)
    assert app.scenes.top is scene and scene.name == name
    below = [s.name for s in app.scenes.stack[:-1]]
    # An overlay keeps the screen under it; a screen of its own replaces everything.
    assert below == (["title"] if SCREENS[name].opens is Opens.PUSH else [])


def test_an_overlay_is_not_opened_over_itself(make_app):
    app = make_app()
    first = app.open("menu")
    assert app.open("menu") is first
    assert [s.name for s in app.scenes.stack] == ["title", "menu"]
