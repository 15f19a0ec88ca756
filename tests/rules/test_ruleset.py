"""The deck and board rulings, and ruleset validation."""

import importlib
from collections import Counter
from pathlib import Path

import pytest

from tacocat.rules import (
    DEFAULT_BOARD,
    DEFAULT_DECK,
    DEFAULT_RULESET,
    FIRST,
    RULINGS,
    SECOND,
    InvalidRuleset,
    Ruleset,
    catch_up_board,
)


def test_ruling_deck_has_38_cards_three_of_each_value_and_five_sevens():
    counts = Counter(DEFAULT_DECK)
    assert len(DEFAULT_DECK) == 38
    assert sorted(counts) == list(range(1, 13))
    assert counts[7] == 5
    assert all(counts[v] == 3 for v in range(1, 13) if v != 7)


def test_ruling_board_hand_sizes_and_catch_up_arrows():
    assert [s.hand_size for s in DEFAULT_BOARD.spaces] == [4, 5, 6, 7, 6, 5, 4]
    assert DEFAULT_BOARD.start == 3
    assert DEFAULT_BOARD.spaces[3].arrows == {FIRST, SECOND}
    # Spaces nearer the first player's goal point at the second player (trailing).
    for index in (0, 1, 2):
        assert DEFAULT_BOARD.spaces[index].arrows == {SECOND}
    for index in (4, 5, 6):
        assert DEFAULT_BOARD.spaces[index].arrows == {FIRST}


def test_goals_and_directions():
    assert DEFAULT_BOARD.goal_of(FIRST) == -1
    assert DEFAULT_BOARD.goal_of(SECOND) == 7
    assert DEFAULT_BOARD.step_of(FIRST) == -1
    assert DEFAULT_BOARD.step_of(SECOND) == 1


@pytest.mark.parametrize(
    "hand_sizes, message",
    [
        ((4, 5, 10, 5, 4), "hand sizes must be 2 to 9"),
        ((4, 5, 6, 5), "odd number of spaces"),
        ((1, 2, 1), "hand sizes must be 2 to 9"),
    ],
)
def test_invalid_boards_are_refused_with_a_reason(hand_sizes, message):
    with pytest.raises(InvalidRuleset, match=message):
        Ruleset(board=catch_up_board(hand_sizes))


def test_no_hand_size_may_exceed_what_the_deck_covers():
    small_deck = tuple(sorted(DEFAULT_DECK[:30]))
    with pytest.raises(InvalidRuleset, match="cannot cover two hands plus full replacement"):
        Ruleset(deck=small_deck, board=catch_up_board((4, 8, 4)))


def test_ruleset_round_trips_through_its_dict():
    variant = Ruleset(tie_goes_to_arrow=True, board=catch_up_board((3, 5, 3)))
    assert Ruleset.from_dict(variant.to_dict()) == variant
    assert Ruleset.from_dict(DEFAULT_RULESET.to_dict()) == DEFAULT_RULESET


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"deck": "x", "board": []},
        {"deck": [1, 2], "board": [{"hand_size": "7"}]},
        {"deck": list(DEFAULT_DECK), "board": [{"hand_size": 7, "arrows": [2]}]},
    ],
)
def test_ruleset_from_bad_dict_raises_invalid_ruleset(bad):
    with pytest.raises(InvalidRuleset):
        Ruleset.from_dict(bad)


def test_tie_variant_is_off_by_default():
    assert DEFAULT_RULESET.tie_goes_to_arrow is False


def test_every_ruling_is_catalogued_once():
    ids = [r.id for r in RULINGS]
    assert len(ids) == len(set(ids))
    assert {
        "deck",
        "board",
        "secret_centre_replacement",
        "draw_order",
        "duel_last_card_showdown",
        "higher_response_defends",
        "jumbo_ascending",
        "tie_goes_to_arrow",
    } <= set(ids)


def test_every_ruling_has_a_scenario_test_named_after_it():
    sources = "".join(
        path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py")
    )
    untested = [r.id for r in RULINGS if f"def test_ruling_{r.id}" not in sources]
    assert not untested, untested


def test_every_ruling_names_code_that_exists():
    """``implemented_by`` is ``module.name`` under tacocat.rules (several joined by " / "):
    when the code moves, this fails until the table follows it."""
    for ruling in RULINGS:
        for place in ruling.implemented_by.split(" / "):
            module, *names = place.split(".")
            target = importlib.import_module(f"tacocat.rules.{module}")
            for name in names:
                target = getattr(target, name)
            assert names, ruling.id
