"""How to play: a page per rule, each with a picture drawn from the table's own cards and board,
stepped with ←/→ and the Previous / Next buttons, in every language and text size."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from tacocat.languages import LANGUAGES
from tacocat.resources import asset_path
from tacocat.ui.scenes import howto_pictures
from tacocat.ui.scenes.rules import PAGES, RulesScene, page_indicator, rules_text
from tacocat.ui.text import i18n, text_scale
from tacocat.ui.text.fit import MIN_PX
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer
from tests.ui.test_text_fits import Frames

#: What each page's picture must show: card faces (values) and whether the board is on it.
PICTURES = {
    "goal": ((), True),
    "deck": (tuple(range(1, 13)), True),
    "replace": ((2, 11, 5, 12, 4), False),
    "duel": ((9, 5), False),
    "attack": ((8, 3, 10), False),
    "answer": ((8, 10, 6, 2), False),
    "jumbo": ((8, 4, 5, 6), False),
    "showdown": ((2, 11, 6), False),
    "move": ((), True),
    "win": ((), True),
    "access": ((1, 6, 9), False),
}
#: The old pages' developer notes, in each language ("our ruling"): never in a player's text.
DEVELOPER_NOTES = {
    "en": ("ruling", "our choice"),
    "fil": ("aming pasya",),
    "lv": ("mūsu lēmums",),
    "lo": ("ຂໍ້ຕັດສິນຂອງພວກເຮົາ",),
    "sq": ("vendimi ynë",),
}


def key(app, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)
    app.step(1 / 60)


def open_rules(app) -> RulesScene:
    app.step(1 / 60)
    app.open("rules")
    app.step(1 / 60)
    scene = app.scenes.top
    assert isinstance(scene, RulesScene)
    return scene


def test_every_page_has_a_picture_of_the_real_cards_and_board(make_app, monkeypatch):
    """Each picture is drawn by the table's card renderer and board view (their faces and
    board are recorded as they reach the picture) and shows the cards its rule is about."""
    app = make_app()
    faces: list[int] = []
    boards: list[object] = []
    real_face = CardRenderer.blit_face
    monkeypatch.setattr(
        CardRenderer,
        "blit_face",
        lambda self, surface, sprite, *a: (
            faces.append(sprite.value),
            real_face(self, surface, sprite, *a),
        ),
    )
    real_draw = BoardView.draw
    monkeypatch.setattr(
        BoardView, "draw", lambda self, *a: (boards.append(self), real_draw(self, *a))
    )
    scene = open_rules(app)
    assert set(PICTURES) == set(PAGES) == set(howto_pictures.PICTURED)
    for page in PAGES:
        faces.clear()
        boards.clear()
        scene._pictures.clear()  # (drawn once per visit: draw it again here)
        scene.show_page(page)
        values, board = PICTURES[page]
        assert set(values) <= set(faces), page
        assert bool(boards) == board, page
        picture = scene.picture.image
        assert picture.get_size() == scene._picture_rect.size
        assert (
            len(
                {
                    picture.get_at((x, y))[:3]
                    for x in range(0, picture.get_width(), 9)
                    for y in range(0, picture.get_height(), 9)
                }
            )
            > 40
        ), page  # not an empty felt


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_page_is_translated_and_has_no_developer_notes(make_app, code):
    make_app("--lang", code)
    try:
        text = rules_text()
        plain = re.sub(r"<[^>]+>", "", text).replace("\u200b", "").casefold()
        assert "tacocat." not in text and "<i>" not in text
        for note in DEVELOPER_NOTES[code]:
            assert note.replace("\u200b", "").casefold() not in plain, note
    finally:
        i18n.set_language("en")


def test_no_language_file_keeps_a_developer_note_anywhere():
    """Not only How to play: no string of any language says "(our ruling…)"."""
    for code in LANGUAGES:
        raw = asset_path("translations", f"tacocat.{code}.json").read_text(encoding="utf-8")
        data = json.dumps(json.loads(raw), ensure_ascii=False).replace("\u200b", "").casefold()
        for note in DEVELOPER_NOTES[code]:
            assert f"({note}" not in data and f"{note})" not in data, (code, note)


def test_pages_step_with_the_arrow_keys_and_the_buttons(make_app, click):
    app = make_app()
    scene = open_rules(app)
    assert scene.page == PAGES[0] and scene.indicator.text == f"1 / {len(PAGES)}"
    assert not scene.previous_button.is_enabled
    key(app, pygame.K_LEFT)  # nothing before the first page
    assert scene.page == PAGES[0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.page == PAGES[2] and scene.indicator.text == page_indicator(PAGES[2]) == "3 / 11"
    key(app, pygame.K_LEFT)
    assert scene.page == PAGES[1]
    click(app, scene.next_button)
    assert scene.page == PAGES[2]
    click(app, scene.previous_button)
    assert scene.page == PAGES[1]
    for _ in PAGES:
        key(app, pygame.K_RIGHT)
    assert scene.page == "access" and not scene.next_button.is_enabled  # the last page


def test_focus_order_and_the_arrows_page_rather_than_move_the_focus(make_app):
    app = make_app()
    scene = open_rules(app)
    key(app, pygame.K_TAB)  # the first key after opening shows the ring where it is
    assert app.focus.focused().target.control is scene.next_button
    seen = []
    for _ in range(3):
        seen.append(app.focus.focused().target.control)
        key(app, pygame.K_DOWN)
    assert seen == [scene.next_button, scene.tutorial_button, scene.back_button]
    # ... and round again (Previous is disabled on the first page and skipped).
    assert app.focus.focused().target.control is scene.next_button
    key(app, pygame.K_RIGHT)
    assert scene.page == PAGES[1] and app.focus.focused().target.control is scene.next_button
    key(app, pygame.K_UP)
    assert app.focus.focused().target.control is scene.previous_button
    key(app, pygame.K_RETURN)
    assert scene.page == PAGES[0]


def test_a_controller_steps_the_pages_with_its_d_pad(make_app):
    """The pad's d-pad right/left arrive as the keyboard's →/← (tacocat.ui.input)."""
    from tests.ui.focus_journey import FAKE_PAD

    app = make_app()
    scene = open_rules(app)
    for button, page in (
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, PAGES[1]),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, PAGES[2]),
        (pygame.CONTROLLER_BUTTON_DPAD_LEFT, PAGES[1]),
    ):
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, instance_id=FAKE_PAD, button=button))
            app.step(1 / 60)
        assert scene.page == page


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_page_fits_in_every_language(make_app, code, text_size):
    """Every page, at 100 % and at 150 % text: no label or button overflows, no text under
    16 px at 100 %, the buttons never overlap each other, the text box or the picture."""
    app = make_app("--lang", code)
    try:
        app.update_settings(text_size=text_size)
        assert text_scale.percent() == text_size
        found: list[str] = []
        frames = Frames(app, found)
        scene = open_rules(app)
        for page in PAGES:
            scene.show_page(page)
            frames.check(page, frames=2)
        rects = {
            name: getattr(scene, name).get_abs_rect()
            for name in (
                "previous_button",
                "indicator",
                "next_button",
                "tutorial_button",
                "back_button",
                "text_box",
                "picture",
            )
        }
        for a, one in rects.items():
            for b, other in rects.items():
                assert a >= b or not one.colliderect(other), (a, b)
        panel = scene.panel.get_abs_rect()
        assert all(panel.contains(rect) for rect in rects.values())
        assert not found, "\n".join(found)
        assert MIN_PX == 16
    finally:
        i18n.set_language("en")
        text_scale.set_percent(100)
