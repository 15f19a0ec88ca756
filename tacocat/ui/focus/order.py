"""A screen's focus order, declared as data, and how the focus moves through it.

A screen lists its controls as rows of attribute names (class attribute
``focus_order``)::

    focus_order = (
        Row("vs_ai_button", "hotseat_button", choice=True),
        Row("level_buttons", choice=True),   # a dict or list spreads along the row
        Column("variant_boxes"),             # ... or down a column
        ("back_button", "start_button"),     # a plain tuple is a Row
    )
    focus_start = ("start_button",)          # the most likely action, first usable wins

An attribute may hold a control, None (not on the screen now), or a dict/list
of controls; a dotted name picks one from a dict (``"buttons.quit"``). ``choice=True`` makes the group behave like radio buttons: moving
along it with the arrows also picks the control reached. Adding a control to a
screen is adding its name to one row. A screen without ``focus_order`` gets
every focusable element of its containers, in reading order (rows by height).

Movement: Tab / Shift-Tab go through every usable control in order and wrap;
↑/↓ go to the nearest usable row, to the control closest in x, and wrap; ←/→
go along the row and wrap. Unusable (hidden, disabled) controls are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame_gui

from tacocat.ui.focus.targets import FOCUSABLE_ELEMENTS, Target, target_for

#: Elements whose tops differ by less than this share a row in a discovered order.
ROW_TOLERANCE = 12


@dataclass(frozen=True)
class Row:
    """Controls side by side (←/→ moves along them)."""

    names: tuple[str, ...]
    choice: bool = False

    def __init__(self, *names: str, choice: bool = False) -> None:
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "choice", choice)


@dataclass(frozen=True)
class Column:
    """Controls one above the other (each is its own row; ↑/↓ moves along them)."""

    names: tuple[str, ...]
    choice: bool = False

    def __init__(self, *names: str, choice: bool = False) -> None:
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "choice", choice)


FocusRow = Row | Column | tuple[str, ...]


@dataclass
class Slot:
    """One control in the grid; ``group`` is set for a choice group (its declaration's index)."""

    target: Target
    group: int | None = None


Grid = list[list[Slot]]


def _members(owner: Any, name: str) -> list[tuple[tuple[Any, ...], Any]]:
    """``(path, control)`` for attribute ``name`` of ``owner`` (spread when a dict or list).
    A dotted name goes into attributes and dicts alike (``"buttons.quit"``)."""
    value = owner
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else getattr(value, part, None)
        if value is None:
            return []
    if isinstance(value, dict):
        return [((name, key), control) for key, control in value.items()]
    if isinstance(value, list | tuple):
        return [((name, index), control) for index, control in enumerate(value)]
    return [((name,), value)]


def declared_grid(
    owner: Any, order: Sequence[FocusRow], press: Callable[[Any], None] | None = None
) -> Grid:
    """The grid a ``focus_order`` declaration names, with the controls on ``owner`` now."""
    grid: Grid = []
    for index, spec in enumerate(order):
        row = spec if isinstance(spec, Row | Column) else Row(*spec)
        group = index if row.choice else None
        slots = [
            Slot(target, group)
            for name in row.names
            for path, control in _members(owner, name)
            if (target := target_for(path, control, press)) is not None
        ]
        if isinstance(row, Column):
            grid.extend([slot] for slot in slots)
        elif slots:
            grid.append(slots)
    return grid


def discovered_grid(containers: Iterable[Any]) -> Grid:
    """Every focusable pygame_gui element inside ``containers``, in reading order."""
    found: list[Any] = []

    def walk(container: Any) -> None:
        for element in getattr(container, "elements", ()):
            if getattr(element, "parent_element", None) is not None:
                continue  # a part of a control (a slider's arrows, a text box's scroll bar)
            if isinstance(element, FOCUSABLE_ELEMENTS):
                found.append(element)
            elif hasattr(element, "elements"):
                walk(element)
            else:
                inner = getattr(element, "get_container", None)
                if inner is not None:
                    walk(inner())

    for container in containers:
        if container is not None:
            walk(container.get_container() if hasattr(container, "get_container") else container)
    found.sort(key=lambda element: (element.rect.top, element.rect.left))
    grid: Grid = []
    for number, element in enumerate(found):
        target = target_for(("element", number), element)
        if target is None:
            continue
        if grid and abs(grid[-1][0].target.rect.top - element.rect.top) < ROW_TOLERANCE:
            grid[-1].append(Slot(target))
        else:
            grid.append([Slot(target)])
    for row in grid:
        row.sort(key=lambda slot: slot.target.rect.left)
    return grid


def scrollable_text(containers: Iterable[Any]) -> Any:
    """The largest text box inside ``containers`` that has a scroll bar, or None."""
    found: list[Any] = []

    def walk(container: Any) -> None:
        for element in getattr(container, "elements", ()):
            if isinstance(element, pygame_gui.elements.UITextBox):
                if element.scroll_bar is not None and element.visible:
                    found.append(element)
            elif hasattr(element, "elements"):
                walk(element)
            elif hasattr(element, "get_container"):
                walk(element.get_container())

    for container in containers:
        if container is not None:
            walk(container.get_container() if hasattr(container, "get_container") else container)
    return max(found, key=lambda box: box.rect.width * box.rect.height, default=None)


def scroll_text(box: Any, screens: int) -> None:
    """Scroll a text box a screenful (nine tenths of one) on or back."""
    bar = box.scroll_bar
    start = bar.start_percentage + screens * 0.9 * bar.visible_percentage
    bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, start)))


