"""Plays the guided game through the real table's controls: clicks on cards and
buttons, keys for the round results (dummy video driver)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
from table_helpers import click, key, step, table_of

from tacocat.rules import Action


def start_tutorial(make_app: Any, step_index: int | None = None) -> tuple[Any, Any]:
    """An App at instant speed showing the guided game (at ``step_index``)."""
    app = make_app()
    app.settings = dataclasses.replace(app.settings, animation_speed="instant")
    app.start_tutorial(step=step_index)
    step(app, 2)
    return app, tutorial_of(app)


def tutorial_of(app: Any) -> Any:
    """The guided game on screen (a table: :func:`table_of` finds it)."""
    from tacocat.ui.tutorial.scene import TutorialScene

    scene = table_of(app)
    assert isinstance(scene, TutorialScene)
    return scene


def wait_for_move(app: Any, scene: Any, limit: int = 2000) -> None:
    """Frames (Enter on each round result) until the player may move."""
    from tacocat.ui.scenes.round_result import RoundResultScene

    for _ in range(limit):
        if scene.acting_seat() is not None and app.scenes.top is scene:
            return
        top = app.scenes.top
        if isinstance(top, RoundResultScene) and top.armed:
            key(app, pygame.K_RETURN, frames=1)
        step(app)
    raise AssertionError("the player's turn never came")


def card_centre(scene: Any, value: int, taken: list[Any]) -> tuple[int, int]:
    for sprite in scene.my_hand():
        if sprite.value == value and sprite not in taken and sprite.zone == "hand":
            taken.append(sprite)
            return scene.card_rect(sprite).center
    raise AssertionError(f"no {value} in the hand {[s.value for s in scene.my_hand()]}")


def make_move(app: Any, scene: Any, action: Action) -> None:
    """Click the cards of ``action``, then the button that confirms it (if any)."""
    taken: list[Any] = []
    for value in action.values:
        click(app, card_centre(scene, value, taken))
    # Duel and answer: the click picked the card, the button plays it; an empty
    # replacement is the secondary button ("keep my hand").
    button = "primary" if action.values else "secondary"
    click(app, scene.buttons[button].rect.center)


def check_coach(scene: Any, index: int) -> None:
    """The coach points at one place per named target, on screen."""
    screen = pygame.Rect(0, 0, 1280, 720)
    targets = scene.coach_targets()
    assert len(targets) >= len(scene.tutorial.steps[index].point_at), index
    assert all(screen.contains(rect) and rect.width > 0 for rect in targets), (index, targets)


def play_to_the_end(app: Any, scene: Any, keys: bool = False) -> None:
    """Every remaining step's move, by clicks (or keys), then the game-over screen."""
    tutorial = scene.tutorial
    move = make_move_by_keys if keys else make_move
    while scene.session.step < len(tutorial):
        wait_for_move(app, scene)
        index = scene.session.step
        assert scene.coach_showing()
        check_coach(scene, index)
        move(app, scene, tutorial.steps[index].expect)
        assert scene.session.step == index + 1, scene.session.refusals[-1:]
    for _ in range(600):
        if scene.session.state.is_over and scene.view.game_winner is not None:
            break
        step(app)


def focus_on(app: Any, scene: Any, target: Any) -> None:
    """Right arrow until the keyboard focus is on ``target`` (a card or a button)."""
    for _ in range(20):
        if scene.focused() is target and scene.controls.keyboard_focus:
            return
        key(app, pygame.K_RIGHT, frames=1)
    raise AssertionError(f"the focus never reached {target!r}")


def make_move_by_keys(app: Any, scene: Any, action: Action) -> None:
    """The same move with the keyboard only: arrows to a card, Space to pick it, Enter."""
    taken: list[Any] = []
    for value in action.values:
        card_centre(scene, value, taken)  # finds the sprite (and checks it is there)
        focus_on(app, scene, taken[-1])
        key(app, pygame.K_SPACE, frames=1)
    key(app, pygame.K_RETURN)
