"""The duel, attacks (single, set, sequence), and answering them."""

import pytest
from rules_helpers import apply_all, deal_order

from tacocat.rules import (
    FIRST,
    SECOND,
    Attack,
    DuelCard,
    IllegalAction,
    Phase,
    Replace,
    Respond,
    Ruleset,
    catch_up_board,
    new_game,
)
from tacocat.rules import events as ev


def duel_ready(first, second, ruleset=None):
    """A state in the duel phase with the given hands (nobody replaced)."""
    kwargs = {"ruleset": ruleset} if ruleset else {}
    order = deal_order(first, second, **kwargs)
    state, _ = new_game(0, recorded_deals=(order,), **kwargs)
    state, _ = apply_all(state, Replace(FIRST, ()), Replace(SECOND, ()))
    assert state.phase is Phase.DUEL
    return state


def play_ready(first, second, attacker=FIRST):
    """A state where ``attacker`` attacks, after a duel of each hand's highest card.

    The hands given are the hands *after* the duel; a 12 and an 11 are added
    for the duel (the attacker's 12 beats the 11).
    """
    duel = {attacker: 12, 1 - attacker: 11}
    full = [tuple(sorted(first + (duel[FIRST],))), tuple(sorted(second + (duel[SECOND],)))]
    size = len(full[0])
    state = duel_ready(*full, ruleset=Ruleset(board=catch_up_board((size, size, size))))
    state, _ = apply_all(state, DuelCard(FIRST, duel[FIRST]), DuelCard(SECOND, duel[SECOND]))
    assert state.phase is Phase.ATTACK and state.attacker == attacker
    return state


def test_duel_is_simultaneous_and_hidden_until_both_chose():
    state = duel_ready((1, 2, 3, 4, 5, 6, 10), (1, 2, 3, 4, 5, 6, 9))
    assert state.to_act == (FIRST, SECOND)
    state, events = state.apply(DuelCard(SECOND, 9))
    assert ev.visible_to(events, FIRST) == (ev.DuelCommitted(SECOND),)
    assert 9 in state.hands[SECOND]  # not revealed yet
    assert state.observation(FIRST).own_commit is None
    state, events = state.apply(DuelCard(FIRST, 10))
    assert ev.DuelRevealed((10, 9), FIRST) in events
    assert state.attacker == FIRST and state.phase is Phase.ATTACK
    assert state.discards == (10, 9)  # both duel cards are discarded


def test_duel_tie_discards_both_and_duels_again():
    state = duel_ready((1, 2, 3, 4, 5, 6, 9), (1, 2, 3, 4, 5, 6, 9))
    state, events = apply_all(state, DuelCard(FIRST, 9), DuelCard(SECOND, 9))
    assert ev.DuelRevealed((9, 9), None) in events
    assert state.phase is Phase.DUEL and state.to_act == (FIRST, SECOND)
    assert len(state.hands[FIRST]) == len(state.hands[SECOND]) == 6
    assert state.discards == (9, 9)
    state, _ = apply_all(state, DuelCard(FIRST, 1), DuelCard(SECOND, 6))
    assert state.attacker == SECOND
    assert state.duels == ((9, 9), (1, 6))


def test_ruling_duel_last_card_showdown_after_a_decided_duel():
    tiny = Ruleset(board=catch_up_board((2, 2, 2)))
    state = duel_ready((3, 9), (5, 8), ruleset=tiny)
    state, events = apply_all(state, DuelCard(FIRST, 9), DuelCard(SECOND, 8))
    # One card each: straight to the showdown, nobody attacks.
    assert ev.ShowdownRevealed((3, 5)) in events
    assert ev.RoundWon(FIRST) in events


def test_ruling_duel_last_card_showdown_after_tied_duels():
    small = Ruleset(board=catch_up_board((3, 3, 3)))
    state = duel_ready((2, 6, 9), (4, 6, 9), ruleset=small)
    state, events = apply_all(state, DuelCard(FIRST, 9), DuelCard(SECOND, 9))
    assert state.phase is Phase.DUEL  # tie with two cards left: duel again
    state, events = apply_all(state, DuelCard(FIRST, 6), DuelCard(SECOND, 6))
    assert ev.ShowdownRevealed((2, 4)) in events
    assert ev.RoundWon(FIRST) in events


def test_attack_single_card():
    state = play_ready((1, 5, 9), (2, 6, 10))
    state, events = state.apply(Attack(FIRST, (9,)))
    assert events == (ev.Attacked(FIRST, (9,), "single"),)
    assert state.phase is Phase.DEFEND and state.to_act == (SECOND,)


def test_set_needs_two_or_more_cards_of_the_same_value():
    state = play_ready((4, 4, 4, 9), (1, 2, 3, 10))
    assert Attack(FIRST, (4, 4)) in state.legal_actions(FIRST)
    assert Attack(FIRST, (4, 4, 4)) in state.legal_actions(FIRST)
    _, events = state.apply(Attack(FIRST, (4, 4, 4)))
    assert events[0].shape == "set"
    with pytest.raises(IllegalAction, match=r"^attack_pair_mismatch\b"):
        state.apply(Attack(FIRST, (4, 9)))


