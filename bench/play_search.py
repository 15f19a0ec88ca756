"""Two other ways for the hard level to value its play: bench players, not levels.

The hard level values each attack and answer by the exact solver in every
sampled deal (:mod:`tacocat.ai.solver`): the rest of the round played as if
both players saw both hands. That assumption has two sides, and each player
here drops one of them (issue #20, docs/ai.md, History, "The play"):

* ``hard-nofusion`` (:class:`NoFusionHard`) - *my* next decision is not
  clairvoyant. In a deal the solver plays my next move knowing the opponent's
  hand, so an average over deals credits me with a different move in each
  (*strategy fusion*). Here my next decision is one choice for all the deals I
  cannot tell apart by then - those in which the opponent revealed the same
  cards in between - and the best such choice is taken group by group
  (alpha-mu's depth-two idea). It never values an action above the hard level
  (its maximum is over fewer plans), and the difference is what fusion was
  crediting.
* ``hard-searchopp`` (:class:`SearchOppHard`) - the *opponent's* next decision
  is not clairvoyant. In each deal the opponent answers my attack, or attacks
  after winning my last answer's trick, with the choice that is best on
  average over :data:`GUESSES` guesses of *my* hand from its seat (what a
  searching player such as the hard level does), not the perfect one; the rest
  of the round is then played out exactly in that deal.

Both read only the seat's observation and the hard level's own weighted deals
(its opponent model), so they are fair players; they decide replacements and
duels as the hard level does. :data:`PLAY_SEARCHES` names them for
``bench/ai_tournament.py``; ``bench/play_truth.py`` values their choices
against what the real opponent then does.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from tacocat.ai.deadline import Deadline
from tacocat.ai.hard import Analysis, HardBot
from tacocat.ai.heuristic import heuristic_action, heuristic_attack, heuristic_response
from tacocat.ai.replacement import run_samples
from tacocat.ai.sampling import Sample, tie_value
from tacocat.ai.solver import Solver, showdown_value
from tacocat.rules import Action, Observation
from tacocat.rules.actions import Attack, Respond
from tacocat.rules.moves import attack_options, remove_cards, response_options

Hand = tuple[int, ...]
#: My next decision in one deal: the group of deals it must be the same for
#: (None: no decision left, a value) and each of its choices' values.
Next = tuple[Any, dict[Any, float] | float]
#: Guesses of my hand the modelled searching opponent averages its choice over.
GUESSES = 6
_EPS = 1e-9


def _minus(hand: Hand, cards: Sequence[int]) -> Hand:
    rest = remove_cards(hand, tuple(cards))
    if rest is None:
        raise ValueError(f"{hand} does not hold {cards}")
    return rest


def _pick(values: dict[Any, float], preferred: Any) -> Any:
    """The best-valued choice; among equals ``preferred`` (as the hard level breaks ties)."""
    best = max(values.values())
    if values.get(preferred, -1.0) >= best - _EPS:
        return preferred
    return next(choice for choice, value in values.items() if value >= best - _EPS)


# --- hard-nofusion -------------------------------------------------------------


def _perfect_answers(
    solver: Solver, dfd: Hand, rest: Hand, targets: Hand, tie: float
) -> tuple[Hand, bool, Hand]:
    """The defender's perfect answers to ``targets``: the cards, whether it sacrificed, its hand left."""
    answers: list[int] = []
    sacrificed = False
    for i in range(len(targets)):
        owed = targets[i:]
        values = {
            card: solver.response_move_value(dfd, rest, owed, sacrificed, card, 1.0 - tie)
            for card in response_options(dfd, owed[0])
        }
        card = _pick(values, heuristic_response(dfd, owed[0]))
        answers.append(card)
        sacrificed = sacrificed or card < owed[0]
        dfd = _minus(dfd, (card,))
    return tuple(answers), sacrificed, dfd


def _perfect_attack(solver: Solver, att: Hand, dfd: Hand, tie: float) -> Hand:
    options = attack_options(att)
    values = {cards: solver.attack_move_value(att, dfd, cards, tie) for cards in options}
    return _pick(values, heuristic_attack(att, options))


