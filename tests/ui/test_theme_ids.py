"""The theme's combined-id memo: pygame_gui's answers, under keys that stay small.

pygame_gui 0.6.14 keyed the memo with a string whose length is about the product
of the id lists' lengths (tacocat.ui.shell.theme_ids); a screen at the largest text left
190 MB of such keys in the theme.
"""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader

from tacocat.ui.shell.theme_ids import CompactIdsTheme

NAMES = st.sampled_from(["panel", "button", "container", "scrolling_container", "label"])
OPTIONAL = st.one_of(st.none(), st.sampled_from(["@choice", "@menu", "#ok", "#panel_scroll"]))


def _themes() -> tuple[UIAppearanceTheme, CompactIdsTheme]:
    pygame.font.init()  # the themes load pygame_gui's default font
    loader = BlockingThreadedResourceLoader()
    return UIAppearanceTheme(loader, "en"), CompactIdsTheme(loader, "en")


@st.composite
def id_lists(draw):
    depth = draw(st.integers(min_value=1, max_value=6))
    element_ids = draw(st.lists(NAMES, min_size=depth, max_size=depth))
    base_ids = draw(st.lists(OPTIONAL, min_size=depth, max_size=depth))
    class_ids = draw(st.lists(OPTIONAL, min_size=depth, max_size=depth))
    object_ids = draw(st.lists(OPTIONAL, min_size=depth, max_size=depth))
    return base_ids, element_ids, class_ids, object_ids


@pytest.fixture(scope="module")
def themes() -> tuple[UIAppearanceTheme, CompactIdsTheme]:
    return _themes()


@settings(max_examples=150, deadline=None)
@given(asked=st.lists(id_lists(), min_size=1, max_size=4))
def test_the_combined_ids_are_pygame_guis_own(themes, asked):
    plain, compact = themes
    for ids in asked + asked:  # each asked twice: the second answer is remembered
        assert compact.build_all_combined_ids(*ids) == plain.build_all_combined_ids(*ids)
    assert len(compact.unique_theming_ids) == 0


def test_a_remembered_answer_is_not_rebuilt(monkeypatch):
    _, theme = _themes()
    ids = (["panel", None], ["panel", "button"], [None, "@choice"], [None, "#ok"])
    first = theme.build_all_combined_ids(*ids)
    monkeypatch.setattr(
        UIAppearanceTheme,
        "build_all_combined_ids",
        lambda *_: pytest.fail("rebuilt a remembered answer"),
    )
    assert theme.build_all_combined_ids(*[list(part) for part in ids]) == first


def test_the_menu_screens_at_the_largest_text_leave_no_huge_keys(make_app):
    app = make_app()
    app.update_settings(save=False, window_size=(960, 540), text_size=150)
    theme = app.ui.get_theme()
    assert isinstance(theme, CompactIdsTheme)
    for screen in ("settings", "about", "stats"):
        app.open(screen)
        app.step(1 / 60)
        app.scenes.pop(app.scenes.top)
    # Scrolling panels nest a button 8 containers deep: pygame_gui's key for one was 12 MB.
    assert max((len(key) for key in theme.unique_theming_ids), default=0) < 100_000
    assert len(theme._combined_ids) > 20  # the memo still remembers (one per id lists asked)
