"""Time-based animation: easing functions, tweens and a keyed tweener.

Pure Python (no pygame): everything is a function of elapsed seconds, so a
frame-rate change never changes how long an animation lasts.

* An *easing* maps progress ``t`` in [0, 1] to an eased progress (0 at the
  start, 1 at the end; ``ease_out_back`` overshoots on the way).
* A :class:`Tween` moves a float or an ``(x, y, ...)`` tuple / Vector2-like
  value from ``start`` to ``end`` over ``duration`` seconds after ``delay``.
* A :class:`Tweener` runs many tweens keyed by ``(target, attribute)``: a new
  tween on the same attribute replaces the old one (animations never fight),
  and :meth:`Tweener.skip_all` snaps everything to its end. Its ``speed``
  multiplies time; ``math.inf`` means *instant*: every tween completes on its
  first update.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

Easing = Callable[[float], float]
#: A tweenable value: a number or a fixed-length sequence of numbers.
Value = float | Sequence[float]
SpeedSource = float | Callable[[], float]


# --- Easing functions (Robert Penner's classics) ---------------------------------


def linear(t: float) -> float:
    """No easing: constant speed."""
    return t


def ease_in_quad(t: float) -> float:
    """Start slow, accelerate."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Start fast, decelerate."""
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_in_cubic(t: float) -> float:
    """Like quad, more pronounced."""
    return t * t * t


def ease_out_cubic(t: float) -> float:
    """Fast start, long gentle landing: the default for cards sliding in."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends, more pronounced than quad."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoot a little past the end, then settle: playful for pop-ins."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Land with decreasing bounces (the token hopping onto a space)."""
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


#: Easings by name, for data-driven animation choices.
EASINGS: dict[str, Easing] = {
    fn.__name__: fn
    for fn in (
        linear,
        ease_in_quad,
        ease_out_quad,
        ease_in_out_quad,
        ease_in_cubic,
        ease_out_cubic,
        ease_in_out_cubic,
        ease_out_back,
        ease_out_bounce,
    )
}


def lerp(start: Value, end: Value, amount: float) -> float | tuple[float, ...]:
    """Interpolate numbers or same-length sequences; sequences come back as tuples."""
    if isinstance(start, (int, float)) and isinstance(end, (int, float)):
        return start + (end - start) * amount
    a, b = tuple(start), tuple(end)  # type: ignore[arg-type]
    if len(a) != len(b):
        raise ValueError(f"cannot tween between {len(a)} and {len(b)} components")
    return tuple(x + (y - x) * amount for x, y in zip(a, b, strict=True))


# --- Tween ----------------------------------------------------------------------


