"""Animation settings: skipping, instant, reduced motion."""

from __future__ import annotations

import dataclasses

import pygame
from table_helpers import ScriptedWorker, key, step, wait_for_turn

from tacocat.rules import Replace
from tacocat.rules import events as ev
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.table import resting


def _keep_and_play_first(observation, legal):
    return Replace(observation.seat, ()) if observation.phase == "replace" else legal[0]


def test_space_skips_the_animation_playing_now(start_table):
    app, table = start_table(
        "vs_ai", seed=3, speed="normal", worker=ScriptedWorker(_keep_and_play_first)
    )
    view = table.view
    step(app, 5)
    in_flight = [s for s in view.hands[0] + view.hands[1] if s.z > 0]
    assert in_flight  # the deal is flying
    key(app, pygame.K_SPACE, frames=0)
    step(app)
    # Every dealt card has landed at its place in the hand.
    for seat in (0, 1):
        for sprite, place in zip(view.hands[seat], resting.hand_places(view, seat), strict=True):
            assert sprite.z == 0 and sprite.pos == place.pos
    wait_for_turn(app, table, limit=200)


def test_instant_plays_a_whole_demo_in_a_few_frames(start_table):
    app, table = start_table("demo", seed=7, speed="instant")
    frames = 0
    while not isinstance(app.scenes.top, GameOverScene) and frames < 400:
        if isinstance(app.scenes.top, RoundResultScene):
            app.scenes.top.next_round()
        step(app)
        frames += 1
    assert isinstance(app.scenes.top, GameOverScene)
    assert table.session.state.is_over
    assert table.view.wins == list(table.session.state.wins)


def test_reduced_motion_has_no_confetti_or_hops(start_table):
    app, table = start_table("demo", seed=5, speed="fast", argv=("--speed", "8"))
    app.settings = dataclasses.replace(app.settings, reduced_motion=True)
    animator = table.animator
    hopped = False
    for _ in range(60000):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, RoundResultScene):
            top.next_round()
        if isinstance(animator.current, ev.TokenMoved) and animator.current.skipped:
            hopped = True
        assert table.view.particles == []
        assert table.view.track.hop_height == 0.0
        step(app)
    assert isinstance(app.scenes.top, GameOverScene)
    assert hopped  # there was a hop to make, and it stayed on the ground
