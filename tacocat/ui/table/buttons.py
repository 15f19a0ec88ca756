"""The table's buttons: built once, and kept current each frame for the decision on screen.

The primary and secondary buttons change with the phase (Replace / Keep, Attack / Clear,
"Duel with the 7" / "Answer with the 9" once a card is picked: the confirm step); a disabled one keeps the reason it is
disabled, said when it is clicked anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tacocat.rules import Action, Attack, Phase, Replace
from tacocat.seating import Seating
from tacocat.ui.input.actions import Action as InputAction
from tacocat.ui.input.prompts import prompt
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.button import Button

if TYPE_CHECKING:
    from tacocat.ui.input.actionmap import ActionMap
    from tacocat.ui.input.state import InputState
    from tacocat.ui.stage.services import App
    from tacocat.ui.table.session import TableSession


@dataclass(frozen=True)
class Decision:
    """What the buttons show for: the decision on screen this frame.

    :param seat: the human seat to act (None: the buttons for the decision hide).
    :param phase: the game's phase.
    :param values: the selected cards' values, sorted.
    :param seating: who plays each seat (hints when a person plays; take back against
        the computer only).
    :param undo_allowed: the game allows taking back (the guided game does not).
    :param problem: the engine's reason an action is illegal (None: legal), memoised.
    :param can_undo: whether there is a decision to take back, memoised.
    :param keys, input: the chosen keys and the last input kind (the labels name them).
    """

    seat: int | None
    phase: Phase
    values: tuple[int, ...]
    seating: Seating
    undo_allowed: bool
    problem: Callable[[Action], str | None]
    can_undo: Callable[[], bool]
    keys: ActionMap
    input: InputState


def build() -> dict[str, Button]:
    """The table's buttons: the two for the decision, Hint, Discards and Menu."""
    area = L.BUTTON_AREA
    buttons: dict[str, Button] = {}
    buttons["primary"] = Button(
        "primary", pygame.Rect(area.x, area.y, area.width, 48), style="primary", font_size=20
    )
    buttons["secondary"] = Button(
        "secondary",
        pygame.Rect(area.x, area.y + 58, area.width, 40),
        style="secondary",
        font_size=18,
    )
    # Hint and Discards name their key (or controller button): refresh() keeps it current.
    buttons["hint"] = Button(
        "hint",
        pygame.Rect(area.x, area.y + 106, area.width // 2 - 4, 36),
        style="quiet",
        font_size=16,
    )
    buttons["discards"] = Button(
        "discards",
        pygame.Rect(area.x + area.width // 2 + 4, area.y + 106, area.width // 2 - 4, 36),
        style="quiet",
        font_size=16,
    )
    # Take back (vs-AI only): over the decision's buttons, under the piles' labels.
    buttons["undo"] = Button(
        "undo", pygame.Rect(area.x, area.y - 46, area.width, 36), style="quiet", font_size=16
    )
    buttons["menu"] = Button(
        "menu", L.CORNER_BUTTON, tr("tacocat.table.button.menu"), style="quiet", font_size=16
    )
    # Side by side, one size: "Hint (H)" never larger than "Discards (D)" beside it.
    buttons["hint"].row = buttons["discards"].row = [buttons["hint"], buttons["discards"]]
    return buttons


class StateMemo:
    """Answers about the game's state, memoised until the game moves on (the buttons ask
    every frame): keyed by the session's move count, or by the state object itself."""

    def __init__(self) -> None:
        self._state: object = None
        self._problems: dict[Action, str | None] = {}
        self._can_undo: bool | None = None

    def _for(self, state: object) -> None:
        if state != self._state:
            self._state, self._problems, self._can_undo = state, {}, None

    def problem(
        self, state: object, action: Action, ask: Callable[[Action], str | None]
    ) -> str | None:
        self._for(state)
        if action not in self._problems:
            self._problems[action] = ask(action)
        return self._problems[action]

    def can_undo(self, state: object, ask: Callable[[], bool]) -> bool:
        self._for(state)
        if self._can_undo is None:
            self._can_undo = ask()  # a replay: once per state
        return self._can_undo


def decision(
    session: TableSession, memo: StateMemo, seat: int | None, values: tuple[int, ...], app: App
) -> Decision:
    """The decision ``seat`` (None: nobody's) faces with ``values`` selected, its
    answers from the engine memoised in ``memo``."""
    moved = session.applied
    return Decision(
        seat=seat,
        phase=session.public.phase,
        values=values,
        seating=session.seating,
        undo_allowed=session.allows_undo,
        problem=lambda action: memo.problem(moved, action, session.problem),
        can_undo=lambda: memo.can_undo(moved, lambda: session.undo_target() is not None),
        keys=app.keys,
        input=app.input,
    )


def refresh(b: dict[str, Button], decision: Decision) -> None:
    """Labels, visibility and enabled states for the decision on screen now."""
    keys, input_state = decision.keys, decision.input
    b["hint"].label = tr(
        "tacocat.focus.table.hint", button=prompt(InputAction.HINT, keys, input_state)
    )
    b["discards"].label = tr(
        "tacocat.focus.table.discards", button=prompt(InputAction.DISCARDS, keys, input_state)
    )
    primary, secondary = b["primary"], b["secondary"]
    primary.visible = secondary.visible = False
    _refresh_hint(b["hint"], decision)
    _refresh_undo(b["undo"], decision)
    seat = decision.seat
    if seat is None:
        return
    phase = decision.phase
    if phase is Phase.REPLACE:
        _refresh_replace(primary, secondary, seat, decision.values, decision)
    elif phase is Phase.ATTACK:
        _refresh_attack(primary, secondary, seat, decision.values, decision)
    elif phase in (Phase.DUEL, Phase.DEFEND):
        _refresh_pick(primary, decision)


def _refresh_hint(hint: Button, decision: Decision) -> None:
    """Hint works on the player's turn, and shows only when a person may ask for one."""
    hint.enabled = decision.seat is not None
    hint.disabled_reason = tr("tacocat.table.why.hint_not_now")
    # No hints against a person at another screen: the computer would be helping one side.
    hint.visible = bool(decision.seating.people) and not decision.seating.online


def _refresh_replace(
    primary: Button, secondary: Button, seat: int, values: tuple[int, ...], decision: Decision
) -> None:
    """Replace the selected cards, or Keep the hand."""
    primary.visible = secondary.visible = True
    primary.label = (
        tr("tacocat.table.button.replace", count=len(values))
        if values
        else tr("tacocat.table.button.replace_none")
    )
    problem = decision.problem(Replace(seat, values)) if values else None
    primary.enabled = bool(values) and problem is None
    primary.disabled_reason = problem or tr("tacocat.table.why.select_to_replace")
    secondary.label = tr("tacocat.table.button.keep")
    secondary.enabled = True


def _refresh_attack(
    primary: Button, secondary: Button, seat: int, values: tuple[int, ...], decision: Decision
) -> None:
    """Attack with the selected cards, or Clear the selection."""
    primary.visible = secondary.visible = True
    primary.label = tr("tacocat.table.button.attack")
    problem = (
        decision.problem(Attack(seat, values))
        if values
        else tr("tacocat.table.why.select_to_attack")
    )
    primary.enabled = problem is None
    primary.disabled_reason = problem
    secondary.label = tr("tacocat.table.button.clear")
    secondary.enabled = bool(values)
    secondary.disabled_reason = tr("tacocat.table.why.nothing_selected")


def _refresh_pick(primary: Button, decision: Decision) -> None:
    """The confirm step of a duel or a defence: a card is picked first (click or Space),
    then played here."""
    primary.visible = True
    values = decision.values
    picked = values[0] if len(values) == 1 else None
    if picked is None:
        primary.label = tr("tacocat.table.button.play_selected")
    else:
        verb = "duel_with" if decision.phase is Phase.DUEL else "answer_with"
        primary.label = tr(f"tacocat.trust.table.{verb}", card=picked)
    primary.enabled = picked is not None
    primary.disabled_reason = tr(
        "tacocat.focus.table.pick_one",
        button=prompt(InputAction.SELECT, decision.keys, decision.input),
    )


def _refresh_undo(undo: Button, decision: Decision) -> None:
    """Take back shows against the computer only, on the player's turn."""
    undo.visible = (
        decision.seating.against_computer and decision.seat is not None and decision.undo_allowed
    )
    if not undo.visible:
        return
    # A controller has no take-back button: it reaches this one with the focus.
    undo.label = (
        tr("tacocat.trust.table.undo")
        if decision.input.controller
        else tr(
            "tacocat.trust.table.undo_key",
            button=prompt(InputAction.UNDO, decision.keys, decision.input),
        )
    )
    undo.enabled = decision.can_undo()
    undo.disabled_reason = tr("tacocat.trust.table.undo_none")
