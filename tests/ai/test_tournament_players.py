"""The tournament's variants and attribution players build what their names say."""

from __future__ import annotations

import argparse
import random

import pytest

from bench import ai_tournament
from bench.lab import LabHard
from tacocat.ai.hard import HardBot
from tacocat.ai.medium import MediumBot
from tacocat.ai.model import ModelFit, replace_clue
from tacocat.ai.sampling import Dealer
from tacocat.rules import DuelCard

from .test_fairness import decision_points


def test_every_variant_is_a_player_with_its_options():
    for name, (kind, options) in ai_tournament.VARIANTS.items():
        assert ai_tournament.player_name(name) == name
        player = ai_tournament.bot(name)
        assert player.name == name
        assert isinstance(player, {"lab": LabHard, "hard": HardBot, "medium": MediumBot}[kind])
        if "fit" in options:
            assert isinstance(player.fit, ModelFit) and player.fit == options["fit"]
    assert ai_tournament.bot("hard-sharp").fit.epsilon < ai_tournament.bot("hard-soft").fit.epsilon


TINY = dict(
    time_budget=None,
    play_samples=6,
    duel_samples=4,
    replace_samples=4,
    screen_samples=4,
    finalists=2,
)


def _real_decisions(seeds, every=2):
    for seed in seeds:
        for state, seat in decision_points(seed, every=every):
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                yield seed, state.observation(seat), legal


def test_the_lab_hard_level_with_its_defaults_plays_as_the_hard_level():
    """Every lab variant is the product with one choice made otherwise: with none, the same."""
    product, lab = HardBot(**TINY), LabHard(**TINY)
    phases = set()
    for seed, observation, legal in _real_decisions(range(3)):
        a = product.analyse(observation, legal, random.Random(seed))
        b = lab.analyse(observation, legal, random.Random(seed))
        assert (a.actions, a.values, a.samples) == (b.actions, b.values, b.samples)
        assert product.choose(observation, legal, random.Random(seed)) == lab.choose(
            observation, legal, random.Random(seed)
        )
        phases.add(observation.phase.value)
    assert phases == {"replace", "duel", "attack", "defend"}


def test_the_lab_models_read_what_they_say():
    """``clues="replace"`` reads the replacement alone; a searcher share moves the weights
    where there is a replacement to read; the pure duel plays the best-valued card."""
    product, by_replace = HardBot(**TINY), LabHard(clues="replace", **TINY)
    searching, pure = LabHard(searcher=0.35, **TINY), LabHard(mixed_duel=False, **TINY)
    moved = {"replace": 0, "searcher": 0}
    duels = 0
    for seed, observation, legal in _real_decisions(range(4), every=1):
        full, replaced = product.weigher(observation), by_replace.weigher(observation)
        assert (replaced is None) == (replace_clue(observation) is None)
        if full is not None:
            dealer, draws = Dealer(observation), random.Random(seed)
            for _ in range(3):
                hand = dealer.deal(draws).opponent_hand
                moved["replace"] += replaced is not None and replaced(hand) != full(hand)
                moved["searcher"] += searching.weigher(observation)(hand) != full(hand)
        if isinstance(legal[0], DuelCard):
            analysis = pure.analyse(observation, legal, random.Random(seed))
            assert pure.choose(observation, legal, random.Random(seed)) == analysis.best
            duels += 1
    assert moved["replace"] and moved["searcher"] and duels
    with pytest.raises(ValueError, match="clues"):
        LabHard(clues="psychic")


def test_the_model_in_one_phase_reads_the_opponent_in_that_phase_only():
    player = ai_tournament.ModelInPhase(
        "duel",
        time_budget=None,
        play_samples=2,
        duel_samples=2,
        replace_samples=2,
        screen_samples=2,
        finalists=1,
    )
    assert player.with_model.model is True and player.without.model is False
    phases: set[str] = set()
    for state, seat in decision_points(3, every=1):
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        observation = state.observation(seat)
        player.with_model.last_deadline = player.without.last_deadline = None
        player.choose(observation, legal, random.Random(1))
        used_model = player.with_model.last_deadline is not None
        assert used_model == (observation.phase == "duel")
        assert used_model != (player.without.last_deadline is not None)
        phases.add(observation.phase)
    assert {"duel", "replace", "attack"} <= phases


