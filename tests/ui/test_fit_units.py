"""The measures the language tests rely on, checked against what they measure.

* :func:`tacocat.ui.text.fit.inner_size` must say exactly how much room pygame_gui
  gives a button's or label's text: a text one pixel wider than that room is
  laid out by pygame_gui as not fitting, a text exactly as wide is not.
* :func:`text_fit.placement_problems` must find each kind of self-drawn text
  problem (and nothing in text that fits).
"""

from __future__ import annotations

import functools
import warnings

import pygame
import pygame_gui
import pytest

from tacocat.languages import LANGUAGES
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text import i18n
from tacocat.ui.text.fit import inner_size
from tacocat.ui.widgets import text_box
from tacocat.ui.widgets.style import TextCache
from tests.ui.text_fit import placement_problems

#: Button theme classes the screens use (None: the plain ``button`` block).
BUTTON_CLASSES = [
    None,
    "@big",
    "@secondary",
    "@danger",
    "@small",
    "@choice",
    "@choice_small",
    "@tab",
]
#: Label classes: centred (the default and a heading) and left-aligned ones.
LABEL_CLASSES = [None, "@heading", "@dialog_title", "@ink_left", "@muted_left"]
#: A text in each script the game draws (Lao has its own merged font).
TEXTS = {"en": "tacocat.title.new_game", "lo": "tacocat.already_open.play"}


@pytest.fixture(params=sorted(TEXTS))
def app_in(request, make_app):
    """An App in English, then in Lao (its own font), and the text to measure."""
    app = make_app("--lang", request.param)
    yield app, i18n.tr(TEXTS[request.param])
    i18n.set_language("en")


def _button(app, width: int, text: str, class_id: str | None) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(
        pygame.Rect(100, 100, width, 56),
        text,
        manager=app.ui,
        object_id=theme_id("#fit_probe", class_id),
    )


def _width_for_room(build, room: int) -> int:
    """The element width whose text room (``inner_size``) is ``room`` pixels."""
    probe = build(400)
    width = 400 + room - inner_size(probe)[0]
    probe.kill()
    return width


def _expanded(element) -> bool:
    """True when pygame_gui found the text too wide for the room inside border, shadow
    and corners, and let it use the element's whole width instead."""
    shape = element.drawable_shape
    return shape.text_view_rect.width == shape.containing_rect.width


@pytest.mark.parametrize("class_id", BUTTON_CLASSES, ids=str)
def test_inner_size_is_the_room_pygame_gui_gives_a_button(app_in, class_id):
    app, text = app_in
    probe = _button(app, 400, text, class_id)
    measured = probe.font.get_rect(text).width
    probe.kill()
    build = functools.partial(_button, app, text=text, class_id=class_id)

    tight = build(_width_for_room(build, measured - 1))
    assert inner_size(tight)[0] == measured - 1
    assert _expanded(tight), f"{class_id}: 1 px too wide, yet laid out as fitting"

    exact = build(_width_for_room(build, measured))
    assert inner_size(exact)[0] == measured
    assert not _expanded(exact), f"{class_id}: exactly as wide as the room, yet expanded"
    assert exact.drawable_shape.text_view_rect.width == measured


def _label(app, width: int, text: str, class_id: str | None) -> pygame_gui.elements.UILabel:
    return pygame_gui.elements.UILabel(
        pygame.Rect(100, 100, width, 120),
        text,
        manager=app.ui,
        object_id=theme_id("#fit_probe", class_id),
    )


