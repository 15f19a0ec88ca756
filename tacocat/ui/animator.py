"""Events become animations; the view model holds what has been shown so far.

:class:`TableView` is what the table draws: card sprites in hands, on the
table and on the piles, Tacocat's position, the tiles that have landed, the
score, the log. It is updated **only** by :class:`Animator`, one event at a
time, as that event's animation starts - so the screen is never ahead of the
animation, even though the game state may be (the session applies actions
at once; the view catches up).

The animator takes the events the session emits, in order. It starts the next
event only when the previous one's tweens and timers are done, which is also
what "input waits" means for the table (:attr:`Animator.idle`). Every motion
is a tween (``tacocat.ui.tween``) whose speed follows the app's animation
speed; ``math.inf`` is instant. :meth:`Animator.skip` finishes what is
playing now. Cosmetic motion (trick labels fading, confetti) runs on a
separate tweener that never blocks input.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tacocat.rules import events as ev
from tacocat.ui import tween as tw
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.narration import describe

# Durations in seconds at speed 1.
FLY = 0.36
DEAL_STAGGER = 0.075
FLIP = 0.3
REVEAL_PAUSE = 0.75
SWEEP = 0.38
TRICK_PAUSE = 0.55
TOKEN_STEP = 0.42
TILE_DROP = 0.6
WIN_PAUSE = 1.1
LOG_LINES = 7
#: Reveals whose log line waits until the cards have turned (the log never runs ahead).
_LOG_WHEN_SHOWN = (ev.DuelRevealed, ev.ShowdownRevealed)


class Banner:
    """A short label over the play area ("Ana wins the trick")."""

    __slots__ = ("text", "alpha", "y", "tone")

    def __init__(self, text: str, tone: str = "info") -> None:
        self.text = text
        self.alpha = 0.0
        self.y = 0.0
        self.tone = tone


class FallingTile:
    """The tile dropping onto the space Tacocat left."""

    __slots__ = ("space", "offset", "alpha")

    def __init__(self, space: int, offset: float, alpha: float) -> None:
        self.space = space
        self.offset = offset
        self.alpha = alpha


class Particle:
    __slots__ = ("x", "y", "vx", "vy", "spin", "angle", "colour", "life", "age")

    def __init__(self, x: float, y: float, vx: float, vy: float, spin: float, colour: int,
                 life: float) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.spin = spin
        self.angle = 0.0
        self.colour = colour
        self.life = life
        self.age = 0.0


class TableView:
    """Everything the table draws, as far as the animation has got."""

    def __init__(self, board: Any, names: Sequence[str], bottom_seat: int,
                 face_up_seats: Iterable[int], deck_size: int) -> None:
        self.board = board
        self.names = tuple(names)
        self.bottom_seat = bottom_seat
        self.face_up_seats: frozenset[int] = frozenset(face_up_seats)
        self.deck_size = deck_size
        self.hands: list[list[CardSprite]] = [[], []]
        self.duel: list[CardSprite | None] = [None, None]
        self.showdown: list[CardSprite | None] = [None, None]
        self.attack: list[CardSprite] = []
        self.responses: list[CardSprite] = []
        self.discard_sprites: list[CardSprite] = []
        self.discard_values: list[int] = []
        self.returning: list[CardSprite] = []   # cards gathered back into the deck
        self.draw_count = deck_size
        self.token: float = float(board.start)
        self.token_rest: int | None = board.start
        self.token_height = 0.0
        self.token_left = False
        self.hop_over: tuple[int, ...] = ()
        self.covered: frozenset[int] = frozenset()
        self.tiles_left = board.size
        self.falling_tile: FallingTile | None = None
        self.wins = [0, 0]
        self.round_number = 0
        self.hand_size = 0
        self.attacker: int | None = None
        self.committed = [False, False]
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.banners: list[Banner] = []
        self.particles: list[Particle] = []
        self.game_winner: int | None = None
        #: What the round-result screen shows about the last finished round.
        self.last_round: dict[str, Any] = {}
        self.flying = 0    # z counter for cards in the air

    # --- seats & sides ------------------------------------------------------------------

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom_seat else "top"

    def shows_face(self, sprite: CardSprite) -> bool:
        """Whether ``sprite``'s face may be drawn now: the single secrecy rule.

        A card in a hand shows its face only to a seat whose hand is face up on
        this screen; a card on the table shows it once it has been turned.
        """
        if not sprite.face_up or sprite.value is None:
            return False
        if sprite.zone == "hand":
            return sprite.owner in self.face_up_seats
        return True

    def set_viewer(self, seats: Iterable[int], bottom_seat: int | None = None) -> None:
        """Change whose hand is face up (hot-seat hand-over) and who sits at the bottom."""
        self.face_up_seats = frozenset(seats)
        if bottom_seat is not None:
            self.bottom_seat = bottom_seat
        for hand in self.hands:
            for sprite in hand:
                if sprite.owner not in self.face_up_seats:
                    sprite.selected = False

    # --- sprite lists -------------------------------------------------------------------

    def all_sprites(self) -> list[CardSprite]:
        """Every sprite, in drawing order (cards in the air last)."""
        resting: list[CardSprite] = []
        resting.extend(self.returning)
        resting.extend(self.discard_sprites)
        for seat in (0, 1):
            if self.duel[seat] is not None:
                resting.append(self.duel[seat])  # type: ignore[arg-type]
            if self.showdown[seat] is not None:
                resting.append(self.showdown[seat])  # type: ignore[arg-type]
        bottom_side_attack = self.attacker is not None and self.side(self.attacker) == "bottom"
        if bottom_side_attack:
            resting.extend(self.responses)
            resting.extend(self.attack)
        else:
            resting.extend(self.attack)
            resting.extend(self.responses)
        top = 1 - self.bottom_seat
        resting.extend(self.hands[top])
        resting.extend(self.hands[self.bottom_seat])
        flying = sorted((s for s in resting if s.z > 0), key=lambda s: s.z)
        return [s for s in resting if s.z <= 0] + flying

    def hand_targets(self, seat: int) -> list[tuple[float, float]]:
        return L.hand_slots(self.side(seat), len(self.hands[seat]))

    def add_log(self, line: str | None) -> None:
        if line:
            self.log.append(line)

    # --- resuming -----------------------------------------------------------------------

    def sync_from_state(self, state: Any, visible_seats: frozenset[int]) -> None:
        """Lay out a game in progress at once (resuming a saved game)."""
        from tacocat.rules import Phase

        self.hands = [[], []]
        self.duel = [None, None]
        self.showdown = [None, None]
        self.attack, self.responses, self.discard_sprites = [], [], []
        self.round_number = state.round_number
        self.hand_size = state.ruleset.board.spaces[state.token].hand_size if state.space else 0
        self.wins = list(state.wins)
        self.covered = frozenset(state.covered)
        self.tiles_left = state.ruleset.board.size - len(state.covered)
        self.token = float(state.token)
        self.token_rest = state.token
        self.attacker = state.attacker
        self.discard_values = list(state.discards)
        self.draw_count = len(state.draw_pile)
        secret = state.phase is Phase.DUEL or (state.phase is Phase.REPLACE and state.replace_secret)
        commits = state.commits if secret else (None, None)
        for seat in (0, 1):
            known = seat in visible_seats
            values: list[int | None] = list(state.hands[seat]) if known else [None] * len(state.hands[seat])
            if state.phase is Phase.DUEL and commits[seat] is not None:
                # The committed duel card lies face down on the table.
                card = commits[seat] if known else None
                if known:
                    values.remove(card)
                else:
                    values.pop()
                sprite = CardSprite(card, seat, "duel", L.DUEL_POS[self.side(seat)], L.TABLE_SCALE)
                self.duel[seat] = sprite
                self.committed[seat] = True
            for value in values:
                self.hands[seat].append(CardSprite(value, seat, "hand", (0, 0),
                                                   L.HAND_SCALE[self.side(seat)], face_up=known))
            if state.phase is Phase.REPLACE and commits[seat] is not None:
                self.committed[seat] = True
                if known:
                    chosen = list(commits[seat])
                    for sprite in self.hands[seat]:
                        if sprite.value in chosen:
                            chosen.remove(sprite.value)
                            sprite.committed = True
            for sprite, pos in zip(self.hands[seat], self.hand_targets(seat), strict=True):
                sprite.pos = pos
        if state.phase is Phase.DEFEND or state.phase is Phase.ATTACK:
            side = self.side(state.attacker)
            for i, value in enumerate(state.attack):
                sprite = CardSprite(value, state.attacker, "attack",
                                    L.play_slot(side, i, len(state.attack)), L.TABLE_SCALE, True)
                self.attack.append(sprite)
            for i, value in enumerate(state.responses):
                sprite = CardSprite(value, 1 - state.attacker, "response",
                                    L.response_slot(side, i, len(state.attack)), L.TABLE_SCALE, True)
                sprite.mark = "defended" if value >= state.attack[i] else "sacrificed"
                self.responses.append(sprite)
        for value in self.discard_values[-3:]:
            self.discard_sprites.append(CardSprite(value, None, "discard", L.DISCARD_POS,
                                                   L.PILE_SCALE, True))
        for event in state.round_log:
            if event.audience is None or event.audience in visible_seats:
                self.add_log(describe(event, self.names))

    def relayout_instant(self) -> None:
        """Snap every resting card to its place (after the bottom seat changed)."""
        for seat in (0, 1):
            side = self.side(seat)
            for sprite, pos in zip(self.hands[seat], self.hand_targets(seat), strict=True):
                sprite.pos = pos
                sprite.scale = L.HAND_SCALE[side]
            if self.duel[seat] is not None:
                self.duel[seat].pos = L.DUEL_POS[side]  # type: ignore[union-attr]
            if self.showdown[seat] is not None:
                self.showdown[seat].pos = L.DUEL_POS[side]  # type: ignore[union-attr]
        if self.attacker is not None:
            side = self.side(self.attacker)
            for i, sprite in enumerate(self.attack):
                sprite.pos = L.play_slot(side, i, len(self.attack))
            for i, sprite in enumerate(self.responses):
                sprite.pos = L.response_slot(side, i, len(self.attack))


class Animator:
    """Plays events into a :class:`TableView`.

    :param view: the view model to update.
    :param speed: returns the animation speed multiplier (``math.inf`` = instant).
    :param sound: plays a named effect (``app.audio.play``).
    :param reduced_motion: returns True for fades instead of bounces and no confetti.
    :param visible_seats: seats whose private events arrive (their draws are
        shown by ``CardsDrawn``; other seats' draws are inferred from ``Replaced``).
    :param hide_hands_on_deal: hot-seat: every hand goes face down at a new deal,
        until the pass-the-device screen names who looks.
    :param pause_before: asked before each event; returning True holds the
        queue (the table shows the round result) until :meth:`resume`.
    """

    def __init__(self, view: TableView, *, speed: Callable[[], float],
                 sound: Callable[[str], None], reduced_motion: Callable[[], bool],
                 visible_seats: frozenset[int], hide_hands_on_deal: bool = False,
                 pause_before: Callable[[ev.Event], bool] | None = None,
                 rng: random.Random | None = None) -> None:
        self.view = view
        self.speed = speed
        self.sound = sound
        self.reduced_motion = reduced_motion
        self.visible_seats = visible_seats
        self.hide_hands_on_deal = hide_hands_on_deal
        self.pause_before = pause_before
        self.tweener = tw.Tweener(speed)
        self.ambient = tw.Tweener(speed)
        self.queue: deque[ev.Event] = deque()
        self.held = False
        self._paused_for: ev.Event | None = None
        self.current: ev.Event | None = None
        self._rng = rng or random.Random(7)
        self._hop_marks: list[float] = []
        self._last_token = view.token
        #: Events animated so far (tests and debugging).
        self.played = 0

    # --- feeding & ticking ---------------------------------------------------------------

    def feed(self, events: Iterable[ev.Event]) -> None:
        self.queue.extend(events)

    @property
    def instant(self) -> bool:
        return math.isinf(self.speed())

    @property
    def busy(self) -> bool:
        """True while an event animates or waits to (input waits meanwhile)."""
        return self.tweener.is_animating() or bool(self.queue)

    @property
    def idle(self) -> bool:
        return not self.busy

    def is_moving(self) -> bool:
        """True while anything at all moves (for the app's frame-rate throttle)."""
        v = self.view
        return (self.tweener.is_animating() or self.ambient.is_animating() or bool(v.particles)
                or bool(v.banners) or (bool(self.queue) and not self.held))

    def tick_cosmetics(self, dt: float) -> None:
        """Advance only what never blocks input (labels, confetti)."""
        self.ambient.update(dt)
        self._update_particles(dt)

    def resume(self) -> None:
        self.held = False

    def skip(self) -> None:
        """Finish the animations playing now (the next event waits for the next frame)."""
        self.tweener.skip_all()
        self._after_token_step()

    def update(self, dt: float) -> None:
        self.tweener.update(dt)
        self.ambient.update(dt)
        self._after_token_step()
        self._update_particles(dt)
        guard = 0
        while not self.tweener.is_animating() and self.queue and not self.held and guard < 500:
            guard += 1
            event = self.queue[0]
            if (self.pause_before is not None and event is not self._paused_for
                    and self.pause_before(event)):
                self._paused_for = event  # asked once per event: resume() plays it
                self.held = True
                break
            self.queue.popleft()
            self.current = event
            self._handle(event)
            self.played += 1
            if self.instant:
                self.tweener.skip_all()
                self._after_token_step()
        if self.instant and self.ambient.is_animating():
            self.ambient.skip_all()

    # --- helpers --------------------------------------------------------------------------

    def _d(self, seconds: float) -> float:
        """A duration, shortened under reduced motion."""
        return seconds * (0.6 if self.reduced_motion() else 1.0)

    def _fly(self, sprite: CardSprite, pos: tuple[float, float], scale: float, duration: float,
             delay: float = 0.0, easing: tw.Easing = tw.ease_out_cubic) -> None:
        self.view.flying += 1
        sprite.z = self.view.flying

        def landed() -> None:
            sprite.z = 0

        self.tweener.to(sprite, "pos", pos, duration, easing, delay=delay, on_done=landed)
        if sprite.lift and sprite.zone != "hand":
            self.tweener.to(sprite, "lift", 0.0, duration, easing, delay=delay)
        if abs(sprite.scale - scale) > 1e-3:
            self.tweener.to(sprite, "scale", scale, duration, easing, delay=delay)

    def _flip(self, sprite: CardSprite, face_up: bool, duration: float = FLIP,
              delay: float = 0.0) -> None:
        """Turn a card over: narrow to an edge, swap the side, widen again."""
        if sprite.face_up == face_up:
            return
        half = self._d(duration) / 2

        def swap() -> None:
            sprite.face_up = face_up
            self.tweener.to(sprite, "flip", 1.0, half, tw.ease_out_quad)

        self.tweener.to(sprite, "flip", 0.0, half, tw.ease_in_quad, delay=delay, on_done=swap)

    def _relayout_hand(self, seat: int, duration: float = 0.25) -> None:
        view = self.view
        scale = L.HAND_SCALE[view.side(seat)]
        for sprite, pos in zip(view.hands[seat], view.hand_targets(seat), strict=True):
            if sprite.z > 0:
                continue  # still landing: its own flight ends at the right place
            if abs(sprite.pos[0] - pos[0]) > 0.5 or abs(sprite.pos[1] - pos[1]) > 0.5:
                self.tweener.to(sprite, "pos", pos, self._d(duration), tw.ease_out_cubic)
            sprite.scale = scale

    def _take_from_hand(self, seat: int, values: Sequence[int]) -> list[CardSprite]:
        """Remove sprites for ``values`` from a hand (any sprite for an unknown card)."""
        hand = self.view.hands[seat]
        taken: list[CardSprite] = []
        for value in values:
            pick = next((s for s in hand if s.value == value), None)
            if pick is None:
                pick = next((s for s in reversed(hand) if s.value is None), None)
            if pick is None and hand:
                pick = hand[-1]
            if pick is None:
                # The view lost track (should not happen): conjure the card at the hand.
                pick = CardSprite(value, seat, "hand", L.hand_slots(self.view.side(seat), 1)[0],
                                  L.HAND_SCALE[self.view.side(seat)])
            else:
                hand.remove(pick)
            pick.value = value
            pick.selected = False
            pick.committed = False
            taken.append(pick)
        return taken

    def _insert_in_hand(self, seat: int, sprite: CardSprite) -> None:
        hand = self.view.hands[seat]
        if sprite.value is None or any(s.value is None for s in hand):
            hand.append(sprite)
            return
        index = 0
        while index < len(hand) and hand[index].value <= sprite.value:  # type: ignore[operator]
            index += 1
        hand.insert(index, sprite)

    def _to_discard(self, sprites: Sequence[CardSprite], delay: float = 0.0,
                    stagger: float = 0.06) -> float:
        """Send cards to the discard pile face up; returns when the last lands."""
        view = self.view
        duration = self._d(FLY)
        for i, sprite in enumerate(sprites):
            sprite.zone = "discard"
            sprite.owner = None
            sprite.mark = None
            sprite.glow = 0.0
            sprite.selected = False
            start = delay + i * stagger
            jitter = (self._rng.uniform(-5, 5), self._rng.uniform(-4, 4))
            target = (L.DISCARD_POS[0] + jitter[0], L.DISCARD_POS[1] + jitter[1])
            self._fly(sprite, target, L.PILE_SCALE, duration, start, tw.ease_in_out_cubic)
            if not sprite.face_up:
                self._flip(sprite, True, FLIP, start)
            view.discard_sprites.append(sprite)
            if sprite.value is not None:
                view.discard_values.append(sprite.value)
        # Keep a few under the top card; older ones are just the pile's thickness.
        excess = len(view.discard_sprites) - 4 - len(sprites)
        if excess > 0:
            del view.discard_sprites[:excess]
        return delay + max(0, len(sprites) - 1) * stagger + duration

    def _banner(self, text: str, tone: str = "info", hold: float = 1.1) -> None:
        banner = Banner(text, tone)
        self.view.banners.append(banner)
        fade = 0.2

        def fade_out() -> None:
            self.ambient.to(banner, "alpha", 0.0, fade, tw.ease_in_quad,
                            on_done=lambda: self._drop_banner(banner))

        self.ambient.to(banner, "alpha", 1.0, fade, tw.ease_out_quad)
        if not self.reduced_motion():
            banner.y = 14.0
            self.ambient.to(banner, "y", 0.0, 0.35, tw.ease_out_back)
        self.ambient.after(hold, fade_out)

    def _drop_banner(self, banner: Banner) -> None:
        if banner in self.view.banners:
            self.view.banners.remove(banner)

    # --- dispatch -------------------------------------------------------------------------

    def _handle(self, event: ev.Event) -> None:
        view = self.view
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)
        if type(event) not in _LOG_WHEN_SHOWN:
            view.add_log(describe(event, view.names))

    # --- setup ----------------------------------------------------------------------------

    def _on_RoundStarted(self, event: ev.RoundStarted) -> None:
        view = self.view
        view.round_number = event.round_number
        view.hand_size = event.hand_size
        view.attacker = None
        view.committed = [False, False]
        view.log.clear()
        view.token = float(event.space)
        view.token_rest = event.space
        view.token_height = 0.0
        if self.hide_hands_on_deal:
            view.set_viewer(())
        gathered = [s for s in view.all_sprites()]
        view.hands = [[], []]
        view.duel = [None, None]
        view.showdown = [None, None]
        view.attack, view.responses = [], []
        view.discard_sprites = []
        view.discard_values = []
        gather_time = 0.0
        if gathered and not self.instant:
            gather_time = self._d(SWEEP)
            for sprite in gathered:
                sprite.zone = "returning"
                sprite.mark = None
                sprite.glow = 0.0
                self._fly(sprite, L.DRAW_POS, L.PILE_SCALE, gather_time, 0.0, tw.ease_in_out_cubic)
                if sprite.face_up:
                    self._flip(sprite, False, FLIP * 0.8)
            view.returning = gathered
            self.sound("slide")
        view.draw_count = view.deck_size
        n = event.hand_size
        stagger = self._d(DEAL_STAGGER)
        # [ruling draw_order] the first player's cards come off the deck first; on screen
        # the cards go round the table one at a time, as people deal.
        order = [(seat, i) for i in range(n) for seat in (0, 1)]
        hands: list[list[CardSprite]] = [[], []]
        for seat in (0, 1):
            for _ in range(n):
                hands[seat].append(CardSprite(None, seat, "hand", L.DRAW_POS, L.PILE_SCALE))
        view.hands = hands
        targets = [view.hand_targets(0), view.hand_targets(1)]

        def start_deal() -> None:
            view.returning = []
            for k, (seat, i) in enumerate(order):
                sprite = hands[seat][i]
                side = view.side(seat)
                delay = k * stagger
                self._fly(sprite, targets[seat][i], L.HAND_SCALE[side], self._d(FLY), delay)

                def leave(k: int = k) -> None:
                    view.draw_count -= 1
                    if k % 3 == 0:
                        self.sound("deal")

                self.tweener.after(delay, leave)

        if gather_time > 0:
            self.tweener.after(gather_time, start_deal)
        else:
            start_deal()

    def _on_HandDealt(self, event: ev.HandDealt) -> None:
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

    def _on_ReplacementCommitted(self, event: ev.ReplacementCommitted) -> None:
        self.view.committed[event.seat] = True
        self.sound("click")

    def _on_ReplacementChosen(self, event: ev.ReplacementChosen) -> None:
        chosen = list(event.cards)
        for sprite in self.view.hands[event.seat]:
            if sprite.value in chosen:
                chosen.remove(sprite.value)
                sprite.committed = True

    def _on_Replaced(self, event: ev.Replaced) -> None:
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

    def _on_CardsDrawn(self, event: ev.CardsDrawn) -> None:
        self._draw_cards(event.seat, list(event.cards), 0.0)

    def _draw_cards(self, seat: int, values: list[int | None], delay: float) -> None:
        view = self.view
        side = view.side(seat)
        new = []
        for value in values:
            sprite = CardSprite(value, seat, "hand", L.DRAW_POS, L.PILE_SCALE,
                                face_up=value is not None and seat not in view.face_up_seats)
            self._insert_in_hand(seat, sprite)
            new.append(sprite)
        targets = view.hand_targets(seat)
        stagger = self._d(DEAL_STAGGER)
        k = 0
        for sprite, pos in zip(view.hands[seat], targets, strict=True):
            if sprite in new:
                start = delay + k * stagger
                self._fly(sprite, pos, L.HAND_SCALE[side], self._d(FLY), start)
                if sprite.value is not None and seat in view.face_up_seats:
                    self._flip(sprite, True, FLIP, start + self._d(FLY) * 0.5)

                def leave() -> None:
                    view.draw_count -= 1

                self.tweener.after(start, leave)
                k += 1
            elif sprite.z <= 0:
                self.tweener.to(sprite, "pos", pos, self._d(0.25), tw.ease_out_cubic, delay=delay)
        if values:
            self.tweener.after(delay, lambda: self.sound("deal"))

    # --- duel ---------------------------------------------------------------------------

    def _on_DuelCommitted(self, event: ev.DuelCommitted) -> None:
        view = self.view
        seat = event.seat
        value = None
        if self.queue and isinstance(self.queue[0], ev.DuelChosen) and self.queue[0].seat == seat:
            value = self.queue.popleft().card
        hand = view.hands[seat]
        sprite = None
        if value is not None:
            sprite = next((s for s in hand if s.value == value), None)
        if sprite is None and hand:
            sprite = hand[len(hand) // 2] if value is None else hand[-1]
        if sprite is None:
            sprite = CardSprite(value, seat, "duel", L.hand_slots(view.side(seat), 1)[0],
                                L.HAND_SCALE[view.side(seat)])
        else:
            hand.remove(sprite)
        sprite.selected = False
        sprite.zone = "duel"
        view.duel[seat] = sprite
        view.committed[seat] = True
        self._fly(sprite, L.DUEL_POS[view.side(seat)], L.TABLE_SCALE, self._d(FLY))
        if sprite.face_up:
            self._flip(sprite, False, FLIP)
        self.sound("play")
        self._relayout_hand(seat)

    def _on_DuelRevealed(self, event: ev.DuelRevealed) -> None:
        view = self.view
        sprites = []
        for seat in (0, 1):
            sprite = view.duel[seat]
            if sprite is None:  # resumed mid-duel without the card on screen
                sprite = CardSprite(None, seat, "duel", L.DUEL_POS[view.side(seat)], L.TABLE_SCALE)
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
            view.add_log(describe(event, view.names))
            view.attacker = event.attacker
            if event.attacker is None:
                self._banner(self._tr("tacocat.table.banner.duel_tie"), "info")
            else:
                winner = view.duel[event.attacker]
                if winner is not None:
                    winner.glow = 1.0
                self._banner(self._tr("tacocat.table.banner.attacks",
                                      name=view.names[event.attacker]), "info")

        def sweep() -> None:
            cards = [s for s in view.duel if s is not None]
            view.duel = [None, None]
            self._to_discard(cards, 0.0, 0.05)

        self.tweener.after(flip_time, judged)
        self.tweener.after(flip_time + self._d(REVEAL_PAUSE), sweep)

    # --- play ---------------------------------------------------------------------------

    def _on_Attacked(self, event: ev.Attacked) -> None:
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
            self._fly(sprite, L.play_slot(side, i, count), L.TABLE_SCALE, self._d(FLY), delay)
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
        target = L.response_slot(attacker_side, index, max(1, len(view.attack)))
        self._fly(sprite, target, L.TABLE_SCALE, self._d(FLY))
        if not sprite.face_up or seat not in view.face_up_seats:
            sprite.face_up = False
            self._flip(sprite, True, FLIP)
        self.sound("play")
        self._relayout_hand(seat)

    def _on_Defended(self, event: ev.Defended) -> None:
        self._respond(event.seat, event.card, "defended")

    def _on_Sacrificed(self, event: ev.Sacrificed) -> None:
        self._respond(event.seat, event.card, "sacrificed")

    def _on_TrickWon(self, event: ev.TrickWon) -> None:
        view = self.view
        key = "trick_defence" if event.by_defence else "trick_attack"
        pause = self._d(TRICK_PAUSE)

        def announce() -> None:
            self._banner(self._tr(f"tacocat.table.banner.{key}", name=view.names[event.seat]),
                         "good" if event.by_defence else "info", hold=0.9)

        def sweep() -> None:
            cards = view.attack + view.responses
            view.attack, view.responses = [], []
            view.attacker = event.seat
            self._to_discard(cards, 0.0, 0.04)
            self.sound("slide")

        self.tweener.after(0.12, announce)
        self.tweener.after(pause, sweep)

    # --- end of round -------------------------------------------------------------------

    def _on_ShowdownRevealed(self, event: ev.ShowdownRevealed) -> None:
        view = self.view
        view.attacker = None
        sprites = []
        for seat in (0, 1):
            (sprite,) = self._take_from_hand(seat, (event.cards[seat],))
            sprite.zone = "showdown"
            view.showdown[seat] = sprite
            self._fly(sprite, L.DUEL_POS[view.side(seat)], L.TABLE_SCALE, self._d(FLY))
            if sprite.face_up:
                # Laid face down first, then both turn together.
                self._flip(sprite, False, FLIP * 0.6)
            sprites.append(sprite)
        self.sound("play")
        turn_at = self._d(FLY) + 0.15

        def turn() -> None:
            for sprite in sprites:
                sprite.face_up = False
                self._flip(sprite, True, FLIP * 1.3)
            self.sound("flip")

        def shown() -> None:
            view.add_log(describe(event, view.names))

        self.tweener.after(turn_at, turn)
        self.tweener.after(turn_at + self._d(FLIP * 1.3), shown)
        self.tweener.after(turn_at + self._d(FLIP * 1.3) + 0.35, lambda: None)
        view.last_round = {"round": view.round_number, "showdown": tuple(event.cards),
                           "winner": None, "tie": False, "by_tie_rule": False}

    def _on_RoundWon(self, event: ev.RoundWon) -> None:
        view = self.view
        view.wins[event.seat] += 1
        sprite = view.showdown[event.seat]
        if sprite is not None:
            sprite.glow = 1.0
            sprite.mark = "winner"
        view.last_round.update(winner=event.seat, by_tie_rule=event.by_tie_rule,
                               wins=tuple(view.wins))
        self._banner(self._tr("tacocat.table.banner.round_won", name=view.names[event.seat]),
                     "good", hold=1.4)
        self.sound("round")
        self.tweener.after(self._d(0.6), lambda: None)

    def _on_RoundTied(self, event: ev.RoundTied) -> None:
        view = self.view
        view.last_round.update(tie=True, winner=None, wins=tuple(view.wins),
                               token_from=event.space, token_to=event.space)
        self._banner(self._tr("tacocat.table.banner.round_tied"), "info", hold=1.4)
        self.sound("round")
        self.tweener.after(self._d(0.9), lambda: None)

    def _on_TokenMoved(self, event: ev.TokenMoved) -> None:
        view = self.view
        view.last_round.update(token_from=event.start, token_to=event.end,
                               skipped=tuple(event.skipped))
        steps = abs(event.end - event.start)
        view.token_left = event.end < event.start
        view.token_rest = None
        view.hop_over = () if self.reduced_motion() else tuple(event.skipped)
        self._hop_marks = sorted(float(s) for s in event.skipped)
        if event.end < event.start:
            self._hop_marks.reverse()
        self._last_token = float(event.start)
        duration = self._d(TOKEN_STEP) * max(1, steps) + 0.1
        view.token = float(event.start)

        def arrived() -> None:
            view.token_rest = event.end
            view.hop_over = ()
            view.token_height = 0.0

        self.tweener.to(view, "token", float(event.end), duration, tw.ease_in_out_quad,
                        on_done=arrived)
        self.sound("hop" if event.skipped else "slide")

    def _after_token_step(self) -> None:
        """Hop height follows the token's position; a hop sound as it leaves each tile."""
        view = self.view
        if not view.hop_over:
            view.token_height = 0.0
            self._hop_marks = []
            return
        x = view.token
        height = 0.0
        for space in view.hop_over:
            distance = abs(x - space)
            if distance < 0.75:
                height = max(height, math.cos(math.pi * distance / 1.5) * 34)
        view.token_height = height
        while self._hop_marks:
            mark = self._hop_marks[0]
            crossed = (self._last_token > mark + 0.7 >= x) if view.token_left else (
                self._last_token < mark - 0.7 <= x)
            if not crossed:
                break
            self._hop_marks.pop(0)
            self.sound("hop")
        self._last_token = x

    def _on_TilePlaced(self, event: ev.TilePlaced) -> None:
        view = self.view
        view.tiles_left = event.tiles_left
        reduced = self.reduced_motion()
        tile = FallingTile(event.space, -120.0, 0.0 if reduced else 1.0)
        view.falling_tile = tile
        duration = self._d(TILE_DROP)

        def landed() -> None:
            view.covered = view.covered | {event.space}
            view.falling_tile = None

        easing = tw.ease_out_quad if reduced else tw.ease_out_bounce
        self.tweener.to(tile, "offset", 0.0, duration, easing, on_done=landed)
        if reduced:
            self.tweener.to(tile, "alpha", 1.0, duration, tw.ease_out_quad)
        impact = duration * (0.36 if not reduced else 1.0)
        self.tweener.after(impact, lambda: self.sound("tile"))
        self.tweener.after(duration + self._d(0.25), lambda: None)

    def _on_GameWon(self, event: ev.GameWon) -> None:
        view = self.view
        view.game_winner = event.seat
        self.sound("win")
        self._banner(self._tr("tacocat.table.banner.game_won", name=view.names[event.seat]),
                     "good", hold=2.0)
        if not self.reduced_motion():
            self.confetti(event.seat)
        self.tweener.after(self._d(WIN_PAUSE), lambda: None)

    # --- confetti ---------------------------------------------------------------------------

    def confetti(self, seat: int) -> None:
        """A burst of confetti pieces over ``seat``'s goal."""
        from tacocat.ui.widgets.layout import BOARD_RECT

        board = self.view.board
        goal = -1 if seat == 0 else board.size
        # Screen position of the goal: the board widget is not known here; use the layout.
        scale = BOARD_RECT.width / 1100
        x = BOARD_RECT.x + (95 if goal < 0 else 1100 - 95) * scale
        y = BOARD_RECT.y + 90 * scale
        for _ in range(90):
            angle = self._rng.uniform(-math.pi * 0.9, -math.pi * 0.1)
            speed = self._rng.uniform(180, 520)
            self.view.particles.append(Particle(
                x + self._rng.uniform(-30, 30), y + self._rng.uniform(-20, 20),
                math.cos(angle) * speed, math.sin(angle) * speed, self._rng.uniform(-9, 9),
                self._rng.randrange(6), self._rng.uniform(1.6, 2.8)))

    def _update_particles(self, dt: float) -> None:
        particles = self.view.particles
        if not particles:
            return
        speed = self.speed()
        step = dt * (1.0 if math.isinf(speed) else min(speed, 3.0))
        if math.isinf(speed):
            particles.clear()
            return
        alive = []
        for p in particles:
            p.age += step
            if p.age >= p.life:
                continue
            p.vy += 640 * step
            p.vx *= 1 - 0.9 * step
            p.x += p.vx * step
            p.y += p.vy * step
            p.angle += p.spin * step
            alive.append(p)
        self.view.particles = alive

    # --- text ---------------------------------------------------------------------------

    @staticmethod
    def _tr(key: str, **kwargs: Any) -> str:
        from tacocat.ui.i18n import tr

        return tr(key, **kwargs)
