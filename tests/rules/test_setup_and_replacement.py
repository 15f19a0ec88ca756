"""Setup, the deal, and the replacement step (one-arrow and secret centre)."""

import pytest
from rules_helpers import apply_all, deal_order, game_after

from tacocat.rules import (
    DEFAULT_RULESET,
    FIRST,
    SECOND,
    IllegalAction,
    Phase,
    Replace,
    new_game,
)
from tacocat.rules import events as ev
from tacocat.rules.shuffle import seeded_order


def test_setup_tacocat_on_centre_and_seven_cards_each():
    state, events = new_game(11)
    assert state.token == 3
    assert len(state.hands[0]) == len(state.hands[1]) == 7
    assert len(state.draw_pile) == 38 - 14
    assert state.discards == ()
    assert isinstance(events[0], ev.RoundStarted) and events[0].hand_size == 7


def test_ruling_draw_order_deal_gives_first_player_the_top_cards():
    order = seeded_order(DEFAULT_RULESET.deck, 5, 0)
    state, _ = new_game(5)
    assert state.hands[0] == tuple(sorted(order[:7]))
    assert state.hands[1] == tuple(sorted(order[7:14]))
    assert state.draw_pile == order[14:]


def test_same_seed_same_game_different_seed_different_deal():
    assert new_game(42)[1] == new_game(42)[1]
    assert new_game(42)[0].hands != new_game(43)[0].hands


def test_hand_dealt_events_are_private_to_their_seat():
    _, events = new_game(1)
    dealt = [e for e in events if isinstance(e, ev.HandDealt)]
    assert [(e.seat, e.audience) for e in dealt] == [(0, 0), (1, 1)]
    assert ev.visible_to(events, 0).count(dealt[1]) == 0


def test_ruling_secret_centre_replacement_both_choose_and_reveal_together():
    order = deal_order((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 12, 12), draw_top=(1, 2, 3, 9, 10))
    state, _ = new_game(0, recorded_deals=(order,))
    assert state.phase is Phase.REPLACE and state.to_act == (FIRST, SECOND)
    state, events = state.apply(Replace(SECOND, (11, 12)))
    # The choice is hidden: nothing changed in the hands, the first player sees only a commit.
    assert state.hands[1] == (8, 9, 10, 11, 12, 12, 12)
    assert state.to_act == (FIRST,)
    seen_by_first = ev.visible_to(events, FIRST)
    assert seen_by_first == (ev.ReplacementCommitted(SECOND),)
    assert state.observation(FIRST).opponent_committed is True
    assert state.observation(FIRST).own_commit is None
    assert state.observation(SECOND).own_commit == (11, 12)
    state, events = state.apply(Replace(FIRST, (5, 6, 7)))
    # [ruling draw_order] at the centre the first player draws first.
    assert state.hands[0] == (1, 1, 2, 2, 3, 3, 4)
    assert state.hands[1] == (8, 9, 9, 10, 10, 12, 12)
    replaced = [e for e in events if isinstance(e, ev.Replaced)]
    assert replaced == [ev.Replaced(FIRST, (5, 6, 7)), ev.Replaced(SECOND, (11, 12))]
    assert state.discards == (5, 6, 7, 11, 12)
    assert state.phase is Phase.DUEL


def test_secret_choice_cannot_be_made_twice():
    state, _ = new_game(3)
    state, _ = state.apply(Replace(FIRST, ()))
    with pytest.raises(IllegalAction, match=r"^already_chosen\b"):
        state.apply(Replace(FIRST, ()))


def test_one_arrow_space_arrow_player_replaces_first():
    state = game_after([FIRST])  # first player leads: the arrow points at the second
    assert state.token == 2
    assert state.to_act == (SECOND,)
    assert state.legal_actions(FIRST) == []
    with pytest.raises(IllegalAction) as refused:
        state.apply(Replace(FIRST, ()))
    assert (refused.value.reason, refused.value.params) == (
        "not_your_turn",
        {"seat": FIRST, "phase": "replace"},
    )


def test_replacement_limit_is_the_number_the_first_replacer_took():
    order = deal_order((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12), draw_top=(1, 2, 3, 4))
    state = game_after([FIRST], next_deal=order)
    state, events = state.apply(Replace(SECOND, (11, 12)))
    assert state.hands[1] == (1, 2, 7, 8, 9, 10)  # drew the top two cards
    assert ev.ReplaceTurn(FIRST, 2, False) in events
    assert state.observation(FIRST).replace_limit == 2
    with pytest.raises(IllegalAction) as refused:
        state.apply(Replace(FIRST, (4, 5, 6)))
    assert (refused.value.reason, refused.value.params) == (
        "replace_too_many",
        {"seat": FIRST, "limit": 2},
    )
    assert all(len(a.cards) <= 2 for a in state.legal_actions(FIRST))
    assert Replace(FIRST, (5, 6)) in state.legal_actions(FIRST)
    state, _ = state.apply(Replace(FIRST, (6,)))
    assert state.hands[0] == (1, 2, 3, 3, 4, 5)
    assert state.phase is Phase.DUEL


def test_second_replacer_with_limit_zero_is_not_asked():
    state = game_after([FIRST])
    state, events = state.apply(Replace(SECOND, ()))
    assert ev.ReplacementSkipped(FIRST) in events
    assert state.phase is Phase.DUEL
    assert state.to_act == (FIRST, SECOND)


def test_replacing_all_cards_is_allowed():
    state, _ = new_game(9)
    hand = state.hands[0]
    state, _ = apply_all(state, Replace(FIRST, hand), Replace(SECOND, ()))
    assert len(state.hands[0]) == 7
    assert state.discards == hand


def test_replacing_a_card_not_held_is_refused():
    order = deal_order((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 12, 12))
    state, _ = new_game(0, recorded_deals=(order,))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Replace(FIRST, (12,)))
    assert (refused.value.reason, refused.value.params) == (
        "not_held",
        {"seat": FIRST, "cards": (12,)},
    )


def test_legal_replacements_behave_like_a_list():
    state, _ = new_game(4)
    legal = state.legal_actions(FIRST)
    listed = list(legal)
    assert legal == listed and len(legal) == len(set(listed))
    assert Replace(FIRST, ()) in legal and Replace(FIRST, state.hands[FIRST]) in legal
    assert Replace(SECOND, ()) not in legal
    assert legal[-1] == listed[-1] and legal[1:3] == listed[1:3]


def test_stacked_order_deals_the_chosen_hands_and_refuses_cards_not_in_the_deck():
    from tacocat.rules import DEFAULT_DECK, stacked_order

    order = stacked_order(DEFAULT_DECK, (1, 2, 3, 4, 5, 6, 7), (7, 7, 8, 9, 10, 11, 12), (12,))
    state, _ = new_game(0, recorded_deals=(order,))
    assert state.hands == ((1, 2, 3, 4, 5, 6, 7), (7, 7, 8, 9, 10, 11, 12))
    assert state.draw_pile[0] == 12 and sorted(order) == list(DEFAULT_DECK)
    with pytest.raises(ValueError, match="does not hold"):
        stacked_order(DEFAULT_DECK, (1, 1, 1, 1), (2,))
