"""The table's buttons: built once, and kept current each frame for the decision on screen.

The primary and secondary buttons change with the phase (Replace / Keep, Attack / Clear,
"Play the selected card" for keyboard players); a disabled one keeps the reason it is
disabled, said when it is clicked anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tacocat.rules import Attack, Phase, Replace
from tacocat.ui.i18n import tr
from tacocat.ui.input.prompts import prompt
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.button import Button

if TYPE_CHECKING:
    from tacocat.ui.table.controls import Controls


def build() -> dict[str, Button]:
    """The table's buttons: the two for the decision, Hint, Discards and Menu."""
    area = L.BUTTON_AREA
    buttons: dict[str, Button] = {}
    buttons["primary"] = Button("primary", pygame.Rect(area.x, area.y, area.width, 48),
                                style="primary", font_size=20)
    buttons["secondary"] = Button("secondary", pygame.Rect(area.x, area.y + 58, area.width, 40),
                                  style="secondary", font_size=18)
    # Hint and Discards name their key (or controller button): refresh() keeps it current.
    buttons["hint"] = Button("hint", pygame.Rect(area.x, area.y + 106, area.width // 2 - 4, 36),
                             style="quiet", font_size=16)
    buttons["discards"] = Button(
        "discards", pygame.Rect(area.x + area.width // 2 + 4, area.y + 106, area.width // 2 - 4, 36),
        style="quiet", font_size=16)
    buttons["menu"] = Button("menu", pygame.Rect(1164, 14, 100, 38),
                             tr("tacocat.table.button.menu"), style="quiet", font_size=16)
    return buttons


def _problem_cached(controls: Controls, action: Any) -> str | None:
    """The engine's reason ``action`` is illegal (memoised per state: asked every frame)."""
    key = (id(controls.session.state), action)
    cache = controls._problems
    if cache.get("state") is not controls.session.state:
        cache.clear()
        cache["state"] = controls.session.state
    if key not in cache:
        cache[key] = controls.session.problem(action)
    return cache[key]


def refresh(controls: Controls) -> None:
    """Labels, visibility and enabled states for the decision on screen now."""
    b = controls.buttons
    seat = controls.table.acting_seat()
    app = controls.table.app
    b["hint"].label = tr("tacocat.focus.table.hint", button=prompt("hint", app.keys, app.input))
    b["discards"].label = tr("tacocat.focus.table.discards",
                             button=prompt("discards", app.keys, app.input))
    primary, secondary = b["primary"], b["secondary"]
    primary.visible = secondary.visible = False
    b["hint"].enabled = seat is not None
    b["hint"].disabled_reason = tr("tacocat.table.why.hint_not_now")
    b["hint"].visible = controls.session.mode != "demo"
    if seat is None:
        return
    phase = controls.session.state.phase
    values = controls._selected_values()
    if phase is Phase.REPLACE:
        primary.visible = secondary.visible = True
        primary.label = (tr("tacocat.table.button.replace", count=len(values)) if values
                         else tr("tacocat.table.button.replace_none"))
        problem = _problem_cached(controls, Replace(seat, values)) if values else None
        primary.enabled = bool(values) and problem is None
        primary.disabled_reason = problem or tr("tacocat.table.why.select_to_replace")
        secondary.label = tr("tacocat.table.button.keep")
        secondary.enabled = True
    elif phase is Phase.ATTACK:
        primary.visible = secondary.visible = True
        primary.label = tr("tacocat.table.button.attack")
        problem = (_problem_cached(controls, Attack(seat, values)) if values
                   else tr("tacocat.table.why.select_to_attack"))
        primary.enabled = problem is None
        primary.disabled_reason = problem
        secondary.label = tr("tacocat.table.button.clear")
        secondary.enabled = bool(values)
        secondary.disabled_reason = tr("tacocat.table.why.nothing_selected")
    elif phase in (Phase.DUEL, Phase.DEFEND) and controls.keyboard_focus:
        primary.visible = True
        primary.label = tr("tacocat.table.button.play_selected")
        primary.enabled = len(controls.selected) == 1
        primary.disabled_reason = tr("tacocat.focus.table.pick_one",
                                     button=prompt("select", app.keys, app.input))
