"""The heuristic player's four rules, as the issue states them."""

from __future__ import annotations

import random

from tacocat.ai.heuristic import (
    HeuristicBot,
    heuristic_attack,
    heuristic_discards,
    heuristic_duel_card,
    heuristic_response,
)
from tacocat.ai.playout import playout_value
from tacocat.rules import attack_options, new_game


def test_replace_keeps_the_lowest_card_and_the_weapons():
    assert heuristic_discards((1, 7, 7, 8, 10, 12), None) == (7, 7, 8)
    # Closest to 7 first, up to the limit.
    assert heuristic_discards((1, 4, 6, 8, 10, 12), 2) == (6, 8)
    assert heuristic_discards((1, 4, 6, 8, 10, 12), 3) == (4, 6, 8)
    # The lowest card goes too when it is above 3.
    assert heuristic_discards((5, 9, 10, 11), None) == (5,)
    assert heuristic_discards((3, 9, 10, 11), None) == ()
    assert heuristic_discards((1, 2, 9, 12), 0) == ()


def test_duel_three_quarters_up_never_the_lowest():
    assert heuristic_duel_card((1, 3, 5, 7, 9, 11, 12)) == 11
    assert heuristic_duel_card((2, 5, 8, 11)) == 8
    assert heuristic_duel_card((4, 9)) == 9
    assert heuristic_duel_card((4, 4, 4, 9)) == 9
    assert heuristic_duel_card((6, 6)) == 6


def test_attack_highest_low_card_bigger_jumbo_first_keeping_the_lowest():
    hand = (2, 9, 10, 11, 11)
    assert heuristic_attack(hand, attack_options(hand)) == (11, 11)
    hand = (2, 3, 4, 12)
    assert heuristic_attack(hand, attack_options(hand)) == (12,)
    hand = (5, 5, 5)  # a pair of the lowest value still keeps one 5
    assert heuristic_attack(hand, attack_options(hand)) == (5, 5)


def test_answer_cheapest_defence_but_never_the_lowest_card():
    assert heuristic_response((2, 6, 9, 12), 8) == 9
    assert heuristic_response((9, 10), 8) == 10  # the 9 is the showdown card
    assert heuristic_response((2, 3, 4), 8) == 2  # sacrifice


def test_heuristic_bot_is_legal_and_deterministic():
    state, _ = new_game(4)
    bot = HeuristicBot()
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.observation(seat), legal, random.Random(0))
        assert action in legal
        assert bot.choose(state.observation(seat), legal, random.Random(99)) == action
        state, _ = state.apply(action)


def test_playout_reaches_the_showdown():
    assert playout_value((1, 12), (5, 6), 0.5) == 1.0  # duel 12 vs 6, then 1 < 5
    assert playout_value((3, 3), (3, 3), 0.5) == 0.5  # a tied duel, then a tied showdown
    assert playout_value((9, 10, 11), (1, 2, 12), 0.5) == 0.0


def test_departures_from_the_heuristic_are_discounted_by_their_noise():
    from tacocat.ai.replacement import DOUBT, discounted

    rows = [[0.5, 1.0, 0.0], [0.5, 0.0, 1.0], [0.5, 1.0, 1.0], [0.5, 1.0, 0.0]]
    values = discounted(rows, anchor=0)
    assert values[0] == 0.5  # the heuristic's own average, untouched
    diffs = [0.5, -0.5, 0.5, 0.5]
    spread = (sum((d - 0.25) ** 2 for d in diffs) / 3) ** 0.5
    assert abs(values[1] - (0.75 - DOUBT * spread / 2)) < 1e-12
    assert values[2] < 0.5
    assert discounted([[0.2, 0.9]], anchor=0) == [0.2, 0.9]  # one sample: no spread to measure
