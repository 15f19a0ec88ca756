"""The hint button: the hard level's move, explained in words that name the cards."""

from __future__ import annotations

import random
import re

from tacocat.ai.hints import Hint, cards_text, explain, suggest
from tacocat.rules import Attack, DuelCard, Replace, Respond, new_game

from .helpers import bot_of, small_hard
from .test_levels import one_space_game


def mentions(reason: str, card: int) -> bool:
    return re.search(rf"(?<!\d){card}(?!\d)", reason) is not None


def action_cards(action) -> tuple[int, ...]:
    return action.cards if isinstance(action, (Replace, Attack)) else (action.card,)


def test_hints_name_their_cards_and_match_the_hard_level():
    hinter = small_hard(4)
    phases = set()
    for seed in range(4):
        state, _ = new_game(seed)
        players = [bot_of("medium"), bot_of("easy")]
        rngs = [random.Random(seed), random.Random(seed + 7)]
        while not state.is_over:
            seat = state.to_act[0]
            observation, legal = state.observation(seat), state.legal_actions(seat)
            hint = suggest(observation, legal, random.Random(5), bot=hinter)
            assert isinstance(hint, Hint) and hint.action in legal
            assert 0.0 <= hint.chance <= 1.0
            assert "\n" not in hint.reason and len(hint.reason) < 140
            cards = action_cards(hint.action)
            if cards:
                assert all(mentions(hint.reason, c) for c in cards), (hint, observation.hand)
            else:
                assert hint.reason.startswith("Keep your hand")
            if len(legal) > 1:
                assert hint.action == hinter.choose(observation, legal, random.Random(5))
            phases.add(observation.phase)
            state, _ = state.apply(players[seat].choose(observation, legal, rngs[seat]))
    assert phases == {"replace", "duel", "attack", "defend"}


def test_defence_hint_says_which_card_it_keeps():
    state = one_space_game((12, 9, 5, 6), (8, 1, 10, 11))
    for action in (Replace(0, ()), Replace(1, ()), DuelCard(0, 12), DuelCard(1, 8), Attack(0, (9,))):
        state, _ = state.apply(action)
    hint = suggest(state.observation(1), state.legal_actions(1), random.Random(0), bot=small_hard(8))
    assert hint.action in (Respond(1, 10), Respond(1, 11))
    assert hint.reason.startswith(f"Defend with the {hint.action.card}")
    assert "keeps your 1 for the showdown" in hint.reason


def test_reasons_for_each_kind_of_move():
    state = one_space_game((12, 9, 5, 6), (8, 1, 10, 11))
    observation = state.observation(0)  # hand (5, 6, 9, 12)
    assert explain(observation, Replace(0, (12,))) == "Replace the 12: high cards rarely win the showdown"
    assert mentions(explain(observation, Replace(0, ())), 12) is False
    assert explain(observation, DuelCard(0, 12)).startswith("Duel with the 12: winning the duel")
    assert mentions(explain(observation, DuelCard(0, 5)), 5)
    assert explain(observation, Attack(0, (12,))) == \
        "Attack with the 12: it is hard to defend, and it keeps your 5 for the showdown"
    assert explain(observation, Attack(0, (5,))).startswith("Attack with the 5: your higher cards")
    observation = one_space_game((4, 5, 6, 12), (8, 1, 2, 3)).observation(0)
    assert explain(observation, Attack(0, (4, 5, 6))).startswith(
        "Attack with the 4, 5 and 6: a Jumbo sequence makes them answer 3 cards at once")
    assert cards_text((4, 5, 6)) == "the 4, 5 and 6"


def test_sacrifice_hint_explains_why():
    # Seat 1 holds 1, 2, 3 against an attack of 9: nothing defends.
    state = one_space_game((12, 9, 5, 6), (8, 1, 2, 3))
    for action in (Replace(0, ()), Replace(1, ()), DuelCard(0, 12), DuelCard(1, 8), Attack(0, (9,))):
        state, _ = state.apply(action)
    hint = suggest(state.observation(1), state.legal_actions(1), random.Random(0), bot=small_hard(2))
    assert hint.action == Respond(1, 1)
    assert hint.reason == "Sacrifice your 1: no card you hold beats the 9"
