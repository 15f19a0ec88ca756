"""Rate limits: token buckets, one per connection and one per address and kind of request."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Bucket:
    """``rate`` tokens a second, at most ``burst`` saved up; a request takes one."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def take(self) -> float:
        """0 when the request may go ahead (a token is spent), else the seconds to wait."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def full(self) -> bool:
        """Whether the bucket has refilled (nothing to remember about its owner)."""
        return self.tokens + (self.clock() - self.stamp) * self.rate >= self.burst


class AddressLimits:
    """Buckets per (address, kind), forgotten once full again (bounded memory)."""

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60
        self.burst = per_minute
        self.clock = clock
        self._buckets: dict[tuple[str, str], Bucket] = {}

    def take(self, address: str, kind: str) -> float:
        key = (address, kind)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 100_000:
                self.forget_full()
            bucket = self._buckets[key] = Bucket(self.rate, self.burst, self.clock)
        return bucket.take()

    def forget_full(self) -> None:
        self._buckets = {key: b for key, b in self._buckets.items() if not b.full()}
