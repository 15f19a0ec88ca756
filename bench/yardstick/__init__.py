"""Frozen copies of AI levels, kept as yardsticks for later tournaments.

A yardstick never changes: ``python -m bench.ai_tournament --p2 hard-2026-12`` plays
the current hard level against the hard level as it was in December 2026
(issue #20's starting point), whatever the code in ``tacocat/ai`` becomes.
Only the rules (``tacocat.rules``) are shared with the live code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench.yardstick.hard_2026_12 import HardBot as Hard2026_12

#: Player names a tournament accepts for the frozen levels, and their factories.
YARDSTICKS: dict[str, Callable[[], Any]] = {"hard-2026-12": Hard2026_12}