def test_an_unknown_player_is_refused_with_the_names_that_exist():
    import argparse

    for wrong in ("hard-model@lunch", "hard-blunt", "medium-9"):
        try:
            ai_tournament.player_name(wrong)
        except argparse.ArgumentTypeError as error:
            assert "hard-model@PHASE" in str(error) and "hard-sharp" in str(error)
        else:
            raise AssertionError(f"{wrong!r} was accepted")


def test_the_attribution_rows_differ_only_by_where_the_model_is_read():
    import argparse

    from bench import ai_attribution

    phases = ["replace", "duel"]
    swap = ai_attribution._pairings(argparse.Namespace(model=False, against=None, phases=phases))
    assert swap == {"replace": ("hard", "hard-replace"), "duel": ("hard", "hard-duel")}
    head_on = ai_attribution._pairings(argparse.Namespace(model=True, against=None, phases=phases))
    assert head_on["duel"] == ("hard-model@duel", "hard-nomodel")
    rows = ai_attribution._pairings(argparse.Namespace(model=True, against="medium", phases=phases))
    assert list(rows) == ["none", "replace", "duel", "all"]
    assert {p2 for _, p2 in rows.values()} == {"medium"}
    assert [p1 for p1, _ in rows.values()] == [
        "hard-nomodel",
        "hard-model@replace",
        "hard-model@duel",
        "hard",
    ]
    for p1, _ in rows.values():
        assert ai_tournament.player_name(p1) == p1


def test_the_arrow_edge_counter_counts_every_round_once():
    """bench/arrow_edge.py's tally: its decided rounds are the games' wins, its ties their ties."""
    from bench import arrow_edge
    from tacocat.ai import make_bot
    from tacocat.ai.arena import play_game

    counter = arrow_edge.RoundCounter()
    wins = ties = 0
    for seed in range(12):
        result = play_game(
            [make_bot("heuristic"), make_bot("heuristic")], seed, on_decision=counter.seen
        )
        counter.close(result.final_state.wins, result.final_state.tied_rounds)
        wins += sum(result.final_state.wins)
        ties += result.final_state.tied_rounds
    assert sum(row[0] + row[1] for row in counter.tally.values()) == wins
    assert sum(row[2] for row in counter.tally.values()) == ties > 0
    assert set(counter.tally) <= {"4/arrow", "5/arrow", "6/arrow", "7/centre"}
    assert "7/centre" in counter.tally and "6/arrow" in counter.tally


def test_peeking_deals_the_opponents_real_hand_and_only_inside():
    from tacocat.ai import replacement
    from tacocat.rules import Phase

    tiny = dict(
        time_budget=None,
        play_samples=6,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=2,
    )
    hard = HardBot(model=False, **tiny)
    played = 0
    for state, seat in decision_points(5, every=1):
        observation = state.observation(seat)
        real = state.hands[1 - seat]
        legal = state.legal_actions(seat)
        with ai_tournament.peeking(observation, real):
            sample = replacement.Dealer(observation).deal(random.Random(1))
            analysis = (
                hard.analyse(observation, legal, random.Random(1)) if len(legal) > 1 else None
            )
        assert replacement.Dealer is ai_tournament.Dealer  # restored on the way out
        assert sample.opponent_hand == real
        assert sorted(sample.opponent_hand + sample.pile) == list(observation.unseen_cards())
        if analysis is not None and observation.phase in (Phase.ATTACK, Phase.DEFEND):
            # Once the duel is over nothing is left to chance: with the real hand every
            # action's value is the exact outcome of perfect play (a loss, a tie or a win).
            assert analysis.samples > 0 and set(analysis.values) <= {0.0, 0.5, 1.0}
            played += 1
    assert played > 3


