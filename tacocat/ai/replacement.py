"""The hard level's replacement: every distinct discard, valued to the round's end.

Every distinct discard set of the hand is a candidate (a hand of seven
different cards has 128; equal cards make far fewer, since discards name
values). Each is valued over samples of the hidden cards that respect all the
seat knows (:mod:`tacocat.ai.sampling`): the draws come off the sampled pile
in the rules' draw order, and the opponent replaces as the heuristic player
does (:func:`tacocat.ai.heuristic.heuristic_discards`) - up to the number I
replaced when it follows me, freely at the secret centre, not at all when it
has already replaced (its new hand is then part of the sample).

The valuation runs in two stages on common samples, so that differences
between candidates are not drowned by the luck of the draw:

1. **Screen** - every candidate over ``screen_samples`` samples, the rest of
   the round played out by two heuristic players (:mod:`tacocat.ai.playout`);
2. **Value** - the ``finalists`` best, plus the heuristic's own choice, plus
   any action the caller asks about, over ``value_samples`` samples: each
   seat duels with its heuristic card and the exact play solver finishes the
   round (:meth:`tacocat.ai.solver.Solver.duel_outcome`; a tied duel is
   replayed as the duel matrix game).

Both stages stop at the deadline and keep the samples they finished.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tacocat.ai.deadline import Deadline, DeadlineExpired
from tacocat.ai.heuristic import heuristic_discards, heuristic_duel_card
from tacocat.ai.playout import playout_value
from tacocat.ai.sampling import Dealer, Sample, tie_value
from tacocat.ai.solver import Solver
from tacocat.rules import Observation, Replace
from tacocat.rules.moves import remove_cards

Hand = tuple[int, ...]

#: The part of the time left that the screening stage may use.
SCREEN_SHARE = 0.35
#: Standard errors by which a departure from the heuristic's discard is discounted.
DOUBT = 1.0


@dataclass(frozen=True, slots=True)
class ReplaceSetting:
    """What a replacement's outcome depends on, besides the hidden cards."""

    hand: Hand
    opponent_follows: bool  # the opponent replaces after me, or at the same time
    secret: bool
    i_draw_first: bool
    tie: float

    @classmethod
    def of(cls, observation: Observation) -> ReplaceSetting:
        secret = observation.replace_secret
        return cls(
            observation.hand,
            secret or observation.replace_limit is None,
            secret,
            not secret or observation.seat == 0,
            tie_value(observation),
        )

    def hands_after(self, discards: Hand, sample: Sample) -> tuple[Hand, Hand]:
        """My hand and the opponent's once both replaced, in ``sample``."""
        theirs, pile, k = sample.opponent_hand, sample.pile, len(discards)
        their_discards: Hand = ()
        if self.opponent_follows:
            their_discards = heuristic_discards(theirs, None if self.secret else k)
        k2 = len(their_discards)
        if self.i_draw_first:
            mine_drawn, their_drawn = pile[:k], pile[k : k + k2]
        else:
            their_drawn, mine_drawn = pile[:k2], pile[k2 : k2 + k]
        return (
            _after(self.hand, discards, mine_drawn),
            _after(theirs, their_discards, their_drawn),
        )


def _after(hand: Hand, discards: Hand, drawn: Hand) -> Hand:
    kept = remove_cards(hand, discards)
    assert kept is not None, (hand, discards)
    return tuple(sorted(kept + drawn))


def exact_value(solver: Solver, mine: Hand, theirs: Hand, tie: float) -> float:
    """The round's value once both hands are set: each seat duels with its
    heuristic card, then exact play."""
    return solver.duel_outcome(
        mine, theirs, heuristic_duel_card(mine), heuristic_duel_card(theirs), tie
    )


def run_samples(
    observation: Observation,
    rng: random.Random,
    count: int,
    deadline: Deadline,
    value_sample: Callable[[Sample], Sequence[float]],
    width: int,
    rows: list[tuple[float, ...]] | None = None,
    weigh: Callable[[Hand], float] | None = None,
) -> tuple[list[float], int]:
    """Average ``value_sample`` over up to ``count`` samples, until ``deadline``.

    Returns the averages (``width`` of them; all 0.5 when no sample finished)
    and the number of samples that finished. A sample cut by the deadline is
    dropped whole, so every average covers the same samples; ``rows``, if
    given, receives each finished sample's values. ``weigh`` (an opponent
    model, :mod:`tacocat.ai.model`) keeps each dealt sample with the
    likelihood of its opponent hand (rejection sampling).
    """
    totals = [0.0] * width
    done = 0
    dealer = Dealer(observation)
    deal = dealer.deal if weigh is None else _weighed(dealer, weigh)
    try:
        while done < count:
            if done and deadline.expired():
                break
            values = value_sample(deal(rng))
            for i, value in enumerate(values):
                totals[i] += value
            done += 1
            if rows is not None:
                rows.append(tuple(values))
    except DeadlineExpired:
        pass
    if not done:
        return [0.5] * width, 0
    return [t / done for t in totals], done


#: Deals tried for one sample under an opponent model (its weights are at least
#: its fit's epsilon, 0.1 to 0.02, so 10 to 50 tries are expected at worst; past
#: this many the last deal is kept). A deal costs microseconds, valuing it
#: milliseconds: rejection is the cheap way to weigh.
MODEL_TRIES = 120


