"""Rate limits: token buckets, one per connection and one per address and kind of request,
and what counts as one address (an IPv6 /64, a proxy's client)."""

from __future__ import annotations

import ipaddress
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


def address_key(host: str) -> str:
    """The address limits count by: an IPv4 address (also when IPv4-mapped), or the /64 an
    IPv6 address is in (one subscriber is usually given a whole /64)."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def client_host(peer: str, forwarded_for: str | None, trusted_proxies: frozenset[str]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy (a TLS
    terminator on the same machine), the last address it put in ``X-Forwarded-For``."""
    if peer in trusted_proxies and forwarded_for:
        last = forwarded_for.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return peer