def _my_attack(solver: Solver, mine: Hand, theirs: Hand, seen: Any, tie: float) -> Next:
    """I attack next (or the showdown): my choices' values in this deal."""
    if len(mine) == 1:
        return None, showdown_value(mine[0], theirs[0], tie)
    return ("attack", seen), {
        cards: solver.attack_move_value(mine, theirs, cards, tie) for cards in attack_options(mine)
    }


def _their_attack(solver: Solver, mine: Hand, theirs: Hand, seen: Any, tie: float) -> Next:
    """The opponent won the trick and attacks perfectly; I answer its first card next."""
    if len(mine) == 1:
        return None, showdown_value(mine[0], theirs[0], tie)
    cards = _perfect_attack(solver, theirs, mine, 1.0 - tie)
    rest = _minus(theirs, cards)
    return ("answer", seen, cards), {
        card: solver.response_move_value(mine, rest, cards, False, card, tie)
        for card in response_options(mine, cards[0])
    }


def next_after_attack(solver: Solver, mine: Hand, theirs: Hand, cards: Hand, tie: float) -> Next:
    """My next decision in this deal after attacking with ``cards``."""
    rest = _minus(mine, cards)
    answers, sacrificed, left = _perfect_answers(solver, theirs, rest, cards, tie)
    if sacrificed:
        return _my_attack(solver, rest, left, answers, tie)
    return _their_attack(solver, rest, left, answers, tie)


def next_after_answer(
    solver: Solver, mine: Hand, theirs: Hand, targets: Hand, sacrificed: bool, card: int, tie: float
) -> Next:
    """My next decision in this deal after answering ``targets[0]`` with ``card``."""
    left = _minus(mine, (card,))
    lost = sacrificed or card < targets[0]
    if len(targets) > 1:  # my next answer: the opponent shows nothing in between
        owed = targets[1:]
        return ("answer", ()), {
            c: solver.response_move_value(left, theirs, owed, lost, c, tie)
            for c in response_options(left, owed[0])
        }
    if lost:
        return _their_attack(solver, left, theirs, (), tie)
    return _my_attack(solver, left, theirs, (), tie)


def grouped_value(nexts: Sequence[Next]) -> float:
    """The mean over deals with my next choice one per group of deals I cannot tell apart."""
    total = 0.0
    groups: dict[Any, dict[Any, float]] = defaultdict(lambda: defaultdict(float))
    for key, found in nexts:
        if isinstance(found, dict):
            group = groups[key]
            for choice, value in found.items():
                group[choice] += value
        else:
            total += found
    if not nexts:  # no deal finished before the deadline
        return 0.5
    return (total + sum(max(group.values()) for group in groups.values())) / len(nexts)


# --- hard-searchopp --------------------------------------------------------------


class Guesser:
    """Guesses of my hand as the opponent could make them (the cards it cannot see)."""

    def __init__(self, observation: Observation, guesses: int) -> None:
        self.unseen = observation.unseen_cards()
        self.floor = observation.floors[observation.seat]
        self.guesses = guesses
        self.rng = random.Random(f"{observation.hand}:{len(observation.history)}")

    def of(self, theirs: Hand, mine: Hand) -> list[Hand]:
        """``guesses`` hands of ``len(mine)`` cards from what the holder of ``theirs`` cannot see."""
        pool = [card for card in _minus(self.unseen, theirs) + mine if card >= self.floor]
        return [tuple(sorted(self.rng.sample(pool, len(mine)))) for _ in range(self.guesses)]


def searched_attack_value(
    solver: Solver, guesser: Guesser, mine: Hand, theirs: Hand, cards: Hand, tie: float
) -> float:
    """My value of attacking with ``cards`` when the opponent answers as a searcher would."""
    rest = _minus(mine, cards)
    guesses = guesser.of(theirs, rest)
    sacrificed = False
    for i in range(len(cards)):
        owed = cards[i:]
        options = response_options(theirs, owed[0])
        card = (
            options[0]
            if len(options) == 1
            else _pick(
                {
                    card: sum(
                        solver.response_move_value(theirs, guess, owed, sacrificed, card, 1.0 - tie)
                        for guess in guesses
                    )
                    for card in options
                },
                heuristic_response(theirs, owed[0]),
            )
        )
        sacrificed = sacrificed or card < owed[0]
        theirs = _minus(theirs, (card,))
    if sacrificed:
        return solver.after_trick_value(rest, theirs, tie)
    return 1.0 - solver.after_trick_value(theirs, rest, 1.0 - tie)


