"""The opponent model (issue #20 experiment) reads only the seat's observation."""

from __future__ import annotations

import random

from tacocat.ai.clues import STRAY, PlayClue, clue_likelihood, play_clues, play_likelihood
from tacocat.ai.hard import HardBot
from tacocat.ai.model import (
    EPSILON,
    ModelFit,
    ReplaceClue,
    likelihood,
    opponent_model,
    replace_clue,
)
from tacocat.rules import events as ev

from .helpers import hidden_twin
from .test_fairness import decision_points


def twin_decisions(seeds, rng: random.Random, every: int):
    """The real decisions (two or more legal actions) of :func:`decision_points`'
    games whose hidden cards can be dealt otherwise: ``(seed, state, twin, seat,
    legal)``, ``twin`` the same game with other hidden cards for ``seat``."""
    for seed in seeds:
        for state, seat in decision_points(seed, every=every):
            twin = hidden_twin(state, seat, rng)
            legal = state.legal_actions(seat)
            if twin is not None and len(legal) >= 2:
                yield seed, state, twin, seat, legal


def test_a_hand_a_sound_player_would_have_kept_is_more_believable():
    clue = ReplaceClue(discarded=(5, 7, 8), limit=None, played_since=())
    # Kept only a low card and high cards: exactly what a sound player throws 5, 7, 8 from.
    assert likelihood(clue, (1, 10, 11, 12, 2, 9, 12)[:7]) == 1.0
    # Every split keeps a middle card (6, 6) that a sound player would have thrown too.
    assert likelihood(clue, (4, 5, 6, 6, 7, 8, 8)) == 0.25
    # The cards played since the replacement were in the hand then.
    played = ReplaceClue(discarded=(5, 7, 8), limit=None, played_since=(6,))
    assert likelihood(played, (1, 10, 11, 12, 9, 12)) < 1.0


def test_the_model_is_the_same_for_hands_the_seat_cannot_tell_apart():
    rng = random.Random(4)
    bot = HardBot(
        time_budget=None,
        play_samples=6,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=2,
        model=True,
    )
    checked = clues = 0
    for seed, state, twin, seat, legal in twin_decisions(range(4), rng, every=3):
        mine, theirs = state.observation(seat), twin.observation(seat)
        assert replace_clue(mine) == replace_clue(theirs)
        clues += replace_clue(mine) is not None
        here = bot.analyse(mine, legal, random.Random(seed))
        there = bot.analyse(theirs, legal, random.Random(seed))
        assert (here.actions, here.values) == (there.actions, there.values)
        checked += 1
    assert checked >= 10 and clues >= 3


def test_a_defence_higher_than_needed_says_nothing_was_in_between():
    # It answered a 5 with a 12 and then showed nothing more.
    clue = PlayClue("answer", (12,), 5, ())
    assert clue_likelihood(clue, (2, 3, 11)) == STRAY  # a sound player would have spent the 11
    assert clue_likelihood(clue, (2, 3, 4)) == 1.0  # the 12 was its cheapest card >= 5


def test_what_it_did_not_attack_with_says_it_held_nothing_better():
    clue = PlayClue("attack", (8,), 0, ())
    assert clue_likelihood(clue, (1, 4, 5)) == 1.0  # 8 was its highest attack
    assert clue_likelihood(clue, (1, 4, 11)) == STRAY  # it would have attacked with the 11


def test_a_duel_card_far_from_a_sound_players_is_less_believable():
    clue = PlayClue("duel", (10,), 0, ())
    near = clue_likelihood(clue, (2, 4, 6, 8, 11, 12))  # sound card 11: one step away
    far = clue_likelihood(clue, (1, 2, 3, 4, 5, 6, 7, 8))  # sound card 7: two steps below
    assert clue_likelihood(clue, (1, 2, 4, 12)) == 1.0  # sound card: the 10 itself
    assert 1.0 > near > far >= STRAY


def test_play_clues_rebuild_the_hand_behind_each_choice():
    # A tied re-duel, then an attack the opponent answered: each clue knows the
    # cards revealed after it.
    history = (
        ev.DuelRevealed(cards=(6, 6), attacker=None),
        ev.DuelRevealed(cards=(9, 10), attacker=1),
        ev.Attacked(seat=1, cards=(11, 11), shape="set"),
        ev.Defended(seat=0, card=11, against=11),
        ev.Sacrificed(seat=0, card=2, against=11),
    )

    class Seen:
        opponent = 1

    Seen.history = history
    clues = play_clues(Seen)  # type: ignore[arg-type]
    assert [c.kind for c in clues] == ["duel", "duel", "attack"]
    assert clues[0] == PlayClue("duel", (6,), 0, (10, 11, 11))
    assert clues[2] == PlayClue("attack", (11, 11), 0, ())


def test_a_wrong_model_only_tilts_the_samples():
    # Every clue against a hand still leaves it EPSILON of weight.
    clues = (PlayClue("attack", (8,), 0, ()), PlayClue("answer", (12,), 5, (8,)))
    fit = play_likelihood(clues, (1, 4, 11))
    assert fit == STRAY * STRAY
    assert (1 - EPSILON) * fit + EPSILON >= EPSILON


