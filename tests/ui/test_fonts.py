"""Every character of every language has a glyph in the font that draws it; Lao shapes and wraps."""

from __future__ import annotations

import json

import pygame
import pytest
from fontTools.ttLib import TTFont

from tacocat.languages import LANGUAGES
from tacocat.resources import asset_path
from tacocat.ui.devices.assets import bundled_font_path
from tacocat.ui.text.fonts import (
    localise_theme,
    own_font_file,
    script,
    words,
    wrap,
)


def font_files(code: str) -> list:
    """The files the game draws ``code``'s text with (regular and bold)."""
    own = own_font_file(code)
    if own is not None:
        return [own, own_font_file(code, bold=True)]
    return [bundled_font_path(), bundled_font_path(bold=True)]


def strings(code: str) -> list[str]:
    data = json.loads(
        asset_path("translations", f"tacocat.{code}.json").read_text(encoding="utf-8")
    )
    out: list[str] = []

    def walk(node):
        for value in node.values():
            if isinstance(value, dict):
                walk(value)
            else:
                out.append(value)

    walk(data[code])
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_tofu_every_character_is_in_the_font(code):
    text = "".join(strings(code)) + "".join(LANGUAGES.values()) * (code == "lo")
    needed = {ord(char) for char in text if char not in "\n"}
    for path in font_files(code):
        cmap = TTFont(path).getBestCmap()
        missing = sorted(chr(c) for c in needed - set(cmap))
        assert not missing, (code, path.name, missing)


def test_the_language_picker_can_draw_every_name():
    # Latin names in Noto Sans, "ລາວ" in the Lao font (its button has that font in every locale).
    latin = TTFont(bundled_font_path(bold=True)).getBestCmap()
    lao = TTFont(own_font_file("lo", bold=True)).getBestCmap()
    for code, name in LANGUAGES.items():
        cmap = lao if code == "lo" else latin
        assert all(ord(char) in cmap for char in name), name
    theme = localise_theme(
        {"@choice_small": {"font": {"name": "noto_sans", "size": "17", "bold": "1"}}}
    )
    entries = theme["#language_lo"]["font"]
    assert {e["locale"] for e in entries} == {"en", "lo"}
    assert all(e["script"] == "Laoo" and e["regular_path"].endswith(".ttf") for e in entries)


@pytest.fixture
def lao_font():
    pygame.font.init()
    font = pygame.font.Font(str(own_font_file("lo")), 40)
    font.set_script(script("lo"))
    return font


def test_lao_marks_stack_on_their_consonant(lao_font):
    # ຜ + ູ (vowel below) + ້ (tone mark above) advances no further than ຜ alone.
    assert lao_font.size("ຜູ້")[0] == lao_font.size("ຜ")[0]
    assert lao_font.size("ກິ່")[0] == lao_font.size("ກ")[0]


def test_lao_with_latin_and_digits_has_no_empty_boxes(lao_font):
    text = "ເກມ Tacocat 38 ໃບ"
    # pygame reports no metrics for a character the font lacks (it would draw .notdef).
    assert all(metric is not None for metric in lao_font.metrics(text))
    assert lao_font.size("Tacocat 38")[0] > lao_font.size("ໃບ")[0] > 0
    notdef = TTFont(own_font_file("lo")).getBestCmap()
    assert all(ord(char) in notdef for char in text)


def test_wrapping_breaks_only_at_spaces_and_zero_width_spaces():
    text = "ເກມ\u200bໄພ່\u200bສຳລັບ\u200bສອງ\u200bຄົນ ທີ່\u200bໄພ່\u200bຕ່ຳ\u200bສຸດ\u200bຊະນະ\u200bຮອບ"
    assert "".join(words(text)) == text
    lines = wrap(text, 3, len)  # narrow: every word on its own line
    assert [line for line in lines if line] == [w.strip(" \u200b") for w in words(text)]
    assert wrap("one two three", 7, len) == ["one two", "three"]


def test_pygame_gui_text_boxes_break_lao_lines_at_zero_width_spaces(make_app):
    import pygame_gui

    from tacocat.ui.text import i18n

    app = make_app("--lang", "lo")
    try:
        text = i18n.tr("tacocat.new_game.hotseat_hint")
        box = pygame_gui.elements.UITextBox(text, pygame.Rect(0, 0, 220, 400), manager=app.ui)
        rows = [
            "".join(getattr(chunk, "text", "") for chunk in row.items)
            for row in box.text_box_layout.layout_rows
        ]
        rows = [row for row in rows if row]
        assert len(rows) > 2  # it did wrap
        assert "".join(rows) == text  # nothing added (no hyphen) and nothing lost
        for row in rows[:-1]:
            assert row.endswith(("\u200b", " ")), row  # each line ends at a word break
    finally:
        i18n.set_language("en")


def test_noto_sans_is_loaded_from_its_files_not_from_copies_in_memory(make_app):
    # pygame_gui would load each size and style of its bundled font from a BytesIO copy of the
    # file (~0.6 MB each, ~11 MB a game): every one the theme asks for, at start and after a
    # text size change, is read from the file instead. (Only pygame_gui's own 14 px default
    # is loaded before the game can say where the files are.)
    from tacocat.ui.shell.restyle import switch_text_size

    app = make_app()
    try:
        switch_text_size(app, 125)
        fonts = app.ui.get_theme().get_font_dictionary()
        files = {
            str(bundled_font_path(bold, italic))
            for bold in (False, True)
            for italic in (False, True)
        }
        noto = {
            font_id: resource.location
            for font_id, resource in fonts.loaded_fonts.items()
            if font_id.startswith("noto_sans_")
            and not font_id.startswith("noto_sans_lao")
            and font_id != fonts.default_font.idx
        }
        assert len(noto) > 20
        assert {font_id for font_id, location in noto.items() if location not in files} == set()
        assert "noto_sans_bold_aa_25" in noto  # a 20 px bold at 125 %
    finally:
        switch_text_size(app, 100)