def searched_answer_value(
    solver: Solver,
    guesser: Guesser,
    mine: Hand,
    theirs: Hand,
    targets: Hand,
    sacrificed: bool,
    card: int,
    tie: float,
) -> float:
    """My value of answering with ``card`` when, winning the trick, the opponent attacks as a searcher."""
    left = _minus(mine, (card,))
    if len(targets) > 1 or not (sacrificed or card < targets[0]) or len(theirs) < 2:
        return solver.response_move_value(mine, theirs, targets, sacrificed, card, tie)
    options = attack_options(theirs)
    guesses = guesser.of(theirs, left)
    attack = (
        options[0]
        if len(options) == 1
        else _pick(
            {
                cards: sum(
                    solver.attack_move_value(theirs, guess, cards, 1.0 - tie) for guess in guesses
                )
                for cards in options
            },
            heuristic_attack(theirs, options),
        )
    )
    return 1.0 - solver.attack_move_value(theirs, left, attack, 1.0 - tie)


# --- the players -------------------------------------------------------------------


class _PlaySearch(HardBot):
    """The hard level with another valuation of its attacks and answers."""

    def _analyse(
        self,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
        deadline: Deadline,
        must: Sequence[Action],
    ) -> Analysis:
        if not isinstance(legal[0], (Attack, Respond)):
            return super()._analyse(observation, legal, rng, deadline, must)
        weigh = self.weigher(observation)
        hands: list[Hand] = []

        def keep(sample: Sample) -> list[float]:
            hands.append(sample.opponent_hand)
            return []

        run_samples(observation, rng, self.play_samples, deadline, keep, 0, None, weigh)
        value = self._valuer(observation, tie_value(observation))
        values = tuple(value(action, hands) for action in legal)
        return Analysis(tuple(legal), values, len(hands), heuristic_action(observation, legal))

    def _valuer(
        self, observation: Observation, tie: float
    ) -> Callable[[Action, list[Hand]], float]:
        raise NotImplementedError


class NoFusionHard(_PlaySearch):
    """``hard-nofusion``: my next play decision is one choice per group of deals I cannot tell apart."""

    name = "hard-nofusion"

    def _valuer(
        self, observation: Observation, tie: float
    ) -> Callable[[Action, list[Hand]], float]:
        solver, mine = self.solver, observation.hand
        targets = observation.attack[len(observation.responses) :]

        def value(action: Action, hands: list[Hand]) -> float:
            if isinstance(action, Attack):
                return grouped_value(
                    [next_after_attack(solver, mine, h, action.cards, tie) for h in hands]
                )
            assert isinstance(action, Respond)
            return grouped_value(
                [
                    next_after_answer(
                        solver, mine, h, targets, observation.trick_sacrificed, action.card, tie
                    )
                    for h in hands
                ]
            )

        return value


class SearchOppHard(_PlaySearch):
    """``hard-searchopp``: the opponent's next play decision as a searcher's, guessing my hand."""

    name = "hard-searchopp"

    def _valuer(
        self, observation: Observation, tie: float
    ) -> Callable[[Action, list[Hand]], float]:
        solver, mine, guesser = self.solver, observation.hand, Guesser(observation, GUESSES)
        targets = observation.attack[len(observation.responses) :]

        def value(action: Action, hands: list[Hand]) -> float:
            if isinstance(action, Attack):
                found = [
                    searched_attack_value(solver, guesser, mine, h, action.cards, tie)
                    for h in hands
                ]
            else:
                assert isinstance(action, Respond)
                found = [
                    searched_answer_value(
                        solver,
                        guesser,
                        mine,
                        h,
                        targets,
                        observation.trick_sacrificed,
                        action.card,
                        tie,
                    )
                    for h in hands
                ]
            return sum(found) / len(found) if found else 0.5

        return value


#: The bench players of this module, by tournament name.
PLAY_SEARCHES: dict[str, type[HardBot]] = {
    "hard-nofusion": NoFusionHard,
    "hard-searchopp": SearchOppHard,
}
