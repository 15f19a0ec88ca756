"""The animator's machinery: the event queue, the tweeners, and the moves every
event's animation is made of (fly, flip, deal into a hand, discard, banner).

:class:`Motion` plays queued events one at a time: the next starts only when the
previous one's tweens and timers are done. Every motion is a tween
(:mod:`tacocat.ui.stage.tween`) whose speed follows the app's animation speed
(``math.inf`` is instant). Cosmetic motion (banners, confetti) runs on a
separate tweener that never holds up input. *What* each event does on screen
is in :mod:`.deal`, :mod:`.play` and :mod:`.round_end`; *when* a sound plays
or a log line appears is decided here and there, through the ``sound`` and
``narrate`` callbacks (the scene plays the sound and words the line).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from tacocat.rules import events as ev
from tacocat.ui.stage import tween as tw
from tacocat.ui.table import confetti, resting
from tacocat.ui.table.resting import Place
from tacocat.ui.table.view import Banner, TableView
from tacocat.ui.widgets.cards import CardSprite, Zone
from tacocat.ui.widgets.tones import BannerTone

# Durations in seconds at speed 1.
FLY = 0.36
DEAL_STAGGER = 0.075
FLIP = 0.3
#: The hot-seat hand-over: the new viewer's cards widen from their edge.
HAND_OPEN = 0.18
#: A banner's fade in and out.
BANNER_FADE = 0.2
#: A card laid on the play mat lands with a "thump": it swells by this much, then settles.
THUMP_SCALE = 1.12
THUMP_TIME = (0.06, 0.16)
#: Where a landing card thumps (not a hand, not a pile).
THUMP_ZONES: frozenset[Zone] = frozenset({"duel", "attack", "response", "showdown"})
#: Reveals whose log line waits until the cards have turned (the log never runs ahead).
_LOG_WHEN_SHOWN = (ev.DuelRevealed, ev.ShowdownRevealed)


class Animation(Protocol):
    """What one kind of event looks like (:data:`.animator.HANDLERS` lists them)."""

    @property
    def kind(self) -> type[ev.Event]:
        """The events it animates."""

    def play(self, motion: Motion, event: ev.Event) -> None:
        """Start ``event``'s animation on ``motion``'s view."""


class Motion:
    """Plays events into a :class:`~tacocat.ui.table.view.TableView`.

    :param view: the view model to update.
    :param speed: returns the animation speed multiplier (``math.inf`` = instant).
    :param sound: plays a named effect (the scene hands it to the app's audio).
    :param narrate: called when an event is shown, for the round log.
    :param reduced_motion: returns True for fades instead of bounces and no confetti.
    :param visible_seats: seats whose private events arrive (their draws are
        shown by ``CardsDrawn``; other seats' draws are inferred from ``Replaced``).
    :param hide_hands_on_deal: hot-seat: every hand goes face down at a new deal,
        until the pass-the-device screen names who looks.
    :param pause_before: asked before each event; returning True holds the
        queue (the table shows the round result) until :meth:`resume`.
    """

    def __init__(
        self,
        view: TableView,
        *,
        speed: Callable[[], float],
        sound: Callable[[str], None],
        narrate: Callable[[ev.Event], None],
        reduced_motion: Callable[[], bool],
        visible_seats: frozenset[int],
        hide_hands_on_deal: bool = False,
        pause_before: Callable[[ev.Event], bool] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.view = view
        self.speed = speed
        self.sound = sound
        self.narrate = narrate
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
        self._last_token = view.track.position
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
        return (
            self.tweener.is_animating()
            or self.ambient.is_animating()
            or bool(v.particles)
            or bool(v.banners)
            or (bool(self.queue) and not self.held)
        )

    def _update_particles(self, dt: float) -> None:
        if self.view.particles:
            self.view.particles = confetti.step(self.view.particles, dt, self.speed())

    def _after_token_step(self) -> None:
        """Overridden where Tacocat moves (the hop follows the token each frame)."""

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
        self._play_queue()
        if self.instant and self.ambient.is_animating():
            self.ambient.skip_all()

    def _play_queue(self) -> None:
        """Start the queued events, one after the other as each one's motion ends."""
        guard = 0
        while not self.tweener.is_animating() and self.queue and not self.held and guard < 500:
            guard += 1
            event = self.queue[0]
            if (
                self.pause_before is not None
                and event is not self._paused_for
                and self.pause_before(event)
            ):
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

    # --- helpers --------------------------------------------------------------------------

    def _d(self, seconds: float) -> float:
        """A duration, shortened under reduced motion."""
        return seconds * (0.6 if self.reduced_motion() else 1.0)

    def _fly(
        self,
        sprite: CardSprite,
        place: Place,
        duration: float,
        delay: float = 0.0,
        easing: tw.Easing = tw.ease_out_cubic,
    ) -> None:
        """Fly ``sprite`` to ``place`` (from :mod:`.resting`), above the cards at rest."""
        pos, scale = place.pos, place.scale
        self.view.flying += 1
        sprite.z = self.view.flying

        thump = sprite.zone in THUMP_ZONES and not self.reduced_motion()

        def landed() -> None:
            sprite.z = 0
            if thump:
                self.pulse(sprite, scale, THUMP_SCALE, THUMP_TIME)

        self.tweener.to(sprite, "pos", pos, duration, easing, delay=delay, on_done=landed)
        if sprite.lift and sprite.zone != "hand":
            self.tweener.to(sprite, "lift", 0.0, duration, easing, delay=delay)
        if abs(sprite.scale - scale) > 1e-3:
            self.tweener.to(sprite, "scale", scale, duration, easing, delay=delay)

    def pulse(
        self, sprite: CardSprite, scale: float, factor: float, times: tuple[float, float]
    ) -> None:
        """Swell ``sprite`` to ``scale * factor`` and settle back to ``scale`` (the thump, the
        trick winner's emphasis). The caller leaves it out under reduced motion."""

        def settle() -> None:
            self.tweener.to(sprite, "scale", scale, times[1], tw.ease_out_quad)

        self.tweener.to(sprite, "scale", scale * factor, times[0], tw.ease_out_quad, on_done=settle)

    def _flip(
        self, sprite: CardSprite, face_up: bool, duration: float = FLIP, delay: float = 0.0
    ) -> None:
        """Turn a card over: narrow to an edge, swap the side, widen again."""
        if sprite.face_up == face_up:
            return
        half = self._d(duration) / 2

        def swap() -> None:
            sprite.face_up = face_up
            self.tweener.to(sprite, "flip", 1.0, half, tw.ease_out_quad)

        self.tweener.to(sprite, "flip", 0.0, half, tw.ease_in_quad, delay=delay, on_done=swap)

    def open_hand(self, seat: int) -> None:
        """Hot-seat hand-over: ``seat``'s cards, already face up, widen from their edge
        (a quick cosmetic turn that never holds up input) with the flip's sound."""
        for sprite in self.view.hands[seat]:
            sprite.flip = 0.0 if not self.instant else 1.0
            self.ambient.to(sprite, "flip", 1.0, HAND_OPEN)
        self.sound("flip")

    def _relayout_hand(self, seat: int, duration: float = 0.25) -> None:
        """Close up ``seat``'s hand after a card left it."""
        for sprite, place in zip(
            self.view.hands[seat], resting.hand_places(self.view, seat), strict=True
        ):
            if sprite.z > 0:
                continue  # still landing: its own flight ends at the right place
            pos = place.pos
            if abs(sprite.pos[0] - pos[0]) > 0.5 or abs(sprite.pos[1] - pos[1]) > 0.5:
                self.tweener.to(sprite, "pos", pos, self._d(duration), tw.ease_out_cubic)
            sprite.scale = place.scale

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
                place = resting.hand(self.view.side(seat), 0, 1)
                pick = CardSprite(value, seat, "hand", place.pos, place.scale)
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

    def _to_discard(
        self, sprites: Sequence[CardSprite], delay: float = 0.0, stagger: float = 0.06
    ) -> float:
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
            self._fly(
                sprite, resting.DISCARD_PILE.shifted(*jitter), duration, start, tw.ease_in_out_cubic
            )
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

    def _banner(self, text: str, tone: BannerTone = "info", hold: float = 1.1) -> float:
        """Show a banner (it never holds up input); returns when it has faded out."""
        banner = Banner(text, tone)
        self.view.banners.append(banner)
        fade = BANNER_FADE

        def fade_out() -> None:
            self.ambient.to(
                banner,
                "alpha",
                0.0,
                fade,
                tw.ease_in_quad,
                on_done=lambda: self._drop_banner(banner),
            )

        self.ambient.to(banner, "alpha", 1.0, fade, tw.ease_out_quad)
        if not self.reduced_motion():
            banner.y = 14.0
            self.ambient.to(banner, "y", 0.0, 0.35, tw.ease_out_back)
        self.ambient.after(hold, fade_out)
        return hold + fade

    def _drop_banner(self, banner: Banner) -> None:
        if banner in self.view.banners:
            self.view.banners.remove(banner)

    # --- dispatch -------------------------------------------------------------------------

    def animation_for(self, event: ev.Event) -> Animation | None:
        """The animation ``event`` plays (the :class:`~.animator.Animator` answers from its
        table; the bare machinery animates nothing)."""
        return None

    def _handle(self, event: ev.Event) -> None:
        self.view.book.feed(event)
        animation = self.animation_for(event)
        if animation is not None:
            animation.play(self, event)
        if type(event) not in _LOG_WHEN_SHOWN:
            self.narrate(event)
