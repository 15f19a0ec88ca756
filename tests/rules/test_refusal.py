"""The engine's public answers agree with what applying an action does (hypothesis).

``GameState.refusal(action)`` is what the table asks every frame to word a
refusal, instead of applying the action and catching the error: it must give
exactly the error ``apply`` raises, and None exactly when ``apply`` succeeds.
Alongside: ``secret_choice_open``, ``Action.values`` and the observation's
copied facts (``phase``, ``pending_target``, ``trick_sacrificed``) against the
state they come from.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.rules import (
    Attack,
    DuelCard,
    GameState,
    IllegalAction,
    Phase,
    Replace,
    Respond,
    new_game,
)
from tacocat.rules.errors import REASONS

seeds = st.integers(min_value=0, max_value=2**63 - 1)
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def visited_states(seed: int, choice_seed: int, limit: int = 120) -> list[GameState]:
    """The states of one random legal game (at most ``limit`` of them)."""
    rng = random.Random(choice_seed)
    state, _ = new_game(seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        state, _ = state.apply(rng.choice(state.legal_actions(rng.choice(state.to_act))))
        states.append(state)
    return states


def candidates(state: GameState, rng: random.Random) -> list[object]:
    """Every legal action of the seats to act, and a spread of illegal ones of every kind."""
    out: list[object] = []
    for seat in state.to_act:
        legal = list(state.legal_actions(seat))
        out += rng.sample(legal, min(len(legal), 6))
    for _ in range(12):
        seat = rng.choice((0, 1, 0, 1, 2))
        cards = tuple(rng.choice(range(0, 14)) for _ in range(rng.randrange(0, 5)))
        if rng.random() < 0.7:
            cards = tuple(sorted(cards))
        card = rng.choice(state.hands[seat % 2] + (0, 13))
        out.append(
            rng.choice(
                (
                    Replace(seat, cards),
                    Attack(seat, cards),
                    DuelCard(seat, card),
                    Respond(seat, card),
                )
            )
        )
    out.append("not an action")
    return out


@SETTINGS
@given(seeds, seeds)
def test_refusal_agrees_with_apply_and_catch(seed, choice_seed):
    rng = random.Random(choice_seed)
    for state in visited_states(seed, choice_seed):
        for action in candidates(state, rng):
            refused = state.refusal(action)  # type: ignore[arg-type]
            try:
                state.apply(action)  # type: ignore[arg-type]
            except IllegalAction as error:
                assert refused is not None, (state, action)
                assert (refused.reason, refused.params) == (error.reason, error.params)
                assert refused.reason in REASONS
            else:
                assert refused is None, (state, action, refused)
            assert state.is_legal(action) is (refused is None)  # type: ignore[arg-type]
            seat = getattr(action, "seat", None)
            if seat in state.to_act:
                assert (action in state.legal_actions(seat)) is (refused is None)


@SETTINGS
@given(seeds, seeds)
def test_the_engine_answers_match_the_state_and_the_observations_copy_them(seed, choice_seed):
    for state in visited_states(seed, choice_seed):
        secret = state.phase is Phase.DUEL or (
            state.phase is Phase.REPLACE and state.replace_secret
        )
        assert state.secret_choice_open is secret
        if secret:
            assert set(state.to_act) == {s for s in (0, 1) if state.commits[s] is None}
        for seat in (0, 1):
            obs = state.observation(seat)
            assert obs.phase is state.phase and isinstance(obs.phase, Phase)
            assert obs.secret_choice_open is state.secret_choice_open
            assert obs.pending_target == state.pending_target
            answered = zip(state.attack, state.responses, strict=False)
            assert obs.trick_sacrificed is any(r < a for a, r in answered)
            for action in state.legal_actions(seat):
                cards = action.cards if isinstance(action, (Replace, Attack)) else (action.card,)
                assert action.values == cards
