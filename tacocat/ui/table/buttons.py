"""The table's buttons: built once, and kept current each frame for the decision on screen.

The primary and secondary buttons change with the phase (Replace / Keep, Attack / Clear,
"Duel with the 7" / "Answer with the 9" once a card is picked: the confirm step); a disabled one keeps the reason it is
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
    # Take back (vs-AI only): over the decision's buttons, under the piles' labels.
    buttons["undo"] = Button("undo", pygame.Rect(area.x, area.y - 46, area.width, 36),
                             style="quiet", font_size=16)
    buttons["menu"] = Button("menu", pygame.Rect(1164, 14, 100, 38),
                             tr("tacocat.table.button.menu"), style="quiet", font_size=16)
    # Side by side, one size: "Hint (H)" never larger than "Discards (D)" beside it.
    buttons["hint"].row = buttons["discards"].row = [buttons["hint"], buttons["discards"]]
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
    _refresh_undo(controls, seat)
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
    elif phase in (Phase.DUEL, Phase.DEFEND):
        # The confirm step: a card is picked first (click or Space), then played here.
        primary.visible = True
        picked = values[0] if len(values) == 1 else None
        if picked is None:
            primary.label = tr("tacocat.table.button.play_selected")
        else:
            verb = "duel_with" if phase is Phase.DUEL else "answer_with"
            primary.label = tr(f"tacocat.trust.table.{verb}", card=picked)
        primary.enabled = picked is not None
        primary.disabled_reason = tr("tacocat.focus.table.pick_one",
                                     button=prompt("select", app.keys, app.input))


def _refresh_undo(controls: Controls, seat: int | None) -> None:
    """Take back shows against the computer only, on the player's turn."""
    undo = controls.buttons["undo"]
    session = controls.session
    undo.visible = session.mode == "vs_ai" and seat is not None and session.allows_undo
    if not undo.visible:
        return
    app = controls.table.app
    # A controller has no take-back button: it reaches this one with the focus.
    undo.label = (tr("tacocat.trust.table.undo") if app.input.controller else
                  tr("tacocat.trust.table.undo_key", button=prompt("undo", app.keys, app.input)))
    key = ("undo", id(session.state))
    cache = controls._problems
    if cache.get("state") is not session.state:
        cache.clear()
        cache["state"] = session.state
    if key not in cache:
        cache[key] = session.undo_target() is not None  # a replay: once per state
    undo.enabled = cache[key]
    undo.disabled_reason = tr("tacocat.trust.table.undo_none")
