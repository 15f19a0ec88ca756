"""Game review: rates one seat's decisions from that seat's observations only."""

from __future__ import annotations

import json
import random

import pytest

from tacocat.ai.review import Review, ReviewCancelled, review_game
from tacocat.rules import Attack, DuelCard, GameRecord, Replace, Respond, new_game

from .helpers import bot_of, hidden_twin, small_hard
from .test_levels import one_space_game


def record_of(state, *actions) -> GameRecord:
    for action in actions:
        state, _ = state.apply(action)
    return GameRecord.from_state(state)


def last_trick(answer: int) -> GameRecord:
    """Seat 1 answers a 9 holding 3 and 10; the other card goes to the showdown (lowest wins):
    defending with 10 keeps the 3, sacrificing the 3 keeps the 10 against a 5."""
    state = one_space_game((12, 9, 5), (8, 3, 10))
    return record_of(
        state,
        Replace(0, ()),
        Replace(1, ()),
        DuelCard(0, 12),
        DuelCard(1, 8),
        Attack(0, (9,)),
        Respond(1, answer),
    )


def test_a_last_trick_answer_keeping_the_wrong_card_is_a_blunder():
    bad = review_game(last_trick(3), 1, bot=small_hard(8)).moments[-1]
    assert bad.played == Respond(1, 3) and bad.best == Respond(1, 10)
    assert bad.kind == "answer" and bad.cost >= 25 and bad.mark == "blunder"
    good = review_game(last_trick(10), 1, bot=small_hard(8)).moments[-1]
    assert good.played == good.best == Respond(1, 10)
    assert good.cost == 0 and good.mark is None


def test_a_duel_before_the_showdown_must_keep_the_low_card():
    # Two cards each: the duel card leaves the other for the showdown, where the lowest wins.
    state = one_space_game((1, 12), (5, 6))
    review = review_game(
        record_of(state, Replace(0, ()), Replace(1, ()), DuelCard(0, 1)), 0, bot=small_hard(8)
    )
    duel = review.moments[-1]
    assert duel.kind == "duel" and duel.best == DuelCard(0, 12)
    # Not near 1: the opponent kept both its cards, which a sound player does when it holds a
    # low card, so the opponent model finds a 1 (a tied showdown) believable.
    assert duel.mark == "blunder" and duel.best_chance > 0.5 > 0.2 > duel.played_chance
    assert review.costliest()[0] == duel
    kept = review_game(
        record_of(state, Replace(0, ()), Replace(1, ()), DuelCard(0, 12)), 0, bot=small_hard(8)
    )
    assert kept.moments[-1].mark is None and kept.accuracy == 100.0


def played_game(seed: int) -> GameRecord:
    state, _ = new_game(seed)
    players, rngs = (
        [bot_of("heuristic"), bot_of("easy")],
        [random.Random(seed), random.Random(~seed)],
    )
    while not state.is_over:
        seat = state.to_act[0]
        state, _ = state.apply(
            players[seat].choose(state.observation(seat), state.legal_actions(seat), rngs[seat])
        )
    return GameRecord.from_state(state)


def test_the_review_does_not_depend_on_the_opponents_hidden_cards():
    record, rng, compared = played_game(3), random.Random(5), 0
    for cut in range(len(record.actions) // 2, len(record.actions), 3):
        state = _state_after(record, cut)
        for seat in (0, 1):
            twin = hidden_twin(state, seat, rng)
            if twin is None or twin.hands[1 - seat] == state.hands[1 - seat]:
                continue
            mine = review_game(GameRecord.from_state(state), seat, bot=small_hard(4))
            theirs = review_game(GameRecord.from_state(twin), seat, bot=small_hard(4))
            assert mine == theirs and mine.moments
            compared += 1
        if compared >= 3:
            break
    assert compared >= 3


def _state_after(record: GameRecord, count: int):
    state, _ = new_game(record.seed, record.ruleset, recorded_deals=record.deals)
    for action in record.actions[:count]:
        state, _ = state.apply(action)
    return state


def test_the_same_record_gives_the_same_review():
    record = played_game(8)
    first = review_game(record, 0, bot=small_hard(4))
    again = review_game(record, 0, bot=small_hard(4))
    assert first == again and len(first.moments) > 5
    assert Review.from_dict(json.loads(json.dumps(first.to_dict()))) == first


def test_progress_is_reported_and_cancel_stops_between_decisions():
    record, seen = played_game(8), []

    def cancelled() -> bool:
        return len(seen) >= 2

    with pytest.raises(ReviewCancelled):
        review_game(
            record,
            1,
            bot=small_hard(2),
            progress=lambda done, total: seen.append((done, total)),
            cancelled=cancelled,
        )
    total = seen[0][1]
    assert seen == [(1, total), (2, total)] and total > 2


def test_summary_counts_marks_and_names_the_three_costliest():
    review = review_game(played_game(11), 0, bot=small_hard(4))
    summary = review.summary()
    assert summary["decisions"] == len(review.moments)
    assert summary["mistakes"] == sum(m.mark == "mistake" for m in review.moments)
    assert summary["blunders"] == sum(m.mark == "blunder" for m in review.moments)
    costs = sorted((m.cost for m in review.moments), reverse=True)
    assert [review.at_step(s).cost for s in summary["costliest"]] == [c for c in costs[:3] if c > 0]
    good = sum(m.cost < 5 for m in review.moments)
    assert summary["accuracy"] == round(100 * good / len(review.moments), 1)


@pytest.mark.parametrize(
    "bad",
    [None, {}, {"format": "tacocat-review", "version": 1, "seat": 0, "moments": [{"step": "x"}]}],
)
def test_a_damaged_stored_review_is_refused(bad):
    with pytest.raises(ValueError):
        Review.from_dict(bad)
