"""The lab's searching player's replacement (bench/lab/searcher_model.py) and its place in a lab model."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.lab.hard import LabHard, lab_model
from bench.lab.searcher_model import card_kind, discard_likelihood, mixed_likelihood
from bench.lab.searcher_table import SHARES
from tacocat.ai.model import FIRM, ReplaceClue, likelihood
from tacocat.ai.sampling import Dealer

from .test_model import twin_decisions


def _discards(hand: tuple[int, ...], cap: int) -> set[tuple[int, ...]]:
    return {
        tuple(hand[i] for i in chosen)
        for k in range(cap + 1)
        for chosen in combinations(range(len(hand)), k)
    }


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.integers(1, 12), min_size=2, max_size=7).map(lambda h: tuple(sorted(h))),
    capped=st.booleans(),
    data=st.data(),
)
def test_the_chances_of_every_allowed_discard_add_up_to_one(hand, capped, data):
    limit = data.draw(st.integers(0, len(hand))) if capped else None
    kinds = {card_kind(hand, i, limit) for i in range(len(hand))}
    shares = {kind: data.draw(st.floats(0.01, 0.99)) for kind in sorted(kinds)}
    allowed = _discards(hand, len(hand) if limit is None else limit)
    chances = [discard_likelihood(hand, limit, discarded, shares) for discarded in allowed]
    assert all(0.0 < chance <= 1.0 for chance in chances)
    assert sum(chances) == pytest.approx(1.0)


def test_equal_cards_count_every_copy_that_could_have_gone():
    hand = (2, 7, 7, 11)
    shares = {card_kind(hand, i, None): share for i, share in enumerate((0.1, 0.5, 0.5, 0.1))}
    # One 7 of two: either copy, the other kept.
    one = 2 * 0.5 * 0.5 * 0.9 * 0.9
    assert discard_likelihood(hand, None, (7,), shares) == pytest.approx(one)


def test_a_card_kind_names_its_value_its_place_and_the_cap():
    hand = (1, 5, 5, 12)
    assert [card_kind(hand, i, None) for i in range(4)] == [
        "1:low:free",
        "5:mid:free",
        "5:mid:free",
        "12:top:free",
    ]
    assert card_kind(hand, 1, 2) == "5:mid:capped"


def test_the_shipped_table_says_searchers_throw_middle_cards_and_keep_high_ones():
    """Fitted by bench/searcher_replace.py from the hard levels' own replacements."""
    assert SHARES and all(0.0 < share < 1.0 for share in SHARES.values())
    assert SHARES["7:mid:free"] > 0.5 > SHARES["12:top:free"]
    assert SHARES["7:mid:free"] > SHARES["11:mid:free"]


def test_a_searcher_share_lifts_hands_a_searcher_explains_and_not_the_rest():
    rule_clue = ReplaceClue(discarded=(5, 7, 8), limit=None, played_since=())
    by_rule, by_neither = (1, 10, 11, 12, 2, 9, 12), (4, 5, 6, 6, 7, 8, 8)
    # A 3 thrown away: never the rule's choice (it keeps the low cards), often a searcher's.
    searcher_clue = ReplaceClue(discarded=(3, 5), limit=None, played_since=())
    by_searcher = (1, 10, 11, 12, 12, 2, 11)
    assert likelihood(rule_clue, by_rule, FIRM.stray) == 1.0
    assert likelihood(searcher_clue, by_searcher, FIRM.stray) == pytest.approx(FIRM.stray)
    assert 0.65 < mixed_likelihood(rule_clue, by_rule, FIRM.stray, 0.35) < 1.0
    assert mixed_likelihood(searcher_clue, by_searcher, FIRM.stray, 0.35) > 3 * FIRM.stray
    # Thrown 5, 7, 8 but kept 4, 6, 6, 8: neither a sound player nor a searcher would.
    assert mixed_likelihood(rule_clue, by_neither, FIRM.stray, 0.35) < FIRM.stray
    assert mixed_likelihood(rule_clue, by_neither, FIRM.stray, 0.0) == likelihood(
        rule_clue, by_neither, FIRM.stray
    )


def test_a_searcher_share_outside_its_range_is_refused():
    for share in (-0.1, 1.0):
        with pytest.raises(ValueError, match="searcher"):
            LabHard(searcher=share)


def test_the_searcher_model_is_the_same_for_hands_the_seat_cannot_tell_apart():
    rng = random.Random(7)
    weighed = 0
    for seed, state, twin, seat, _ in twin_decisions(range(4), rng, every=2):
        mine, theirs = state.observation(seat), twin.observation(seat)
        here, there = lab_model(mine, searcher=0.35), lab_model(theirs, searcher=0.35)
        if here is None:
            assert there is None
            continue
        assert there is not None
        dealer, draws = Dealer(mine), random.Random(seed)
        for _ in range(5):
            hand = dealer.deal(draws).opponent_hand
            assert here(hand) == there(hand)
            weighed += 1
    assert weighed >= 20
