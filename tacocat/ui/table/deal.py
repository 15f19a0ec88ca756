"""How a round's set-up looks: gathering the cards, dealing, replacing, drawing."""

from __future__ import annotations

from tacocat.rules import events as ev
from tacocat.ui.stage import tween as tw
from tacocat.ui.table import resting
from tacocat.ui.table.motion import DEAL_STAGGER, FLIP, FLY, Motion
from tacocat.ui.widgets.cards import CardSprite

SWEEP = 0.38


class DealMoves(Motion):
    """Round start, the deal, the replacement and the cards drawn after it."""

    # --- setup ----------------------------------------------------------------------------

    def _show_round_started(self, event: ev.RoundStarted) -> None:
        view = self.view
        view.start_round(event.round_number, event.hand_size)
        view.track.rest_at(event.space)
        if self.hide_hands_on_deal:
            view.set_viewer(())
        gather_time = self._gather()
        view.draw_count = view.deck_size
        self._deal(event.hand_size, gather_time)

    def _gather(self) -> float:
        """Every card on the table goes back into the deck; returns how long that takes."""
        view = self.view
        gathered = view.clear_cards()
        gather_time = 0.0
        if gathered and not self.instant:
            gather_time = self._d(SWEEP)
            for sprite in gathered:
                sprite.zone = "returning"
                sprite.mark = None
                sprite.glow = 0.0
                self._fly(sprite, resting.DRAW_PILE, gather_time, 0.0, tw.ease_in_out_cubic)
                if sprite.face_up:
                    self._flip(sprite, False, FLIP * 0.8)
            view.returning = gathered
            self.sound("slide")
        return gather_time

    def _deal(self, n: int, gather_time: float) -> None:
        """Deal ``n`` cards to each seat, face down, after ``gather_time``."""
        view = self.view
        stagger = self._d(DEAL_STAGGER)
        # [ruling draw_order] the first player's cards come off the deck first; on screen
        # the cards go round the table one at a time, as people deal.
        order = [(seat, i) for i in range(n) for seat in (0, 1)]
        deck = resting.DRAW_PILE
        hands = [
            [CardSprite(None, seat, "hand", deck.pos, deck.scale) for _ in range(n)]
            for seat in (0, 1)
        ]
        view.hands = hands
        targets = [resting.hand_places(view, 0), resting.hand_places(view, 1)]

        def start_deal() -> None:
            view.returning = []
            for k, (seat, i) in enumerate(order):
                delay = k * stagger
                self._fly(hands[seat][i], targets[seat][i], self._d(FLY), delay)

                def leave(k: int = k) -> None:
                    view.draw_count -= 1
                    if k % 3 == 0:
                        self.sound("deal")

                self.tweener.after(delay, leave)

        if gather_time > 0:
            self.tweener.after(gather_time, start_deal)
        else:
            start_deal()

    def _show_hand_dealt(self, event: ev.HandDealt) -> None:
        view = self.view
        hand = view.hands[event.seat]
        for sprite, value in zip(hand, event.cards, strict=False):
            sprite.value = value
        if event.seat in view.face_up_seats:
            for i, sprite in enumerate(hand):
                self._flip(sprite, True, FLIP, i * 0.03)
            self.sound("flip")
        else:
            for sprite in hand:
                sprite.face_up = True  # known to the screen; shown only to its owner

    # --- replacement ------------------------------------------------------------------------

    def _show_replacement_committed(self, event: ev.ReplacementCommitted) -> None:
        self.view.committed[event.seat] = True
        self.sound("click")

    def _show_replacement_chosen(self, event: ev.ReplacementChosen) -> None:
        chosen = list(event.cards)
        for sprite in self.view.hands[event.seat]:
            if sprite.value in chosen:
                chosen.remove(sprite.value)
                sprite.committed = True

    def _show_replaced(self, event: ev.Replaced) -> None:
        view = self.view
        seat = event.seat
        view.committed[seat] = False
        for sprite in view.hands[seat]:
            sprite.committed = False
        if not event.discarded:
            return
        taken = self._take_from_hand(seat, event.discarded)
        landed = self._to_discard(taken, 0.0, 0.07)
        self.sound("play")
        self._relayout_hand(seat)
        if seat not in self.visible_seats:
            # Its drawn cards are secret: the screen only sees as many backs arrive.
            self._draw_cards(seat, [None] * len(event.discarded), landed * 0.6)

    def _show_cards_drawn(self, event: ev.CardsDrawn) -> None:
        self._draw_cards(event.seat, list(event.cards), 0.0)

    def _draw_cards(self, seat: int, values: list[int | None], delay: float) -> None:
        view = self.view
        deck = resting.DRAW_PILE
        new = []
        for value in values:
            sprite = CardSprite(
                value,
                seat,
                "hand",
                deck.pos,
                deck.scale,
                face_up=value is not None and seat not in view.face_up_seats,
            )
            self._insert_in_hand(seat, sprite)
            new.append(sprite)
        targets = resting.hand_places(view, seat)
        stagger = self._d(DEAL_STAGGER)
        k = 0
        for sprite, place in zip(view.hands[seat], targets, strict=True):
            if sprite in new:
                start = delay + k * stagger
                self._fly(sprite, place, self._d(FLY), start)
                if sprite.value is not None and seat in view.face_up_seats:
                    self._flip(sprite, True, FLIP, start + self._d(FLY) * 0.5)

                def leave() -> None:
                    view.draw_count -= 1

                self.tweener.after(start, leave)
                k += 1
            elif sprite.z <= 0:
                self.tweener.to(
                    sprite, "pos", place.pos, self._d(0.25), tw.ease_out_cubic, delay=delay
                )
        if values:
            self.tweener.after(delay, lambda: self.sound("deal"))
