"""Pausing Python's cyclic garbage collector around a search.

The searches allocate millions of small tuples and build no reference
cycles, so a cyclic collection in the middle of one finds nothing to free;
measured, the collections cost about 15 % of a decision (``bench/ai_speed.py``).
Reference counting still frees everything at once; the collector is switched
back on (if it was on) as soon as the outermost search ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off (nests; restores its state)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
