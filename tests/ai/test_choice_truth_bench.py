"""bench/choice_truth.py's own pieces: the rule-playing opponent's search and the modelled searcher."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench import choice_truth
from tacocat.ai.solver import Solver

SOLVER = Solver()


def hands(size: int) -> st.SearchStrategy[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Two sorted hands of ``size`` cards each, dealt from the 38-card deck."""
    deck = [v for v in range(1, 13) for _ in range(3)] + [7, 7]
    return st.permutations(deck).map(
        lambda cards: (tuple(sorted(cards[:size])), tuple(sorted(cards[size : 2 * size])))
    )


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6).flatmap(hands), st.sampled_from([0.0, 0.5, 1.0]))
def test_an_opponent_playing_by_rule_is_never_worth_more_to_it_than_perfect_play(pair, tie):
    """Against a heuristic-playing opponent my best is at least my best against a perfect one,
    attacking or defending; and at most 1."""
    mine, theirs = pair
    assert (
        SOLVER.attack_value(mine, theirs, tie)
        <= choice_truth.exploit_attack(mine, theirs, tie)
        <= 1.0
    )
    perfect_defence = 1.0 - SOLVER.attack_value(theirs, mine, 1.0 - tie)
    assert perfect_defence <= choice_truth.exploit_defend(theirs, mine, tie) <= 1.0


def test_the_rule_playing_opponent_answers_and_attacks_as_the_heuristic():
    # I attack with 9 from (2, 9); it holds (5, 10): by rule it defends with 10 (its cheapest
    # card high enough that is not its lowest) and keeps 5; I keep 2: the showdown is mine.
    assert choice_truth.exploit_after_attack((2,), (5, 10), (9,), 0.5) == 1.0
    # 4 from (3, 4) against (1, 12): it defends with 12 and keeps 1 against my 3: lost; a
    # perfect opponent would do the same, and a sacrifice of 1 would have lost it the round.
    assert choice_truth.exploit_after_attack((3,), (1, 12), (4,), 0.5) == 0.0


def test_the_modelled_searcher_plays_one_of_its_cards_and_is_reproducible():
    mine, theirs, pile = (2, 5, 8, 11), (3, 6, 9, 12), (1, 4, 7, 10, 7)
    card = choice_truth.searcher_card(SOLVER, mine, theirs, pile, 0.5)
    assert card in theirs
    assert choice_truth.searcher_card(SOLVER, mine, theirs, pile, 0.5) == card
    random.seed(1)  # the searcher's guesses do not read the global random source
    assert choice_truth.searcher_card(SOLVER, mine, theirs, pile, 0.5) == card