class Tween:
    """One value moving from ``start`` to ``end``.

    The value stays at ``start`` during ``delay``, then follows ``easing`` for
    ``duration`` seconds. A duration of 0 jumps to ``end`` on the first update
    after the delay. ``on_done`` is called once, when the tween completes
    (by time or by :meth:`finish`).
    """

    __slots__ = ("start", "end", "duration", "easing", "delay", "on_done", "elapsed", "_done")

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        lerp(start, end, 0.0)  # fail early on mismatched shapes
        self.start = start
        self.end = end
        self.duration = float(duration)
        self.easing = easing
        self.delay = float(delay)
        self.on_done = on_done
        self.elapsed = 0.0
        self._done = False

    @property
    def done(self) -> bool:
        """True once the tween has reached its end value."""
        return self._done

    @property
    def progress(self) -> float:
        """Linear progress in [0, 1], delay excluded."""
        if self._done:
            return 1.0
        active = self.elapsed - self.delay
        if active <= 0:
            return 0.0
        if self.duration == 0:
            return 1.0
        return min(1.0, active / self.duration)

    @property
    def value(self) -> float | tuple[float, ...]:
        """The current (eased) value; exactly ``end`` once done."""
        if self._done:
            return lerp(self.end, self.end, 0.0)
        return lerp(self.start, self.end, self.easing(self.progress))

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds (``math.inf`` finishes); returns :attr:`done`."""
        if self._done:
            return True
        if dt < 0 or math.isnan(dt):
            raise ValueError(f"dt must be a non-negative number, got {dt}")
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self._complete()
        return self._done

    def finish(self) -> None:
        """Snap to the end value now (and fire ``on_done`` if not fired yet)."""
        if not self._done:
            self.elapsed = self.delay + self.duration
            self._complete()

    def _complete(self) -> None:
        self._done = True
        if self.on_done is not None:
            callback, self.on_done = self.on_done, None
            callback()


# --- Tweener --------------------------------------------------------------------


def _coerce(template: Any, value: float | tuple[float, ...]) -> Any:
    """Give a tweened value the type of the attribute it replaces (Vector2 stays Vector2)."""
    if isinstance(value, tuple) and not isinstance(template, tuple) and template is not None:
        try:
            return type(template)(value)
        except (TypeError, ValueError):
            return value
    return value


class Tweener:
    """Runs keyed tweens on object attributes, plus simple timers.

    ``speed`` multiplies elapsed time (2.0 = twice as fast); it may be a
    callable read at every update, so a live settings change applies at once.
    A speed of ``math.inf`` is *instant*: every tween and timer completes on
    its first update.
    """

    def __init__(self, speed: SpeedSource = 1.0) -> None:
        self._speed = speed
        # key -> (target, attribute, tween); target None for free-standing tweens
        self._tweens: dict[tuple[int, str], tuple[Any, str, Tween]] = {}
        self._timers: list[Tween] = []

    @property
    def speed(self) -> float:
        """The current time multiplier (``math.inf`` = instant)."""
        return self._speed() if callable(self._speed) else self._speed

    @speed.setter
    def speed(self, value: SpeedSource) -> None:
        self._speed = value

    def to(
        self,
        target: Any,
        attribute: str,
        end: Value,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        start: Value | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Tween ``target.attribute`` to ``end``, replacing any tween already on it.

        ``start`` defaults to the attribute's current value, so a replaced tween
        continues smoothly from wherever it had got to. The replaced tween's
        ``on_done`` is not called.
        """
        if start is None:
            start = getattr(target, attribute)
        tween = Tween(start, end, duration, easing, delay, on_done)
        self._tweens[(id(target), attribute)] = (target, attribute, tween)
        return tween

    def after(self, delay: float, callback: Callable[[], None]) -> Tween:
        """Call ``callback`` after ``delay`` (scaled) seconds: a timeline step."""
        timer = Tween(0.0, 1.0, 0.0, linear, delay, callback)
        self._timers.append(timer)
        return timer

    def get(self, target: Any, attribute: str) -> Tween | None:
        """The running tween on ``target.attribute``, if any."""
        entry = self._tweens.get((id(target), attribute))
        return entry[2] if entry is not None else None

    def cancel(self, target: Any, attribute: str | None = None) -> None:
        """Stop tweens on ``target`` (one attribute or all) where they are."""
        for key in list(self._tweens):
            entry = self._tweens[key]
            if entry[0] is target and (attribute is None or entry[1] == attribute):
                del self._tweens[key]

    def is_animating(self) -> bool:
        """True while any tween or timer is pending."""
        return bool(self._tweens or self._timers)

    def __len__(self) -> int:
        return len(self._tweens) + len(self._timers)

    def update(self, dt: float) -> None:
        """Advance everything by ``dt`` real seconds times :attr:`speed`."""
        speed = self.speed
        self._advance(math.inf if math.isinf(speed) else dt * speed)

    def skip_all(self, max_rounds: int = 100) -> None:
        """Snap every tween to its end and fire every timer, including the ones
        that callbacks start along the way (up to ``max_rounds`` chained steps)."""
        for _ in range(max_rounds):
            if not self.is_animating():
                return
            self._advance(math.inf)

    def _advance(self, scaled: float) -> None:
        # Snapshots: callbacks may start new tweens, which wait for the next pass.
        for key, (target, attribute, tween) in list(self._tweens.items()):
            tween.update(scaled)
            setattr(target, attribute, _coerce(getattr(target, attribute, None), tween.value))
            if tween.done and self._tweens.get(key, (None, None, None))[2] is tween:
                del self._tweens[key]
        for timer in list(self._timers):
            timer.update(scaled)
            if timer.done and timer in self._timers:
                self._timers.remove(timer)
