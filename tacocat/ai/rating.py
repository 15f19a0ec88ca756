"""Rating one decision for the game review: the move played against the best, by a paired test.

The hard level's analysis values every action on *common samples* of the
hidden cards (:attr:`~tacocat.ai.hard.Analysis.rows`), so two actions are
compared sample by sample: the difference's mean is the cost and its standard
error says how sure that is. A plain "best average minus played" overstates
costs - the best of several noisy averages is usually lucky - and issue #20
measured 29 % of the review's "mistakes" costing under 10 points. Here:

* the **better move** shown is the action whose gain over the move played is
  largest *after* :data:`DOUBT` standard errors are taken off (the move
  played itself when none gains surely: then the cost is 0);
* its **cost** is the mean gain, with its standard error (``error``), which
  the review uses to mark a mistake only when it is significant
  (:func:`significant`);
* a decision whose mark the noise could flip is **valued again** on
  :data:`ESCALATE` times the samples (:func:`needs_more`);
* a replacement whose cost may be a mistake's (:func:`may_reach`) is
  **confirmed** on fresh samples (:func:`confirming`, :func:`confirmed`): its
  better move was picked as the largest of several finalists' gains on the
  same samples, so that gain is the luckiest of several and overstated, the
  more so the more finalists. Valued again on independent deals, only the two
  moves, its cost is not (measured: docs/ai.md, "How far to trust it").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tacocat.ai.hard import Analysis, HardBot
from tacocat.rules import Action

#: Standard errors taken off a move's gain before it is shown as better
#: (half of one: measured, one cost recall and bought no fewer wrong "better moves").
DOUBT = 0.5
#: One-sided 95 %: a mistake's cost must exceed MIN_COST by this many standard errors.
Z = 1.645
#: Points below which a move is not worth calling a mistake, whatever its mean.
MIN_COST = 5.0
#: How many times the samples a decision gets when its mark is in doubt.
ESCALATE = 3
#: How many times the first exact samples a replacement that may be a mistake is confirmed on.
CONFIRM = 8


@dataclass(frozen=True, slots=True)
class Rating:
    """The better move and the chances (round-win probabilities) of both moves.

    ``error`` is the standard error of ``best_chance - played_chance`` (0 when
    the analysis kept no per-sample values); ``upper`` the largest gain over
    the move played that any action could plausibly have (its mean gain plus
    :data:`Z` standard errors): a doubtful decision has a small cost but a
    large ``upper``.
    """

    best: Action
    played_chance: float
    best_chance: float
    error: float = 0.0
    upper: float = 0.0


def _paired(rows: tuple[tuple[float, ...], ...], i: int, p: int) -> tuple[float, float]:
    """Mean and standard error of ``row[i] - row[p]`` over the samples."""
    n = len(rows)
    diffs = [row[i] - row[p] for row in rows]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, spread / math.sqrt(n)


def rating_of(analysis: Analysis, played: Action) -> Rating:
    """Rate ``played`` (which must be among ``analysis.actions``); see the module's docstring."""
    rows, actions = analysis.rows, analysis.actions
    p = actions.index(played)
    if len(rows) < 2:  # no per-sample values (no sample finished): the plain averages
        plain = analysis.best
        return Rating(plain, analysis.value_of(played), analysis.value_of(plain))
    best, top, upper = p, 0.0, 0.0
    for i in range(len(actions)):
        if i != p:
            gain, error = _paired(rows, i, p)
            upper = max(upper, gain + Z * error)
            if gain - DOUBT * error > top + 1e-12:
                best, top = i, gain - DOUBT * error
    n = len(rows)
    played_chance = sum(row[p] for row in rows) / n
    if best == p:
        return Rating(played, played_chance, played_chance, 0.0, upper)
    gain, error = _paired(rows, best, p)
    return Rating(actions[best], played_chance, played_chance + gain, error, upper)


def confirmed(rating: Rating, analysis: Analysis, played: Action) -> Rating:
    """``rating`` with its better move's gain over ``played`` valued again on
    ``analysis`` (fresh samples of both moves): the better move is kept only if it
    still gains surely (:data:`DOUBT`), with the fresh cost and error. ``rating``
    itself when the analysis kept fewer than two samples."""
    rows, actions = analysis.rows, analysis.actions
    if len(rows) < 2 or rating.best == played:
        return rating
    p, b = actions.index(played), actions.index(rating.best)
    played_chance = sum(row[p] for row in rows) / len(rows)
    gain, error = _paired(rows, b, p)
    if gain - DOUBT * error <= 1e-12:
        return Rating(played, played_chance, played_chance, 0.0, rating.upper)
    return Rating(rating.best, played_chance, played_chance + gain, error, rating.upper)


def may_reach(rating: Rating, threshold: float) -> bool:
    """Whether the better move's gain over the move played may be ``threshold``
    points or more: its cost plus :data:`Z` standard errors (never with no better move)."""
    cost, error = 100 * (rating.best_chance - rating.played_chance), 100 * rating.error
    return cost > 0 and cost + Z * error >= threshold


def significant(cost: float, error: float) -> bool:
    """Whether a cost (points) exceeds :data:`MIN_COST` by :data:`Z` standard errors (points)."""
    return cost - Z * error >= MIN_COST


def needs_more(rating: Rating, threshold: float) -> bool:
    """Whether the noise could put the decision's cost on either side of
    ``threshold`` (points): the cost is below it surely, or some action may gain that much."""
    cost, error = 100 * (rating.best_chance - rating.played_chance), 100 * rating.error
    return cost - Z * error < threshold <= 100 * rating.upper


def scaled(bot: HardBot, factor: int) -> HardBot:
    """A bot like ``bot`` on ``factor`` times its samples (twice the screening, two more finalists)."""
    return HardBot(
        time_budget=None,
        play_samples=bot.play_samples * factor,
        duel_samples=bot.duel_samples * factor,
        replace_samples=bot.replace_samples * factor,
        screen_samples=bot.screen_samples * 2,
        finalists=bot.finalists + 2,
        clock=bot.clock,
        model=bot.model,
    )


def confirming(bot: HardBot, factor: int = CONFIRM) -> HardBot:
    """A bot like ``bot`` that values a replacement's named discards only (and the
    heuristic's), on ``factor`` times its exact samples: no screening, no finalists."""
    exact = scaled(bot, factor)
    exact.screen_samples, exact.finalists = 0, 0
    return exact