def test_the_play_clues_are_the_same_for_hands_the_seat_cannot_tell_apart():
    """Hidden-card twins: the duel, attack and answer clues read only the observation."""
    rng = random.Random(7)
    bot = HardBot(
        time_budget=None,
        play_samples=6,
        duel_samples=4,
        replace_samples=4,
        screen_samples=4,
        finalists=2,
        model=True,
    )
    kinds: set[str] = set()
    checked = 0
    for seed, state, twin, seat, legal in twin_decisions(range(6), rng, every=2):
        mine, theirs = state.observation(seat), twin.observation(seat)
        assert play_clues(mine) == play_clues(theirs)
        kinds.update(c.kind for c in play_clues(mine))
        here, there = opponent_model(mine), opponent_model(theirs)
        assert (here is None) == (there is None)
        if here is not None and there is not None:
            for hand in (twin.hands[1 - seat], state.hands[1 - seat]):
                assert here(hand) == there(hand)
        a = bot.analyse(mine, legal, random.Random(seed))
        b = bot.analyse(theirs, legal, random.Random(seed))
        assert (a.actions, a.values) == (b.actions, b.values)
        checked += 1
    assert checked >= 20 and kinds == {"duel", "attack", "answer"}


def test_the_model_fits_the_real_hand_better_than_chance():
    """Against the heuristic (the sound player the model describes), the real
    opponent hand weighs more on average than hands sampled uniformly."""
    from tacocat.ai.sampling import Dealer

    real = sampled = 0.0
    n = 0
    for seed in range(8):
        for state, seat in decision_points(seed, every=1):
            observation = state.observation(seat)
            weigh = opponent_model(observation)
            if weigh is None or not play_clues(observation):
                continue
            dealer, r = Dealer(observation), random.Random(seed)
            real += weigh(state.hands[1 - seat])
            sampled += sum(weigh(dealer.deal(r).opponent_hand) for _ in range(20)) / 20
            n += 1
    assert n >= 30
    assert real / n > sampled / n + 0.05


def test_a_firmer_fit_tilts_the_samples_further_and_never_below_its_epsilon():
    """ModelFit: the sharper the fit, the less a hand that breaks the clues
    weighs (never below ``epsilon``: a stray hand is still dealt), and against
    the sound player the model describes the real hand stands out more."""
    from tacocat.ai.sampling import Dealer

    soft, sharp = ModelFit(), ModelFit(0.05, 0.02)
    tilt = {soft: [0.0, 0.0], sharp: [0.0, 0.0]}
    lowered = 0
    for seed in range(6):
        for state, seat in decision_points(seed, every=1):
            observation = state.observation(seat)
            weighs = {fit: opponent_model(observation, fit) for fit in (soft, sharp)}
            if weighs[soft] is None:
                continue
            dealer, r = Dealer(observation), random.Random(seed)
            hands = [dealer.deal(r).opponent_hand for _ in range(20)]
            for hand in hands:
                w_soft, w_sharp = weighs[soft](hand), weighs[sharp](hand)  # type: ignore[misc]
                assert sharp.epsilon <= w_sharp <= w_soft <= 1.0
                assert (w_sharp == w_soft) == (w_soft == 1.0)
                lowered += w_sharp < w_soft
            for fit, weigh in weighs.items():
                assert weigh is not None
                tilt[fit][0] += weigh(state.hands[1 - seat])
                tilt[fit][1] += sum(map(weigh, hands)) / len(hands)
    assert lowered >= 100
    ratio = {fit: real / sampled for fit, (real, sampled) in tilt.items()}
    assert ratio[sharp] > ratio[soft] > 1.0


def test_a_fit_outside_its_range_is_refused():
    for stray, epsilon in ((0.0, 0.1), (0.25, 0.0), (1.5, 0.1)):
        try:
            ModelFit(stray, epsilon)
        except ValueError:
            continue
        raise AssertionError(f"ModelFit({stray}, {epsilon}) was accepted")


def test_weighed_dealing_keeps_hands_in_proportion_to_their_weight():
    """Rejection sampling: a hand is dealt as often as uniform dealing times its
    weight (normalised), and every sample still accounts for every unseen card."""
    from collections import Counter

    from tacocat.ai.replacement import _weighed
    from tacocat.ai.sampling import Dealer

    state, seat = next(iter(decision_points(4, every=1)))
    observation = state.observation(seat)
    dealer = Dealer(observation)
    unseen = Counter(observation.unseen_cards())

    def favoured(hand: tuple[int, ...]) -> bool:
        return max(hand) == 12

    uniform_rng, weighed_rng = random.Random(1), random.Random(2)
    n = 4000
    p = sum(favoured(dealer.deal(uniform_rng).opponent_hand) for _ in range(n)) / n
    deal = _weighed(dealer, lambda hand: 1.0 if favoured(hand) else 0.1)
    found = 0
    for _ in range(n):
        sample = deal(weighed_rng)
        assert Counter(sample.opponent_hand) + Counter(sample.pile) == unseen
        found += favoured(sample.opponent_hand)
    expected = p / (p + 0.1 * (1 - p))
    assert 0.05 < p < 0.95
    assert abs(found / n - expected) < 0.03
