"""How the duel and the tricks look: cards laid, turned, answered and swept away."""

from __future__ import annotations

from tacocat.rules import events as ev
from tacocat.ui.table import resting
from tacocat.ui.table.motion import FLIP, FLY, Motion
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.cards import CardSprite

#: Seconds (at speed 1) both duel cards stay face up before they are swept away: time to
#: read them both. Not shortened under reduced motion (it is reading time, not motion);
#: a click, Space or Esc skips it.
DUEL_READ = 2.2
TRICK_PAUSE = 0.85
#: The trick winner's cards swell briefly (and glow) before the trick is swept away.
WINNER_SWELL = 1.1


class PlayMoves(Motion):
    """The duel, attacks, answers and won tricks."""

    # --- duel ---------------------------------------------------------------------------

    def _show_duel_committed(self, event: ev.DuelCommitted) -> None:
        view = self.view
        seat = event.seat
        value = None
        head = self.queue[0] if self.queue else None
        if isinstance(head, ev.DuelChosen) and head.seat == seat:
            self.queue.popleft()
            value = head.card
        hand = view.hands[seat]
        sprite = None
        if value is not None:
            sprite = next((s for s in hand if s.value == value), None)
        if sprite is None and hand:
            sprite = hand[len(hand) // 2] if value is None else hand[-1]
        if sprite is None:
            place = resting.hand(view.side(seat), 0, 1)
            sprite = CardSprite(value, seat, "duel", place.pos, place.scale)
        else:
            hand.remove(sprite)
        sprite.selected = False
        sprite.zone = "duel"
        view.duel[seat] = sprite
        view.committed[seat] = True
        self._fly(sprite, resting.duel(seat), self._d(FLY))
        if sprite.face_up:
            self._flip(sprite, False, FLIP)
        self.sound("play")
        self._relayout_hand(seat)

    def _show_duel_revealed(self, event: ev.DuelRevealed) -> None:
        view = self.view
        sprites = []
        for seat in (0, 1):
            sprite = view.duel[seat]
            if sprite is None:  # resumed mid-duel without the card on screen
                mat = resting.duel(seat)
                sprite = CardSprite(None, seat, "duel", mat.pos, mat.scale)
                view.duel[seat] = sprite
            sprite.value = event.cards[seat]
            sprite.face_up = False
            sprites.append(sprite)
        for sprite in sprites:
            self._flip(sprite, True, FLIP * 1.3)
        self.sound("flip")
        view.committed = [False, False]
        flip_time = self._d(FLIP * 1.3)

        def judged() -> None:
            self.narrate(event)
            view.attacker = event.attacker
            if event.attacker is None:
                # The next duel's cards wait until the tie's banner has gone.
                shown = self._banner(tr("tacocat.table.banner.duel_tie"), "info")
                self.tweener.after(shown + 0.05, lambda: None)
            else:
                winner = view.duel[event.attacker]
                if winner is not None:
                    winner.glow = 1.0
                self._banner(
                    tr("tacocat.table.banner.attacks", name=view.names[event.attacker]), "info"
                )

        def sweep() -> None:
            cards = [s for s in view.duel if s is not None]
            view.duel = [None, None]
            self._to_discard(cards, 0.0, 0.05)

        self.tweener.after(flip_time, judged)
        self.tweener.after(flip_time + DUEL_READ, sweep)

    # --- play ---------------------------------------------------------------------------

    def _show_attacked(self, event: ev.Attacked) -> None:
        view = self.view
        seat = event.seat
        view.attacker = seat
        side = view.side(seat)
        taken = self._take_from_hand(seat, event.cards)
        view.attack = taken
        view.responses = []
        count = len(taken)
        for i, sprite in enumerate(taken):
            sprite.zone = "attack"
            delay = i * 0.06
            self._fly(sprite, resting.attack(side, i, count), self._d(FLY), delay)
            if not sprite.face_up or seat not in view.face_up_seats:
                sprite.face_up = False
                self._flip(sprite, True, FLIP, delay)
        self.sound("play")
        self._relayout_hand(seat)

    def _respond(self, seat: int, card: int, mark: str) -> None:
        view = self.view
        (sprite,) = self._take_from_hand(seat, (card,))
        sprite.zone = "response"
        sprite.mark = mark
        index = len(view.responses)
        view.responses.append(sprite)
        attacker_side = view.side(view.attacker if view.attacker is not None else 1 - seat)
        self._fly(sprite, resting.answer(attacker_side, index, len(view.attack)), self._d(FLY))
        if not sprite.face_up or seat not in view.face_up_seats:
            sprite.face_up = False
            self._flip(sprite, True, FLIP)
        self.sound("play")
        self._relayout_hand(seat)

    def _show_defended(self, event: ev.Defended) -> None:
        self._respond(event.seat, event.card, "defended")

    def _show_sacrificed(self, event: ev.Sacrificed) -> None:
        self._respond(event.seat, event.card, "sacrificed")

    def _emphasise(self, cards: list[CardSprite]) -> None:
        """The trick winner's cards glow, and swell once unless motion is reduced."""
        for sprite in cards:
            sprite.glow = 1.0
            if not self.reduced_motion():  # the cards are at rest: an event waits for motion
                self.pulse(sprite, sprite.scale, WINNER_SWELL, (0.12, 0.25))

    def _show_trick_won(self, event: ev.TrickWon) -> None:
        view = self.view
        key = "trick_defence" if event.by_defence else "trick_attack"
        pause = self._d(TRICK_PAUSE)

        def announce() -> None:
            self._banner(
                tr(f"tacocat.table.banner.{key}", name=view.names[event.seat]),
                "good" if event.by_defence else "info",
                hold=0.9,
            )
            self._emphasise(view.responses if event.by_defence else view.attack)

        def sweep() -> None:
            cards = view.attack + view.responses
            view.attack, view.responses = [], []
            view.attacker = event.seat
            self._to_discard(cards, 0.0, 0.04)
            self.sound("slide")

        self.tweener.after(0.12, announce)
        self.tweener.after(pause, sweep)
