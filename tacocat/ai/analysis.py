"""The public analysis API: every action's chance of winning the round.

    from tacocat.ai.analysis import analyse
    ranked = analyse(observation, legal, deadline=1.0)
    # [(action, round_win_probability), ...], best first

It is the hard level's own analysis (:class:`~tacocat.ai.hard.HardBot`), so
the hint button (:mod:`tacocat.ai.hints`) and a later game review (which rates
a played move against the best one) see the same numbers. To rate a move
that the analysis might not weigh by itself (a replacement values only its
most promising discards), pass it in ``actions``.

Sampling is seeded from the observation itself (:func:`observation_seed`, a
stable hash - not Python's salted ``hash()``), so the same position gives the
same answer in every run, unless the deadline cuts the sampling short.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.deadline import Deadline
from tacocat.ai.hard import Analysis, HardBot
from tacocat.ai.seeding import observation_seed
from tacocat.rules import Action, Observation

__all__ = ["analyse", "analysis_of", "observation_seed", "shared_bot"]

_SHARED: HardBot | None = None


def shared_bot() -> HardBot:
    """The process's analysis bot (its solver tables are reused between calls)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = HardBot(time_budget=None)
    return _SHARED


def analysis_of(
    observation: Observation,
    legal: Sequence[Action],
    *,
    deadline: float | Deadline | None = None,
    seed: int | None = None,
    actions: Sequence[Action] = (),
    bot: HardBot | None = None,
) -> Analysis:
    """The full :class:`~tacocat.ai.hard.Analysis` behind :func:`analyse`."""
    if not legal:
        raise ValueError("there is no legal action to analyse")
    bot = bot or shared_bot()
    if not isinstance(deadline, Deadline):
        deadline = Deadline(deadline, bot.clock)
    rng = random.Random(observation_seed(observation) if seed is None else seed)
    return bot.analyse(observation, legal, rng, deadline=deadline, must=actions)


def analyse(
    observation: Observation,
    legal: Sequence[Action],
    *,
    deadline: float | Deadline | None = None,
    seed: int | None = None,
    actions: Sequence[Action] = (),
    bot: HardBot | None = None,
) -> list[tuple[Action, float]]:
    """Each analysed action with its estimated chance of winning the round
    (a tie counting half), best first.

    Args:
        observation, legal: the seat's view and its legal actions.
        deadline: seconds (or a :class:`Deadline`) after which sampling stops
            and the samples finished so far are used; None: no limit.
        seed: the sampling seed; None seeds from the observation.
        actions: actions that must be valued (e.g. the move a player made).
        bot: the :class:`HardBot` whose sample counts to use.
    """
    return analysis_of(
        observation, legal, deadline=deadline, seed=seed, actions=actions, bot=bot
    ).ranked()
