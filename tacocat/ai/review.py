"""Game review: how much each of one seat's decisions cost, by the hard level's analysis.

    review = review_game(record, seat=0)
    for moment in review.moments:       # one per decision with a choice
        moment.cost, moment.mark        # points of round-win chance lost; "mistake"/"blunder"/None
    review.accuracy, review.costliest() # the summary

The record is replayed; at each decision of ``seat`` (replacement, duel card,
attack, answer) the seat's **observation** at that moment - never the hidden
hands - goes to :func:`tacocat.ai.analysis.analysis_of`, which values the
move played (forced into the analysis with ``actions=``) and the best move as
chances of winning the round, sample by sample on common samples
(:mod:`tacocat.ai.rating`: a paired test). The cost is their difference in
percentage points: 10 or more is a mistake, 25 or more a blunder - but only
when the cost is *significant* (more than 5 points by 1.645 standard errors);
a decision whose mark the noise could flip is valued again on three times the
samples, and a replacement that may be a mistake is valued again on eight
times its first exact samples, fresh ones, and marked by those
(:func:`tacocat.ai.rating.confirmed`). A decision with a single legal action
is no decision and is left out.

**Accuracy** is the share of decisions (in %) played within
:data:`GOOD_WITHIN` points of the best move; the summary also gives the mean
cost. Both say how close the play was to the hard level's, not whether it won.

Deterministic: each analysis is seeded from the observation and the review
bot's sample counts are small enough to finish well inside the per-decision
deadline (:data:`DECISION_DEADLINE`, a safety net); ``bench/review.py``
measures a whole game (aim: 10 s or less).
The same record and seat give the same review, and two records that look the
same from the seat give the same ratings whatever the opponent's hidden cards.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tacocat.ai.analysis import analysis_of, observation_seed
from tacocat.ai.deadline import Deadline
from tacocat.ai.hard import Analysis, HardBot
from tacocat.ai.rating import (
    ESCALATE,
    Rating,
    confirmed,
    confirming,
    may_reach,
    needs_more,
    rating_of,
    scaled,
    significant,
)
from tacocat.rules import Action, Attack, DuelCard, GameRecord, Observation, Replace
from tacocat.rules.actions import action_from_dict, action_to_dict

MISTAKE = 10.0
BLUNDER = 25.0
#: A move within this many points of the best counts towards accuracy.
GOOD_WITHIN = 5.0
#: CPU seconds (of the reviewing thread) one decision's analysis may take at
#: most: a safety net for an unusual position. The review bot's sample counts
#: normally finish in a fraction of a second (a whole game in a few seconds of
#: CPU, bench/review.py), so the deadline does not cut them. It is read on the
#: thread's CPU clock, not the wall: on a loaded machine a wall-clock net
#: would cut some analyses short, and the review would depend on the load.
DECISION_DEADLINE = 3.0
#: How many costly moments the summary names.
COSTLIEST = 3
#: Mixed into the observation's seed for a replacement's confirmation: fresh deals.
CONFIRM_SEED = 0xC0_4F_12_ED
FORMAT = "tacocat-review"
VERSION = 1

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


class ReviewCancelled(Exception):
    """The review was cancelled between two decisions."""


def review_bot() -> HardBot:
    """The hard level's analysis with sample counts sized for a whole game.

    Issue #20 spent the 10 s budget where the review was noisiest: the
    replacement's exact stage (12 samples of 3 finalists before) and the duel
    (12 samples before); doubtful decisions get three times these, and a
    replacement that may be a mistake eight times its exact deals, fresh ones
    (:mod:`tacocat.ai.rating`). bench/review_quality.py measures the result
    (docs/ai.md, "How far to trust it").
    """
    return HardBot(
        time_budget=None,
        play_samples=128,
        duel_samples=64,
        replace_samples=64,
        screen_samples=32,
        finalists=6,
    )


def kind_of(action: Action) -> str:
    """The decision's kind: ``"replace"``, ``"duel"``, ``"attack"`` or ``"answer"``."""
    if isinstance(action, Replace):
        return "replace"
    if isinstance(action, DuelCard):
        return "duel"
    return "attack" if isinstance(action, Attack) else "answer"


