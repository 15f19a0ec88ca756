"""A real deadline for a decision, checked inside long searches.

A sampling loop checks it between samples, and the exact solver checks it
every few hundred positions (:attr:`Deadline.CHECK_EVERY`), so a single long
solve cannot run past it: :meth:`Deadline.check` raises :class:`DeadlineExpired`,
and the caller answers with the work it has finished.

The clock is injectable, so tests can expire a deadline at an exact point
without depending on the machine's speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class DeadlineExpired(Exception):
    """The decision's time is up: stop searching and answer with what is known."""


class Deadline:
    """A point in time on ``clock`` after which work must stop.

    Args:
        seconds: time allowed from now; None never expires (deterministic runs).
        clock: a monotonic clock in seconds (``time.perf_counter`` by default).
    """

    #: Solver positions between two looks at the clock (a look costs ~0.1 µs
    #: of the ~2 µs a position costs, so the check is nearly free).
    CHECK_EVERY = 256

    def __init__(
        self, seconds: float | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.clock = clock
        self.at = None if seconds is None else clock() + seconds
        #: How many times the clock was read (tests assert the check is reached).
        self.checks = 0

    @classmethod
    def never(cls) -> Deadline:
        return cls(None)

    def expired(self) -> bool:
        """Whether the time is up (reads the clock)."""
        if self.at is None:
            return False
        self.checks += 1
        return self.clock() >= self.at

    def check(self) -> None:
        """Raise :class:`DeadlineExpired` when the time is up."""
        if self.expired():
            raise DeadlineExpired

    def share(self, fraction: float) -> Deadline:
        """A deadline ``fraction`` of the time left from now (on the same clock)."""
        left = self.remaining()
        return Deadline(None if left is None else left * fraction, self.clock)

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a deadline."""
        if self.at is None:
            return None
        return max(0.0, self.at - self.clock())
