"""The review's paired test: a better move must be surely better, a mistake surely costly."""

from __future__ import annotations

from tacocat.ai.hard import Analysis, HardBot
from tacocat.ai.rating import Rating, needs_more, rating_of, scaled, significant
from tacocat.ai.review import Moment, Review
from tacocat.rules import DuelCard

A, B, C = DuelCard(0, 5), DuelCard(0, 9), DuelCard(0, 12)


def analysis(rows: list[tuple[float, ...]]) -> Analysis:
    n = len(rows)
    values = tuple(sum(row[i] for row in rows) / n for i in range(3))
    return Analysis((A, B, C), values, n, A, tuple(rows))


def test_a_lucky_average_is_not_shown_as_better():
    # B beats A on average (0.525 against 0.5) only by the luck of two samples in ten.
    rows = [(0.5, 0.5, 0.0)] * 8 + [(0.5, 1.0, 0.0), (0.5, 0.25, 0.0)]
    plain = analysis(rows)
    assert plain.value_of(B) > plain.value_of(A)
    rating = rating_of(plain, A)
    assert rating.best == A and rating.best_chance == rating.played_chance


def test_a_sure_gain_is_shown_with_its_error():
    rows = [(0.0, 1.0, 0.5)] * 6 + [(0.0, 0.5, 0.5), (0.5, 1.0, 0.5)]
    rating = rating_of(analysis(rows), A)
    assert rating.best == B
    assert abs(rating.best_chance - rating.played_chance - 0.875) < 1e-9
    assert 0 < rating.error < 0.1


def test_a_mistake_is_marked_only_when_its_cost_is_significant():
    assert significant(12.0, 1.0) and not significant(12.0, 5.0)
    sure = Moment(3, 1, A, B, 0.40, 0.55, error=0.01)
    noisy = Moment(3, 1, A, B, 0.40, 0.55, error=0.07)  # 15 - 1.645 * 7 < 5
    assert sure.cost == 15.0 and sure.mark == "mistake"
    assert noisy.cost == 15.0 and noisy.mark is None
    assert Moment(3, 1, A, B, 0.2, 0.7, error=0.02).mark == "blunder"


def test_a_review_stored_before_the_errors_reads_and_marks_by_cost():
    stored = Moment(3, 1, A, B, 0.40, 0.55, error=0.06).to_dict()
    del stored["error"]
    old = Review.from_dict(
        {"format": "tacocat-review", "version": 1, "seat": 0, "moments": [stored]}
    )
    assert old.moments[0].error == 0.0 and old.moments[0].mark == "mistake"


def test_doubtful_marks_are_valued_again_on_more_samples():
    assert needs_more(Rating(B, 0.40, 0.49, 0.02, 0.6), 10.0)  # 9 points, could be 10
    assert needs_more(Rating(A, 0.40, 0.40, 0.0, 0.12), 10.0)  # none surely better, one may gain 12
    assert not needs_more(Rating(B, 0.40, 0.60, 0.02, 0.6), 10.0)  # 20 points, surely over 10
    assert not needs_more(Rating(A, 0.40, 0.40, 0.0, 0.05), 10.0)  # nothing can gain 10
    base = HardBot(
        time_budget=None,
        play_samples=8,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=3,
        model=False,
    )
    bigger = scaled(base, 3)
    assert (bigger.play_samples, bigger.duel_samples, bigger.replace_samples) == (24, 12, 12)
    assert bigger.finalists == 5 and bigger.time_budget is None
    # The same model of the opponent, only more samples of it.
    assert bigger.model is False and scaled(HardBot(), 3).model is True
