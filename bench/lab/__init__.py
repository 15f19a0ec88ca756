"""The AI lab: variants of the hard level that were measured, not shipped.

The product levels live in ``tacocat/ai`` and take only what they play with
(time budget, sample counts, a clock, the opponent model on or off). What
issue #20 tried and kept as an instrument lives here, as bench players:

* :class:`~bench.lab.hard.LabHard` - the hard level with another opponent
  model (which clues, how firmly, a searching player's replacement mixed in)
  or a pure duel (always the best-valued card);
* :data:`~bench.lab.hard.VARIANTS` - those players by tournament name
  (``bench/ai_tournament.py``);
* :mod:`bench.lab.searcher_model` and its fitted table
  (``bench/searcher_replace.py``).

Their figures are in docs/ai.md ("History").
"""

from __future__ import annotations

from bench.lab.hard import VARIANTS, LabHard, variant

__all__ = ["VARIANTS", "LabHard", "variant"]
