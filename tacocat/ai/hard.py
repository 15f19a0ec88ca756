"""The hard level: sampling plus exact search.

For each decision the bot deals the unseen cards at random many times,
consistently with what its seat has seen (:mod:`tacocat.ai.sampling`), solves
each deal exactly (:mod:`tacocat.ai.solver`) and picks the action with the
best average value - the round's chance of being won, a tie counting half.

* **Play** (attack or answer): every legal action is valued by the exact
  play-phase solver in every sample.
* **Duel** (secret and simultaneous): in each sample the duel is a matrix
  game; the opponent is assumed to play that game's optimal mixed strategy,
  and the card with the best average value against it is chosen.
* **Replacement**: candidate discards (the ``j`` highest cards, ``j`` up to
  the limit) are valued on the same samples (common random numbers): the
  draws come off the sampled pile, the opponent replaces like a casual player
  (:func:`tacocat.ai.medium.high_cards_to_replace`), and the new hands are
  valued by the solver (a duel between each seat's two highest cards, then
  exact play: within a few percent of the full duel and several times faster).

The sample counts are the deterministic knob: with ``time_budget=None`` a
decision depends only on the observation and the random source. The time
budget is a safety cap: when it runs out the bot stops sampling and answers
with the samples it has (always at least one).

The bot keeps no state between calls except the solver's tables, which cache
facts about the game and never change a decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tacocat.ai.medium import MediumBot, high_cards_to_replace
from tacocat.ai.sampling import Sample, sample_hidden, tie_value
from tacocat.ai.solver import Solver, solve_matrix
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace
from tacocat.rules.moves import remove_cards

Hand = tuple[int, ...]

DEFAULT_TIME_BUDGET = 0.3
PLAY_SAMPLES = 96
DUEL_SAMPLES = 24
REPLACE_SAMPLES = 24


@dataclass(frozen=True, slots=True)
class Analysis:
    """The values the hard level found for one decision.

    ``values[i]`` is the average value of ``actions[i]`` (the chance of
    winning the round, ties counting half) over ``samples`` samples.
    """

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    samples: int
    preferred: Action | None = None

    @property
    def best(self) -> Action:
        """The best-valued action; among equals, ``preferred`` (a casual
        player's move, which also plays sensibly when every move is lost or
        won in all samples), else the first."""
        top = max(self.values)
        tied = [a for a, v in zip(self.actions, self.values, strict=True) if v >= top - 1e-9]
        return self.preferred if self.preferred in tied else tied[0]

    def value_of(self, action: Action) -> float:
        return self.values[self.actions.index(action)]


class HardBot:
    """Samples the hidden cards and solves each sample exactly.

    Args:
        time_budget: seconds a decision may take before the bot answers with
            the samples it has; None disables the cap (for deterministic tests).
        play_samples, duel_samples, replace_samples: samples per decision of
            each kind (the deterministic knob).
    """

    name = "hard"

    def __init__(self, time_budget: float | None = DEFAULT_TIME_BUDGET,
                 play_samples: int = PLAY_SAMPLES, duel_samples: int = DUEL_SAMPLES,
                 replace_samples: int = REPLACE_SAMPLES) -> None:
        self.time_budget = time_budget
        self.play_samples = play_samples
        self.duel_samples = duel_samples
        self.replace_samples = replace_samples
        self.solver = Solver()
        self._casual = MediumBot()

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(observation, legal, rng).best

    def analyse(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Analysis:
        """Value every action of ``legal`` (see :class:`Analysis`)."""
        kind = type(legal[0])
        if kind is Replace:
            analysis = self._replace(observation, legal, rng)
        elif kind is DuelCard:
            analysis = self._duel(observation, legal, rng)
        else:
            analysis = self._play(observation, legal, rng)
        casual = self._casual.choose(observation, legal, rng)
        return replace(analysis, preferred=casual)

    # --- shared sampling loop ------------------------------------------------

    def _sampled(self, observation: Observation, legal: Sequence[Action], rng: random.Random,
                 count: int, value_sample: Callable[[Sample], Sequence[float]]) -> Analysis:
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        totals = [0.0] * len(legal)
        done = 0
        while done < count:
            sample = sample_hidden(observation, rng)
            for i, value in enumerate(value_sample(sample)):
                totals[i] += value
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return Analysis(tuple(legal), tuple(t / done for t in totals), done)

    # --- play -----------------------------------------------------------------

    def _play(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Analysis:
        solver, hand, tie = self.solver, observation.hand, tie_value(observation)
        if type(legal[0]) is Attack:
            def value_sample(sample: Sample) -> list[float]:
                return [solver.attack_move_value(hand, sample.opponent_hand, a.cards, tie) for a in legal]
        else:
            targets = observation.attack[len(observation.responses):]
            sacrificed = observation.trick_sacrificed

            def value_sample(sample: Sample) -> list[float]:
                return [solver.response_move_value(hand, sample.opponent_hand, targets, sacrificed,
                                                   a.card, tie) for a in legal]
        return self._sampled(observation, legal, rng, self.play_samples, value_sample)

    # --- duel -------------------------------------------------------------------

    def _duel(self, observation: Observation, legal: Sequence[DuelCard], rng: random.Random) -> Analysis:
        solver, hand, tie = self.solver, observation.hand, tie_value(observation)

        def value_sample(sample: Sample) -> list[float]:
            rows, _, matrix = solver.duel_matrix(hand, sample.opponent_hand, tie)
            _, _, theirs = solve_matrix(matrix)
            row_value = {card: sum(q * v for q, v in zip(theirs, matrix[i], strict=True))
                         for i, card in enumerate(rows)}
            return [row_value[a.card] for a in legal]

        return self._sampled(observation, legal, rng, self.duel_samples, value_sample)

    # --- replacement ------------------------------------------------------------

    def _replace(self, observation: Observation, legal: Sequence[Replace], rng: random.Random) -> Analysis:
        solver, hand, tie = self.solver, observation.hand, tie_value(observation)
        seat = observation.seat
        candidates = replacement_candidates(hand, legal)
        secret = observation.replace_secret
        first = secret or observation.replace_limit is None  # the opponent replaces after me
        i_draw_first = not secret or seat == 0

        def value_sample(sample: Sample) -> list[float]:
            out = []
            for action in candidates:
                mine, theirs = hand_after(hand, action.cards, sample, first, i_draw_first, secret)
                out.append(solver.quick_duel_value(mine, theirs, tie))
            return out

        return self._sampled(observation, candidates, rng, self.replace_samples, value_sample)


def replacement_candidates(hand: Hand, legal: Sequence[Replace]) -> list[Replace]:
    """The discards worth weighing: the ``j`` highest cards, for each legal ``j``."""
    seat = legal[0].seat
    out = []
    for j in range(len(hand) + 1):
        action = Replace(seat, hand[len(hand) - j:])
        if action in legal:
            out.append(action)
    return out or list(legal)


def hand_after(hand: Hand, discards: Hand, sample: Sample, opponent_follows: bool,
               i_draw_first: bool, secret: bool) -> tuple[Hand, Hand]:
    """Both hands after the replacements, in ``sample``.

    The opponent (when it still replaces: ``opponent_follows``) discards
    like a casual player, at most as many cards as I did unless the choice is
    secret; draws come off the sampled pile in the rules' draw order.
    """
    theirs = sample.opponent_hand
    pile = sample.pile
    k = len(discards)
    their_discards: Hand = ()
    if opponent_follows:
        their_discards = high_cards_to_replace(theirs, None if secret else k)
    k2 = len(their_discards)
    if i_draw_first:
        mine_drawn, their_drawn = pile[:k], pile[k:k + k2]
    else:
        their_drawn, mine_drawn = pile[:k2], pile[k2:k2 + k]
    mine = tuple(sorted(remove_cards(hand, discards) + mine_drawn))
    theirs = tuple(sorted(remove_cards(theirs, their_discards) + their_drawn))
    return mine, theirs
