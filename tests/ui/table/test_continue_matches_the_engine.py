"""Continue never shows a different game than the engine's: quit at every decision point of
a recorded game, continue, and compare every public count and pile on the table with the
seat's observation (issue 23, slip 3: an attacking card counted twice after Continue)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from table_helpers import step, table_of

from tacocat.ai.worker import AIWorker
from tacocat.rules import GameState, new_game
from tacocat.rules.observation import observe
from tacocat.ui.scenes.discard_viewer import DiscardViewerScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.stage.game_config import GameConfig


def recorded_game(seed: int) -> list[GameState]:
    """Every state of one seeded game between two random players (each a decision point)."""
    rng = random.Random(seed)
    state, _ = new_game(seed)
    states = [state]
    while not state.is_over:
        seat = state.to_act[0]
        state, _ = state.apply(rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states[:-1]  # a finished game is not saved


def differences(table, state: GameState) -> list[str]:
    """Where the table's public picture disagrees with seat 0's observation of ``state``."""
    obs = observe(state, 0)
    view = table.view
    found: list[str] = []

    def same(what: str, shown, engine) -> None:
        if shown != engine:
            found.append(f"{what}: table {shown!r}, engine {engine!r}")

    on_table = [s.value for s in view.attack] + [s.value for s in view.responses]
    same("attack", [s.value for s in view.attack], list(obs.attack))
    same("responses", [s.value for s in view.responses], list(obs.responses))
    same(
        "discard pile", view.discard_values, list(obs.discards[: len(obs.discards) - len(on_table)])
    )
    same("every public card", Counter(view.discard_values + on_table), Counter(obs.discards))
    same(
        "top of the discard pile",
        [s.value for s in view.discard_sprites[-3:]],
        view.discard_values[-3:],
    )
    same("draw pile", view.draw_count, obs.draw_pile_size)
    duel = [view.duel[seat] is not None for seat in (0, 1)]
    mine = sorted([s.value for s in view.hands[0]] + ([view.duel[0].value] if duel[0] else []))
    same("my hand", mine, sorted(obs.hand))
    same("opponent's hand", len(view.hands[1]) + duel[1], obs.opponent_hand_size)
    same("score", tuple(view.wins), tuple(obs.wins))
    same("tiles", view.track.covered, obs.covered)
    same("Tacocat", view.track.resting_on, obs.token)
    # The "Cards seen" tracker counts what the player has seen: every public card, once.
    table.open_discards()
    viewer = table.app.scenes.top
    assert isinstance(viewer, DiscardViewerScene)
    same("cards seen", +viewer.public, Counter(obs.discards))
    same("cards in my hand (tracker)", +viewer.mine, Counter(obs.hand))
    table.app.scenes.pop()
    return found


def _continue_at(app, state: GameState):
    """Back to the title, then Continue at ``state``: a new table laid out from it."""
    app.open("title")
    config = GameConfig("vs_ai", "easy", 0, ("Ana", "Computer"), seed=1)
    app.start_game(config, state=state, worker=AIWorker("inline"))  # lays out the table
    return table_of(app)


def _settle(app, table, limit: int = 400) -> None:
    """Let the game go on until the player is to act again (or a round ends)."""
    for _ in range(limit):
        if isinstance(app.scenes.top, RoundResultScene):
            return
        if table.acting_seat() is not None or table.session.state.is_over:
            return
        step(app)


@pytest.mark.parametrize("seed", [3])
def test_continue_at_every_decision_point_shows_the_engines_table(make_app, seed):
    problems: dict[int, list[str]] = {}
    states = recorded_game(seed)
    assert any(s.phase.value == "defend" for s in states)  # mid-trick points are included
    app = make_app()  # one app, as a player who quits to the title and continues each time
    app.settings = dataclasses.replace(app.settings, animation_speed="instant")
    for index, state in enumerate(states):
        table = _continue_at(app, state)
        assert table.session.state is state
        found = differences(table, state)
        _settle(app, table)
        if table.acting_seat() is not None:
            # ...and it stays right as the game goes on from there (no card counted twice).
            found += [f"later: {d}" for d in differences(table, table.session.state)]
        if found:
            problems[index] = found
    assert problems == {}, f"{len(problems)} of {len(states)} points disagree: " + "; ".join(
        f"#{i} {p[0]}" for i, p in list(problems.items())[:5]
    )