def flat(grid: Grid) -> list[Slot]:
    return [slot for row in grid for slot in row]


def locate(grid: Grid, path: tuple[Any, ...] | None) -> tuple[int, int] | None:
    """Row and column of the control named ``path``."""
    for r, row in enumerate(grid):
        for c, slot in enumerate(row):
            if slot.target.path == path:
                return r, c
    return None


def tab(grid: Grid, path: tuple[Any, ...] | None, step: int) -> Slot | None:
    """The next (``step`` 1) or previous (-1) usable control in reading order, wrapping."""
    slots = flat(grid)
    usable = [i for i, slot in enumerate(slots) if slot.target.usable()]
    if not usable:
        return None
    paths = [slot.target.path for slot in slots]
    if path not in paths:
        return slots[usable[0] if step > 0 else usable[-1]]
    here = paths.index(path)
    for distance in range(1, len(slots) + 1):
        index = (here + step * distance) % len(slots)
        if index in usable:
            return slots[index]
    return None


def along(grid: Grid, path: tuple[Any, ...] | None, step: int) -> Slot | None:
    """←/→: the next usable control along the current row, wrapping; None if there is none."""
    where = locate(grid, path)
    if where is None:
        return None
    row = grid[where[0]]
    for distance in range(1, len(row)):
        slot = row[(where[1] + step * distance) % len(row)]
        if slot.target.usable():
            return slot
    return None


def across(grid: Grid, path: tuple[Any, ...] | None, step: int) -> Slot | None:
    """↑/↓: the usable control of the nearest row above/below (closest in x), wrapping."""
    where = locate(grid, path)
    if where is None:
        return tab(grid, path, step)
    x = grid[where[0]][where[1]].target.rect.centerx
    for distance in range(1, len(grid)):
        row = grid[(where[0] + step * distance) % len(grid)]
        usable = [slot for slot in row if slot.target.usable()]
        if usable:
            return min(usable, key=lambda slot: abs(slot.target.rect.centerx - x))
    return None


def first_usable(grid: Grid, preferred: Sequence[str]) -> Slot | None:
    """The first usable control among the attribute names ``preferred``, else the first one."""
    for name in preferred:
        for slot in flat(grid):
            if slot.target.path[0] == name and slot.target.usable():
                return slot
    return tab(grid, None, 1)