@dataclass(frozen=True, slots=True)
class Moment:
    """One rated decision.

    ``step`` is the record's action index (the replay shows the position
    before the move at step ``step`` and after it at ``step + 1``); chances
    are round-win probabilities (a tie counting half).
    """

    step: int
    round_number: int
    played: Action
    best: Action
    played_chance: float
    best_chance: float
    #: Standard error of ``best_chance - played_chance`` (0: unknown, e.g. an
    #: older stored review, which then marks by the cost alone).
    error: float = 0.0

    @property
    def kind(self) -> str:
        return kind_of(self.played)

    @property
    def cost(self) -> float:
        """Percentage points of round-win chance the move gave away (never negative)."""
        return round(max(0.0, self.best_chance - self.played_chance) * 100, 1)

    @property
    def cost_error(self) -> float:
        """The cost's standard error in percentage points."""
        return round(self.error * 100, 1)

    @property
    def mark(self) -> str | None:
        """``"blunder"``, ``"mistake"`` or None (also for a cost the noise could explain)."""
        if self.cost < MISTAKE or not significant(self.cost, self.cost_error):
            return None
        return "blunder" if self.cost >= BLUNDER else "mistake"

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "round": self.round_number,
            "kind": self.kind,
            "played": action_to_dict(self.played),
            "best": action_to_dict(self.best),
            "played_chance": round(self.played_chance, 4),
            "best_chance": round(self.best_chance, 4),
            "cost": self.cost,
            "error": round(self.error, 4),
            "mark": self.mark,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Moment:
        """Read :meth:`to_dict`'s output. Raises ValueError (or a RecordError) on bad data."""
        if not isinstance(data, dict):
            raise ValueError("a review moment must be an object")
        step, rnd = data.get("step"), data.get("round")
        played, best = data.get("played_chance"), data.get("best_chance")
        if type(step) is not int or type(rnd) is not int:
            raise ValueError("a review moment needs whole step and round numbers")
        chances = [v for v in (played, best) if isinstance(v, (int, float)) and 0 <= v <= 1]
        if len(chances) != 2:
            raise ValueError("a review moment's chances must lie between 0 and 1")
        error = data.get("error", 0.0)  # absent from reviews stored before issue #20
        if not isinstance(error, (int, float)) or not 0 <= error <= 1:
            raise ValueError("a review moment's error must lie between 0 and 1")
        return cls(
            step,
            rnd,
            action_from_dict(data.get("played")),
            action_from_dict(data.get("best")),
            float(chances[0]),
            float(chances[1]),
            float(error),
        )


