"""Reasons, not only numbers (issue 23, item 5): each reason code in a crafted position.

The positions are built from a real observation with its hand, face-up cards,
attack and floors replaced: :func:`explain` reads nothing else (the standard
deck: three cards of each value 1-12 and two more 7s).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from tacocat.ai.hints import EQUAL_KEY, suggest
from tacocat.ai.reasons import CODES, GENERIC, Reason, can_beat_all, explain, new_card_average
from tacocat.rules import Attack, DuelCard, Phase, Replace, Respond, new_game

from .helpers import bot_of, small_hard


def seen(
    hand,
    *,
    phase="duel",
    discards=(),
    attack=(),
    responses=(),
    floors=(0, 0),
    replace_limit=None,
    replace_secret=False,
):
    state, _ = new_game(1)
    # The observation's derived facts follow the crafted phase, as the engine computes them.
    defending = phase == "defend" and len(responses) < len(attack)
    return dataclasses.replace(
        state.observation(0),
        phase=Phase(phase),
        hand=tuple(sorted(hand)),
        discards=tuple(discards),
        attack=tuple(attack),
        responses=tuple(responses),
        floors=floors,
        replace_limit=replace_limit,
        replace_secret=replace_secret,
        opponent_hand_size=len(hand),
        pending_target=attack[len(responses)] if defending else None,
        trick_sacrificed=defending and any(r < a for r, a in zip(responses, attack, strict=False)),
        secret_choice_open=phase == "duel" or (phase == "replace" and replace_secret),
    )


def codes(reasons):
    return [(r.code, r.args) for r in reasons]


# --- the showdown -------------------------------------------------------------------------


def test_a_duel_from_two_cards_keeps_the_low_one_for_the_showdown():
    o = seen((1, 9))  # two more 1s are unseen: the opponent can at best tie
    assert codes(explain(o, DuelCard(0, 9), DuelCard(0, 1))) == [
        ("showdown_keep", {"card": 1}),
        ("fact_tie_only", {"card": 1}),
    ]


def test_the_issues_example_no_card_under_4_is_left_unseen():
    o = seen((1, 9), discards=(1, 1, 2, 2, 2, 3, 3, 3))
    assert codes(explain(o, DuelCard(0, 9), DuelCard(0, 1))) == [
        ("showdown_keep", {"card": 1}),
        ("fact_below_seen", {"low": 4, "card": 1}),
    ]


def test_the_opponents_sacrifice_shows_its_floor():
    # The opponent sacrificed a 4: every card left in its hand is 4 or higher.
    o = seen((3, 10), phase="defend", discards=(6, 4, 9), attack=(9,), floors=(0, 4))
    assert codes(explain(o, Respond(0, 10), Respond(0, 3))) == [
        ("showdown_keep", {"card": 3}),
        ("fact_floor", {"floor": 4, "card": 3}),
    ]


def test_lower_unseen_cards_under_the_floor_cannot_be_held():
    # 1s and 2s are unseen but under the opponent's floor of 3; every 3, 4 and 5 is seen.
    o = seen((5, 9), discards=(3, 3, 3, 4, 4, 4, 5, 5), floors=(0, 3))
    assert codes(explain(o, DuelCard(0, 9), DuelCard(0, 5)))[1] == ("fact_sure", {"card": 5})


def test_how_many_unseen_cards_are_lower():
    o = seen((5, 9))  # three each of 1, 2, 3 and 4 are unseen
    assert codes(explain(o, DuelCard(0, 9), DuelCard(0, 5)))[1] == (
        "fact_lower_unseen",
        {"count": 12, "card": 5},
    )


# --- the duel -------------------------------------------------------------------------------


def test_duel_reasons():
    o = seen((2, 5, 12), discards=(12, 12))  # no 12 is left unseen
    assert codes(explain(o, DuelCard(0, 12), DuelCard(0, 2))) == [("duel_sure", {"card": 12})]
    o = seen((2, 5, 11))
    assert codes(explain(o, DuelCard(0, 11), DuelCard(0, 2))) == [
        ("duel_high", {"card": 11, "alt_card": 2})
    ]
    assert codes(explain(o, DuelCard(0, 2), DuelCard(0, 11))) == [
        ("duel_keep", {"card": 2, "kept": 11})
    ]


# --- attacks ------------------------------------------------------------------------------


def test_a_jumbo_the_unseen_cards_cannot_answer():
    o = seen((3, 11, 11), phase="attack", discards=(12, 12, 12, 11))
    assert codes(explain(o, Attack(0, (11, 11)), Attack(0, (3,)))) == [("jumbo_sure", {"count": 2})]
    o = seen((3, 9, 9, 10), phase="attack")
    assert codes(explain(o, Attack(0, (9, 9)), Attack(0, (3,)))) == [("jumbo", {"count": 2})]


def test_single_card_attacks():
    o = seen((3, 5, 12), phase="attack", discards=(12, 12))
    assert codes(explain(o, Attack(0, (12,)), Attack(0, (3,)))) == [("trick_sure", {"card": 12})]
    o = seen((3, 5, 11), phase="attack")
    assert codes(explain(o, Attack(0, (11,)), Attack(0, (3,)))) == [("attack_high", {"card": 11})]
    assert codes(explain(o, Attack(0, (3,)), Attack(0, (11,)))) == [
        ("attack_keep", {"card": 3, "cards": (11,)})
    ]


def test_a_floor_makes_an_attack_answerable_or_not():
    # Every unseen card at least the opponent's floor of 10 and none 11 or higher left: sure.
    o = seen((3, 5, 11), phase="attack", discards=(11, 11, 12, 12, 12), floors=(0, 10))
    assert explain(o, Attack(0, (11,)), Attack(0, (3,)))[0].code == "trick_sure"


# --- answers --------------------------------------------------------------------------------


def test_defences_and_sacrifices():
    single = seen((2, 8, 11), phase="defend", discards=(7,), attack=(7,))
    assert codes(explain(single, Respond(0, 8), Respond(0, 2))) == [
        ("defend_wins", {"card": 8, "target": 7, "low": 2})
    ]
    assert codes(explain(single, Respond(0, 8), Respond(0, 11))) == [
        ("defend_cheap", {"card": 8, "target": 7, "kept": 11})
    ]
    assert codes(explain(single, Respond(0, 11), Respond(0, 8))) == [
        ("defend_keep_lower", {"card": 11, "target": 7, "kept": 8})
    ]
    jumbo = seen((2, 8, 11), phase="defend", discards=(7, 7), attack=(7, 7))
    assert codes(explain(jumbo, Respond(0, 8), Respond(0, 2))) == [
        ("defend_keeps_low", {"card": 8, "target": 7, "low": 2})
    ]
    assert codes(explain(jumbo, Respond(0, 2), Respond(0, 8))) == [
        ("sacrifice_cheaper", {"card": 2, "kept": 8, "target": 7})
    ]


def test_a_trick_already_lost_makes_the_sacrifice_cheap():
    beyond = seen((2, 5, 8), phase="defend", discards=(7, 7), attack=(7, 7))  # one 8 for two 7s
    assert codes(explain(beyond, Respond(0, 2), Respond(0, 8))) == [
        ("sacrifice_lost", {"card": 2, "kept": 8})
    ]
    sacrificed = seen((3, 8, 9), phase="defend", discards=(4, 7, 2), attack=(4, 7), responses=(2,))
    assert explain(sacrificed, Respond(0, 3), Respond(0, 8))[0].code == "sacrifice_lost"


# --- replacements ---------------------------------------------------------------------------

HAND = (1, 4, 9, 11, 12)


def test_replacement_keeps_low_cards_and_throws_high_ones():
    o = seen(HAND, phase="replace")
    avg = new_card_average(o)
    assert avg == 6  # (248 - 37) / 33 rounded: what a new card is worth on average
    assert codes(explain(o, Replace(0, (11, 12)), Replace(0, (1, 11, 12)))) == [
        ("replace_keep_low", {"card": 1, "avg": 6})
    ]
    assert codes(explain(o, Replace(0, (11, 12)), Replace(0, ()))) == [
        ("replace_high", {"cards": (11, 12), "avg": 6, "count": 2})
    ]


def test_the_first_replacer_limits_the_second():
    o = seen(HAND, phase="replace")  # one arrow, first to replace: no limit, not secret
    assert codes(explain(o, Replace(0, ()), Replace(0, (9, 11)))) == [("keep_limit", {})]
    assert codes(explain(o, Replace(0, (9,)), Replace(0, (9, 11)))) == [
        ("replace_limit", {"count": 1})
    ]
    centre = seen(HAND, phase="replace", replace_secret=True)  # secret: no limit to give
    assert explain(centre, Replace(0, (9,)), Replace(0, (9, 11))) == (GENERIC,)


def test_keep_the_high_card_for_the_duel_else_the_generic_reason():
    second = seen(HAND, phase="replace", replace_limit=3)
    assert codes(explain(second, Replace(0, ()), Replace(0, (12,)))) == [
        ("keep_duel_card", {"card": 12})
    ]
    assert explain(second, Replace(0, ()), Replace(0, (9,))) == (GENERIC,)


# --- the values themselves ------------------------------------------------------------------


def test_reasons_are_checked_values():
    with pytest.raises(ValueError):
        Reason.of("showdown_keep", cards=(1,))
    with pytest.raises(ValueError):
        Reason.of("no_such_reason")
    reason = Reason.of("duel_high", card=9, alt_card=4)
    assert reason.key == "tacocat.reason.duel_high" and reason.args == {"card": 9, "alt_card": 4}
    assert hash(reason) == hash(Reason.of("duel_high", alt_card=4, card=9))


def test_can_beat_all_matches_each_attack_card_with_its_own_answer():
    assert can_beat_all((8, 9), (7, 7))
    assert not can_beat_all((8, 5), (7, 7))
    assert not can_beat_all((12,), (3, 4))


def test_hints_carry_a_reason_unless_the_moves_are_equal_or_alone():
    from .test_hints import positions

    hinter = small_hard(4)
    found = set()
    for observation, legal in positions(range(2)):
        hint = suggest(observation, legal, bot=hinter)
        if len(legal) == 1 or hint.reason_key in (EQUAL_KEY, "tacocat.hint.only_move"):
            assert hint.reasons == ()
            continue
        assert hint.reasons and all(r.code in CODES for r in hint.reasons)
        found.add(hint.reasons[0].code)
    assert len(found) >= 3, found  # a couple of games meet several kinds of reason


def test_a_reason_depends_only_on_the_observation():
    """Two games that look the same from the seat give the same reasons (fairness)."""
    from .helpers import hidden_twin

    rng = random.Random(3)
    state, _ = new_game(4)
    bots = [bot_of("heuristic"), bot_of("heuristic")]
    checked = 0
    while not state.is_over and checked < 25:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        twin = hidden_twin(state, seat, rng)
        if twin is not None and len(legal) > 1:
            mine, theirs = state.observation(seat), twin.observation(seat)
            assert explain(mine, legal[0], legal[-1]) == explain(theirs, legal[0], legal[-1])
            checked += 1
        state, _ = state.apply(bots[seat].choose(state.observation(seat), legal, rng))
    assert checked >= 10
