"""The hard level: sampling the hidden cards, then exact search.

For each decision the bot deals the unseen cards at random many times,
consistently with what its seat has seen (:mod:`tacocat.ai.sampling`), values
every action in each deal and picks the best average - the round's chance of
being won, a tie counting half. The samples are common to all actions, so
their differences are not the luck of the deal.

* **Replacement** - every distinct discard, screened by heuristic playouts
  and the best valued exactly, against an opponent who replaces as the
  heuristic does (:mod:`tacocat.ai.replacement`).
* **Duel** - each card against a believable opponent: the heuristic's card
  or its best reply to mine (:mod:`tacocat.ai.duel`); the card played is
  drawn among the near-best ones (:mod:`tacocat.ai.mixed`), so it cannot
  be learnt.
* **Play** (attack or answer) - every legal action valued by the exact
  play-phase solver (:mod:`tacocat.ai.solver`).

The time budget is a real deadline (:class:`~tacocat.ai.deadline.Deadline`):
the sampling loops look at it between samples and the solver every few
hundred positions, and the bot answers with the samples it finished (the
heuristic's move when none finished). With ``time_budget=None`` a decision
depends only on the observation and the random source.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tacocat.ai.deadline import Deadline
from tacocat.ai.duel import duel_values
from tacocat.ai.heuristic import heuristic_action
from tacocat.ai.mixed import mixed_choice
from tacocat.ai.model import opponent_model
from tacocat.ai.quiet import collector_paused
from tacocat.ai.replacement import analyse_replacement, run_samples
from tacocat.ai.sampling import Sample, tie_value
from tacocat.ai.solver import Solver
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

#: Seconds a decision may take (a deadline: see the module's docstring).
DEFAULT_TIME_BUDGET = 0.35
Hand = tuple[int, ...]
#: Samples per decision of each kind. Issue #20 made the search about twice as
#: fast (bench/ai_speed.py) and spent the time on twice the samples of before
#: (96, 24, 32 and 16), inside the same deadline. The replacement then got three
#: times as many again, and six finalists: re-valued on ten times the samples,
#: its sampling noise cost ~1.6 points of a round's chance a replacement, the
#: rest of the hard level's decisions ~0.5 together (bench/ai_headroom.py).
PLAY_SAMPLES = 192
DUEL_SAMPLES = 48
REPLACE_SAMPLES = 192
SCREEN_SAMPLES = 96
FINALISTS = 6


@dataclass(frozen=True, slots=True)
class Analysis:
    """The values the hard level found for one decision.

    ``values[i]`` is the estimated chance of winning the round (a tie counting
    half) after ``actions[i]``, over ``samples`` samples of the hidden cards.
    ``preferred`` (the heuristic's move) breaks ties between equal values.
    """

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    samples: int
    preferred: Action | None = None
    #: Each finished sample's values (``rows[s][i]`` for ``actions[i]``), on common
    #: samples: what a paired test of two actions needs (the game review's). For a
    #: replacement, the exact stage's plain values (``values`` are discounted).
    rows: tuple[tuple[float, ...], ...] = ()

    @property
    def best(self) -> Action:
        """The best-valued action; among equals ``preferred``, else the first."""
        top = max(self.values)
        tied = [a for a, v in zip(self.actions, self.values, strict=True) if v >= top - 1e-9]
        return self.preferred if self.preferred in tied else tied[0]

    def value_of(self, action: Action) -> float:
        return self.values[self.actions.index(action)]

    def ranked(self) -> list[tuple[Action, float]]:
        """Every analysed action with its value, best first."""
        pairs = list(zip(self.actions, self.values, strict=True))
        pairs.sort(key=lambda pair: (-pair[1], pair[0] != self.preferred))
        return pairs


class HardBot:
    """Samples the hidden cards and searches each sample (see the module's docstring).

    Args:
        time_budget: seconds a decision may take; None: no deadline.
        play_samples, duel_samples, replace_samples: samples per decision of
            each kind (``replace_samples``: the exact stage of a replacement).
        screen_samples, finalists: a replacement's screening samples, and how
            many of the screened discards are then valued exactly.
        clock: the clock the deadline reads (tests inject one).
        model: weigh the sampled opponent hands by its observed choices
            (:mod:`tacocat.ai.model`); medium's light search goes without.

    Variants measured in the lab (other opponent models, a pure duel) are
    bench players, subclasses in ``bench/lab`` (docs/ai.md, "History").
    """

    name = "hard"

    def __init__(
        self,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        play_samples: int = PLAY_SAMPLES,
        duel_samples: int = DUEL_SAMPLES,
        replace_samples: int = REPLACE_SAMPLES,
        screen_samples: int = SCREEN_SAMPLES,
        finalists: int = FINALISTS,
        clock: Callable[[], float] = time.perf_counter,
        model: bool = True,
    ) -> None:
        self.time_budget = time_budget
        self.play_samples = play_samples
        self.duel_samples = duel_samples
        self.replace_samples = replace_samples
        self.screen_samples = screen_samples
        self.finalists = finalists
        self.clock = clock
        self.model = model
        self.solver = Solver()
        #: The deadline of the last decision (tests read how often it was checked).
        self.last_deadline: Deadline | None = None

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        analysis = self.analyse(observation, legal, rng)
        if isinstance(legal[0], DuelCard) and analysis.samples:
            return mixed_choice(observation, analysis.actions, analysis.values)
        return analysis.best

    def weigher(self, observation: Observation) -> Callable[[Hand], float] | None:
        """The weight of a guessed opponent hand in ``observation`` (its opponent
        model, :mod:`tacocat.ai.model`), or None: every hand alike."""
        return opponent_model(observation) if self.model else None

    def analyse(
        self,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        deadline: Deadline | None = None,
        must: Sequence[Action] = (),
    ) -> Analysis:
        """Value the actions of ``legal`` (see :class:`Analysis`).

        ``deadline`` overrides the bot's time budget; ``must`` names actions
        that must be among those valued (a replacement values only its most
        promising discards otherwise).
        """
        if deadline is None:
            deadline = Deadline(self.time_budget, self.clock)
        self.last_deadline = deadline
        self.solver.deadline = deadline
        try:
            with collector_paused():  # (tacocat.ai.quiet: ~15 % of a decision)
                return self._analyse(observation, legal, rng, deadline, must)
        finally:
            self.solver.deadline = None

    def _analyse(
        self,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        deadline: Deadline,
        must: Sequence[Action],
    ) -> Analysis:
        preferred = heuristic_action(observation, legal)
        kind = type(legal[0])
        weigh = self.weigher(observation)
        if kind is Replace:
            found = analyse_replacement(
                observation,
                [a for a in legal if isinstance(a, Replace)],
                rng,
                self.solver,
                deadline,
                screen_samples=self.screen_samples,
                value_samples=self.replace_samples,
                finalists=self.finalists,
                must=[a for a in must if isinstance(a, Replace)],
                weigh=weigh,
            )
            return Analysis(found.actions, found.values, found.samples, preferred, found.rows)
        if kind is DuelCard:
            value_sample = self._duel_sampler(observation, legal)
            count = self.duel_samples
        else:
            value_sample = self._play_sampler(observation, legal)
            count = self.play_samples
        rows: list[tuple[float, ...]] = []
        values, done = run_samples(
            observation, rng, count, deadline, value_sample, len(legal), rows, weigh
        )
        return Analysis(tuple(legal), tuple(values), done, preferred, tuple(rows))

    def _duel_sampler(
        self, observation: Observation, legal: Sequence[Action]
    ) -> Callable[[Sample], list[float]]:
        solver, hand, tie = self.solver, observation.hand, tie_value(observation)
        cards = [a.card for a in legal if isinstance(a, DuelCard)]

        def value_sample(sample: Sample) -> list[float]:
            return duel_values(solver, hand, sample.opponent_hand, cards, tie)

        return value_sample

    def _play_sampler(
        self, observation: Observation, legal: Sequence[Action]
    ) -> Callable[[Sample], list[float]]:
        solver, hand, tie = self.solver, observation.hand, tie_value(observation)
        if isinstance(legal[0], Attack):
            attacks = [a.cards for a in legal if isinstance(a, Attack)]

            def value_attacks(sample: Sample) -> list[float]:
                return [
                    solver.attack_move_value(hand, sample.opponent_hand, c, tie) for c in attacks
                ]

            return value_attacks
        targets = observation.attack[len(observation.responses) :]
        sacrificed = observation.trick_sacrificed
        answers = [a.card for a in legal if isinstance(a, Respond)]

        def value_answers(sample: Sample) -> list[float]:
            return [
                solver.response_move_value(hand, sample.opponent_hand, targets, sacrificed, c, tie)
                for c in answers
            ]

        return value_answers
