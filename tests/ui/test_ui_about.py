"""The About screen: reached from the title and Settings, lists what ships, shows the texts."""

from __future__ import annotations

import json
from importlib import metadata

import pygame
import pygame_gui
import pytest

from tacocat import __version__
from tacocat.resources import asset_path
from tacocat.ui.scenes import licences
from tacocat.ui.scenes.about import INTRO, LGPL, AboutScene
from tacocat.ui.text.i18n import tr


def _key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _shown(scene: AboutScene) -> str:
    return scene.notices_box.html_text


def test_the_title_opens_it_and_esc_goes_back(make_app, run_frames, click):
    app = make_app()
    app.update_settings(save=False, animation_speed="instant")
    run_frames(app, 2)
    title = app.scenes.top
    click(app, title.buttons["about"])
    assert app.scenes.top.name == "about"
    _key(pygame.K_ESCAPE)
    run_frames(app, 2)
    assert app.scenes.top is title


def test_settings_opens_it_and_back_returns_to_settings(make_app, run_frames, click):
    app = make_app()
    app.open("settings")
    run_frames(app, 2)
    settings = app.scenes.top
    click(app, settings.about_button)
    about = app.scenes.top
    assert about.name == "about"
    click(app, about.back_button)
    assert app.scenes.top is settings


def test_it_names_the_game_version_licence_and_every_component(make_app):
    app = make_app()
    app.open("about")
    scene = app.scenes.top
    credits = scene.credits_box.html_text
    assert tr("tacocat.about.version", version=__version__) in credits
    assert "MIT" in tr("tacocat.about.licence") and "MIT" in credits
    assert "Noto Sans Lao" in credits
    rows = json.loads(asset_path("third-party.json").read_text(encoding="utf-8"))["components"]
    listing = scene.libraries_box.html_text
    for row in rows:  # each with its licence, linked to its section of the notices
        title = f"{row['name']} {row['version']}".strip()
        assert f"<a href='{title}'>" in listing and f"</a> · {row['license']}" in listing
    assert {"pygame-ce", "SDL2", "CPython", "Noto Sans"} <= {row["name"] for row in rows}
    assert scene.targets[0] == INTRO and scene.targets[-1] == LGPL
    assert len(scene.targets) == len(rows) + 2
    assert "REPLACING THE LGPL LIBRARIES" in _shown(scene)  # the notices' opening part first


def test_a_library_link_shows_its_licence_and_the_arrows_turn(make_app, run_frames):
    app = make_app()
    app.open("about")
    scene = app.scenes.top
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
            ui_element=scene.libraries_box,
            link_target="pygame-ce 2.5.8",
        )
    )
    run_frames(app, 2)
    assert scene.shown == "pygame-ce 2.5.8"
    assert "<b>pygame-ce 2.5.8</b>" in _shown(scene) and "License: LGPL v2.1" in _shown(scene)
    _key(pygame.K_RIGHT)
    run_frames(app, 2)
    assert scene.shown == scene.targets[scene.targets.index("pygame-ce 2.5.8") + 1]
    _key(pygame.K_LEFT)
    _key(pygame.K_LEFT)
    run_frames(app, 2)
    assert scene.shown == scene.targets[scene.targets.index("pygame-ce 2.5.8") - 1]
    # pygame-ce's text refers to the LGPL's: a link in it shows the full text.
    scene.show("pygame-ce 2.5.8")
    assert f"<a href='{LGPL}'>" in _shown(scene)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_BOX_LINK_CLICKED, ui_element=scene.notices_box, link_target=LGPL
        )
    )
    run_frames(app, 2)
    assert scene.shown == LGPL and "GNU LESSER GENERAL PUBLIC LICENSE" in _shown(scene)
    _key(pygame.K_RIGHT)  # from the last text back to the first
    run_frames(app, 2)
    assert scene.shown == INTRO


def test_down_scrolls_the_text(make_app, run_frames):
    app = make_app()
    app.open("about")
    scene = app.scenes.top
    bar = scene.notices_box.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    _key(pygame.K_DOWN)
    run_frames(app, 2)
    assert bar.start_percentage > 0


def test_without_the_notices_files_it_says_so(make_app, monkeypatch, tmp_path):
    monkeypatch.setattr(licences, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    app = make_app()
    app.open("about")
    scene = app.scenes.top
    assert scene.name == "about"
    assert tr("tacocat.about.missing") in scene.libraries_box.html_text
    assert tr("tacocat.about.missing") in _shown(scene)


@pytest.mark.parametrize("target", ["nonsense", "CPython 0.0"])
def test_an_unknown_link_changes_nothing(make_app, target):
    app = make_app()
    app.open("about")
    scene = app.scenes.top
    scene.show(target)
    assert scene.shown == INTRO


def _python_rows() -> list[dict]:
    rows = json.loads(asset_path("third-party.json").read_text(encoding="utf-8"))["components"]
    return [row for row in rows if row["kind"] == "python"]


def test_it_shows_the_versions_installed(make_app):
    app = make_app()
    app.open("about")
    listing = app.scenes.top.libraries_box.html_text
    for row in _python_rows():
        try:
            version = metadata.version(row["name"])
        except metadata.PackageNotFoundError:  # pywin32, pyobjc-core... on Linux
            version = row["version"]
        assert f">{row['name']} {version}</a>" in listing, row["name"]


def test_a_newer_installed_version_is_shown_linked_to_the_notices_section(make_app, monkeypatch):
    """A pip install may hold newer packages than the lock the notices were written from."""
    real = metadata.version
    monkeypatch.setattr(
        licences.metadata, "version", lambda name: "99.0" if name == "filelock" else real(name)
    )
    app = make_app()
    app.open("about")
    listing = app.scenes.top.libraries_box.html_text
    filelock = next(row for row in _python_rows() if row["name"] == "filelock")
    assert f"<a href='filelock {filelock['version']}'>filelock 99.0</a>" in listing
