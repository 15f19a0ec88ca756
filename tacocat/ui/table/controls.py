"""The table's controls: buttons, keyboard focus, mouse, and selection turned into actions.

:class:`Controls` owns what the player is doing with their hand - the selected
cards, the hovered one, the keyboard focus, a "why not" message, a hint - and
turns clicks and keys into actions from the acting seat's legal list
(``session.submit``); the engine's refusal, worded by :mod:`.prompt`, becomes
the message. It also keeps the buttons' labels and enabled states current and
lifts the cards that are selected, hovered or focused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tacocat.rules import Attack, DuelCard, Phase, Replace, Respond
from tacocat.ui.input.prompts import prompt
from tacocat.ui.table import buttons, lifts
from tacocat.ui.table.prompt import hint_words, sentence
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.button import Button, ButtonGroup
from tacocat.ui.widgets.cards import CardSprite

if TYPE_CHECKING:
    from tacocat.ui.table.session import GameSession
    from tacocat.ui.table.table_input import TableInput

#: Seconds a "why not" message stays in the prompt line.
MESSAGE_TIME = 3.5
#: Seconds the mouse rests on the board or a pile before its tooltip shows.
TOOLTIP_DELAY = 0.35


class Controls:
    """Input on one table (see the module docstring).

    :param table: what the controls may ask of the table (:class:`TableInput`).
    :param session: the game the actions go to.
    """

    def __init__(self, table: TableInput, session: GameSession) -> None:
        self.table = table
        self.session = session
        self.selected: list[CardSprite] = []
        self.hovered: CardSprite | None = None
        self.focus_index: int | None = None
        self.keyboard_focus = False
        #: The card the focus was on when ↓ took it to the buttons (↑ goes back to it).
        self._card_left = 0
        self.message: str | None = None
        self.message_tone = "error"
        self._message_left = 0.0
        self.hint_text: str | None = None
        self._hint_wanted = False
        self._memo = buttons.StateMemo()
        self._turn: tuple[int, int | None] = (0, None)
        self.lifts_moving = False
        #: Where the mouse is, and for how long it has rested there (tooltips wait a moment).
        self.pointer: tuple[int, int] | None = None
        self.pointer_still = 0.0
        self.buttons = buttons.build()
        actions = {"menu": self._open_menu, "discards": table.open_discards,
                   "hint": self.ask_hint, "primary": self._confirm,
                   "secondary": self._secondary, "undo": self.take_back}
        for key, action in actions.items():
            self.buttons[key].on_click = action
        #: A disabled button, clicked, says why it is disabled.
        self._group = ButtonGroup(table.click, refused=lambda button: self._refuse(
            button.disabled_reason or tr("tacocat.table.why.not_now")))

    def update(self, dt: float) -> None:
        """Per frame: focus on a new decision, hints, lifts, the message's time."""
        table = self.table
        turn = (id(self.session.state), table.acting_seat())
        if turn != self._turn and turn[1] is not None:
            # A new decision: keyboard focus starts on the first card again.
            self.focus_index = 0 if self.keyboard_focus else None
        self._turn = turn
        self._check_hint()
        focus = self.focused() if self.keyboard_focus else None
        pointed = (self.hovered, focus) if table.acting_seat() is not None else ()
        self.lifts_moving = lifts.update(
            table.view, table.viewer, pointed, dt,
            snap=table.instant_motion())
        self.pointer_still += dt
        if self._message_left > 0:
            self._message_left -= dt
            if self._message_left <= 0:
                self.message = None

    def pointing_at_table(self) -> tuple[int, int] | None:
        """The resting pointer, when it is over the table's furniture (not a card or button)."""
        pos = self.pointer
        if pos is None or self.pointer_still < TOOLTIP_DELAY or self.hovered is not None:
            return None
        if any(button.contains(pos) for button in self.buttons.values()):
            return None
        return pos

    def prompt_message(self) -> tuple[str, str] | None:
        """The message the prompt line shows, with its tone, or None."""
        return (self.message, self.message_tone) if self.message else None

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons (over the table, under confetti)."""
        focus = self.table.view.focus  # None while a dialog covers the table
        for button in self.buttons.values():
            button.draw(surface, self.table.text, focused=button is focus)

    def clear_selection(self) -> None:
        for sprite in self.selected:
            sprite.selected = False
        self.selected = []
        self.hint_text = None

    def _selected_values(self) -> tuple[int, ...]:
        return tuple(sorted(s.value for s in self.selected if s.value is not None))

    def _say(self, text: str, tone: str = "error") -> None:
        self.message = text
        self.message_tone = tone
        self._message_left = MESSAGE_TIME
        if tone == "error":
            self.table.sound("error")

    def _refuse(self, why: str) -> None:
        self._say(sentence(why))

    def submit(self, action: Any) -> bool:
        problem = self.session.submit(action)
        if problem is not None:
            self._refuse(problem)
            return False
        self.message = None
        self.clear_selection()
        return True

    def click_card(self, sprite: CardSprite) -> None:
        """A click (or Space) on one of your cards: toggle it, or in the duel and defence
        pick it as the one card."""
        seat = self.table.acting_seat()
        if seat is None:
            self._explain_wait()
            return
        if sprite.owner != seat or sprite.zone != "hand" or sprite.value is None:
            return
        phase = self.session.state.phase
        if phase in (Phase.DUEL, Phase.DEFEND):
            # A click only picks the card: the button under the table plays it (a slip of
            # the mouse never throws a card away).
            self._pick_one(sprite)
        elif phase in (Phase.REPLACE, Phase.ATTACK):
            self.toggle(sprite)

    def toggle(self, sprite: CardSprite) -> None:
        seat = self.table.acting_seat()
        # A card is chosen by its value: one whose face this seat does not know is not its own.
        if seat is None or sprite.owner != seat or sprite.zone != "hand" or sprite.value is None:
            return
        if sprite.selected:
            sprite.selected = False
            self.selected.remove(sprite)
            self.table.click()
            return
        phase = self.session.state.phase
        if phase is Phase.REPLACE:
            trial = tuple(sorted(self._selected_values() + (sprite.value,)))
            problem = self.session.problem(Replace(seat, trial))
            if problem is not None:
                self._refuse(problem)
                return
        elif phase is Phase.ATTACK:
            if len(self.selected) + 1 >= len(self.table.my_hand()):
                self._refuse(self.session.problem(Attack(seat, tuple(
                    sorted(s.value for s in self.table.my_hand() if s.value is not None)))) or "")
                return
        else:
            self.click_card(sprite)
            return
        sprite.selected = True
        self.selected.append(sprite)
        self.message = None
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
        seat = self.table.acting_seat()
        if seat is None:
            return
        phase = self.session.state.phase
        values = self._selected_values()
        if phase is Phase.REPLACE:
            self.submit(Replace(seat, values))
        elif phase is Phase.ATTACK:
            self.submit(Attack(seat, values))
        elif phase in (Phase.DUEL, Phase.DEFEND):
            self._play_selected(seat)

    def _pick_first(self) -> str:
        """How to pick a card, naming the keys (or pad buttons) the player uses now."""
        app = self.table.app
        return tr("tacocat.trust.table.pick_first", button=prompt("select", app.keys, app.input),
                  confirm=prompt("confirm", app.keys, app.input))

    def _play_selected(self, seat: int) -> None:
        """Play the one card the player picked (duel or answer); nothing picked: say how."""
        if len(self.selected) != 1 or self.selected[0].value is None:
            self._say(self._pick_first())
            return
        value = self.selected[0].value
        phase = self.session.state.phase
        self.submit(DuelCard(seat, value) if phase is Phase.DUEL else Respond(seat, value))

    def _secondary(self) -> None:
        seat = self.table.acting_seat()
        if seat is None:
            return
        if self.session.state.phase is Phase.REPLACE:
            self.clear_selection()
            self.submit(Replace(seat, ()))
        else:
            self.clear_selection()

    def _explain_wait(self) -> None:
        session = self.session
        if session.state.is_over:
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
        seat = self.table.acting_seat()
        if seat is None:
            self.hint_text = None
            return
        action = hint.action
        values = action.values
        self.clear_selection()
        remaining = list(values)
        for sprite in self.table.my_hand():
            if sprite.value in remaining:
                remaining.remove(sprite.value)
                sprite.selected = True
                self.selected.append(sprite)
        self.hint_text = hint_words(hint)
        self._focus_primary()

    def _focus_primary(self) -> None:
        if self.keyboard_focus:
            items = self.focusables()
            for i, item in enumerate(items):
                if isinstance(item, Button) and item.key == "primary":
                    self.focus_index = i

    def _open_menu(self) -> None:
        self.table.app.open_menu()

    def refresh_buttons(self) -> None:
        """The buttons' labels and states for this frame's decision (see :mod:`.buttons`)."""
        buttons.refresh(self.buttons, self.decision())

    def decision(self) -> buttons.Decision:
        """The decision on screen now, as the buttons show it."""
        return buttons.decision(self.session, self._memo, self.table.acting_seat(),
                                self._selected_values(), self.table.app)

    def focusables(self) -> list[Any]:
        """What keyboard focus can land on: your cards, then the visible buttons."""
        items: list[Any] = [s for s in self.table.my_hand() if s.zone == "hand"]
        for key in ("primary", "secondary", "undo", "hint", "discards", "menu"):
            button = self.buttons[key]
            if button.visible:
                items.append(button)
        return items

    def focused(self) -> Any:
        items = self.focusables()
        if self.focus_index is None or not items:
            return None
        return items[self.focus_index % len(items)]

    def _move_focus(self, step: int, *, within_group: bool = False) -> None:
        """Tab: through cards and buttons. Arrows (``within_group``): round the hand, or
        round the buttons, never from one to the other (← on the first card wraps)."""
        items = self.focusables()
        if not items:
            return
        self.keyboard_focus = True
        current = self.focus_index % len(items) if self.focus_index is not None else None
        if current is None:
            self.focus_index = 0 if step > 0 else len(items) - 1
        elif not within_group:
            self.focus_index = (current + step) % len(items)
        else:
            cards = sum(1 for item in items if isinstance(item, CardSprite))
            start, size = (0, cards) if current < cards else (cards, len(items) - cards)
            self.focus_index = start + (current - start + step) % max(1, size)
        self._announce()

    def _announce(self) -> None:
        """Tell the app's focus listeners (e.g. narration) what the focus is on now:
        a button's label, or a card's value and whether it is selected."""
        item = self.focused()
        if isinstance(item, Button):
            self.table.app.focus.announce(item.label, "" if item.enabled else "disabled")
        elif isinstance(item, CardSprite) and item.value is not None:
            self.table.app.focus.announce(str(item.value), "selected" if item.selected else "")

    def _switch_group(self) -> None:
        """↑/↓: from the hand to the buttons beside it (the first one) and back (to the
        card the focus left)."""
        items = self.focusables()
        cards = sum(1 for item in items if isinstance(item, CardSprite))
        if not items:
            return
        if not self.keyboard_focus or self.focus_index is None:
            self._move_focus(1, within_group=True)
            return
        current = self.focus_index % len(items)
        if current < cards and cards < len(items):
            self._card_left = current
            self.focus_index = cards
        elif current >= cards and cards:
            self.focus_index = min(self._card_left, cards - 1)
        self._announce()

    def handle_event(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer, self.pointer_still = event.pos, 0.0
            self.hovered = self._card_at(event.pos)
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
        sprite = self._card_at(pos)
        if sprite is not None:
            self.click_card(sprite)
            return
        if L.pile_rect("discards", "click").collidepoint(pos):
            self.table.open_discards()
            return
        sprite = self._any_card_at(pos)
        if sprite is not None and sprite.zone == "hand" and sprite.owner != self.table.viewer:
            self._say(tr("tacocat.table.why.not_your_cards"))

    def _key(self, event: pygame.event.Event) -> None:
        """A key (or a controller button, see :mod:`tacocat.ui.input`) as a table intent:
        the keys are the player's choice (Settings), so no key is named here."""
        intent = self.table.app.keys.intent(event)
        if intent in ("select", "menu", "back") and self.table.is_moving():
            self.table.skip_motion()
            return
        if intent in ("menu", "back"):
            self._open_menu()
        elif intent in ("left", "right"):
            self._move_focus(-1 if intent == "left" else 1, within_group=True)
        elif intent in ("up", "down"):
            self._switch_group()
        elif intent in ("next", "previous"):
            self._move_focus(-1 if intent == "previous" else 1)
        elif intent == "select":
            item = self.focused()
            if isinstance(item, CardSprite):
                self.click_card(item)  # Space selects as a click does
            elif isinstance(item, Button):
                self.press(item.key)
        elif intent == "confirm":
            self._enter()
        elif intent == "hint":
            self.ask_hint()
        elif intent == "undo":
            if self.session.seating.against_computer:
                self.press("undo")
        elif intent == "discards":
            self.table.open_discards()
        elif intent == "read_hand":  # "read my hand" (narration)
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
        if self.session.state.phase in (Phase.DUEL, Phase.DEFEND) and not self.selected:
            self._say(self._pick_first())
            return
        if self.buttons["primary"].visible:
            self.press("primary")

    def _pick_one(self, sprite: CardSprite) -> None:
        """Duel and defence: make ``sprite`` the one picked card (picking it again drops it);
        an answer the rules refuse is refused here, before anything is played."""
        seat = self.table.acting_seat()
        if seat is None or sprite.value is None:  # (an unknown face is not this seat's card)
            return
        if sprite.selected:
            sprite.selected = False
            self.selected = []
            self.table.click()
            return
        if self.session.state.phase is Phase.DEFEND and sprite.value is not None:
            problem = self.session.problem(Respond(seat, sprite.value))
            if problem is not None:
                self._refuse(problem)
                return
        for other in self.selected:
            other.selected = False
        sprite.selected = True
        self.selected = [sprite]
        self.message = None
        self.table.click()

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """Your card under the mouse (the topmost one)."""
        for sprite in reversed(self.table.my_hand()):
            if sprite.z <= 0 and self.table.card_rect(sprite).collidepoint(pos):
                return sprite
        return None

    def _any_card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.table.view.all_sprites()):
            if self.table.card_rect(sprite).collidepoint(pos):
                return sprite
        return None
