"""tr(): our keys, placeholders, fallbacks, and pygame_gui reading the same files."""

from __future__ import annotations

import json
import logging

import pytest

from tacocat.resources import asset_path
from tacocat.ui.text import i18n
from tacocat.ui.text.i18n import tr


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_known_key_gives_english_text():
    assert tr("tacocat.title.new_game") == "New game"


def test_placeholders_are_filled():
    assert tr("tacocat.pass.button", name="Ana") == "I'm Ana — show my cards"


def test_missing_key_falls_back_to_the_key_with_one_warning(caplog):
    with caplog.at_level(logging.WARNING):
        assert tr("tacocat.nope.missing") == "tacocat.nope.missing"
        assert tr("tacocat.nope.missing") == "tacocat.nope.missing"
    assert caplog.text.count("tacocat.nope.missing") == 1


def test_a_language_without_the_key_falls_back_to_english(caplog):
    i18n.set_language("xx")
    with caplog.at_level(logging.WARNING):
        assert tr("tacocat.title.quit") == "Quit"
    assert "English" in caplog.text


def test_pygame_gui_widgets_translate_our_keys(make_app):
    import pygame
    import pygame_gui

    app = make_app()
    label = pygame_gui.elements.UILabel(
        pygame.Rect(0, 0, 300, 40), "tacocat.title.settings", manager=app.ui
    )
    # pygame_gui keeps the key and draws its translation.
    assert pygame_gui.core.utility.translate(label.text) == "Settings"


def test_translation_file_is_grouped_by_screen_and_has_no_empty_text():
    data = json.loads(asset_path("translations", "tacocat.en.json").read_text(encoding="utf-8"))
    groups = data["en"]
    assert {"title", "new_game", "settings", "rules", "pass", "message", "menu"} <= set(groups)

    def leaves(node):
        for value in node.values():
            if isinstance(value, dict):
                yield from leaves(value)
            else:
                yield value

    assert all(isinstance(text, str) and text.strip() for text in leaves(groups))