@dataclass(frozen=True, slots=True)
class Review:
    """One seat's rated decisions in one game, and their summary."""

    seat: int
    moments: tuple[Moment, ...]

    @property
    def accuracy(self) -> float:
        """Share (%) of decisions within :data:`GOOD_WITHIN` points of the best; 100 with none."""
        if not self.moments:
            return 100.0
        good = sum(1 for m in self.moments if m.cost < GOOD_WITHIN)
        return round(100 * good / len(self.moments), 1)

    @property
    def mean_cost(self) -> float:
        if not self.moments:
            return 0.0
        return round(sum(m.cost for m in self.moments) / len(self.moments), 1)

    def count(self, mark: str) -> int:
        return sum(1 for m in self.moments if m.mark == mark)

    def costliest(self, n: int = COSTLIEST) -> list[Moment]:
        """The ``n`` decisions that cost most (earliest first among equals); none that cost nothing."""
        ranked = sorted((m for m in self.moments if m.cost > 0), key=lambda m: (-m.cost, m.step))
        return ranked[:n]

    def at_step(self, step: int) -> Moment | None:
        """The rated decision made at record action ``step``, if any."""
        return next((m for m in self.moments if m.step == step), None)

    def summary(self) -> dict[str, Any]:
        return {
            "summary": True,
            "seat": self.seat,
            "decisions": len(self.moments),
            "accuracy": self.accuracy,
            "mean_cost": self.mean_cost,
            "mistakes": self.count("mistake"),
            "blunders": self.count("blunder"),
            "costliest": [m.step for m in self.costliest()],
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (what the History keeps next to the record)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seat": self.seat,
            "moments": [m.to_dict() for m in self.moments],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """Read :meth:`to_dict`'s output. Raises ValueError on anything else."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a game review")
        if data.get("version") != VERSION or data.get("seat") not in (0, 1):
            raise ValueError("a game review of another version or without a seat")
        moments = data.get("moments")
        if not isinstance(moments, list):
            raise ValueError("a game review needs a list of moments")
        try:
            return cls(data["seat"], tuple(Moment.from_dict(m) for m in moments))
        except Exception as error:  # a RecordError from a bad action, a KeyError...
            raise ValueError(f"a damaged game review ({error})") from None


Decision = tuple[int, Observation, tuple[Action, ...], Action]


def decisions(record: GameRecord, seat: int) -> Iterator[Decision]:
    """Each of ``seat``'s decisions with a choice: (action index, the seat's observation
    then, its legal actions, the action played). Only the observation leaves the replay."""
    states = record.steps()
    state, _ = next(states)
    for step, action in enumerate(record.actions):
        legal = tuple(state.legal_actions(seat)) if action.seat == seat else ()
        if len(legal) > 1:
            yield step, state.observation(seat), legal, action
        state, _ = next(states)
    for _ in states:  # finish the replay: its end checks the record as a whole
        pass


def rate(
    observation: Observation,
    legal: Sequence[Action],
    action: Action,
    step: int,
    bot: HardBot,
    bigger: HardBot | None = None,
    exact: HardBot | None = None,
) -> Moment:
    """Rate ``action``, played at record action ``step``, from the seat's observation only.

    ``bigger`` (the same analysis on more samples) values the decision again
    when the first rating's mark is in doubt (:func:`tacocat.ai.rating.needs_more`);
    ``exact`` (:func:`tacocat.ai.rating.confirming`) values a replacement whose
    cost may be a mistake's again, on fresh samples, and that rating stands.
    """
    rating = _rating(observation, legal, action, bot)
    if bigger is not None and needs_more(rating, MISTAKE):
        rating = _rating(observation, legal, action, bigger)
    if exact is not None and isinstance(action, Replace) and may_reach(rating, MISTAKE):
        seed = observation_seed(observation) ^ CONFIRM_SEED
        analysis = _analysis(observation, legal, (action, rating.best), exact, seed)
        rating = confirmed(rating, analysis, action)
    # Kept as stored (4 decimals), so a stored review reads back equal.
    return Moment(
        step,
        observation.round_number,
        action,
        rating.best,
        round(rating.played_chance, 4),
        round(rating.best_chance, 4),
        round(rating.error, 4),
    )


def _rating(
    observation: Observation, legal: Sequence[Action], action: Action, bot: HardBot
) -> Rating:
    return rating_of(_analysis(observation, legal, (action,), bot), action)


def _analysis(
    observation: Observation,
    legal: Sequence[Action],
    actions: Sequence[Action],
    bot: HardBot,
    seed: int | None = None,
) -> Analysis:
    deadline = Deadline(DECISION_DEADLINE, time.thread_time)
    return analysis_of(observation, legal, deadline=deadline, seed=seed, actions=actions, bot=bot)


def review_game(
    record: GameRecord,
    seat: int,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    bot: HardBot | None = None,
) -> Review:
    """Rate every decision of ``seat`` in ``record`` (see the module's docstring).

    Args:
        progress: called with (decisions done, decisions in all) after each one.
        cancelled: looked at before each decision; when it returns True the
            review stops with :class:`ReviewCancelled`.
        bot: the analysis bot (its sample counts); :func:`review_bot` by default.

    Raises:
        RecordError: the record does not replay.
        ReviewCancelled: ``cancelled`` said so.
    """
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    todo = list(decisions(record, seat))
    bot = bot or review_bot()
    bigger, exact = scaled(bot, ESCALATE), confirming(bot)
    moments = []
    for done, (step, observation, legal, action) in enumerate(todo):
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        moments.append(rate(observation, legal, action, step, bot, bigger, exact))
        if progress is not None:
            progress(done + 1, len(todo))
    return Review(seat, tuple(moments))
