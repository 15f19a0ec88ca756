"""The hard level's lab variants: other opponent models and a pure duel.

Each is the product :class:`~tacocat.ai.hard.HardBot` with one of its choices
made otherwise, by overriding the method that makes it - never a switch in
the product. With its defaults :class:`LabHard` plays exactly as the hard
level (``tests/ai/test_tournament_players.py`` holds it to that).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from bench.lab.searcher_model import mixed_likelihood
from tacocat.ai import make_bot
from tacocat.ai.clues import play_clues
from tacocat.ai.hard import HardBot
from tacocat.ai.model import (
    FIRM,
    ModelFit,
    ReplaceClue,
    clue_weigher,
    opponent_model,
    replace_clue,
)
from tacocat.rules import Action, DuelCard, Observation

Hand = tuple[int, ...]

#: The clues a lab model may read: the replacement alone, or every choice.
CLUES = ("replace", "all")
#: The model of issue #20's first measurement: tilts the deals at most 10 : 1.
SOFT = ModelFit()


def lab_model(
    observation: Observation, clues: str = "all", fit: ModelFit = FIRM, searcher: float = 0.0
) -> Callable[[Hand], float] | None:
    """The opponent model reading ``clues`` with ``fit``, a ``searcher`` share of
    its replacement a searching player's (:mod:`bench.lab.searcher_model`)."""
    if clues not in CLUES:
        raise ValueError(f"clues must be one of {CLUES}, not {clues!r}")
    if clues == "all" and not searcher:
        return opponent_model(observation, fit)
    replaced = replace_clue(observation)
    played = play_clues(observation) if clues == "all" else ()
    if replaced is None and not played:
        return None

    def replacement_fits(clue: ReplaceClue, hand: Hand, stray: float) -> float:
        return mixed_likelihood(clue, hand, stray, searcher)

    return clue_weigher(played, replaced, fit, replacement_fits)


class LabHard(HardBot):
    """The hard level with another opponent model or a pure duel.

    Args:
        clues: ``"all"`` (the hard level's) or ``"replace"``: its replacement only.
        fit: how firmly the model believes a sound player (:class:`~tacocat.ai.model.ModelFit`).
        searcher: the share of the opponent's replacements believed a searching
            player's, in [0, 1).
        mixed_duel: False: duel the best-valued card rather than one drawn among
            the near-best (:mod:`tacocat.ai.mixed`).
        options: the product's (:class:`~tacocat.ai.hard.HardBot`).
    """

    def __init__(
        self,
        *,
        clues: str = "all",
        fit: ModelFit = FIRM,
        searcher: float = 0.0,
        mixed_duel: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        if clues not in CLUES or not 0.0 <= searcher < 1.0:
            raise ValueError(
                f"clues must be one of {CLUES} and searcher in [0, 1): {clues!r}, {searcher}"
            )
        self.clues, self.fit, self.searcher, self.mixed_duel = clues, fit, searcher, mixed_duel

    def weigher(self, observation: Observation) -> Callable[[Hand], float] | None:
        return lab_model(observation, self.clues, self.fit, self.searcher) if self.model else None

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if self.mixed_duel or len(legal) == 1 or not isinstance(legal[0], DuelCard):
            return super().choose(observation, legal, rng)
        return self.analyse(observation, legal, rng).best


#: The variants by tournament name: the kind (``"lab"`` for :class:`LabHard`,
#: else a level of ``make_bot``) and its options. The hard level without its
#: opponent model (the model's attribution), reading the replacement only, or
#: how firmly (``SOFT`` the first model; the hard level's is ``FIRM``), with a
#: searching player's replacement mixed in; its duel always the best-valued
#: card; its replacement's earlier sample counts; medium over more deals.
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "hard-nomodel": ("hard", {"model": False}),
    "hard-model-replace": ("lab", {"clues": "replace"}),
    "hard-soft": ("lab", {"fit": SOFT}),
    "hard-sharp": ("lab", {"fit": ModelFit(0.05, 0.02)}),
    "hard-sharper": ("lab", {"fit": ModelFit(0.02, 0.01)}),
    "hard-sharpest": ("lab", {"fit": ModelFit(0.01, 0.004)}),
    "hard-searcher": ("lab", {"searcher": 0.35}),
    "hard-pure-duel": ("lab", {"mixed_duel": False}),
    "hard-replace-64": ("hard", {"replace_samples": 64, "screen_samples": 32, "finalists": 4}),
    "medium-3": ("medium", {"play_samples": 3}),
    "medium-4": ("medium", {"play_samples": 4}),
}


def variant(name: str, **options: Any) -> Any:
    """The player :data:`VARIANTS` names ``name``, with ``options`` (sample counts,
    a time budget) on top of its own."""
    kind, own = VARIANTS[name]
    player = LabHard(**own, **options) if kind == "lab" else make_bot(kind, **own, **options)
    player.name = name
    return player
