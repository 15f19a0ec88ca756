"""The hard level exactly as it was on 1 December 2026 (before issue #20's work).

A verbatim copy of ``tacocat/ai/{hard,replacement,duel,solver,sampling,playout,
heuristic,deadline}.py`` at commit c82af18, with only the imports made
relative (and sorted) so it cannot pick up later changes. Do not edit: it is a yardstick
(``python -m bench.ai_tournament --p2 hard-2026-12``) and the "old" side of
``bench/ai_speed.py`` and of the equivalence tests in ``tests/ai``.
"""

from __future__ import annotations

from .deadline import Deadline
from .hard import HardBot as _HardBot
from .solver import Solver


class HardBot(_HardBot):
    """Today's hard level under its own player name."""

    name = "hard-2026-12"


__all__ = ["Deadline", "HardBot", "Solver"]
