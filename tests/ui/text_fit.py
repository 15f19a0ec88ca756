"""Measure whether every piece of widget text fits its box (used by the language tests).

A pygame_gui label or button draws its text with ``element.font``; what it
draws is ``translate(element.text)``. The text fits when its rendered size
(``font.get_rect``, the same measure pygame_gui lays out with) is within the
room pygame_gui leaves it inside border, shadow and rounded corners
(:func:`tacocat.ui.text.fit.inner_size`), and the element itself lies inside its container and
the window (pygame_gui clips children to their container).

Text the game draws itself goes through :mod:`tacocat.ui.widgets.text_box`,
which records a :class:`~tacocat.ui.widgets.text_box.Placement` for each piece
while recording; :func:`placement_problems` judges one frame's placements.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core.utility import translate

from tacocat.ui.text.fit import inner_size
from tacocat.ui.text.layout import scroller_of
from tacocat.ui.widgets.text_box import MIN_SCALE, Placement


def overflows(manager: pygame_gui.UIManager, screen: pygame.Rect) -> list[str]:
    """One line per visible label/button whose text does not fit (empty when all fit)."""
    problems: list[str] = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton):
            continue
        if not element.visible or getattr(element, "font", None) is None:
            continue
        text = translate(element.text, **getattr(element, "text_kwargs", {}))
        if not text.strip():
            continue
        width, height = element.font.get_rect(text).size
        room_w, room_h = inner_size(element)
        box = element.rect
        if width > room_w or height > room_h:
            problems.append(
                f"{type(element).__name__} {text!r}: text {width}×{height} in room "
                f"{room_w}×{room_h}"
            )
        container = element.ui_container.get_container() if element.ui_container else None
        bounds = container.rect if container is not None else screen
        # In a scrolling panel (larger text, tacocat/ui/text/layout.py) a box may lie beyond the
        # window: it is inside the panel's content, which scrolls to it.
        in_window = scroller_of(element) is not None or screen.contains(box)
        if not bounds.contains(box) or not in_window:
            problems.append(
                f"{type(element).__name__} {text!r}: box {tuple(box)} outside {tuple(bounds)}"
            )
    return problems


def too_small(manager: pygame_gui.UIManager, least: int) -> list[str]:
    """One line per visible label/button/text box whose font is below ``least`` pixels."""
    problems: list[str] = []
    kinds = (
        pygame_gui.elements.UILabel,
        pygame_gui.elements.UIButton,
        pygame_gui.elements.UITextBox,
    )
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, kinds) or not element.visible:
            continue
        font = getattr(element, "font", None)
        raw = getattr(element, "text", None) or getattr(element, "html_text", "")
        text = translate(raw, **getattr(element, "text_kwargs", {}))
        if font is None or not text.strip():
            continue
        if font.get_point_size() < least:
            problems.append(
                f"{type(element).__name__} {text[:40]!r}: {font.get_point_size()} px (< {least})"
            )
    return problems


# --- text the game draws itself (tacocat.ui.widgets.text_box) -------------------------


@dataclass(frozen=True)
class TextProblem:
    """One self-drawn text that does not hold its box; ``str()`` is the report line.

    ``kind`` and ``texts`` identify the problem across frames (an animation moves
    the rects every frame, the problem stays the same one).
    """

    kind: str
    texts: tuple[str, ...]
    line: str

    def __str__(self) -> str:
        return self.line


def _where(placement: Placement) -> str:
    width, height = placement.target_size
    return f"on a {width}×{height} surface"


def placement_problems(placements: Sequence[Placement]) -> list[TextProblem]:
    """The problems of one frame's placements (one layer: text one scene drew).

    A placement is a problem when its text did not fit its box even at the
    smallest size (``squeezed``), when its box is not inside the surface it was
    drawn on, or when its ink is not inside its box; two placements on the same
    surface are a problem when their inks overlap, unless they are the same
    text at the same place (the same thing drawn twice).
    """
    unique: dict[tuple[object, ...], Placement] = {}
    for p in placements:  # the same thing drawn twice is judged once
        unique.setdefault((p.text, tuple(p.box), tuple(p.ink), p.target_size, p.target), p)
    drawn = list(unique.values())
    problems = [problem for p in drawn for problem in _alone(p)]
    return problems + _overlaps(drawn)


def _alone(p: Placement) -> list[TextProblem]:
    """What is wrong with ``p`` by itself: squeezed, box off its surface, ink off its box."""
    problems = []
    if p.squeezed:
        problems.append(
            TextProblem(
                "squeezed",
                (p.text,),
                (
                    f"{p.text!r} does not fit its box {tuple(p.box)} even at its smallest "
                    f"({MIN_SCALE:.0%} of its 100 % size, at least 16 px) ({_where(p)})"
                ),
            )
        )
    surface = pygame.Rect((0, 0), p.target_size)
    if not surface.contains(p.box):
        problems.append(
            TextProblem(
                "box outside",
                (p.text,),
                (f"{p.text!r}: box {tuple(p.box)} is not inside its surface {tuple(surface)}"),
            )
        )
    if p.ink.width and p.ink.height and not p.box.contains(p.ink):
        problems.append(
            TextProblem(
                "ink outside",
                (p.text,),
                (
                    f"{p.text!r}: ink {tuple(p.ink)} runs outside its box {tuple(p.box)} "
                    f"({_where(p)})"
                ),
            )
        )
    return problems


def _overlaps(drawn: Sequence[Placement]) -> list[TextProblem]:
    """Pairs of texts on one surface whose inks overlap."""
    problems = []
    for index, a in enumerate(drawn):
        later = drawn[index + 1 :]
        inks = [b.ink for b in later]
        # Rect.collidelistall runs in C: a table frame has a hundred placements.
        for hit in a.ink.collidelistall(inks):
            b = later[hit]
            if (a.target, a.target_size) != (b.target, b.target_size):
                continue
            if a.text == b.text and a.ink == b.ink:
                continue
            problems.append(
                TextProblem(
                    "overlaps",
                    tuple(sorted((a.text, b.text))),
                    (
                        f"{a.text!r} at {tuple(a.ink)} overlaps {b.text!r} at {tuple(b.ink)} "
                        f"({_where(a)})"
                    ),
                )
            )
    return problems
