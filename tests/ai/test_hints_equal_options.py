"""Two moves as good as each other are said to be equal (issue 23, item 5)."""

from __future__ import annotations

from tacocat.ai.hints import reason
from tacocat.rules import DuelCard, Replace, new_game


def test_equal_options_are_said_to_be_equal():
    state, _ = new_game(1)
    obs = state.observation(0)
    key, params = reason(obs, DuelCard(0, 7), 0.921, (DuelCard(0, 9), 0.918))
    assert key == "tacocat.trust.hint.equal"
    assert params == {"pct": 92, "cards": "7", "alt_cards": "9"}


def test_a_real_difference_still_names_the_better_move():
    state, _ = new_game(1)
    obs = state.observation(0)
    key, _ = reason(obs, DuelCard(0, 7), 0.92, (DuelCard(0, 9), 0.80))
    assert key == "tacocat.hint.duel_odds"
    # Keeping every card has no cards to name: it keeps its own words.
    key, _ = reason(obs, Replace(0, ()), 0.5, (Replace(0, (3,)), 0.5))
    assert key == "tacocat.hint.keep_odds"
