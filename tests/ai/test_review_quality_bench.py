"""bench/review_quality.py counts precision, recall and wrong "better moves" as the issue defines them."""

from __future__ import annotations

from bench.review_quality import score
from tacocat.ai.review import Moment
from tacocat.rules import DuelCard, Replace

A, B, C = DuelCard(0, 5), DuelCard(0, 9), DuelCard(0, 12)
KEEP, SWAP = Replace(0, ()), Replace(0, (7,))


def test_score_counts_against_the_reference():
    moments = [
        Moment(0, 1, A, B, 0.30, 0.45),  # marked (15 points); reference: costs 20 -> a hit
        Moment(1, 1, A, B, 0.30, 0.42),  # marked (12); reference: costs 3 -> a false mark
        Moment(2, 1, A, A, 0.50, 0.50),  # not marked; reference: costs 12 -> a miss
        Moment(
            3, 1, KEEP, SWAP, 0.40, 0.44
        ),  # not marked; its better move is 6 worse than the best
    ]
    reference = [
        {A: 0.30, B: 0.50, C: 0.10},
        {A: 0.47, B: 0.50, C: 0.40},
        {A: 0.40, B: 0.52},
        {KEEP: 0.40, SWAP: 0.44, Replace(0, (8,)): 0.50},
    ]
    figures = score(moments, reference, lambda m: m.mark is not None)
    assert figures["marked"] == 2 and figures["real_mistakes"] == 2
    assert figures["precision"] == 0.5 and figures["recall"] == 0.5
    assert figures["wrong_better"] == 0.25 and figures["wrong_better_replace"] == 1.0
    duel, replace = figures["by_kind"]["duel"], figures["by_kind"]["replace"]
    assert (duel["decisions"], duel["marked"], duel["precision"], duel["recall"]) == (
        3,
        2,
        0.5,
        0.5,
    )
    assert duel["false_marks"] == 1 and duel["under_10"] == 1 and duel["missed"] == 1
    assert duel["overstated"] == 2.0  # marked at 15 and 12, by the reference 20 and 3
    assert (replace["decisions"], replace["marked"], replace["wrong_better"]) == (1, 0, 1.0)
    assert replace["precision"] is None and figures["by_kind"]["attack"]["decisions"] == 0
