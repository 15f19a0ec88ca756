"""Invariants over random legal play (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.rules import (
    DEFAULT_RULESET,
    Attack,
    DuelCard,
    GameRecord,
    IllegalAction,
    Phase,
    Replace,
    Respond,
    new_game,
    other,
    rounds_to_win,
)
from tacocat.rules import events as ev
from tacocat.rules.errors import REASONS
from tacocat.rules.observation import Observation

seeds = st.integers(min_value=0, max_value=2**63 - 1)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(seed: int, choice_seed: int):
    """Yield (state_before, action, state_after, events) through one random game."""
    rng = random.Random(choice_seed)
    state, _ = new_game(seed)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        after, events = state.apply(action)
        yield state, action, after, events
        state = after


@SETTINGS
@given(seeds, seeds)
def test_all_38_cards_are_accounted_for_after_every_action(seed, choice_seed):
    for _, _, after, _ in random_game(seed, choice_seed):
        cards = sorted(after.hands[0] + after.hands[1] + after.draw_pile + after.discards)
        assert cards == list(DEFAULT_RULESET.deck)
        assert after.invariant_problems() == []


@SETTINGS
@given(seeds, seeds)
def test_hands_are_equal_whenever_no_attack_is_pending(seed, choice_seed):
    for _, _, after, _ in random_game(seed, choice_seed):
        if after.phase in (Phase.REPLACE, Phase.DUEL, Phase.ATTACK):
            assert len(after.hands[0]) == len(after.hands[1])


@SETTINGS
@given(seeds, seeds)
def test_no_attack_empties_the_attackers_hand(seed, choice_seed):
    for before, action, after, _ in random_game(seed, choice_seed):
        if isinstance(action, Attack):
            assert len(after.hands[action.seat]) >= 1
            assert len(action.cards) < len(before.hands[action.seat])


@SETTINGS
@given(seeds, seeds)
def test_token_stands_only_on_open_spaces_or_a_goal(seed, choice_seed):
    board = DEFAULT_RULESET.board
    for _, _, after, _ in random_game(seed, choice_seed):
        if after.is_over:
            assert after.token == board.goal_of(after.winner)
        else:
            assert 0 <= after.token < board.size and after.token not in after.covered


@SETTINGS
@given(seeds, seeds)
def test_first_to_four_wins_and_token_distance_equals_last_winners_wins(seed, choice_seed):
    board = DEFAULT_RULESET.board
    last = None
    for _, _, after, events in random_game(seed, choice_seed):
        last = after
        won = [e.seat for e in events if isinstance(e, ev.RoundWon)]
        if not won or after.is_over:
            continue
        winner = won[0]
        distance = abs(after.token - board.start)
        assert distance == after.wins[winner]
        assert after.hand_size == 7 - distance
        # The arrow points at the last round's loser.
        assert after.space.arrows == {other(winner)}
        assert max(after.wins) < rounds_to_win(board.size)
    assert last.is_over
    assert last.wins[last.winner] == 4 and last.wins[other(last.winner)] < 4


@SETTINGS
@given(seeds, seeds)
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed, choice_seed):
    """Every listed action applies; random other actions are refused with a reason."""
    rng = random.Random(choice_seed)
    for before, _, _, _ in random_game(seed, choice_seed):
        for seat in (0, 1):
            legal = set(before.legal_actions(seat))
            for action in legal:
                assert before.is_legal(action)
            for _ in range(8):
                hand = before.hands[seat]
                cards = tuple(sorted(rng.sample(hand, rng.randint(0, len(hand)))))
                candidate = rng.choice(
                    [
                        Replace(seat, cards),
                        Attack(seat, cards),
                        DuelCard(seat, rng.randint(0, 13)),
                        Respond(seat, rng.randint(0, 13)),
                    ]
                )
                assert before.is_legal(candidate) == (candidate in legal)


@SETTINGS
@given(seeds, seeds, st.data())
def test_illegal_actions_raise_a_clear_error_and_change_nothing(seed, choice_seed, data):
    for before, _, _, _ in random_game(seed, choice_seed):
        seat = data.draw(st.sampled_from([0, 1]))
        cards = tuple(sorted(data.draw(st.lists(st.integers(-1, 14), max_size=8))))
        kind = data.draw(st.sampled_from(["replace", "attack", "duel", "respond"]))
        action = {
            "replace": Replace(seat, cards),
            "attack": Attack(seat, cards),
            "duel": DuelCard(seat, cards[0] if cards else 5),
            "respond": Respond(seat, cards[0] if cards else 5),
        }[kind]
        snapshot = {name: getattr(before, name) for name in type(before).__slots__}
        if action in before.legal_actions(seat):
            continue
        try:
            before.apply(action)
        except IllegalAction as error:
            assert error.reason in REASONS and str(error).startswith(error.reason)
        else:
            raise AssertionError(f"{action} was applied but is not legal")
        assert {name: getattr(before, name) for name in type(before).__slots__} == snapshot
        break


@SETTINGS
@given(seeds, seeds)
def test_observation_never_holds_the_opponents_hand_or_the_draw_order(seed, choice_seed):
    """At every round start, swapping the opponent's hand with the draw pile
    (hidden cards only) leaves the seat's observation unchanged."""
    for _before, _, after, events in random_game(seed, choice_seed):
        if not any(isinstance(e, ev.RoundStarted) for e in events) or after.is_over:
            continue
        for seat in (0, 1):
            twin = hidden_twin(after, seat, random.Random(seed ^ seat))
            assert twin.hands[seat] == after.hands[seat]
            assert twin.observation(seat) == after.observation(seat)
            assert isinstance(after.observation(seat), Observation)


def hidden_twin(state, seat, rng):
    """The same game whose last deal gives ``seat`` the same cards but shuffles
    what it cannot see (the opponent's hand and the draw pile)."""
    deals = list(state.deals)
    order = list(deals[-1])
    n = state.hand_size
    own = range(0, n) if seat == 0 else range(n, 2 * n)
    hidden_positions = [i for i in range(len(order)) if i not in own]
    hidden = [order[i] for i in hidden_positions]
    rng.shuffle(hidden)
    for position, card in zip(hidden_positions, hidden, strict=True):
        order[position] = card
    deals[-1] = tuple(order)
    record = GameRecord(state.ruleset, state.seed, tuple(deals), state.actions)
    return record.replay()


@SETTINGS
@given(seeds, seeds)
def test_events_and_observations_agree_with_the_seat_view(seed, choice_seed):
    """Private events only ever reach their own seat."""
    for _, _, after, _events in random_game(seed, choice_seed):
        for seat in (0, 1):
            for event in after.observation(seat).history:
                assert event.audience in (None, seat)
