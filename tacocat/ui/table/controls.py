"""The table's controls: buttons, keys and clicks turned into actions.

:class:`Controls` turns clicks and keys into actions from the acting seat's legal
list (``session.submit``); the engine's refusal, worded by :mod:`.prompt`, becomes
a "why not" message. It keeps the buttons' labels and enabled states current,
asks for hints and lifts the cards that are selected, hovered or focused. It
composes one collaborator per job:

* :class:`~.selection.Selection` - which cards are picked, and whether a pick is legal;
* :class:`~.focus_ring.FocusRing` - keyboard focus over the cards and the buttons;
* :class:`~.pointer.Pointer` - the mouse: the card under it, and how long it rests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tacocat.rules import Action, Phase, Replace
from tacocat.ui.input.actions import Action as InputAction
from tacocat.ui.input.actions import Scope
from tacocat.ui.input.prompts import prompt
from tacocat.ui.table import buttons, lifts
from tacocat.ui.table.focus_ring import FocusRing
from tacocat.ui.table.pointer import Pointer
from tacocat.ui.table.prompt import hint_words, sentence
from tacocat.ui.table.selection import Pick, Selection
from tacocat.ui.table.view import Focusable
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.button import Button, ButtonGroup
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.tones import PromptTone

if TYPE_CHECKING:
    from tacocat.ui.table.session import TableSession
    from tacocat.ui.table.table_input import TableInput

#: Seconds a "why not" message stays in the prompt line.
MESSAGE_TIME = 3.5


class Controls:
    """Input on one table (see the module docstring).

    :param table: what the controls may ask of the table (:class:`TableInput`).
    :param session: the game the actions go to.
    """

    def __init__(self, table: TableInput, session: TableSession) -> None:
        self.table = table
        self.session = session
        self.message: str | None = None
        self.message_tone: PromptTone = "error"
        self._message_left = 0.0
        self.hint_text: str | None = None
        self._hint_wanted = False
        self._memo = buttons.StateMemo()
        self._turn: tuple[int, int | None] = (0, None)
        self.lifts_moving = False
        self.buttons = buttons.build()
        self.selection = Selection(table, session)
        self.focus_ring = FocusRing(table, self.buttons)
        self.pointer = Pointer(table)
        actions = {
            "menu": self._open_menu,
            "discards": table.open_discards,
            "hint": self.ask_hint,
            "primary": self._confirm,
            "secondary": self._secondary,
            "undo": self.take_back,
        }
        for key, action in actions.items():
            self.buttons[key].on_click = action
        #: A disabled button, clicked, says why it is disabled.
        self._group = ButtonGroup(
            table.click,
            refused=lambda button: self._refuse(
                button.disabled_reason or tr("tacocat.table.why.not_now")
            ),
        )

    # --- what the scene and tests read -------------------------------------------------

    @property
    def selected(self) -> list[CardSprite]:
        """The picked cards (see :class:`.selection.Selection`)."""
        return self.selection.cards

    @property
    def keyboard_focus(self) -> bool:
        """The player is using the keys: the focus ring shows."""
        return self.focus_ring.active

    @keyboard_focus.setter
    def keyboard_focus(self, active: bool) -> None:
        self.focus_ring.active = active

    @property
    def focus_index(self) -> int | None:
        """Where the focus is among the ring's items (None: nowhere yet)."""
        return self.focus_ring.index

    @focus_index.setter
    def focus_index(self, index: int | None) -> None:
        self.focus_ring.index = index

    def focused(self) -> Focusable | None:
        return self.focus_ring.focused()

    def pointing_at_table(self) -> tuple[int, int] | None:
        """The resting pointer, when it is over the table's furniture (not a card or button)."""
        return self.pointer.resting_on_table(self.buttons.values())

    def prompt_message(self) -> tuple[str, PromptTone] | None:
        """The message the prompt line shows, with its tone, or None."""
        return (self.message, self.message_tone) if self.message else None

    # --- the frame ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Per frame: focus on a new decision, hints, lifts, the message's time."""
        table = self.table
        turn = (self.session.applied, table.acting_seat())
        if turn != self._turn and turn[1] is not None:
            self.focus_ring.restart()  # a new decision: the focus starts on the first card
        self._turn = turn
        self._check_hint()
        focus = self.focused() if self.keyboard_focus else None
        pointed = (self.pointer.hovered, focus) if table.acting_seat() is not None else ()
        self.lifts_moving = lifts.update(
            table.view, table.viewer, pointed, dt, snap=table.instant_motion()
        )
        self.pointer.rest(dt)
        if self._message_left > 0:
            self._message_left -= dt
            if self._message_left <= 0:
                self.message = None

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons (over the table, under confetti)."""
        focus = self.table.view.frame.focus  # None while a dialog covers the table
        for button in self.buttons.values():
            button.draw(surface, self.table.text, focused=button is focus)

    def refresh_buttons(self) -> None:
        """The buttons' labels and states for this frame's decision (see :mod:`.buttons`)."""
        buttons.refresh(self.buttons, self.decision())

    def decision(self) -> buttons.Decision:
        """The decision on screen now, as the buttons show it."""
        return buttons.decision(
            self.session,
            self._memo,
            self.table.acting_seat(),
            self.selection.values(),
            self.table.app,
        )

    # --- messages and actions -------------------------------------------------------------

    def clear_selection(self) -> None:
        self.selection.clear()
        self.hint_text = None

    def _say(self, text: str, tone: PromptTone = "error") -> None:
        self.message = text
        self.message_tone = tone
        self._message_left = MESSAGE_TIME
        if tone == "error":
            self.table.sound("error")

    def _refuse(self, why: str) -> None:
        self._say(sentence(why))

    def submit(self, action: Action) -> bool:
        problem = self.session.submit(action)
        if problem is not None:
            self._refuse(problem)
            return False
        self.message = None
        self.clear_selection()
        return True

    def click_card(self, sprite: CardSprite) -> None:
        """A click (or Space) on one of your cards: toggle it, or in the duel and defence
        pick it as the one card. A click only picks: the button under the table plays it
        (a slip of the mouse never throws a card away)."""
        seat = self.table.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if sprite.owner != seat or sprite.zone != "hand" or sprite.value is None:
            return
        outcome = self.selection.pick(sprite)
        if isinstance(outcome, str):
            self._refuse(outcome)
            return
        if outcome is Pick.PICKED:
            self.message = None  # the new pick answers the last "why not"
        if outcome is not Pick.NOTHING:
            self.table.click()

    def press(self, key: str) -> None:
        """Enter on a button (or a click on it): its action, or why it is disabled."""
        button = self.buttons.get(key)
        if button is not None:
            self._group.press(button)

    def take_back(self) -> None:
        """Undo against the computer: the table is laid out again from the earlier state."""
        if self.table.acting_seat() is None or not self.session.seating.against_computer:
            return
        if self.table.take_back():
            self._say(tr("tacocat.trust.table.undone"), "info")
        else:
            self._say(tr("tacocat.trust.table.undo_none"))

    def _confirm(self) -> None:
        """The primary button: play the picked cards; in the duel or the answer with no
        card picked, say how to pick one."""
        seat = self.table.acting_seat()
        if seat is None:
            return
        action = self.selection.action(seat)
        if action is not None:
            self.submit(action)
        elif self.session.public.phase in (Phase.DUEL, Phase.DEFEND):
            self._say(self._pick_first())

    def _pick_first(self) -> str:
        """How to pick a card, naming the keys (or pad buttons) the player uses now."""
        app = self.table.app
        return tr(
            "tacocat.trust.table.pick_first",
            button=prompt(InputAction.SELECT, app.keys, app.input),
            confirm=prompt(InputAction.CONFIRM, app.keys, app.input),
        )

    def _secondary(self) -> None:
        seat = self.table.acting_seat()
        if seat is None:
            return
        if self.session.public.phase is Phase.REPLACE:
            self.clear_selection()
            self.submit(Replace(seat, ()))
        else:
            self.clear_selection()

    def _explain_wait(self) -> None:
        session = self.session
        if session.is_over:
            return
        if self.table.is_busy():
            return
        who = session.actor()
        if who is None:
            return
        if not who[1]:
            self._say(tr("tacocat.table.why.computer_turn", name=session.name(who[0])))
        else:
            self._say(tr("tacocat.table.why.other_turn", name=session.name(who[0])))

    def ask_hint(self) -> None:
        seat = self.table.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if self.session.request_hint(seat):
            self._hint_wanted = True
            self.hint_text = tr("tacocat.table.hint.thinking")

    def _check_hint(self) -> None:
        """A hint that has come: its cards picked, its words shown, the focus on the button."""
        if not self._hint_wanted:
            return
        hint = self.session.take_hint()
        if hint is None:
            if not self.session.hint_pending:
                self._hint_wanted = False
                if self.hint_text == tr("tacocat.table.hint.thinking"):
                    self.hint_text = None
            return
        self._hint_wanted = False
        if self.table.acting_seat() is None:
            self.hint_text = None
            return
        self.selection.choose(hint.action.values)
        self.hint_text = hint_words(hint)
        self.focus_ring.focus_button("primary")

    def _open_menu(self) -> None:
        self.table.app.open("menu")

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer.move(event.pos)
            self._group.handle_event(self.buttons.values(), event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._group.handle_event(self.buttons.values(), event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if table.is_busy() and not table.is_held() and table.is_moving():
                for button in self.buttons.values():
                    button.pressed = False  # the click lands the animation, nothing else
                table.skip_motion()
                return
            self.keyboard_focus = False
            if self._group.handle_event(self.buttons.values(), event) is None:
                self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        """A click that pressed no button: on a card, the discard pile, another's card."""
        if any(button.contains(pos) for button in self.buttons.values()):
            return  # released on a button it was not pressed on: no click
        sprite = self.pointer.card_at(pos)
        if sprite is not None:
            self.click_card(sprite)
            return
        if L.pile_rect("discards", "click").collidepoint(pos):
            self.table.open_discards()
            return
        sprite = self.pointer.any_card_at(pos)
        if sprite is not None and sprite.zone == "hand" and sprite.owner != self.table.viewer:
            self._say(tr("tacocat.table.why.not_your_cards"))

    def _key(self, event: pygame.event.Event) -> None:
        """A key (or a controller button, see :mod:`tacocat.ui.input`) as a table action:
        the keys are the player's choice (Settings), so no key is named here."""
        do = self.table.app.keys.action(event, Scope.TABLE)
        if (
            do in (InputAction.SELECT, InputAction.MENU, InputAction.BACK)
            and self.table.is_moving()
        ):
            self.table.skip_motion()
            return
        ring = self.focus_ring
        if do in (InputAction.MENU, InputAction.BACK):
            self._open_menu()
        elif do in (InputAction.LEFT, InputAction.RIGHT):
            ring.move(-1 if do is InputAction.LEFT else 1, within_group=True)
        elif do in (InputAction.UP, InputAction.DOWN):
            ring.switch_group()
        elif do in (InputAction.NEXT, InputAction.PREVIOUS):
            ring.move(-1 if do is InputAction.PREVIOUS else 1)
        elif do is InputAction.SELECT:
            item = self.focused()
            if isinstance(item, CardSprite):
                self.click_card(item)  # Space selects as a click does
            elif isinstance(item, Button):
                self.press(item.key)
        elif do is not None:
            self._command(do)

    def _command(self, do: InputAction) -> None:
        """The table's commands: confirm, hint, take back, the discards, read my hand."""
        if do is InputAction.CONFIRM:
            self._enter()
        elif do is InputAction.HINT:
            self.ask_hint()
        elif do is InputAction.UNDO:
            if self.session.seating.against_computer:
                self.press("undo")
        elif do is InputAction.DISCARDS:
            self.table.open_discards()
        elif do is InputAction.READ_HAND:  # "read my hand" (narration)
            self.table.read_hand()

    def _enter(self) -> None:
        """Enter: press the focused button, else play what the player selected (Space or a
        click picked it, or a hint did). Never the card the focus merely rests on: focus is
        where you look, the selection is what you chose."""
        item = self.focused() if self.keyboard_focus else None
        if isinstance(item, Button):
            self.press(item.key)
            return
        if self.table.acting_seat() is None:
            self._explain_wait()
            return
        if self.session.public.phase in (Phase.DUEL, Phase.DEFEND) and not self.selected:
            self._say(self._pick_first())
            return
        if self.buttons["primary"].visible:
            self.press("primary")