def _weighed(dealer: Dealer, weigh: Callable[[Hand], float]) -> Callable[[random.Random], Sample]:
    split, shuffled = dealer.split, dealer.shuffled

    def weighed(rng: random.Random) -> Sample:
        hand, pile = split(rng)
        for _ in range(MODEL_TRIES - 1):
            if rng.random() < weigh(hand):
                break
            hand, pile = split(rng)
        return shuffled(rng, hand, pile)

    return weighed


@dataclass(frozen=True, slots=True)
class ReplaceValues:
    """The finalists of a replacement and their values (exact stage)."""

    actions: tuple[Replace, ...]
    values: tuple[float, ...]
    samples: int
    #: The exact stage's values, one tuple per sample (empty without an exact stage).
    rows: tuple[tuple[float, ...], ...] = ()


def analyse_replacement(
    observation: Observation,
    legal: Sequence[Replace],
    rng: random.Random,
    solver: Solver,
    deadline: Deadline,
    *,
    screen_samples: int,
    value_samples: int,
    finalists: int,
    must: Sequence[Replace] = (),
    weigh: Callable[[Hand], float] | None = None,
) -> ReplaceValues:
    """Value the discards of ``legal`` (see the module's docstring)."""
    setting = ReplaceSetting.of(observation)
    candidates = list(legal)
    # The screen may use a third of the time left: the exact stage matters more.
    rough = _screen(
        observation, setting, candidates, rng, screen_samples, deadline.share(SCREEN_SHARE), weigh
    )
    chosen, heuristic = _finalists(observation, setting, legal, candidates, rough, finalists, must)
    rows, done = _exact_stage(
        observation, setting, chosen, rng, solver, value_samples, deadline, weigh
    )
    if not done:  # no time for the exact stage: rank by the screen
        by_screen = {a: rough[candidates.index(a)] for a in chosen}
        return ReplaceValues(tuple(chosen), tuple(by_screen[a] for a in chosen), 0)
    return ReplaceValues(
        tuple(chosen),
        tuple(discounted(rows, chosen.index(heuristic))),
        done,
        tuple(tuple(row) for row in rows),
    )


def _screen(
    observation: Observation,
    setting: ReplaceSetting,
    candidates: list[Replace],
    rng: random.Random,
    samples: int,
    deadline: Deadline,
    weigh: Callable[[Hand], float] | None,
) -> list[float]:
    """Stage 1: each candidate's average over heuristic playouts (0.5 if no sample finished)."""

    def screen(sample: Sample) -> list[float]:
        return [
            playout_value(*setting.hands_after(a.cards, sample), setting.tie) for a in candidates
        ]

    rough, _ = run_samples(
        observation, rng, samples, deadline, screen, len(candidates), weigh=weigh
    )
    return rough


def _finalists(
    observation: Observation,
    setting: ReplaceSetting,
    legal: Sequence[Replace],
    candidates: list[Replace],
    rough: list[float],
    finalists: int,
    must: Sequence[Replace],
) -> tuple[list[Replace], Replace]:
    """The exact stage's candidates: the screen's ``finalists`` best, the heuristic's discard
    and those in ``must``; and the heuristic's discard (the values are discounted against it)."""
    ranked = sorted(range(len(candidates)), key=lambda i: -rough[i])[:finalists]
    chosen = [candidates[i] for i in ranked]
    heuristic = Replace(
        observation.seat, heuristic_discards(setting.hand, observation.replace_limit)
    )
    if heuristic not in legal:  # (cannot happen: the heuristic respects the limit)
        heuristic = chosen[0]
    for extra in (heuristic, *must):
        if extra in legal and extra not in chosen:
            chosen.append(extra)
    return chosen, heuristic


def _exact_stage(
    observation: Observation,
    setting: ReplaceSetting,
    chosen: list[Replace],
    rng: random.Random,
    solver: Solver,
    samples: int,
    deadline: Deadline,
    weigh: Callable[[Hand], float] | None,
) -> tuple[list[list[float]], int]:
    """Stage 2: each finalist's exact value in every sample that finished (one row per
    sample), and how many finished."""
    rows: list[list[float]] = []

    def value(sample: Sample) -> list[float]:
        row = [
            exact_value(solver, *setting.hands_after(a.cards, sample), setting.tie) for a in chosen
        ]
        rows.append(row)  # only whole samples: a deadline inside the solve skips this
        return row

    _, done = run_samples(observation, rng, samples, deadline, value, len(chosen), weigh=weigh)
    return rows, done


def discounted(rows: list[list[float]], anchor: int) -> list[float]:
    """Each candidate's average over ``rows`` (one row per sample), less
    :data:`DOUBT` standard errors of its paired difference from the ``anchor``
    (the heuristic's discard).

    With a few dozen samples the best of several noisy averages is usually
    lucky (the winner's curse): measured, the plain maximum replaced no better
    than the heuristic. Departing from the heuristic's choice must be worth
    more than the noise.
    """
    n = len(rows)
    means = [sum(column) / n for column in zip(*rows, strict=True)]
    if n < 2:
        return means
    out = []
    for i, mean in enumerate(means):
        diffs = [row[i] - row[anchor] for row in rows]
        average = sum(diffs) / n
        spread = (sum((d - average) ** 2 for d in diffs) / (n - 1)) ** 0.5
        out.append(mean if i == anchor else max(0.0, mean - DOUBT * spread / n**0.5))
    return out