def test_the_oracle_follows_the_game_and_peeks_only_in_its_phase(monkeypatch):
    tiny = dict(
        time_budget=None,
        play_samples=4,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=2,
    )
    monkeypatch.setattr(ai_tournament, "_OPTIONS", tiny)
    monkeypatch.setattr(ai_tournament, "_BOTS", {})
    in_step, peeked = [], set()
    choose, peeking = ai_tournament.OracleHard.choose, ai_tournament.peeking

    def spy(self, observation, legal, rng):
        in_step.append(self.state.observation(observation.seat) == observation)
        return choose(self, observation, legal, rng)

    def spy_peeking(observation, real):
        peeked.add(observation.phase.value)
        return peeking(observation, real)

    monkeypatch.setattr(ai_tournament.OracleHard, "choose", spy)
    monkeypatch.setattr(ai_tournament, "peeking", spy_peeking)
    for swapped in (False, True):
        ai_tournament.play_one(("hard-oracle@duel", "heuristic", 4, swapped, False))
    assert len(in_step) > 20 and all(in_step)
    assert peeked == {"duel"}
    assert ai_tournament.bot("hard-oracle@duel").phase == "duel"
    assert ai_tournament.player_name("hard-oracle") == "hard-oracle"


def test_a_replacement_is_named_by_its_turn_from_the_game_state():
    seen = set()
    for seed in range(4):
        for state, seat in decision_points(seed, every=1):
            observation = state.observation(seat)
            if observation.phase != "replace":
                assert ai_tournament.decision_phase(observation) == observation.phase.value
                continue
            # The full state says who replaces first; the observation alone must agree.
            expected = (
                "replace:centre"
                if state.replace_secret
                else "replace:first"
                if seat == state.replace_first
                else "replace:second"
            )
            assert ai_tournament.decision_phase(observation) == expected
            seen.add(expected)
    assert seen == set(ai_tournament.REPLACE_TURNS)


@pytest.mark.parametrize(
    "name, peeks",
    [
        ("hard-oracle@replace:second", {"replace:second"}),
        ("hard-oracle@readable", {"replace:second", "duel", "attack", "defend"}),
    ],
)
def test_the_oracle_of_some_decisions_peeks_there_and_only_there(monkeypatch, name, peeks):
    tiny = dict(
        time_budget=None,
        play_samples=4,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=2,
    )
    monkeypatch.setattr(ai_tournament, "_OPTIONS", tiny)
    monkeypatch.setattr(ai_tournament, "_BOTS", {})
    peeked, asked = [], []
    peeking, choose = ai_tournament.peeking, ai_tournament.OracleHard.choose

    def spy_choose(self, observation, legal, rng):
        asked.append(ai_tournament.decision_phase(observation))
        return choose(self, observation, legal, rng)

    def spy_peeking(observation, real):
        peeked.append(ai_tournament.decision_phase(observation))
        return peeking(observation, real)

    monkeypatch.setattr(ai_tournament.OracleHard, "choose", spy_choose)
    monkeypatch.setattr(ai_tournament, "peeking", spy_peeking)
    for swapped in (False, True):
        ai_tournament.play_one((name, "heuristic", 6, swapped, False))
    assert set(peeked) == peeks
    assert sorted(peeked) == sorted(phase for phase in asked if phase in peeks)  # every one of them
    assert {"replace:first", "replace:centre"} <= set(
        asked
    ) - peeks  # asked there too, without peeking
    with pytest.raises(argparse.ArgumentTypeError, match="unknown player"):
        ai_tournament.player_name("hard-oracle@replace:last")
    assert ai_tournament.player_name("hard-oracle@replace:centre") == "hard-oracle@replace:centre"