@pytest.mark.parametrize("class_id", LABEL_CLASSES, ids=str)
def test_inner_size_is_the_room_pygame_gui_gives_a_label(app_in, class_id):
    # A label has no border, shadow or corners: pygame_gui's own judgement of a
    # text too wide is its "Label Rect is too small" warning.
    app, text = app_in
    build = functools.partial(_label, app, text=text, class_id=class_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        probe = build(400)
    measured = probe.font.get_rect(text).width
    probe.kill()

    with pytest.warns(UserWarning, match="Label Rect is too small"):
        tight = build(_width_for_room(build, measured - 1))
    assert inner_size(tight)[0] == measured - 1

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "too small" warning
        exact = build(_width_for_room(build, measured))
    assert inner_size(exact)[0] == measured
    assert exact.drawable_shape.text_view_rect.width == measured


# --- the self-drawn text checker ---------------------------------------------------------


@pytest.fixture
def text():
    pygame.font.init()
    return TextCache(functools.cache(lambda size, bold: pygame.font.Font(None, size)))


def _kinds(placements) -> list[str]:
    return sorted(problem.kind for problem in placement_problems(placements))


def test_text_that_fits_its_box_is_no_problem(text):
    surface = pygame.Surface((400, 200))
    with text_box.recording() as ledger:
        text_box.draw_text(surface, text, "Draw pile", 24, (0, 0, 0), pygame.Rect(10, 10, 200, 40))
        text_box.draw_lines(
            surface,
            text,
            "A longer text that wraps onto a few lines",
            20,
            (0, 0, 0),
            pygame.Rect(10, 60, 200, 120),
        )
    assert len(ledger) >= 3 and not any(p.squeezed for p in ledger)
    assert placement_problems(ledger) == []


def test_a_text_too_big_even_at_the_smallest_size_is_squeezed(text):
    surface = pygame.Surface((400, 200))
    with text_box.recording() as ledger:
        text_box.draw_text(
            surface, text, "Far too long for this box", 30, (0, 0, 0), pygame.Rect(10, 10, 60, 20)
        )
    assert _kinds(ledger) == ["squeezed"]
    assert "even at its smallest" in str(placement_problems(ledger)[0])


def test_a_box_off_its_surface_is_a_problem(text):
    surface = pygame.Surface((400, 200))
    with text_box.recording() as ledger:
        text_box.draw_text(surface, text, "Menu", 20, (0, 0, 0), pygame.Rect(350, 10, 100, 40))
    assert _kinds(ledger) == ["box outside"]


def test_ink_outside_its_box_is_a_problem():
    placement = text_box.Placement(
        "Round 3", pygame.Rect(10, 10, 50, 20), pygame.Rect(8, 12, 40, 14), (400, 200), 1, False
    )
    assert _kinds([placement]) == ["ink outside"]


def test_two_texts_whose_ink_overlaps_on_one_surface_are_a_problem(text):
    surface, other = pygame.Surface((400, 200)), pygame.Surface((400, 200))
    with text_box.recording() as ledger:
        text_box.draw_text(surface, text, "Ana", 24, (0, 0, 0), pygame.Rect(10, 10, 200, 40))
        text_box.draw_text(surface, text, "Ben", 24, (0, 0, 0), pygame.Rect(20, 10, 200, 40))
    problems = placement_problems(ledger)
    assert [p.kind for p in problems] == ["overlaps"] and problems[0].texts == ("Ana", "Ben")
    with text_box.recording() as ledger:  # apart, the same place twice, or on two surfaces
        text_box.draw_text(surface, text, "Ana", 24, (0, 0, 0), pygame.Rect(10, 10, 100, 40))
        text_box.draw_text(surface, text, "Ben", 24, (0, 0, 0), pygame.Rect(10, 60, 100, 40))
        text_box.draw_text(surface, text, "Ana", 24, (0, 0, 0), pygame.Rect(10, 10, 100, 40))
        text_box.draw_text(other, text, "Cat", 24, (0, 0, 0), pygame.Rect(10, 10, 100, 40))
    assert len(ledger) == 4 and placement_problems(ledger) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_crash_screen_holds_its_text_with_a_long_path(make_app, code):
    """The crash screen (drawn without pygame_gui) wraps a long path at its folders
    and keeps every line in the panel, in every language."""
    from tacocat.ui.shell.crash import show_crash_screen

    app = make_app("--lang", code)
    try:
        path = (
            "/srv/home/students/anamaria.delacruz-santos/.local/share/tacocat/crash-2026-12-01.log"
        )
        with text_box.recording() as placed:
            show_crash_screen(app.assets, path, wait=False)
        assert any("crash-2026-12-01.log" in p.text for p in placed), "the path is not shown"
        assert not any(p.squeezed for p in placed), [p.text for p in placed if p.squeezed]
        assert [str(p) for p in placement_problems(placed)] == []
        # The box the body got lies inside the panel, so no line leaves it.
        panel = pygame.Rect(0, 0, 900, 340)
        panel.center = app.screen.get_rect().center
        assert all(panel.contains(p.box) for p in placed)
    finally:
        i18n.set_language("en")