def test_sequence_needs_three_or_more_consecutive_values():
    state = play_ready((3, 4, 5, 6, 9), (1, 2, 3, 7, 10))
    assert Attack(FIRST, (3, 4, 5, 6)) in state.legal_actions(FIRST)
    _, events = state.apply(Attack(FIRST, (4, 5, 6)))
    assert events[0].shape == "sequence"
    with pytest.raises(IllegalAction, match=r"^attack_not_sequence\b"):
        state.apply(Attack(FIRST, (4, 5, 9)))
    with pytest.raises(IllegalAction, match=r"^attack_pair_mismatch\b"):
        state.apply(Attack(FIRST, (4, 5)))


def test_last_card_rule_an_attack_never_empties_the_hand():
    state = play_ready((4, 5, 6), (1, 2, 3))
    assert Attack(FIRST, (4, 5, 6)) not in state.legal_actions(FIRST)
    with pytest.raises(IllegalAction, match=r"^attack_whole_hand$"):
        state.apply(Attack(FIRST, (4, 5, 6)))


def test_no_passing_an_attacker_with_two_cards_must_attack():
    state = play_ready((4, 5), (1, 2))
    legal = state.legal_actions(FIRST)
    assert legal and all(isinstance(a, Attack) and len(a.cards) == 1 for a in legal)


def test_ruling_jumbo_ascending_each_card_is_answered_lowest_first():
    state = play_ready((1, 5, 6, 7, 9), (2, 6, 7, 8, 10))
    state, _ = state.apply(Attack(FIRST, (5, 6, 7)))
    targets = []
    for card in (6, 7, 8):
        targets.append(state.pending_target)
        state, _ = state.apply(Respond(SECOND, card))
    assert targets == [5, 6, 7]
    assert state.attacker == SECOND  # defended every card: the defender attacks next


def test_ruling_higher_response_defends_even_with_the_lowest_card():
    state = play_ready((1, 4, 9), (4, 6, 10))
    state, _ = state.apply(Attack(FIRST, (4,)))
    # The defender's lowest card equals the attack card: it cannot lose it as a sacrifice.
    state, events = state.apply(Respond(SECOND, 4))
    assert ev.Defended(SECOND, 4, 4) in events
    assert ev.TrickWon(SECOND, by_defence=True) in events
    assert state.floors == (0, 0)


def test_sacrifice_is_always_the_lowest_card():
    state = play_ready((1, 4, 9), (2, 3, 10))
    state, _ = state.apply(Attack(FIRST, (9,)))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Respond(SECOND, 3))
    assert refused.value.reason == "respond_too_low"
    assert refused.value.params == {"card": 3, "target": 9, "lowest": 2}
    assert [a.card for a in state.legal_actions(SECOND)] == [2, 10]
    state, events = state.apply(Respond(SECOND, 2))
    assert ev.Sacrificed(SECOND, 2, 9) in events
    assert state.floors[SECOND] == 2  # public: every card left is at least 2


def test_sacrifice_is_allowed_even_when_able_to_defend():
    state = play_ready((1, 4, 9), (2, 3, 10))
    state, _ = state.apply(Attack(FIRST, (4,)))
    state, events = state.apply(Respond(SECOND, 2))
    assert ev.Sacrificed(SECOND, 2, 4) in events
    assert ev.TrickWon(FIRST, by_defence=False) in events
    assert state.attacker == FIRST  # the attacker attacks again


def test_one_sacrifice_in_a_jumbo_gives_the_trick_to_the_attacker():
    state = play_ready((1, 5, 5, 9), (2, 6, 7, 10))
    state, _ = state.apply(Attack(FIRST, (5, 5)))
    state, _ = state.apply(Respond(SECOND, 2))
    assert state.observation(SECOND).trick_sacrificed  # the trick is already lost
    state, events = state.apply(Respond(SECOND, 6))
    assert ev.TrickWon(FIRST, by_defence=False) in events


def test_a_sacrifice_on_the_last_jumbo_card_also_loses_the_trick():
    state = play_ready((1, 5, 5, 9), (2, 6, 7, 10))
    state, _ = state.apply(Attack(FIRST, (5, 5)))
    state, _ = state.apply(Respond(SECOND, 6))
    assert not state.observation(FIRST).trick_sacrificed
    state, events = state.apply(Respond(SECOND, 2))
    assert ev.TrickWon(FIRST, by_defence=False) in events
    assert state.attacker == FIRST


def test_played_cards_are_discarded_and_hands_stay_equal():
    state = play_ready((1, 5, 6, 7, 9), (2, 6, 7, 8, 10))
    before = len(state.discards)
    state, _ = apply_all(
        state, Attack(FIRST, (5, 6, 7)), Respond(SECOND, 6), Respond(SECOND, 7), Respond(SECOND, 8)
    )
    assert state.discards[before:] == (5, 6, 7, 6, 7, 8)
    assert len(state.hands[FIRST]) == len(state.hands[SECOND])


def test_actions_out_of_turn_or_phase_are_refused_and_state_unchanged():
    state = play_ready((1, 5, 9), (2, 6, 10))
    snapshot = repr(state), state.discards
    with pytest.raises(IllegalAction) as refused:
        state.apply(Attack(SECOND, (6,)))
    assert refused.value.reason == "not_your_turn"
    assert refused.value.params == {"seat": SECOND, "phase": "attack"}
    with pytest.raises(IllegalAction) as refused:
        state.apply(DuelCard(FIRST, 5))
    assert (refused.value.reason, refused.value.params) == (
        "wrong_phase",
        {"phase": "attack", "attempted": "duel"},
    )
    assert (repr(state), state.discards) == snapshot
