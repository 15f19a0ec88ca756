"""The hint button: the hard level's move, with a reason read from its analysis."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tacocat.ai.analysis import analyse, analysis_of, observation_seed
from tacocat.ai.hints import Hint, suggest
from tacocat.rules import Attack, DuelCard, Replace, Respond, new_game

from .helpers import bot_of, small_hard
from .test_levels import one_space_game

TEXTS = json.loads(
    (Path(__file__).resolve().parents[2] / "assets" / "translations" / "tacocat.en.json").read_text(
        encoding="utf-8"
    )
)["en"]["hint"]
EQUAL_TEXT = json.loads(
    (Path(__file__).resolve().parents[2] / "assets" / "translations" / "tacocat.en.json").read_text(
        encoding="utf-8"
    )
)["en"]["trust"]["hint"]["equal"]


def positions(seeds: range):
    """(observation, legal) of every decision in a few heuristic-vs-easy games."""
    for seed in seeds:
        state, _ = new_game(seed)
        players = [bot_of("heuristic"), bot_of("easy")]
        rngs = [random.Random(seed), random.Random(seed + 7)]
        while not state.is_over:
            seat = state.to_act[0]
            observation, legal = state.observation(seat), state.legal_actions(seat)
            yield observation, legal
            state, _ = state.apply(players[seat].choose(observation, legal, rngs[seat]))


def test_hints_are_legal_and_reasons_come_from_the_analysis():
    hinter = small_hard(4)
    phases = set()
    for observation, legal in positions(range(3)):
        hint = suggest(observation, legal, bot=hinter)
        assert isinstance(hint, Hint) and hint.action in legal
        ranked = analysis_of(observation, legal, bot=hinter).ranked()
        assert (hint.action, hint.chance) == ranked[0]
        assert hint.reason_params["pct"] == round(100 * ranked[0][1])
        if hint.reason_key == "tacocat.trust.hint.equal":  # two moves as good as each other
            assert round(100 * ranked[1][1]) == hint.reason_params["pct"]
            text = EQUAL_TEXT
        else:
            namespace, section, name = hint.reason_key.split(".")
            assert (namespace, section) == ("tacocat", "hint") and name in TEXTS
            if len(ranked) > 1:
                assert hint.reason_params["alt_pct"] == round(100 * ranked[1][1])
                assert ranked[1][1] <= ranked[0][1]
            text = TEXTS[name]
        placeholders = {p.split("}")[0] for p in text.split("%{")[1:]}
        assert placeholders == set(hint.reason_params)
        phases.add(observation.phase)
    assert phases == {"replace", "duel", "attack", "defend"}


def test_the_same_position_gives_the_same_hint():
    hinter = small_hard(4)
    for count, (observation, legal) in enumerate(positions(range(1))):
        if count % 4:
            continue
        first = suggest(observation, legal, bot=hinter)
        # A fresh bot and another process's global random state change nothing.
        random.seed(observation_seed(observation) + 1)
        again = suggest(observation, list(legal), bot=small_hard(4))
        assert again == first
    state, _ = new_game(3)
    assert observation_seed(state.observation(0)) == observation_seed(new_game(3)[0].observation(0))
    assert observation_seed(state.observation(0)) != observation_seed(state.observation(1))


def test_duel_hint_names_both_cards_and_their_chances():
    state = one_space_game((1, 12), (6, 7))
    for action in (Replace(0, ()), Replace(1, ())):
        state, _ = state.apply(action)
    bot = small_hard(8)
    # Uniform deals (no opponent model): the model rightly deals a kept hand a 1 more often
    # (a tie at the showdown), and the exact 100 % below is the uniform deals' figure.
    bot.model = None
    hint = suggest(state.observation(0), state.legal_actions(0), bot=bot)
    assert hint.action == DuelCard(0, 12)
    assert hint.reason_key == "tacocat.hint.duel_odds"
    assert hint.reason_params["card"] == 12 and hint.reason_params["alt_card"] == 1
    assert hint.reason_params["pct"] == 100 and hint.reason_params["alt_pct"] == 0


def test_defence_hint_and_sacrifice_hint():
    state = one_space_game((12, 9, 5, 6), (8, 1, 10, 11))
    for action in (
        Replace(0, ()),
        Replace(1, ()),
        DuelCard(0, 12),
        DuelCard(1, 8),
        Attack(0, (9,)),
    ):
        state, _ = state.apply(action)
    bot = small_hard(8)
    bot.model = None  # uniform deals: on the model's few believable hands 10 and 11 tie
    hint = suggest(state.observation(1), state.legal_actions(1), bot=bot)
    assert hint.action in (Respond(1, 10), Respond(1, 11))
    assert hint.reason_key == "tacocat.hint.defend_odds" and hint.reason_params["target"] == 9
    state = one_space_game((12, 9, 5, 6), (8, 1, 2, 3))
    for action in (
        Replace(0, ()),
        Replace(1, ()),
        DuelCard(0, 12),
        DuelCard(1, 8),
        Attack(0, (9,)),
    ):
        state, _ = state.apply(action)
    hint = suggest(state.observation(1), state.legal_actions(1), bot=small_hard(2))
    assert hint.action == Respond(1, 1)
    assert hint.reason_key == "tacocat.hint.only_move"


def test_analyse_values_a_move_it_is_asked_about():
    """A game review rates the played move: ``actions`` makes sure it is valued."""
    state, _ = new_game(12)
    observation, legal = state.observation(0), state.legal_actions(0)
    played = Replace(0, observation.hand)  # throw the whole hand away
    ranked = analyse(observation, legal, actions=[played], bot=small_hard(4))
    assert played in [a for a, _ in ranked]
    assert all(0.0 <= v <= 1.0 for _, v in ranked)
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)


def test_reasons_render_in_english_with_every_placeholder_filled():
    from tacocat.ui.text.i18n import tr

    hinter = small_hard(2)
    for count, (observation, legal) in enumerate(positions(range(1))):
        if count % 3:
            continue
        hint = suggest(observation, legal, bot=hinter)
        text = tr(hint.reason_key, **hint.reason_params)
        assert "%{" not in text and str(hint.reason_params["pct"]) in text
